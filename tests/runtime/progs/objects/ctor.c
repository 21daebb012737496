/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * objects/ctor.c: libctor.so, a library the program needs, whose
 * constructor dlopens bigplugin.so (beside it) before libgmon starts;
 * ctor_plugin() gives the handle, for the program to close.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

static void *handle;

__attribute__((constructor)) static void open_plugin(void)
{
	char path[4096];
	Dl_info info;
	if (!dladdr((void *)open_plugin, &info))
		return;
	snprintf(path, sizeof path, "%s", info.dli_fname);
	char *slash = strrchr(path, '/');
	if (slash)
		snprintf(slash + 1, sizeof path - (size_t)(slash + 1 - path), "bigplugin.so");
	handle = dlopen(path, RTLD_NOW);
}

void *ctor_plugin(void)
{
	return handle;
}
