/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * work.c: libwork.so, the program's own -pg shared library: work_run(n)
 * calls work_leaf exactly n times, work_back(f, n) calls back into the
 * program n times, work_burn(ms) spends about ms of CPU time here. */
#include "../../../progs.h"

static volatile double sink;

__attribute__((noinline)) void work_leaf(int i)
{
	sink += i;
}

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

double work_burn(double ms)
{
	return burn_ms(ms, 0.5, &sink);
}
