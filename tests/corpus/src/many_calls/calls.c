/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Call counts too wide for their columns: tick() is called 24 million
 * times from two callers, so counts like 14000000/24000000 overflow the
 * call graph's fields. */
#include <stdio.h>

static volatile unsigned long sink;

void tick(void)
{
	sink++;
}

void often(int n)
{
	for (int i = 0; i < n; i++)
		tick();
}

void less_often(int n)
{
	for (int i = 0; i < n; i++)
		tick();
}

int main(void)
{
	for (int i = 0; i < 1000; i++) {
		often(14000);
		less_often(10000);
	}
	printf("%lu\n", sink);
	return 0;
}
