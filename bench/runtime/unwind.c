/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * bench/runtime/unwind.c: what one stack walk costs in the signal
 * handler, by unwinder, beside the alternative of copying the top of the
 * stack for an unwinder that runs later (perf --call-graph dwarf copies
 * 8 KiB a sample).  Linked with libgmon.a (the runtime starts itself and
 * prepares the objects' tables), built -O2 -fomit-frame-pointer: the
 * stack is main -> bench_at -> qsort (libc) -> compare -> descend x DEPTH,
 * and the walks start from a context taken at its bottom, as the
 * handler's do from the signal's.  Prints, for each way, the frames
 * found and the nanoseconds per walk (the best of ROUNDS timings of
 * WALKS walks, so that another tenant's burst does not count; and
 * "cold", with the caches emptied of it first, as a sample finds them),
 * then the cost of an 8 KiB copy into a ring of 64 MiB.  Not a test.
 *
 * usage: unwind [DEPTH [WALKS [ROUNDS]]]   (default 10 200000 7)
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <ucontext.h>

#include "unwind.h"

void __monstartup(unsigned long, unsigned long);
void moncontrol(int);
void (*const link_start)(unsigned long, unsigned long) = __monstartup;

static unsigned depth = 10, walks = 200000, rounds = 7;

static double now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

/* ns per call of what(arg), the best of the rounds */
static double best_ns(void (*what)(const void *), const void *arg)
{
	double best = 1e30;
	for (unsigned r = 0; r < rounds; r++) {
		double t0 = now_ns();
		for (unsigned i = 0; i < walks; i++)
			what(arg);
		double t = (now_ns() - t0) / walks;
		if (t < best)
			best = t;
	}
	return best;
}

/* The same, each call after 2 MiB of other memory was written (the
 * program's work between two samples, which leaves L1 and L2 holding
 * nothing of the walk's): the median over 2001 calls, less the clock's
 * own cost. */
static unsigned char evict[2u << 20];

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double cold_ns(void (*what)(const void *), const void *arg)
{
	static double t[2001];
	for (unsigned i = 0; i < 2001; i++) {
		memset(evict, (int)i, sizeof evict);
		double t0 = now_ns(), t1 = now_ns();
		if (what)
			what(arg);
		t[i] = now_ns() - t1 - (t1 - t0);
	}
	qsort(t, 2001, sizeof t[0], by_value);
	return t[1000];
}

static const struct gmon_unwinder *unwinder;
static unsigned frames;
static volatile uintptr_t sink;

static void walk(const void *context)
{
	struct gmon_unwind w;
	uintptr_t frame;
	unwinder->start(&w, context, 128);
	while (gmon_unwind_next(&w, &frame))
		sink += frame;
	frames = w.n;
}

static unsigned char *ring;
static size_t ring_at;
#define RING (64u << 20)
#define COPY 8192

extern void *__libc_stack_end;

static void copy(const void *context)
{
	const ucontext_t *uc = context;
	const unsigned char *sp = (const unsigned char *)uc->uc_mcontext.gregs[REG_RSP];
	size_t n = (size_t)((const unsigned char *)__libc_stack_end - sp);
	if (n > COPY)
		n = COPY; /* perf copies as much, up to the stack's end */
	if (ring_at + COPY + sizeof uc->uc_mcontext.gregs > RING)
		ring_at = 0;
	memcpy(ring + ring_at, uc->uc_mcontext.gregs, sizeof uc->uc_mcontext.gregs);
	memcpy(ring + ring_at + sizeof uc->uc_mcontext.gregs, sp, n);
	ring_at += COPY + sizeof uc->uc_mcontext.gregs;
}

__attribute__((noinline)) static void measure(void)
{
	ucontext_t uc;
	getcontext(&uc);
	uc.uc_stack.ss_flags = SS_DISABLE; /* not on an alternate stack */
	uc.uc_stack.ss_size = 0;
	static const char *const ways[] = { "fp", "cfi" }; /* unwinders.c's rows */
	for (unsigned i = 0; i < 2; i++) {
		unwinder = gmon_unwinder_named(ways[i]);
		double ns = best_ns(walk, &uc), cold = cold_ns(walk, &uc);
		printf("%-4s %3u frames  %7.1f ns a walk  %6.1f ns a frame  cold: %7.1f ns a walk\n",
		       ways[i], frames, ns, ns / frames, cold);
	}
	ring = mmap(NULL, RING, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (ring == MAP_FAILED)
		return;
	memset(ring, 0, RING);
	double ns = best_ns(copy, &uc), cold = cold_ns(copy, &uc);
	printf("copy %u bytes of stack and %zu of registers: %7.1f ns a sample  cold: %7.1f ns\n",
	       COPY, sizeof uc.uc_mcontext.gregs, ns, cold);
}

__attribute__((noinline)) static void descend(unsigned n)
{
	if (n == 0)
		measure();
	else
		descend(n - 1);
	sink++;
}

static int compare(const void *a, const void *b)
{
	static int done;
	if (!done) {
		done = 1;
		descend(depth);
	}
	return *(const int *)a - *(const int *)b;
}

__attribute__((noinline)) static void bench_at(void)
{
	/* room above, so that the copy takes its whole 8 KiB */
	volatile char above[16384];
	above[0] = 1;
	int v[2] = { 2, 1 };
	qsort(v, 2, sizeof v[0], compare);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		depth = (unsigned)atoi(argv[1]);
	if (argc > 2)
		walks = (unsigned)atoi(argv[2]);
	if (argc > 3)
		rounds = (unsigned)atoi(argv[3]);
	moncontrol(0); /* no samples meanwhile */
	bench_at();
	return 0;
}
