/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * plain.c: a program built without -pg (no hooks), for the runtime's
 * start by itself under LD_PRELOAD (t-autostart.sh).
 *   plain MS                      burn MS ms of CPU time
 *   plain MS fork                 then fork a child that burns MS too
 *   plain MS exec PROGRAM ARGS... then fork a child that execs PROGRAM
 * Prints "pid PID GMON_START=[VALUE]" first (VALUE: what main sees). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned long sink;

static long cpu_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

__attribute__((noinline)) void burn(long ms)
{
	long start = cpu_ms();
	while (cpu_ms() - start < ms)
		for (unsigned long i = 0; i < 100000; i++)
			sink += i;
}

int main(int argc, char **argv)
{
	const char *start = getenv("GMON_START");
	long ms = argc > 1 ? atol(argv[1]) : 100;
	printf("pid %ld GMON_START=[%s]\n", (long)getpid(), start ? start : "");
	fflush(stdout);
	burn(ms);
	if (argc > 2) {
		pid_t child = fork();
		if (child < 0)
			return 2;
		if (child == 0) {
			if (strcmp(argv[2], "exec") == 0 && argc > 3) {
				execv(argv[3], argv + 3);
				_exit(127);
			}
			burn(ms);
			exit(0);
		}
		int status;
		if (waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0)
			return 3;
	}
	return 0;
}
