/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * gmon-dump.c: print a GNU gmon.out (x86-64 layout) one record a line,
 * for the runtime's tests:
 *   hist LOW HIGH BINS RATE SAMPLES FULLEST-BIN
 *   arc FROM SELF COUNT
 * Exits 1, with a message, on a file that is not exactly well formed. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "gmon_out.h"

static int bad(const char *file, const char *why)
{
	fprintf(stderr, "gmon-dump: %s: %s\n", file, why);
	return 1;
}

int main(int argc, char **argv)
{
	if (argc != 2)
		return bad("usage", "gmon-dump FILE");
	FILE *f = fopen(argv[1], "rb");
	if (!f)
		return bad(argv[1], "cannot open");
	unsigned char header[GMON_HEADER_SIZE];
	uint32_t version;
	if (fread(header, 1, sizeof header, f) != sizeof header ||
	    memcmp(header, GMON_MAGIC, GMON_MAGIC_SIZE) != 0)
		return bad(argv[1], "no gmon header");
	memcpy(&version, header + 4, 4);
	if (version != GMON_VERSION)
		return bad(argv[1], "wrong version");
	int tag;
	while ((tag = getc(f)) != EOF) {
		if (tag == GMON_TAG_TIME_HIST) {
			unsigned char h[GMON_HIST_HEADER_SIZE(8)];
			uint64_t low, high;
			uint32_t bins, rate;
			if (fread(h, 1, sizeof h, f) != sizeof h)
				return bad(argv[1], "short histogram header");
			memcpy(&low, h, 8);
			memcpy(&high, h + 8, 8);
			memcpy(&bins, h + 16, 4);
			memcpy(&rate, h + 20, 4);
			if (memcmp(h + 24, "seconds", 8) != 0 || h[39] != 's')
				return bad(argv[1], "wrong dimension");
			uint64_t samples = 0;
			unsigned fullest = 0;
			for (uint32_t i = 0; i < bins; i++) {
				uint16_t c;
				if (fread(&c, 2, 1, f) != 1)
					return bad(argv[1], "short histogram");
				samples += c;
				if (c > fullest)
					fullest = c;
			}
			printf("hist %#llx %#llx %u %u %llu %u\n", (unsigned long long)low,
			       (unsigned long long)high, bins, rate, (unsigned long long)samples,
			       fullest);
		} else if (tag == GMON_TAG_CG_ARC) {
			unsigned char a[GMON_ARC_RECORD_SIZE(8)];
			uint64_t from, self;
			uint32_t count;
			if (fread(a, 1, sizeof a, f) != sizeof a)
				return bad(argv[1], "short arc");
			memcpy(&from, a, 8);
			memcpy(&self, a + 8, 8);
			memcpy(&count, a + 16, 4);
			printf("arc %#llx %#llx %u\n", (unsigned long long)from,
			       (unsigned long long)self, count);
		} else {
			return bad(argv[1], "unknown record tag");
		}
	}
	return 0;
}
