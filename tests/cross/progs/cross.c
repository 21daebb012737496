/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * cross.c: the programs tests/cross/ runs on another processor or C
 * library, one per first argument:
 *   skew      work() called 300 times by heavy() with 200,000 iterations
 *             and 300 times by light() with 2,000: 600 calls, 300/300
 *   threads   4 threads, each calling leaf() 200,000 times: 800,000
 *   fork      parent_work() 100 times, a child calling child_work() 50
 *             times, then parent_after() 10 times
 *   snapshot  heavy(), a snapshot (SIGUSR1, GMON_SNAPSHOT_SIGNAL) copied
 *             to snap.out, then light()
 *   exec      before() 5 times, then execl of argv[2] (the profile so
 *             far is written first)
 */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define PROGS_WORK /* work, heavy and light */
#include "../../progs.h"

static volatile unsigned long sink;
static __thread volatile unsigned long thread_sink; /* per thread: no race */

__attribute__((noinline)) void leaf(unsigned long i)
{
	thread_sink += i;
}

static void *worker(void *arg)
{
	(void)arg;
	for (unsigned long i = 0; i < 200000; i++)
		leaf(i);
	return NULL;
}

__attribute__((noinline)) void before(int i)
{
	sink += (unsigned long)i;
}

static int copy(const char *from, const char *to)
{
	char buf[65536];
	int in = open(from, O_RDONLY), out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t n;
	if (in < 0 || out < 0)
		return -1;
	while ((n = read(in, buf, sizeof buf)) > 0)
		if (write(out, buf, (size_t)n) != n)
			return -1;
	close(in);
	close(out);
	return 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "skew";
	if (strcmp(mode, "skew") == 0) {
		heavy(300, 200000);
		light(300, 2000);
	} else if (strcmp(mode, "threads") == 0) {
		if (run_threads(worker) != 0)
			return 1;
	} else if (strcmp(mode, "fork") == 0) {
		if (fork_scenario() != 0)
			return 1;
	} else if (strcmp(mode, "snapshot") == 0) {
		heavy(300, 200000);
		raise(SIGUSR1);
		if (copy("gmon.out", "snap.out") != 0)
			return 1;
		light(300, 2000);
	} else if (strcmp(mode, "exec") == 0 && argc > 2) {
		for (int i = 0; i < 5; i++)
			before(i);
		execl(argv[2], argv[2], (char *)NULL);
		return 1;
	} else {
		fprintf(stderr, "cross: unknown mode %s\n", mode);
		return 2;
	}
	return 0;
}
