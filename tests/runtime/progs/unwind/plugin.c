/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * plugin.c: a plugin built -O2 -fomit-frame-pointer, dlopened by
 * unwind.c's plugin mode: its frames are found only through the call
 * frame information copied when it was loaded.
 */
#include <time.h>

static volatile unsigned long plugin_sink;

__attribute__((noinline, noclone)) void plugin_inner(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		plugin_sink += i * 3;
}

void plugin_work(double ms)
{
	struct timespec t;
	for (;;) {
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
		if (t.tv_sec * 1e3 + t.tv_nsec / 1e6 >= ms)
			break;
		plugin_inner(100000);
	}
	plugin_sink++;
}
