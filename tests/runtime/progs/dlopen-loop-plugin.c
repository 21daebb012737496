/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * dlopen-loop-plugin.c: the plugin progs/dlopen-loop.c loads again and
 * again (tests/runtime/t-dlopen-loop.sh), built with -pg: plugin_work
 * calls plugin_step once per call.
 */
int plugin_step(int x);
int plugin_work(int x);

int plugin_step(int x)
{
	return x * 3 + 1;
}

int plugin_work(int x)
{
	return plugin_step(x) ^ x;
}
