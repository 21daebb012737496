/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * early.c: libmatrix-early.so, linked by the matrix's program.  A
 * library's constructor runs before the program's start-up and before a
 * preloaded runtime's constructor: for "own-handlers" it installs the
 * program's SIGTRAP handler there, for "dlopen-loop" it loads a plugin,
 * calls it and unloads it (the plugin beside the program).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "early.h"

volatile int early_traps;
int early_installed;
int early_plugin_calls;

void early_on_trap(int sig)
{
	(void)sig;
	early_traps++;
}

__attribute__((constructor)) static void early_start(int argc, char **argv)
{
	if (argc < 2)
		return;
	if (strcmp(argv[1], "own-handlers") == 0) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = early_on_trap;
		early_installed = sigaction(SIGTRAP, &sa, NULL) == 0;
	} else if (strcmp(argv[1], "dlopen-loop") == 0) {
		Dl_info self;
		char path[4096];
		if (!dladdr((void *)early_on_trap, &self) || !self.dli_fname)
			return;
		snprintf(path, sizeof path, "%s", self.dli_fname);
		char *slash = strrchr(path, '/');
		snprintf(slash ? slash + 1 : path,
			 sizeof path - (size_t)(slash ? slash + 1 - path : 0),
			 "matrix-plugin-a.so");
		void *h = dlopen(path, RTLD_NOW);
		if (!h)
			return;
		int (*f)(int) = (int (*)(int))dlsym(h, "plugin_work");
		if (f)
			early_plugin_calls = f(1);
		dlclose(h);
	}
}
