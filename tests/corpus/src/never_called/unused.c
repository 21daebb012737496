/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Never-called functions: unused_a, unused_b and the static unused_static
 * exist in the executable but are never called (-z lists them). */
#include <stdio.h>

static volatile unsigned long sink;

void used(int n)
{
	for (volatile int i = 0; i < n; i++)
		sink += (unsigned long)i;
}

void unused_a(int n)
{
	for (volatile int i = 0; i < n; i++)
		sink -= (unsigned long)i;
}

int unused_b(void)
{
	return 42;
}

static void unused_static(void)
{
	sink = 7;
}

void (*volatile keep)(void) = unused_static;

int main(int argc, char **argv)
{
	(void)argv;
	for (int i = 0; i < 2000; i++)
		used(50000);
	if (argc > 5) {
		unused_a(3);
		keep();
		sink += (unsigned long)unused_b();
	}
	printf("%lu\n", sink);
	return 0;
}
