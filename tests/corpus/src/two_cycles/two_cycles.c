/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Two separate cycles: ping <-> pong (2 members) and red -> green -> blue
 * -> red (3 members); the second cycle is also entered from the first. */
#include <stdio.h>

static volatile unsigned long sink;

static void burn(int n)
{
	for (volatile int i = 0; i < n; i++)
		sink ^= (unsigned long)i;
}

void pong(int n);
void green(int n);
void blue(int n);

void red(int n)
{
	burn(1500);
	if (n > 0)
		green(n - 1);
}

void green(int n)
{
	burn(1000);
	if (n > 0)
		blue(n - 1);
}

void blue(int n)
{
	burn(700);
	if (n > 0)
		red(n - 1);
}

void ping(int n)
{
	burn(2500);
	if (n > 0)
		pong(n - 1);
}

void pong(int n)
{
	burn(1200);
	if (n % 10 == 0)
		red(5);
	if (n > 0)
		ping(n - 1);
}

int main(void)
{
	for (int i = 0; i < 3000; i++) {
		ping(i % 23);
		red(i % 17);
	}
	printf("%lu\n", sink);
	return 0;
}
