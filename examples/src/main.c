/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * main.c: the example program profiled by `make demo`.  It checksums
 * buffers (the hot spot), evaluates nested arithmetic expressions (a
 * cycle of three mutually recursive functions) and keeps statistics with
 * its own library, libstats (which calls libm).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdio.h>
#include <stdlib.h>

#include "demo.h"
#include "stats.h"

#define BUFFER_SIZE 4096
#define ROUNDS 6000

static const char *const expressions[] = {
	"1 + 2 * (3 - 4 / (5 + 6)) * -(7 - 8)",
	"((((1 + 2) * 3 - 4) * 5 + 6) * 7 - 8) / 9",
	"(2 * (3 + (4 * (5 + (6 * (7 + 8))))))",
	"100 - (99 - (98 - (97 - (96 - (95 - 94)))))",
};

/* Each round: checksum a buffer, evaluate every expression, record both. */
static void run_round(unsigned char *buffer, int round, struct stats *crcs, struct stats *bytes,
		      struct stats *values)
{
	size_t i;

	fill_buffer(buffer, BUFFER_SIZE, (uint32_t)round);
	stats_add(crcs, (double)(crc32_bitwise(buffer, BUFFER_SIZE) & 0xFFFF));
	stats_add_bytes(bytes, buffer, BUFFER_SIZE, 8);
	for (i = 0; i < sizeof(expressions) / sizeof(expressions[0]); i++) {
		int repeat;

		for (repeat = 0; repeat < 20; repeat++)
			stats_add(values, evaluate(expressions[i]));
	}
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : ROUNDS;
	unsigned char *buffer = malloc(BUFFER_SIZE);
	struct stats crcs, bytes, values;
	int round;

	if (buffer == NULL || rounds <= 0) {
		fprintf(stderr, "demo: usage: demo [ROUNDS > 0]\n");
		return 1;
	}
	stats_init(&crcs);
	stats_init(&bytes);
	stats_init(&values);
	for (round = 0; round < rounds; round++)
		run_round(buffer, round, &crcs, &bytes, &values);
	printf("demo: %d rounds; checksums: mean %.1f, stddev %.1f; bytes: mean %.2f, "
	       "stddev %.2f; expressions: mean %.3f, stddev %.3f\n",
	       rounds, stats_mean(&crcs), stats_stddev(&crcs), stats_mean(&bytes),
	       stats_stddev(&bytes), stats_mean(&values), stats_stddev(&values));
	free(buffer);
	return 0;
}
