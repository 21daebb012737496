/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * fork.c: the parent calls parent_work 100 times, forks a child that
 * calls child_work 50 times and exits, then calls parent_after 10 times.
 * Prints the child's pid. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile long sink;

__attribute__((noinline)) void parent_work(int i) { sink += i; }
__attribute__((noinline)) void child_work(int i) { sink -= i; }
__attribute__((noinline)) void parent_after(int i) { sink ^= i; }

int main(void)
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
