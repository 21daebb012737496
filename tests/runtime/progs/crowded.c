/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * crowded.c: one indirect call site calling 3072 functions (an
 * interpreter's dispatch, many times over), from THREADS threads
 * released together, ROUNDS times each, in a scrambled order.  Run with
 * GMON_ARCS=3500 the arc table (4096 slots) is three quarters full:
 * long runs of taken slots, probes past the stub's first few slots and
 * round the end of the table, threads racing to claim.  Each function
 * must be counted THREADS * ROUNDS times, each arc written once.
 *
 * usage: crowded [THREADS]   (default 4) */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define FUNCS 3072
#define ROUNDS 50

static __thread volatile unsigned long sink; /* per thread: no data race */
static pthread_barrier_t start;

/* generated functions, one expansion a line, left unformatted */
/* clang-format off */
#define F(n) __attribute__((noinline)) static void f##n(void) { sink += 0x##n; }
#define F4(n) F(n##0) F(n##1) F(n##2) F(n##3)
#define F16(n) F4(n##0) F4(n##1) F4(n##2) F4(n##3)
#define F64(n) F16(n##0) F16(n##1) F16(n##2) F16(n##3)
#define F256(n) F64(n##0) F64(n##1) F64(n##2) F64(n##3)
#define F1024(n) F256(n##0) F256(n##1) F256(n##2) F256(n##3)
F1024(1) F1024(2) F1024(3)

#define P(n) f##n,
#define P4(n) P(n##0) P(n##1) P(n##2) P(n##3)
#define P16(n) P4(n##0) P4(n##1) P4(n##2) P4(n##3)
#define P64(n) P16(n##0) P16(n##1) P16(n##2) P16(n##3)
#define P256(n) P64(n##0) P64(n##1) P64(n##2) P64(n##3)
#define P1024(n) P256(n##0) P256(n##1) P256(n##2) P256(n##3)
static void (*const table[FUNCS])(void) = { P1024(1) P1024(2) P1024(3) };
/* clang-format on */

__attribute__((noinline)) static void dispatch(unsigned i)
{
	table[i]();
}

static void *work(void *arg)
{
	(void)arg;
	pthread_barrier_wait(&start);
	for (unsigned r = 0; r < ROUNDS; r++)
		for (unsigned k = 0; k < FUNCS; k++)
			dispatch((k * 1237u + r) % FUNCS); /* 1237 is prime to 3072 */
	return NULL;
}

int main(int argc, char **argv)
{
	int threads = argc > 1 ? atoi(argv[1]) : 4;
	if (threads < 1 || threads > 64)
		return 2;
	pthread_t t[64];
	pthread_barrier_init(&start, NULL, (unsigned)threads);
	for (int i = 1; i < threads; i++)
		pthread_create(&t[i], NULL, work, NULL);
	work(NULL);
	for (int i = 1; i < threads; i++)
		pthread_join(t[i], NULL);
	printf("%lu\n", sink);
	return 0;
}
