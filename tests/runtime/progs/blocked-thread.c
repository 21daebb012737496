/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * blocked-thread.c: one thread that blocks SIGPROF, then computes until
 * its CPU time is MS milliseconds (argv[1], default 45) and returns:
 * none of its timer's signals is delivered, so every sample its CPU time
 * made due is owed at its exit (tests/runtime/t-expiries.sh).  Prints
 * "done". */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long ms = 45;
static volatile unsigned long sink;

static long thread_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec * 1000000000L + t.tv_nsec;
}

/* until the thread's CPU time since it started is ms: what ran before
 * (its start, however slow: under an emulator) is part of it */
__attribute__((noinline)) void compute(void)
{
	long end = ms * 1000000L;
	while (thread_ns() < end)
		for (int i = 0; i < 1000; i++)
			sink += (unsigned long)i;
}

__attribute__((noinline)) void *blocked_thread(void *arg)
{
	sigset_t prof;
	sigemptyset(&prof);
	sigaddset(&prof, SIGPROF);
	pthread_sigmask(SIG_BLOCK, &prof, NULL);
	compute();
	return arg;
}

int main(int argc, char **argv)
{
	if (argc > 1)
		ms = atol(argv[1]);
	pthread_t t;
	if (pthread_create(&t, NULL, blocked_thread, NULL) != 0)
		return 1;
	pthread_join(t, NULL);
	puts("done");
	return 0;
}
