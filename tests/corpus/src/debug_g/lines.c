/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Built with -pg -g: line information for -l (line-by-line profile) and
 * -A (annotated source) work. */
#include <stdio.h>

static volatile unsigned long sink;

unsigned long polynomial(unsigned long x)
{
	unsigned long r = 3;
	r = r * x + 5;
	r = r * x + 7;
	r = r * x + 11;
	return r;
}

void evaluate(int n)
{
	for (int i = 0; i < n; i++) {
		sink += polynomial((unsigned long)i);
		if (i % 3 == 0)
			sink ^= (unsigned long)i;
		else
			sink += 1;
	}
}

int main(void)
{
	for (int round = 0; round < 250; round++)
		evaluate(100000);
	printf("%lu\n", sink);
	return 0;
}
