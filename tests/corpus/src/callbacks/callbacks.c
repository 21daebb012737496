/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Function pointers: a qsort comparator (called from libc, so its caller is
 * outside the profiled text) and a table of operations called through a
 * pointer from apply(). */
#include <stdio.h>
#include <stdlib.h>

#define N 200000

static int values[N];
static volatile long sink;

static int compare_ints(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	for (volatile int i = 0; i < 8; i++)
		sink += (unsigned long)i;
	return (x > y) - (x < y);
}

static long op_add(long a, long b)
{
	for (volatile int i = 0; i < 20; i++)
		a += b;
	return a;
}

static long op_mul(long a, long b)
{
	for (volatile int i = 0; i < 40; i++)
		a = a * b + 1;
	return a;
}

static long op_xor(long a, long b)
{
	for (volatile int i = 0; i < 10; i++)
		a ^= b + i;
	return a;
}

static long (*const ops[])(long, long) = { op_add, op_mul, op_xor };

long apply(int which, long a, long b)
{
	return ops[which % 3](a, b);
}

int main(void)
{
	unsigned seed = 12345;
	for (int i = 0; i < N; i++) {
		seed = seed * 1103515245u + 12345u;
		values[i] = (int)(seed >> 8);
	}
	qsort(values, N, sizeof values[0], compare_ints);
	long acc = 0;
	for (int i = 0; i < 3000000; i++)
		acc = apply(i, acc, values[i % N]);
	sink = acc;
	printf("%d %d\n", values[0], values[N - 1]);
	return 0;
}
