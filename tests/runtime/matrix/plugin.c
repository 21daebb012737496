/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * plugin.c: the matrix's plugin, built twice (matrix-plugin-a.so,
 * matrix-plugin-b.so): plugin_work(N) runs N rounds of a loop of its own
 * (one round is more than a sampling period) and returns N.
 */
static volatile unsigned long plugin_sink;

__attribute__((noipa)) static void plugin_round(void)
{
	for (unsigned long i = 0; i < 20000000; i++)
		plugin_sink += i;
}

int plugin_work(int rounds)
{
	for (int i = 0; i < rounds; i++)
		plugin_round();
	return rounds;
}

int plugin_touch(int n)
{
	return n + 1;
}
