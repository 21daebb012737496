/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * plugin.c: plugin.so, a -pg plugin the program dlopens and dlcloses:
 * plugin_run(n) calls plugin_leaf exactly n times, plugin_burn(ms)
 * spends about ms of CPU time here. */
#include <time.h>

static volatile double sink;

__attribute__((noinline)) void plugin_leaf(int i) { sink += i; }

void plugin_run(int n)
{
	for (int i = 0; i < n; i++)
		plugin_leaf(i);
}

static double cpu_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

double plugin_burn(double ms)
{
	double start = cpu_ms(), x = 0;
	while (cpu_ms() - start < ms)
		for (int i = 0; i < 200000; i++)
			x += i * 0.25;
	sink = x;
	return cpu_ms() - start;
}
