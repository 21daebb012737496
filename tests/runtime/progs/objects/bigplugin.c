/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * objects/bigplugin.c: a plugin with 16 MiB of zeroed data, so that its
 * place is a hole of its own once it is closed (t-invisible-waits.sh).
 */
static volatile unsigned long sink;
static char big[16 << 20];
int plugin_value(void)
{
	return 42 + big[sink & 1];
}
