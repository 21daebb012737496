/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * control.c: moncontrol(0) hides 100 calls of hidden; moncontrol(1)
 * shows 10 calls of visible. */
#include <libgmon.h>

static volatile long sink;

__attribute__((noinline)) void hidden(int i)
{
	sink += i;
}
__attribute__((noinline)) void visible(int i)
{
	sink -= i;
}

int main(void)
{
	moncontrol(0);
	for (int i = 0; i < 100; i++)
		hidden(i);
	moncontrol(1);
	for (int i = 0; i < 10; i++)
		visible(i);
	return 0;
}
