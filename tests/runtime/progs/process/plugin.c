/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * plugin.c: plugin.so, a -pg plugin the program dlopens and dlcloses:
 * plugin_run(n) calls plugin_leaf exactly n times, plugin_burn(ms)
 * spends about ms of CPU time here. */
#include "../../../progs.h"

static volatile double sink;

__attribute__((noinline)) void plugin_leaf(int i)
{
	sink += i;
}

void plugin_run(int n)
{
	for (int i = 0; i < n; i++)
		plugin_leaf(i);
}

double plugin_burn(double ms)
{
	return burn_ms(ms, 0.25, &sink);
}
