/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A diamond: top calls left and right, both call bottom. bottom's time is
 * shared between its two parents in proportion to the calls. */
#include <stdio.h>

static volatile unsigned long sink;

void bottom(int n)
{
	for (volatile int i = 0; i < n; i++)
		sink += (unsigned long)i;
}

void left(int n)
{
	for (int i = 0; i < 3; i++)
		bottom(n);
}

void right(int n)
{
	bottom(n);
	for (volatile int i = 0; i < n; i++)
		sink ^= (unsigned long)i;
}

void top(int n)
{
	left(n);
	right(n);
}

int main(void)
{
	for (int i = 0; i < 1200; i++)
		top(20000);
	printf("%lu\n", sink);
	return 0;
}
