/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * threads.c: 4 threads each call leaf() 2,000,000 times; a profile that
 * loses no count shows exactly 8,000,000 calls of leaf. */
#include <pthread.h>
#include <stdio.h>

#define THREADS 4
#define CALLS 2000000

static __thread volatile unsigned long sink; /* per thread: no data race */

__attribute__((noinline)) void leaf(unsigned long i)
{
	sink += i;
}

static void *worker(void *arg)
{
	(void)arg;
	for (unsigned long i = 0; i < CALLS; i++)
		leaf(i);
	return NULL;
}

int main(void)
{
	pthread_t t[THREADS];
	for (int i = 0; i < THREADS; i++)
		if (pthread_create(&t[i], NULL, worker, NULL) != 0)
			return 1;
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	printf("done\n");
	return 0;
}
