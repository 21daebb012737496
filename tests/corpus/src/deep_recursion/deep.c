/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Deep recursion: descend() calls itself 20000 levels deep, several times. */
#include <stdio.h>

static volatile unsigned long sink;

static unsigned long work(int n)
{
	unsigned long x = (unsigned long)n;
	for (int i = 0; i < 300; i++)
		x = x * 2862933555777941757UL + 3037000493UL;
	return x;
}

unsigned long descend(int depth)
{
	if (depth == 0)
		return 1;
	return work(depth) ^ descend(depth - 1);
}

int main(void)
{
	for (int round = 0; round < 40; round++)
		sink += descend(20000);
	printf("%lu\n", sink);
	return 0;
}
