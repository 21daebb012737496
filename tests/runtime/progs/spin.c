/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * spin.c: spin THREADS threads (argv[1], 0 = main thread only) for MS
 * milliseconds of each thread's own CPU time (argv[2]), in user mode;
 * prints the total CPU time used, in milliseconds, on stdout.  With a
 * third argument (any), also the threads' time on a CPU as perf's
 * task-clock counts it (the perf clock's own measure: on a virtual
 * machine it includes the time the hypervisor ran something else, which
 * the kernel's CPU time leaves out), or "-" if perf_event_open fails. */
#include <linux/perf_event.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long ms_each;
static __thread volatile unsigned long sink; /* per thread: no data race */

static long thread_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

__attribute__((noinline)) void burn(void)
{
	for (unsigned long i = 0; i < 2000000; i++)
		sink += i;
}

static void *spin(void *arg)
{
	(void)arg;
	long start = thread_ms();
	while (thread_ms() - start < ms_each)
		burn();
	return NULL;
}

/* A counting task-clock of this thread and the threads it starts after,
 * user time only (allowed under perf_event_paranoid 2), or -1. */
static int open_task_clock(void)
{
	struct perf_event_attr attr;
	memset(&attr, 0, sizeof attr);
	attr.size = sizeof attr;
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_TASK_CLOCK;
	attr.inherit = 1;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	return (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
}

int main(int argc, char **argv)
{
	int task_clock = argc > 3 ? open_task_clock() : -1;
	int threads = argc > 1 ? atoi(argv[1]) : 0;
	ms_each = argc > 2 ? atol(argv[2]) : 300;
	pthread_t t[64];
	if (threads > 64)
		threads = 64;
	if (threads == 0)
		spin(NULL);
	for (int i = 0; i < threads; i++)
		pthread_create(&t[i], NULL, spin, NULL);
	for (int i = 0; i < threads; i++)
		pthread_join(t[i], NULL);
	struct timespec p;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &p);
	uint64_t on_cpu;
	if (argc <= 3)
		printf("%ld\n", p.tv_sec * 1000 + p.tv_nsec / 1000000);
	else if (task_clock >= 0 && read(task_clock, &on_cpu, sizeof on_cpu) == sizeof on_cpu)
		printf("%ld %llu\n", p.tv_sec * 1000 + p.tv_nsec / 1000000,
		       (unsigned long long)(on_cpu / 1000000));
	else
		printf("%ld -\n", p.tv_sec * 1000 + p.tv_nsec / 1000000);
	return 0;
}
