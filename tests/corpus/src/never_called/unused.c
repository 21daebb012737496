/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Never-called functions: unused_a, unused_b, the static unused_static and
 * unused_late exist in the executable but are never called (-z lists them).
 * main's call to unused_late, at a higher address, is one that -c finds in
 * the machine code and shows as 0/0. */
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
void unused_late(void);

int main(int argc, char **argv)
{
	(void)argv;
	for (int i = 0; i < 2000; i++)
		used(50000);
	if (argc > 5) {
		unused_a(3);
		keep();
		sink += (unsigned long)unused_b();
		unused_late();
	}
	printf("%lu\n", sink);
	return 0;
}

void unused_late(void)
{
	sink += 3;
}
