/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * named4.c: 4 named threads spinning 1, 2, 3 and 4 units of their own
 * CPU time (UNIT ms each, argv[1], default 100), thread K in function
 * spinK, all at once.  Threads 1 and 2 name themselves
 * (pthread_setname_np at the top of their routine, after they started);
 * the main thread names threads 3 and 4 once it created them; so the
 * names are set after each thread's start, as programs set them.  Prints
 * "spinK TID MS" for each thread: its kernel id, and the CPU time it
 * measured itself (CLOCK_THREAD_CPUTIME_ID); then "main PID". */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define PROGS_SPIN_TURNS 100000
#include "../../progs.h"

static long tids[5];
static pthread_barrier_t named;

static void *run(void *arg)
{
	int k = (int)(long)arg;
	char name[16];
	tids[k] = syscall(SYS_gettid);
	if (k <= 2) {
		snprintf(name, sizeof name, "spin-%d", k);
		pthread_setname_np(pthread_self(), name);
	}
	pthread_barrier_wait(&named); /* every name set before the spinning */
	spin(k);
	return NULL;
}

int main(int argc, char **argv)
{
	unit_ms = argc > 1 ? atol(argv[1]) : 100;
	pthread_t t[4];
	pthread_barrier_init(&named, NULL, 5);
	for (long k = 1; k <= 4; k++)
		if (pthread_create(&t[k - 1], NULL, run, (void *)k) != 0)
			return 2;
	pthread_setname_np(t[2], "spin-3");
	pthread_setname_np(t[3], "spin-4");
	pthread_barrier_wait(&named);
	for (int k = 0; k < 4; k++)
		pthread_join(t[k], NULL);
	for (int k = 1; k <= 4; k++)
		printf("spin%d %ld %ld\n", k, tids[k], used_ms[k]);
	printf("main %ld\n", (long)getpid());
	return 0;
}
