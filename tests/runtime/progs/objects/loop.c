/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * objects/loop.c: dlopen, call and dlclose leafplugin.so (beside it)
 * LOADS times (issue 37, fault 17); prints the loads and whether the
 * memory the process holds stayed within 8 MiB of what it held after
 * the first ten.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static long max_rss_kb(void)
{
	struct rusage u;
	getrusage(RUSAGE_SELF, &u);
	return u.ru_maxrss;
}

int main(int argc, char **argv)
{
	char path[4096];
	snprintf(path, sizeof path, "%s", argv[0]);
	strcpy(strrchr(path, '/') + 1, "leafplugin.so");
	int loads = argc > 1 ? atoi(argv[1]) : 5000;
	long base = 0;
	for (int i = 0; i < loads; i++) {
		void *h = dlopen(path, RTLD_NOW);
		void (*spin)(long) = h ? (void (*)(long))dlsym(h, "plugin_spin") : NULL;
		if (!spin) {
			printf("load %d failed\n", i);
			return 1;
		}
		spin(1000);
		if (dlclose(h) != 0) {
			printf("dlclose %d failed\n", i);
			return 1;
		}
		if (i == 9)
			base = max_rss_kb();
	}
	printf("loads %d, memory %s\n", loads, max_rss_kb() - base < 8192 ? "bounded" : "grew");
	return 0;
}
