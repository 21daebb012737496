/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Several names for one address: compute_alias is an alias of compute,
 * and weak_default is a weak function; gprof must pick one name per
 * address, as GNU does. Also a function placed in .text.unlikely. */
#include <stdio.h>

static volatile unsigned long sink;

unsigned long compute(int n)
{
	unsigned long x = 0;
	for (volatile int i = 0; i < n; i++)
		x += (unsigned long)i;
	return x;
}

unsigned long compute_alias(int n) __attribute__((alias("compute")));

__attribute__((weak)) unsigned long weak_default(int n)
{
	return compute(n) + 1;
}

__attribute__((section(".text.unlikely"))) unsigned long rare(int n)
{
	for (volatile int i = 0; i < n; i++)
		sink ^= (unsigned long)i;
	return sink;
}

int main(void)
{
	for (int i = 0; i < 300; i++) {
		sink += compute(30000);
		sink += compute_alias(20000);
		sink += weak_default(10000);
		sink += rare(20000);
	}
	printf("%lu\n", sink);
	return 0;
}
