/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * bigarcs.c: write a large GNU gmon.out (64-bit addresses, little-endian,
 * as on x86-64) for the memory benchmark (bench/memory): one histogram over
 * the executable's text, then ARCS call-graph records, all distinct.
 * One arc in ten has its call site inside the text (every byte of it in
 * turn, calling each function given); the others come from distinct call
 * sites far outside it (as a shared library's would), to one of the
 * functions or, one in three, to an address outside the text as well.
 * The same arguments always give the same file.
 *
 * usage: bigarcs LOW HIGH ARCS OUT FUNCTION...   (addresses in hex)
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gmon_out.h"

#include "random.h"

static void put(FILE *f, uint64_t v, int bytes)
{
	unsigned char b[8];
	int i;

	for (i = 0; i < bytes; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	fwrite(b, 1, (size_t)bytes, f);
}

int main(int argc, char **argv)
{
	uint64_t low, high, arcs, i, inside = 0, outside = 0, text_size;
	uint64_t *functions;
	int function_count, k;
	uint32_t bins, b;
	char dimension[15] = "seconds";
	FILE *f;

	if (argc < 6) {
		fprintf(stderr, "usage: bigarcs LOW HIGH ARCS OUT FUNCTION...\n");
		return 2;
	}
	low = strtoull(argv[1], NULL, 16);
	high = strtoull(argv[2], NULL, 16);
	arcs = strtoull(argv[3], NULL, 10);
	function_count = argc - 5;
	if (low >= high || function_count <= 0) {
		fprintf(stderr, "bigarcs: bad text range or no functions\n");
		return 2;
	}
	functions = calloc((size_t)function_count, sizeof(*functions));
	if (functions == NULL)
		return 1;
	for (k = 0; k < function_count; k++)
		functions[k] = strtoull(argv[5 + k], NULL, 16);
	text_size = high - low;
	f = fopen(argv[4], "wb");
	if (f == NULL) {
		perror(argv[4]);
		return 1;
	}
	fwrite(GMON_MAGIC, 1, 4, f);
	put(f, GMON_VERSION, 4);
	put(f, 0, 12);

	bins = (uint32_t)(text_size / 2);
	putc(GMON_TAG_TIME_HIST, f);
	put(f, low, 8);
	put(f, high, 8);
	put(f, bins, 4);
	put(f, 100, 4);
	fwrite(dimension, 1, 15, f);
	putc('s', f);
	for (b = 0; b < bins; b++)
		put(f, next_random() % 8 == 0 ? next_random() % 50 : 0, 2);

	for (i = 0; i < arcs; i++) {
		uint64_t from, self;

		if (i % 10 == 0 && inside < text_size * (uint64_t)function_count) {
			from = low + inside % text_size;
			self = functions[inside / text_size];
			inside++;
		} else {
			/* odd multiplier: a bijection on 32 bits, so distinct */
			from = 0x7f0000000000ull + (uint64_t)(uint32_t)(outside * 2654435761u) * 2;
			outside++;
			if (next_random() % 3 == 0)
				self = 0x7f4000000000ull + next_random() % 0x100000;
			else
				self = functions[next_random() % (uint64_t)function_count];
		}
		putc(GMON_TAG_CG_ARC, f);
		put(f, from, 8);
		put(f, self, 8);
		put(f, 1 + next_random() % 1000, 4);
	}
	if (fclose(f) != 0) {
		perror(argv[4]);
		return 1;
	}
	free(functions);
	return 0;
}
