/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * read.c: one profile file's records: its header says which format (or
 * the format asked for does), then read_gnu.c or read_bsd.c reads them;
 * and whether the file plainly describes some other program.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdio.h>
#include <string.h>

#include "gmon_out.h"
#include "gmon/read.h"
#include "gmon/read_formats.h"
#include "gmon/reader.h"

/* One line when the file plainly describes some other program: none of
 * its histograms fits the executable's code, or none of its arcs touches
 * it.  GNU gprof says nothing and prints a meaningless report. */
static void judge_against_code(const struct reader *r, struct profile_file_info *info)
{
	if (!r->p->code_known)
		return;
	if (r->histograms_seen && r->histograms_fitting == 0)
		snprintf(info->warning, sizeof(info->warning),
			 "%s: its histogram (0x%llx-0x%llx) does not match the executable's code (0x%llx-0x%llx): is it another program's profile?",
			 r->c.name, (unsigned long long)r->first_low,
			 (unsigned long long)r->first_high, (unsigned long long)r->p->code_low,
			 (unsigned long long)r->p->code_high);
	else if (r->arcs_seen && r->arcs_touching_code == 0)
		snprintf(info->warning, sizeof(info->warning),
			 "%s: none of its %zu call-graph arcs touches the executable's code (0x%llx-0x%llx): is it another program's profile?",
			 r->c.name, r->arcs_seen, (unsigned long long)r->p->code_low,
			 (unsigned long long)r->p->code_high);
}

/* Read the file behind r (header checks, then the records of its format)
 * into *p. */
bool read_profile(struct reader *r, const struct target *t, struct profile_data *p,
		  struct profile_file_info *info)
{
	bool magic, ok;

	memset(info, 0, sizeof(*info));
	if (t->address_size != 4 && t->address_size != 8)
		return cursor_fail(&r->c, "unsupported address size %d", t->address_size);
	if (!cursor_fill(&r->c, 1))
		return r->c.io_failed ? false
				      : cursor_fail(&r->c, "empty file, not a profile data file");
	/* GNU gprof too needs 20 bytes whatever the format */
	if (!cursor_fill(&r->c, GMON_HEADER_SIZE))
		return cursor_fail(&r->c, "file too short to be a profile (%zu bytes)", r->c.size);
	magic = memcmp(r->c.data, GMON_MAGIC, GMON_MAGIC_SIZE) == 0;
	if (r->format == FORMAT_PROF)
		return cursor_fail(&r->c, "the 'prof' file format is not supported");
	/* With -O bsd or -O 4.4bsd a file with the GNU magic is still read as
	 * GNU (GNU gprof would misread it as BSD), so that -s can convert
	 * GNU files to the BSD layouts. */
	if (r->format == FORMAT_MAGIC || magic) {
		if (!magic)
			return cursor_fail(&r->c, "bad magic: not a GNU gmon.out file");
		ok = read_gnu(r, p, info);
	} else {
		ok = read_bsd(r, p, info);
	}
	if (ok)
		judge_against_code(r, info);
	return ok;
}
