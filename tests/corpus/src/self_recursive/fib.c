/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Self recursion: fib() and ackermann() call themselves, so the call graph
 * shows "calls+recursive calls" (n+m). Each leaf call does a little work so
 * that the functions themselves collect samples, not only libc's mcount. */
#include <stdio.h>

static volatile unsigned long sink;

unsigned long fib(int n)
{
	if (n < 2) {
		for (volatile int i = 0; i < 60; i++)
			sink += (unsigned long)i;
		return (unsigned long)n;
	}
	return fib(n - 1) + fib(n - 2);
}

unsigned long ackermann(unsigned long m, unsigned long n)
{
	for (volatile int i = 0; i < 20; i++)
		sink ^= (unsigned long)i;
	if (m == 0)
		return n + 1;
	if (n == 0)
		return ackermann(m - 1, 1);
	return ackermann(m - 1, ackermann(m, n - 1));
}

int main(void)
{
	unsigned long total = 0;
	for (int i = 0; i < 3; i++)
		total += fib(25);
	total += ackermann(2, 600);
	printf("%lu\n", total);
	return 0;
}
