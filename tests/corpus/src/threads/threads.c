/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Threads: four workers each run worker() -> compute() -> mix(). A mutex
 * serialises the work so that glibc's mcount (which drops arcs it finds
 * busy) records exact call counts. */
#include <pthread.h>
#include <stdio.h>

#define THREADS 4

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static volatile unsigned long sink;

static unsigned long mix(unsigned long x)
{
	for (int i = 0; i < 50; i++)
		x = (x ^ (x >> 7)) * 0x9E3779B97F4A7C15UL;
	return x;
}

static unsigned long compute(int id, int n)
{
	unsigned long acc = (unsigned long)id;
	for (int i = 0; i < n; i++)
		acc += mix(acc + (unsigned long)i);
	return acc;
}

static void *worker(void *arg)
{
	int id = (int)(long)arg;
	pthread_mutex_lock(&lock);
	for (int round = 0; round < 2500; round++)
		sink += compute(id, 200);
	pthread_mutex_unlock(&lock);
	return NULL;
}

int main(void)
{
	pthread_t t[THREADS];
	for (long i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, worker, (void *)i);
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	sink += compute(99, 1000);
	printf("%lu\n", sink);
	return 0;
}
