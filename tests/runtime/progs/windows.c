/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * tests/runtime/progs/windows.c: windows of a profile (t-windows.sh).
 * Each phase calls one function an exact number of times; between
 * phases the program raises SIGUSR1 (the snapshot signal the test sets,
 * with GMON_SNAPSHOT_MODE=delta: a window closes there).
 *   snap        a x 1000, raise, b x 2000, raise, c x 3000
 *   fork        a x 1000, raise, fork: the child c x 500 then exits, the
 *               parent waits, then b x 2000
 *   exec        a x 1000, raise, exec itself as "after": b x 2000
 *   spin MS     a in a loop for MS ms of CPU time; prints the calls
 *   threads MS  the same in 3 threads at once; prints the calls of all
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

volatile unsigned long sink;

__attribute__((noinline)) void a(void)
{
	for (int i = 0; i < 200; i++)
		sink += (unsigned)i;
}
__attribute__((noinline)) void b(void)
{
	for (int i = 0; i < 200; i++)
		sink ^= (unsigned)i;
}
__attribute__((noinline)) void c(void)
{
	for (int i = 0; i < 200; i++)
		sink -= (unsigned)i;
}

static void times_of(void (*f)(void), int n)
{
	for (int i = 0; i < n; i++)
		f();
}

static double cpu_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double thread_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double spin_ms;

static void *spinner(void *arg)
{
	unsigned long *calls = arg;
	double start = thread_ms();
	while (thread_ms() - start < spin_ms) {
		a();
		(*calls)++;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "snap";
	if (strcmp(mode, "after") == 0) {
		times_of(b, 2000);
		return 0;
	}
	if (strcmp(mode, "threads") == 0) {
		pthread_t t[3];
		unsigned long calls[3] = { 0, 0, 0 };
		spin_ms = argc > 2 ? atof(argv[2]) : 100;
		for (int i = 0; i < 3; i++)
			if (pthread_create(&t[i], NULL, spinner, &calls[i]) != 0)
				return 1;
		for (int i = 0; i < 3; i++)
			pthread_join(t[i], NULL);
		printf("%lu\n", calls[0] + calls[1] + calls[2]);
		return 0;
	}
	if (strcmp(mode, "spin") == 0) {
		double ms = argc > 2 ? atof(argv[2]) : 300, start = cpu_ms();
		unsigned long calls = 0;
		while (cpu_ms() - start < ms) {
			a();
			calls++;
		}
		printf("%lu\n", calls);
		return 0;
	}
	times_of(a, 1000);
	raise(SIGUSR1);
	if (strcmp(mode, "fork") == 0) {
		pid_t pid = fork();
		if (pid == 0) {
			times_of(c, 500);
			exit(0);
		}
		waitpid(pid, NULL, 0);
		times_of(b, 2000);
		return 0;
	}
	if (strcmp(mode, "exec") == 0) {
		execl("/proc/self/exe", argv[0], "after", (char *)NULL);
		return 1;
	}
	times_of(b, 2000);
	raise(SIGUSR1);
	times_of(c, 3000);
	return 0;
}
