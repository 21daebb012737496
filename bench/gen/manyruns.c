/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * manyruns.c: from one real run of a program linked with libgmon (a GNU
 * gmon.out, 64-bit addresses, little-endian, and its process file),
 * write COUNT runs as if the program had run COUNT times: DIR/gmon.K and
 * DIR/.gmon.K.process for K = 1 .. COUNT, each pair with its own run id,
 * every histogram bin, arc count and process-file sample, arc and stack
 * count scaled by a factor from 0.5 to 1.5 drawn for that run (bins
 * saturate at 65535; a count never drops to 0).  For bench/sum/run:
 * summing thousands of profiles without running the program thousands
 * of times.  The same arguments always give the same files.
 *
 * usage: manyruns GMON PROCESS COUNT DIR
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "random.h"

static uint64_t get(const unsigned char *p, int bytes)
{
	uint64_t v = 0;
	int i;

	for (i = bytes; i-- > 0;)
		v = v << 8 | p[i];
	return v;
}

static void set(unsigned char *p, uint64_t v, int bytes)
{
	int i;

	for (i = 0; i < bytes; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static unsigned char *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	unsigned char *data;
	long n;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0) {
		perror(path);
		exit(1);
	}
	data = malloc((size_t)n + 1);
	if (data == NULL || fread(data, 1, (size_t)n, f) != (size_t)n) {
		perror(path);
		exit(1);
	}
	fclose(f);
	*size = (size_t)n;
	return data;
}

static void spill(const char *path, const unsigned char *data, size_t size)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
		perror(path);
		exit(1);
	}
}

/* count * factor / 1024, at least 1 when count was, at most max */
static uint64_t scaled(uint64_t count, uint64_t factor, uint64_t max)
{
	uint64_t v = count * factor / 1024;

	if (count && v == 0)
		v = 1;
	return v > max ? max : v;
}

/* gmon.out: header 20, then tag 0 histogram (8 + 8 + 4 + 4 + 15 + 1,
 * then 2-byte bins), tag 1 arc (8 + 8 + 4), tag 2 blocks (4, then 16 a
 * block).  The run id is the header's bytes 8..15. */
static void vary_gmon(unsigned char *d, size_t size, uint64_t run_id, uint64_t factor)
{
	size_t at = 20;

	set(d + 8, run_id, 8);
	while (at < size) {
		unsigned char tag = d[at++];

		if (tag == 0) {
			uint32_t bins = (uint32_t)get(d + at + 16, 4), i;

			at += 40;
			for (i = 0; i < bins; i++, at += 2)
				set(d + at, scaled(get(d + at, 2), factor, 65535), 2);
		} else if (tag == 1) {
			set(d + at + 16, scaled(get(d + at + 16, 4), factor, UINT32_MAX), 4);
			at += 20;
		} else if (tag == 2) {
			at += 4 + 16 * get(d + at, 4);
		} else {
			fprintf(stderr, "manyruns: unknown tag %u at %zu\n", tag, at - 1);
			exit(1);
		}
	}
}

/* The process file: header 32 (run id at 8), then tag, length, body. */
static void vary_process(unsigned char *d, size_t size, uint64_t run_id, uint64_t factor)
{
	size_t at = 32;

	set(d + 8, run_id, 8);
	while (at + 8 <= size) {
		uint32_t tag = (uint32_t)get(d + at, 4), length = (uint32_t)get(d + at + 4, 4);
		unsigned char *b = d + at + 8;
		uint64_t n, i;

		if (tag == 2) { /* samples: rate, N, N x (address, count) */
			n = get(b + 4, 4);
			for (i = 0; i < n; i++)
				set(b + 8 + 16 * i + 8,
				    scaled(get(b + 8 + 16 * i + 8, 8), factor, UINT64_MAX), 8);
		} else if (tag == 3) { /* arcs: N, N x (call site, callee, count) */
			n = get(b, 4);
			for (i = 0; i < n; i++)
				set(b + 4 + 24 * i + 16,
				    scaled(get(b + 4 + 24 * i + 16, 8), factor, UINT64_MAX), 8);
		} else if (tag == 5 || tag == 6) {
			/* stacks: limit, N, 3 x 8, N x (samples, D, flags, D x 8);
			 * tag 6 has each stack's thread (4) after its flags */
			unsigned char *s = b + 32;
			unsigned head = tag == 6 ? 20 : 16;

			n = get(b + 4, 4);
			for (i = 0; i < n; i++) {
				set(s, scaled(get(s, 8), factor, UINT64_MAX), 8);
				s += head + 8 * get(s + 8, 4);
			}
		}
		at += 8 + length;
	}
}

int main(int argc, char **argv)
{
	size_t gmon_size, process_size, k, count;
	unsigned char *gmon, *process, *g, *p;
	char *path;

	if (argc != 5) {
		fprintf(stderr, "usage: manyruns GMON PROCESS COUNT DIR\n");
		return 2;
	}
	gmon = slurp(argv[1], &gmon_size);
	process = slurp(argv[2], &process_size);
	count = strtoul(argv[3], NULL, 10);
	g = malloc(gmon_size);
	p = malloc(process_size);
	path = malloc(strlen(argv[4]) + 64);
	if (gmon_size < 20 || memcmp(gmon, "gmon", 4) != 0 || process_size < 32 ||
	    memcmp(process, "gmpx", 4) != 0 || !g || !p || !path) {
		fprintf(stderr, "manyruns: %s and %s are not a gmon.out and its process file\n",
			argv[1], argv[2]);
		return 1;
	}
	for (k = 1; k <= count; k++) {
		uint64_t run_id = next_random() | 1, factor = 512 + next_random() % 1025;

		memcpy(g, gmon, gmon_size);
		memcpy(p, process, process_size);
		vary_gmon(g, gmon_size, run_id, factor);
		vary_process(p, process_size, run_id, factor);
		sprintf(path, "%s/gmon.%zu", argv[4], k);
		spill(path, g, gmon_size);
		sprintf(path, "%s/.gmon.%zu.process", argv[4], k);
		spill(path, p, process_size);
	}
	free(g);
	free(p);
	free(path);
	free(gmon);
	free(process);
	return 0;
}
