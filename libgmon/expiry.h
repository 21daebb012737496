/* SPDX-License-Identifier: BSD-2-Clause
 *
 * expiry.h: the arithmetic of a CPU-time timer's expiries, for the
 * per-thread clock (clock_thread.c): where each thread's first expiry
 * falls in its first period, and how many samples a thread's CPU time
 * made due.  Pure functions of their arguments (tests/runtime/t-expiries
 * runs them with made-up times).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * No system call, no memory: usable anywhere, the signal handler too.
 */
#ifndef GMON_EXPIRY_H
#define GMON_EXPIRY_H

#include <stdint.h>

/* 2^64 / the golden ratio: the step of the phases below. */
#define GMON_EXPIRY_STEP 0x9e3779b97f4a7c15u

/* A process's start for gmon_expiry_first, from seed (its pid and the
 * time): splitmix64's finaliser, any bit of the seed moving them all. */
static inline uint64_t gmon_expiry_start(uint64_t seed)
{
	uint64_t z = seed + GMON_EXPIRY_STEP;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/*
 * The first expiry of the k-th timer a process arms, in [1, period_ns]
 * nanoseconds of the thread's CPU time; start is drawn once per process
 * (gmon_expiry_start).  The timer's phase in its period
 * is start + k times the golden step, modulo 2^64: for a start drawn
 * uniformly, each timer's phase is uniform, so that every thread's
 * expected samples are its CPU time over the period (a short thread
 * sampled with the probability its length gives, no thread's last
 * partial period lost); and the phases of successive timers fill the
 * period evenly instead of at random (Weyl's sequence), so that the
 * samples of many short threads add up to their CPU time within a few
 * samples, where independent draws would be off by about the square
 * root of their number (600 threads of 4 ms at 100 Hz: 240 samples,
 * give or take 12, for a 10 ms period).
 */
static inline long gmon_expiry_first(uint64_t start, uint64_t k, long period_ns)
{
	uint64_t phase = start + k * GMON_EXPIRY_STEP;
	if (period_ns <= 1)
		return 1;
	/* the phase's top 32 bits scale the period: below 2^62 */
	return 1 + (long)(((phase >> 32) * (uint64_t)period_ns) >> 32);
}

/* The samples due from a timer armed with its first expiry at first_ns
 * and a period of period_ns, once the thread ran ran_ns of CPU time
 * since: one at each expiry reached. */
static inline uint64_t gmon_expiry_due(uint64_t ran_ns, uint64_t first_ns, long period_ns)
{
	if (period_ns <= 0 || ran_ns < first_ns)
		return 0;
	return 1 + (ran_ns - first_ns) / (uint64_t)period_ns;
}

#endif /* GMON_EXPIRY_H */
