/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * fib.c: the call-heavy case: almost nothing but calls and returns. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) long fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 32;
	printf("%ld\n", fib(n));
	return 0;
}
