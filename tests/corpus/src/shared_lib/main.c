/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A program calling its own shared library (libmath2.so, built with -pg
 * beside it). glibc's profiler records only the executable's text, so the
 * library's functions appear only as unresolved arc ends, if at all. */
#include <stdio.h>

unsigned long lib_hash(unsigned long x);
unsigned long lib_sum(int n);

static volatile unsigned long sink;

static unsigned long local_work(int n)
{
	unsigned long acc = 0;
	for (int i = 0; i < n; i++)
		acc += lib_hash((unsigned long)i);
	return acc;
}

int main(void)
{
	for (int i = 0; i < 800; i++) {
		sink += local_work(500);
		sink += lib_sum(1000);
		for (volatile int j = 0; j < 200000; j++)
			sink++;
	}
	printf("%lu\n", sink);
	return 0;
}
