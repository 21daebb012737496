/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One callee from several call sites: main calls compute() from four
 * places and report() from two; arcs from different sites in the same
 * caller are merged in the call graph. */
#include <stdio.h>

static volatile unsigned long sink;

unsigned long compute(int n)
{
	unsigned long x = 1;
	for (volatile int i = 0; i < n; i++)
		x = x * 31 + (unsigned long)i;
	return x;
}

void report(unsigned long v)
{
	sink ^= v;
}

int main(void)
{
	unsigned long a = 0;
	for (int i = 0; i < 7500; i++) {
		a += compute(10000);
		if (i % 2)
			a += compute(20000);
		a ^= compute(5000);
		report(a);
	}
	for (int i = 0; i < 2500; i++)
		a += compute(30000);
	report(a);
	printf("%lu\n", sink);
	return 0;
}
