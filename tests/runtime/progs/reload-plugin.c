/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * reload-plugin.c: the plugins of tests/runtime/t-reload.sh, built with
 * -DROUND=p_round (p.so) and -DROUND=q_round (q.so): work(N) calls
 * ROUND N times and returns N.
 */
static volatile unsigned long sink;

__attribute__((noipa)) void ROUND(void)
{
	for (unsigned long i = 0; i < 1000; i++)
		sink += i;
}

int work(int n)
{
	for (int i = 0; i < n; i++)
		ROUND();
	return n;
}
