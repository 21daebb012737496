/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A hot loop in a leaf: almost all samples land in inner_loop(), called
 * once through a short chain. */
#include <stdio.h>

static volatile unsigned long sink;

unsigned long inner_loop(long n)
{
	unsigned long x = 0;
	for (volatile long i = 0; i < n; i++)
		x += (unsigned long)i * 7;
	return x;
}

unsigned long middle(long n)
{
	return inner_loop(n) + 1;
}

unsigned long outer(long n)
{
	return middle(n) * 2;
}

int main(void)
{
	sink = outer(150000000L);
	printf("%lu\n", sink);
	return 0;
}
