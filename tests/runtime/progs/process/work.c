/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * work.c: libwork.so, the program's own -pg shared library: work_run(n)
 * calls work_leaf exactly n times, work_back(f, n) calls back into the
 * program n times, work_burn(ms) spends about ms of CPU time here. */
#include <time.h>

static volatile double sink;

__attribute__((noinline)) void work_leaf(int i) { sink += i; }

void work_run(int n)
{
	for (int i = 0; i < n; i++)
		work_leaf(i);
}

void work_back(void (*f)(int), int n)
{
	for (int i = 0; i < n; i++)
		f(i);
}

static double cpu_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* A loop with no calls: the time is this function's. */
double work_burn(double ms)
{
	double start = cpu_ms(), x = 0;
	while (cpu_ms() - start < ms)
		for (int i = 0; i < 200000; i++)
			x += i * 0.5;
	sink = x;
	return cpu_ms() - start;
}
