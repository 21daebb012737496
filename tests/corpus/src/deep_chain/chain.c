/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A long call chain: main -> level01 -> ... -> level30, each level
 * doing a little work of its own, so child time accumulates upward. */
#include <stdio.h>

static volatile unsigned long sink;

void level30(int n)
{
	for (volatile int i = 0; i < n; i++)
		sink += (unsigned long)i;
}

void level29(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level30(n);
}

void level28(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level29(n);
}

void level27(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level28(n);
}

void level26(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level27(n);
}

void level25(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level26(n);
}

void level24(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level25(n);
}

void level23(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level24(n);
}

void level22(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level23(n);
}

void level21(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level22(n);
}

void level20(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level21(n);
}

void level19(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level20(n);
}

void level18(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level19(n);
}

void level17(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level18(n);
}

void level16(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level17(n);
}

void level15(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level16(n);
}

void level14(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level15(n);
}

void level13(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level14(n);
}

void level12(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level13(n);
}

void level11(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level12(n);
}

void level10(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level11(n);
}

void level09(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level10(n);
}

void level08(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level09(n);
}

void level07(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level08(n);
}

void level06(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level07(n);
}

void level05(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level06(n);
}

void level04(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level05(n);
}

void level03(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level04(n);
}

void level02(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level03(n);
}

void level01(int n)
{
	for (volatile int i = 0; i < n / 8; i++)
		sink ^= (unsigned long)i;
	level02(n);
}

int main(void)
{
	for (int i = 0; i < 1200; i++)
		level01(20000);
	printf("%lu\n", sink);
	return 0;
}
