/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * objects/early.c: closes the plugin its library's constructor opened
 * before libgmon started (issue 37, fault 5), reserves the address space
 * where it was as a JIT would (PROT_NONE), then spends its time in a
 * plugin dlopened later.  Prints what it saw; the same with and without
 * the profiler, whichever unwinder.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

void *ctor_plugin(void);

int main(int argc, char **argv)
{
	char path[4096];
	(void)argc;
	snprintf(path, sizeof path, "%s", argv[0]);
	strcpy(strrchr(path, '/') + 1, "leafplugin.so");
	void *early = ctor_plugin();
	int (*value)(void) = early ? (int (*)(void))dlsym(early, "plugin_value") : NULL;
	Dl_info info;
	if (!value || !dladdr((void *)value, &info))
		return 1;
	printf("early %d\n", value());
	printf("dlclose %d\n", dlclose(early));
	mmap(info.dli_fbase, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1,
	     0);
	void *late = dlopen(path, RTLD_NOW);
	void (*spin)(long) = late ? (void (*)(long))dlsym(late, "plugin_spin") : NULL;
	if (!spin)
		return 1;
	for (int i = 0; i < 30; i++)
		spin(3000000);
	printf("done\n");
	return 0;
}
