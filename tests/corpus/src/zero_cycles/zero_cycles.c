/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Five two-member cycles that do no work, so that no sample lands in them
 * and each, as a whole, carries no time: GNU's order of the call graph
 * compares two such cycles as each coming first, and the order the merge
 * of its sort leaves them in is what ours must print.  Zero-time
 * functions outside any cycle (quiet_*) sit among them in that order;
 * burn() takes the samples. */
#include <stdio.h>

static volatile unsigned long sink;

static void burn(int n)
{
	for (volatile int i = 0; i < n; i++)
		sink ^= (unsigned long)i;
}

#define CYCLE(a, b)                      \
	void b(int n);                   \
	void a(int n)                    \
	{                                \
		sink++;                  \
		if (n > 0)               \
			b(n - 1);        \
	}                                \
	void b(int n)                    \
	{                                \
		sink += 2;               \
		if (n > 0)               \
			a(n - 1);        \
	}

CYCLE(east_a, east_b)
CYCLE(west_a, west_b)
CYCLE(north_a, north_b)
CYCLE(south_a, south_b)
CYCLE(up_a, up_b)

void quiet_one(void)
{
	sink++;
}

void quiet_two(void)
{
	sink++;
}

int main(void)
{
	for (int i = 0; i < 200; i++) {
		up_a(i % 3 + 1);
		north_a(2);
		quiet_two();
		east_a(i % 5 + 1);
		south_a(4);
		west_a(3);
		quiet_one();
		burn(100000);
	}
	printf("%lu\n", sink);
	return 0;
}
