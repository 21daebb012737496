/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * objects/leafplugin.c: a plugin whose time is in a frameless leaf
 * (built -fno-omit-frame-pointer -momit-leaf-frame-pointer): a sample
 * there makes the frame-pointer walk look at the code before the leaf's
 * return address.
 */
static volatile unsigned long sink;

__attribute__((noinline)) static void leaf(long n)
{
	for (long i = 0; i < n; i++)
		sink += (unsigned long)i;
}

void plugin_spin(long turns)
{
	for (long i = 0; i < turns / 1000; i++)
		leaf(1000);
}
