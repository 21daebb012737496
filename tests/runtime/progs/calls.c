/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * calls.c: a deterministic call graph: plain calls from several call
 * sites, self recursion, a two-function cycle, calls through a function
 * pointer, a leaf called from many places. */
#include <stdio.h>
#include <stdlib.h>

static volatile long sink;

__attribute__((noinline)) void leaf(long x)
{
	sink += x;
}

__attribute__((noinline)) long fib(int n)
{
	leaf(n);
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

long odd(int n);

__attribute__((noinline)) long even(int n)
{
	return n == 0 ? 1 : odd(n - 1);
}

__attribute__((noinline)) long odd(int n)
{
	return n == 0 ? 0 : even(n - 1);
}

__attribute__((noinline)) void square(long x)
{
	leaf(x * x);
}

__attribute__((noinline)) void cube(long x)
{
	leaf(x * x * x);
}

__attribute__((noinline)) void apply(void (*fn)(long), int n)
{
	for (int i = 0; i < n; i++)
		fn(i);
}

__attribute__((noinline)) void twice(void)
{
	leaf(1);
	leaf(2);
}

int main(int argc, char **argv)
{
	int scale = argc > 1 ? atoi(argv[1]) : 1;
	for (int i = 0; i < 3 * scale; i++)
		twice();
	printf("%ld\n", fib(15));
	printf("%ld %ld\n", even(101), odd(77));
	apply(square, 250 * scale);
	apply(cube, 125 * scale);
	apply(leaf, 10);
	return 0;
}
