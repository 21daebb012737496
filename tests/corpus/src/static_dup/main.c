/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Static functions with the same name in two files: each of main.c and
 * other.c has its own static helper(); the index names the files. */
#include <stdio.h>

void other_work(int n);
static volatile unsigned long sink;

static void helper(int n)
{
	for (volatile int i = 0; i < n; i++)
		sink += (unsigned long)i;
}

static void step(void)
{
	helper(40000);
}

int main(void)
{
	for (int i = 0; i < 1800; i++) {
		step();
		other_work(i);
	}
	printf("%lu\n", sink);
	return 0;
}
