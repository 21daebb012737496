/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * daemon.c: calls before_wait 1000 times, prints "ready", reads stdin
 * to its end (a snapshot signal may arrive meanwhile), then calls
 * after_wait 500 times and exits. */
#include <stdio.h>
#include <unistd.h>

#include "../../progs.h"

static volatile long sink;

__attribute__((noinline)) void before_wait(int i)
{
	sink += i;
}
__attribute__((noinline)) void after_wait(int i)
{
	sink -= i;
}

int main(void)
{
	char buf[64];
	for (int i = 0; i < 1000; i++)
		before_wait(i);
	say_ready();
	while (read(0, buf, sizeof buf) > 0)
		;
	for (int i = 0; i < 500; i++)
		after_wait(i);
	return 0;
}
