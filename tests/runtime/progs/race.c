/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * race.c: 4 threads released together call 256 functions, each from its
 * own call site, 1000 times over: many threads insert the same new arcs
 * at the same moment.  Each function must be counted 4000 times, and
 * each (call site, callee) must be written once. */
#include <pthread.h>
#include <stdio.h>

#define THREADS 4
#define ROUNDS 1000

static __thread volatile unsigned long sink; /* per thread: no data race */
static pthread_barrier_t start;

/* generated functions, one expansion a line, left unformatted */
/* clang-format off */
#define F(n) __attribute__((noinline)) void f##n(void) { sink += n; }
#define F4(n) F(n##0) F(n##1) F(n##2) F(n##3)
#define F16(n) F4(n##0) F4(n##1) F4(n##2) F4(n##3)
#define F64(n) F16(n##0) F16(n##1) F16(n##2) F16(n##3)
F64(1) F64(2) F64(3) F64(4)

#define C(n) f##n();
#define C4(n) C(n##0) C(n##1) C(n##2) C(n##3)
#define C16(n) C4(n##0) C4(n##1) C4(n##2) C4(n##3)
#define C64(n) C16(n##0) C16(n##1) C16(n##2) C16(n##3)

__attribute__((noinline)) void call_all(void)
{
	C64(1) C64(2) C64(3) C64(4)
}
/* clang-format on */

static void *worker(void *arg)
{
	(void)arg;
	pthread_barrier_wait(&start);
	for (int i = 0; i < ROUNDS; i++)
		call_all();
	return NULL;
}

int main(void)
{
	pthread_t t[THREADS];
	pthread_barrier_init(&start, NULL, THREADS);
	for (int i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, worker, NULL);
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	printf("done\n");
	return 0;
}
