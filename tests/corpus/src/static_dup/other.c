/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The second file with its own static helper() and step(). */
static volatile unsigned long sink;

static void helper(int n)
{
	for (volatile int i = 0; i < n; i++)
		sink ^= (unsigned long)i;
}

static void step(int n)
{
	helper(25000 + n % 7);
}

void other_work(int n)
{
	step(n);
	if (n % 3 == 0)
		helper(1000);
}
