/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * exits.c: usage: exits [DIR [STATUS]]: chdir to DIR (if not "-"), call
 * work 7 times, print the pid, exit with STATUS (default 0). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static volatile long sink;

__attribute__((noinline)) void work(int i)
{
	sink += i;
}

int main(int argc, char **argv)
{
	if (argc > 1 && argv[1][0] != '-' && chdir(argv[1]) != 0)
		return 99;
	for (int i = 0; i < 7; i++)
		work(i);
	printf("%d\n", (int)getpid());
	return argc > 2 ? atoi(argv[2]) : 0;
}
