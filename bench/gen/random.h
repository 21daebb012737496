/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * random.h: the generators' random numbers, xorshift64* from a fixed
 * seed: deterministic, so that the same arguments always give the same
 * files; good enough for addresses and counts.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef BENCH_GEN_RANDOM_H
#define BENCH_GEN_RANDOM_H

#include <stdint.h>

static uint64_t random_state = 0x9E3779B97F4A7C15ull;

static uint64_t next_random(void)
{
	random_state ^= random_state >> 12;
	random_state ^= random_state << 25;
	random_state ^= random_state >> 27;
	return random_state * 0x2545F4914F6CDD1Dull;
}

#endif
