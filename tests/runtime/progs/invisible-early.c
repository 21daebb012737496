/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * invisible-early.c: a shared library for invisible-clocks.c whose
 * constructor runs before the profiler starts (the loader runs a
 * library's constructors before the program's start-up and before a
 * preloaded library's that it does not depend on): given early-sigtrap
 * it installs the program's SIGTRAP handler, given early-thread it
 * starts a thread that computes 100 ms of CPU time.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

pthread_t invisible_early_thread;
static volatile unsigned long sink;

__attribute__((noinline)) void *early_worker(void *arg)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	long end = t.tv_sec * 1000000000L + t.tv_nsec + 100000000L;
	do {
		for (int i = 0; i < 1000; i++)
			sink += (unsigned long)i;
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	} while (t.tv_sec * 1000000000L + t.tv_nsec < end);
	return arg;
}

volatile sig_atomic_t invisible_early_traps;

static void on_trap(int signo)
{
	(void)signo;
	invisible_early_traps++;
}

__attribute__((constructor)) static void before_profiler(void)
{
	char buf[256];
	int fd = open("/proc/self/cmdline", O_RDONLY);
	if (fd < 0)
		return;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return;
	buf[n] = 0;
	const char *arg = buf + strlen(buf) + 1; /* argv[1] */
	if (arg >= buf + n)
		return;
	if (strcmp(arg, "early-sigtrap") == 0) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_trap;
		sigaction(SIGTRAP, &sa, NULL);
	} else if (strcmp(arg, "early-thread") == 0) {
		pthread_create(&invisible_early_thread, NULL, early_worker, NULL);
	}
}
