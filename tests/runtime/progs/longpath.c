/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * longpath.c: run from a path thousands of bytes long, so that its line
 * of /proc/self/maps is too.  "longpath column" prints the column where
 * its path starts in its own first line of /proc/self/maps; "longpath"
 * spins 300 ms of CPU time in spin(), called by main, and prints "done".
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned long sink;

static __attribute__((noinline)) void spin(long ms)
{
	struct timespec t0, t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
	do {
		for (int i = 0; i < 10000; i++)
			sink += (unsigned long)i;
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 < ms);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "column") == 0) {
		char self[4096], line[8192];
		ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
		FILE *f = fopen("/proc/self/maps", "r");
		if (n <= 0 || !f)
			return 2;
		self[n] = '\0';
		while (fgets(line, sizeof line, f)) {
			char *at = strstr(line, self);
			if (at) {
				printf("%d\n", (int)(at - line));
				return 0;
			}
		}
		return 1;
	}
	spin(300);
	printf("done\n");
	return 0;
}
