/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * main.c: the driver of a program written by genasm.  It calls every
 * group's root, pass after pass, until MILLISECONDS of CPU time have gone
 * by.  VARIANT (default 0) changes the run: some groups are skipped and the
 * cycles go round a different number of times, so that profiles of
 * different variants differ (the merge set).
 *
 * usage: prog [MILLISECONDS [VARIANT]]
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

extern void (*const bench_roots[])(int);
extern const int bench_root_count;

static double cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	double limit = argc > 1 ? atof(argv[1]) : 300.0;
	int variant = argc > 2 ? atoi(argv[2]) : 0;
	double start = cpu_ms();
	long passes = 0;

	do {
		int g;

		for (g = 0; g < bench_root_count; g++) {
			if (variant != 0 && (g * 7 + variant) % 5 == 0)
				continue;
			bench_roots[g](g % 10 == 9 ? 1 + variant % 3 : 0);
		}
		passes++;
	} while (cpu_ms() - start < limit);
	if (getenv("BENCH_VERBOSE"))
		fprintf(stderr, "%ld passes\n", passes);
	return 0;
}
