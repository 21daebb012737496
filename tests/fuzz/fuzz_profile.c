/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fuzz_profile.c: libFuzzer target for the profile reader
 * (profile_read_buffer), every format and target.
 *
 * Input: one selector byte, then the file's bytes.  Selector bits:
 *   0-1  the -O format: auto, magic (GNU), bsd, 4.4bsd
 *   2    address size 8 (else 4)
 *   3    big-endian target
 *   4    read the file twice, so that its records are summed with
 *        themselves (merging, counts that add up past their width)
 *   5    read it as a process file instead (process_read_buffer: the
 *        records of whole-process profiles), in the byte order of bit 3
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdint.h>
#include <string.h>

#include "fuzz.h"
#include "gmon/process_file.h"
#include "gmon/profile.h"

static const enum file_format formats[4] = { FORMAT_AUTO, FORMAT_MAGIC, FORMAT_BSD, FORMAT_BSD44 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct profile_data p;
	struct profile_file_info info;
	struct target t;
	char err[512];
	unsigned selector;
	int reads;

	if (fuzz_first_input())
		fuzz_quiet();
	if (!fuzz_split(&data, &size, &selector))
		return 0;
	t.address_size = selector & 4 ? 8 : 4;
	t.big_endian = selector & 8;
	reads = selector & 16 ? 2 : 1;
	if (selector & 32) {
		struct process_file pf;

		if (!process_read_buffer("fuzz.out.process", data, size, t.big_endian, &pf, err,
					 sizeof(err)) &&
		    (strstr(err, "fuzz.out.process") == NULL || strchr(err, '\n')))
			abort();
		process_file_free(&pf);
		return 0;
	}
	if (setjmp(fuzz_jump) == 0) {
		while (reads-- > 0) {
			memset(&info, 0, sizeof(info));
			if (!profile_read_buffer("fuzz.out", data, size, &t, formats[selector & 3],
						 &p, &info, err, sizeof(err))) {
				/* a rejected file gives one line that names it */
				if (strstr(err, "fuzz.out") == NULL || strchr(err, '\n'))
					abort();
				break;
			}
		}
	}
	profile_reset(&p);
	return 0;
}
