/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * spin4.c: 4 threads spinning 1, 2, 3 and 4 units of their own CPU time
 * (UNIT ms each, argv[1], default 200), thread K in function spinK, all
 * at once; prints "spinK MS" for each, MS the CPU time the thread
 * measured itself (CLOCK_THREAD_CPUTIME_ID).  With SHORT (argv[2]), then
 * makes SHORT threads that exit at once, one after the other, and prints
 * "timers N WHOM...": the POSIX timers the process holds then
 * (/proc/self/timers), which each thread's timer must not add to once it
 * has exited, and whom each signals ("tid": a thread, "pid": the
 * process). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* about a millisecond of work between two looks at the clock, so that
 * nearly every sample lands in spinK itself */
#define PROGS_SPIN_TURNS 1000000
#include "../../progs.h"

static void *nothing(void *arg)
{
	return arg;
}

static void *run(void *arg)
{
	spin((int)(long)arg);
	return NULL;
}

int main(int argc, char **argv)
{
	unit_ms = argc > 1 ? atol(argv[1]) : 200;
	pthread_t t[4];
	for (long k = 1; k <= 4; k++)
		if (pthread_create(&t[k - 1], NULL, run, (void *)k) != 0)
			return 2;
	for (int k = 0; k < 4; k++)
		pthread_join(t[k], NULL);
	for (int k = 1; k <= 4; k++)
		printf("spin%d %ld\n", k, used_ms[k]);
	long short_threads = argc > 2 ? atol(argv[2]) : 0;
	for (long i = 0; i < short_threads; i++) {
		pthread_t s;
		if (pthread_create(&s, NULL, nothing, NULL) != 0 || pthread_join(s, NULL) != 0)
			return 3;
	}
	if (short_threads) {
		FILE *f = fopen("/proc/self/timers", "r");
		char line[256], kind[256], whom[256] = "";
		int n = 0;
		while (f && fgets(line, sizeof line, f)) {
			n += line[0] == 'I' && line[1] == 'D';
			/* "notify: signal/tid.1234": whom it signals */
			if (sscanf(line, "notify: signal/%255[a-z]", kind) == 1 &&
			    strlen(whom) < sizeof whom - 10) {
				strcat(whom, " ");
				strncat(whom, kind, 8);
			}
		}
		if (f)
			fclose(f);
		printf("timers %d%s\n", f ? n : -1, whom);
	}
	return 0;
}
