/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * spin.c: spin THREADS threads (argv[1], 0 = main thread only) for MS
 * milliseconds of each thread's own CPU time (argv[2]), in user mode;
 * prints the total CPU time used, in milliseconds, on stdout. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

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

int main(int argc, char **argv)
{
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
	printf("%ld\n", p.tv_sec * 1000 + p.tv_nsec / 1000000);
	return 0;
}
