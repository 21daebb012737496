/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * callback.c: calls from another object into the program: libc's qsort
 * calls the program's comparison function (built with -pg) tens of
 * millions of times.  The call site lies in libc, so the runtime takes
 * its path for calls from outside the main program.
 *
 * usage: callback [ROUNDS]   (default 6: about 1 s without -pg) */
#include <stdio.h>
#include <stdlib.h>

static int compare(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 6;
	enum {
		N = 1 << 20
	};
	static unsigned v[N];
	unsigned long seed = 7, sum = 0;

	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < N; i++) {
			seed = seed * 6364136223846793005ul + 1442695040888963407ul;
			v[i] = (unsigned)(seed >> 32);
		}
		qsort(v, N, sizeof(v[0]), compare);
		sum += v[N / 2];
	}
	printf("%lu\n", sum);
	return 0;
}
