/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Mutual recursion forming a cycle of two: is_even <-> is_odd. */
#include <stdio.h>

static volatile unsigned long sink;

static void spin(int n)
{
	for (volatile int i = 0; i < n; i++)
		sink++;
}

int is_odd(unsigned n);

int is_even(unsigned n)
{
	spin(2000);
	if (n == 0)
		return 1;
	return is_odd(n - 1);
}

int is_odd(unsigned n)
{
	spin(1000);
	if (n == 0)
		return 0;
	return is_even(n - 1);
}

int main(void)
{
	int evens = 0;
	for (unsigned i = 0; i < 420; i++)
		evens += is_even(i);
	printf("%d\n", evens);
	return 0;
}
