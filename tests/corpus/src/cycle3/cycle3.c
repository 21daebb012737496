/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A cycle of four: alpha -> beta -> gamma -> delta -> alpha, each member
 * also calling a leaf outside the cycle. */
#include <stdio.h>

static volatile unsigned long sink;

void leaf(int n)
{
	for (volatile int i = 0; i < n; i++)
		sink += i;
}

void beta(int n);
void gamma_(int n);
void delta(int n);

void alpha(int n)
{
	leaf(3000);
	if (n > 0)
		beta(n - 1);
}

void beta(int n)
{
	leaf(2000);
	if (n > 0)
		gamma_(n - 1);
}

void gamma_(int n)
{
	leaf(1000);
	if (n > 0)
		delta(n - 1);
}

void delta(int n)
{
	leaf(500);
	if (n > 0)
		alpha(n - 1);
}

int main(void)
{
	for (int i = 0; i < 4000; i++)
		alpha(i % 37);
	printf("%lu\n", sink);
	return 0;
}
