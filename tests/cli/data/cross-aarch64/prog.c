/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tests/cli/data/cross-aarch64: an aarch64 program recorded under qemu
 * with this project's runtime (build.sh): a header's static inline
 * function, a qsort callback and time in libc (rand). */
#include <stdlib.h>

#include "kernels.h"

static int values[20000];

static int compare(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

__attribute__((noinline)) long sum(long n)
{
	long s = 0;

	for (long i = 0; i < n; i++)
		s += scale(i);
	return s;
}

__attribute__((noinline)) long churn(int n)
{
	long s = 0;

	for (int i = 0; i < n; i++)
		s += rand() & 7;
	return s;
}

int main(void)
{
	long s = 0;

	for (int r = 0; r < 10; r++) {
		for (int i = 0; i < 20000; i++)
			values[i] = rand();
		qsort(values, 20000, sizeof values[0], compare);
		s += churn(100000) + sum(300000);
	}
	return s < 0; /* 0: build.sh runs under set -e */
}
