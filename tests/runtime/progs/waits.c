/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * waits.c: computes for MS ms of CPU time (argv[1], default 500) in
 * compute, then waits 1 s in poll (wait_in_poll) and 1 s in sleep
 * (wait_in_sleep), each called from main through its own function.
 * Prints what it saw of itself:
 *   compute CPU_MS
 *   poll RC ERRNO WALL_MS
 *   sleep LEFT WALL_MS
 * (RC: poll's result, 0 when it timed out; LEFT: what sleep had left,
 * 0 when it slept the whole second).  With SPINNERS (argv[2]), that many
 * threads spin from the start to the exit, so that a clock's signals
 * keep coming while main waits. */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned long sink;

static long ms_of(clockid_t clock)
{
	struct timespec t;
	clock_gettime(clock, &t);
	return t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

__attribute__((noinline)) long compute(long ms)
{
	long start = ms_of(CLOCK_THREAD_CPUTIME_ID);
	while (ms_of(CLOCK_THREAD_CPUTIME_ID) - start < ms)
		for (unsigned long i = 0; i < 1000000; i++)
			sink += i;
	return ms_of(CLOCK_THREAD_CPUTIME_ID) - start;
}

__attribute__((noinline)) void wait_in_poll(void)
{
	long start = ms_of(CLOCK_MONOTONIC);
	errno = 0;
	int rc = poll(NULL, 0, 1000);
	int e = errno;
	printf("poll %d %d %ld\n", rc, rc < 0 ? e : 0, ms_of(CLOCK_MONOTONIC) - start);
}

__attribute__((noinline)) void wait_in_sleep(void)
{
	long start = ms_of(CLOCK_MONOTONIC);
	unsigned left = sleep(1);
	printf("sleep %u %ld\n", left, ms_of(CLOCK_MONOTONIC) - start);
}

static void *spin(void *arg)
{
	for (;;)
		sink += (unsigned long)arg;
	return NULL;
}

int main(int argc, char **argv)
{
	long ms = argc > 1 ? atol(argv[1]) : 500;
	int spinners = argc > 2 ? atoi(argv[2]) : 0;
	for (int i = 0; i < spinners; i++) {
		pthread_t t;
		if (pthread_create(&t, NULL, spin, NULL) != 0)
			return 2;
	}
	printf("compute %ld\n", compute(ms));
	wait_in_poll();
	wait_in_sleep();
	return 0;
}
