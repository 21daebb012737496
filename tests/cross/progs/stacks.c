/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * stacks.c: call stacks tests/cross/runtime.sh knows, each taking a
 * good share of the samples: work() under heavy(), work() under rec()
 * 11 deep, and leafspin() (leaf.c, built without -pg and so without a
 * frame record) called directly from f() and through a pointer from g(). */
#define PROGS_WORK /* work, heavy and light */
#include "../../progs.h"

static volatile unsigned long sink;

unsigned long leafspin(unsigned long n);

__attribute__((noinline)) int rec(int n)
{
	if (n == 0) {
		work(300000000);
		return 0;
	}
	return rec(n - 1) + 1;
}

__attribute__((noinline)) unsigned long f(void)
{
	return leafspin(300000000) + 1;
}

__attribute__((noinline)) unsigned long g(unsigned long (*p)(unsigned long))
{
	return p(300000000) + 1;
}

int main(void)
{
	heavy(300, 1000000);
	rec(10);
	sink += f();
	sink += g(leafspin);
	return 0;
}
