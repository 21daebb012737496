/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * eintr.c: does anything break the waits of a thread while the profile
 * runs?  SPINNERS threads (argv[2], default 1) compute with every signal
 * blocked (as worker threads often do, leaving signals to one thread),
 * while main calls poll with a timeout of 1 ms and nanosleep for 1 ms,
 * N times each (argv[1], default 2000), and counts the calls that fail
 * with EINTR.  Prints "poll EINTR_COUNT nanosleep EINTR_COUNT"
 * (t-wall.sh, bench/runtime/wait-cost.sh). */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile unsigned long sink;

static void *spin(void *arg)
{
	(void)arg;
	for (;;)
		sink++;
	return NULL;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 2000;
	int spinners = argc > 2 ? atoi(argv[2]) : 1;
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	for (int i = 0; i < spinners; i++) {
		pthread_t t;
		if (pthread_create(&t, NULL, spin, NULL) != 0)
			return 2;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	long poll_eintr = 0, sleep_eintr = 0;
	struct timespec ms = { 0, 1000000 };
	for (long i = 0; i < n; i++) {
		if (poll(NULL, 0, 1) < 0 && errno == EINTR)
			poll_eintr++;
		if (nanosleep(&ms, NULL) < 0 && errno == EINTR)
			sleep_eintr++;
	}
	printf("poll %ld nanosleep %ld\n", poll_eintr, sleep_eintr);
	return 0;
}
