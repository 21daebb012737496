/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * tests/progs.h: pieces shared by the test programs (tests/runtime/progs,
 * tests/cross/progs), written once here and included by each program's
 * source.  Each program is compiled with -pg, so what is defined here is
 * profiled as the program's own code: the functions a profile names
 * (work, heavy, cpu_ms, parent_work...) are static and kept out of inlining and
 * cloning, so that they keep their names and call counts; the steps a
 * program's main takes (fork_scenario, run_threads, burn_ms, say_ready) are always
 * inlined, so that their calls and time stay their caller's, as the tests
 * expect.  What a program does not use the compiler leaves out.
 */
#ifndef TESTS_PROGS_H
#define TESTS_PROGS_H

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PROGS_STEP static inline __attribute__((always_inline, unused))
#define PROGS_FUNCTION static __attribute__((noipa, unused))

/* keeps the work from being optimized out; one per thread, no race */
static __thread volatile unsigned long progs_sink __attribute__((unused));

#ifdef PROGS_WORK /* names common enough that a program asks for them */
/* work: n turns of a loop with no calls, the time work's own */
PROGS_FUNCTION void work(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		progs_sink += i;
}

/* heavy and light: work(n) called calls times; two names, so that a
 * profile must tell the two callers' shares of work apart */
PROGS_FUNCTION void heavy(int calls, unsigned long n)
{
	for (int i = 0; i < calls; i++)
		work(n);
}
PROGS_FUNCTION void light(int calls, unsigned long n)
{
	for (int i = 0; i < calls; i++)
		work(n);
}
#endif

#ifdef PROGS_SPIN_TURNS /* spin1..spin4 (named4.c, spin4.c) */
static long unit_ms;    /* a unit of spinning, in milliseconds */
static long used_ms[5]; /* spinK's thread's CPU time when it returned */

/* thread_ns: this thread's CPU time in nanoseconds (a plain static
 * function: inlined at -O2, a call at -O1 -fno-inline) */
static inline long thread_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec * 1000000000L + t.tv_nsec;
}

/* spinK: K units of this thread's own CPU time, PROGS_SPIN_TURNS turns
 * of a loop between two looks at the clock */
#define PROGS_SPIN(k) \
	__attribute__((noinline)) void spin##k(void) \
	{ \
		long start = thread_ns(); \
		while (thread_ns() - start < (k)*unit_ms * 1000000L) \
			for (unsigned long i = 0; i < PROGS_SPIN_TURNS; i++) \
				progs_sink += i; \
		used_ms[k] = (thread_ns() + 500000) / 1000000; \
	}
PROGS_SPIN(1)
PROGS_SPIN(2)
PROGS_SPIN(3)
PROGS_SPIN(4)

/* spin: spinK for k */
PROGS_STEP void spin(int k)
{
	switch (k) {
	case 1:
		spin1();
		break;
	case 2:
		spin2();
		break;
	case 3:
		spin3();
		break;
	case 4:
		spin4();
		break;
	}
}
#endif

/* cpu_ms: this thread's CPU time in milliseconds */
PROGS_FUNCTION double cpu_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* burn_ms: a loop with no calls (but to cpu_ms) for about ms of this
 * thread's CPU time, its result in *result; the time taken */
PROGS_STEP double burn_ms(double ms, double step, volatile double *result)
{
	double start = cpu_ms(), x = 0;
	while (cpu_ms() - start < ms)
		for (int i = 0; i < 200000; i++)
			x += i * step;
	*result = x;
	return cpu_ms() - start;
}

PROGS_FUNCTION void parent_work(int i)
{
	progs_sink += (unsigned long)i;
}
PROGS_FUNCTION void child_work(int i)
{
	progs_sink -= (unsigned long)i;
}
PROGS_FUNCTION void parent_after(int i)
{
	progs_sink ^= (unsigned long)i;
}

/* fork_scenario: parent_work() 100 times, then a child that calls
 * child_work() 50 times and exits, waited for, then parent_after() 10
 * times; the child's pid is printed.  0 when the child exited with 0. */
PROGS_STEP int fork_scenario(void)
{
	for (int i = 0; i < 100; i++)
		parent_work(i);
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		for (int i = 0; i < 50; i++)
			child_work(i);
		exit(0);
	}
	int status;
	waitpid(pid, &status, 0);
	for (int i = 0; i < 10; i++)
		parent_after(i);
	printf("%d\n", (int)pid);
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

/* say_ready: tell the test driving the program (wait_ready in
 * tests/runtime/helpers.sh) that it may act now */
PROGS_STEP void say_ready(void)
{
	printf("ready\n");
	fflush(stdout);
}

/* run_threads: fn in 4 threads at once, all joined; 0, or 1 when a
 * thread could not be started */
PROGS_STEP int run_threads(void *(*fn)(void *))
{
	pthread_t t[4];
	for (int i = 0; i < 4; i++)
		if (pthread_create(&t[i], NULL, fn, NULL) != 0)
			return 1;
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	return 0;
}

#endif
