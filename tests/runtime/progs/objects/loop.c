/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * objects/loop.c: dlopen, call and dlclose leafplugin.so (beside it)
 * LOADS times (issue 37, fault 17); prints the loads and whether the
 * memory the process holds stayed within LIMIT KiB (8 MiB) of what it
 * held after the first ten.  "loop LOADS LIMIT move": after each dlclose
 * the first page where the plugin was is reserved (PROT_NONE), so that
 * each load is at a new address.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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
	long limit = argc > 2 ? atol(argv[2]) : 8192;
	int move = argc > 3 && strcmp(argv[3], "move") == 0;
	long base = 0;
	for (int i = 0; i < loads; i++) {
		void *h = dlopen(path, RTLD_NOW);
		void (*spin)(long) = h ? (void (*)(long))dlsym(h, "plugin_spin") : NULL;
		if (!spin) {
			printf("load %d failed\n", i);
			return 1;
		}
		spin(1000);
		Dl_info info;
		if (move && !dladdr((void *)spin, &info))
			return 1;
		if (dlclose(h) != 0) {
			printf("dlclose %d failed\n", i);
			return 1;
		}
		if (move)
			mmap(info.dli_fbase, 4096, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
		if (i == 9)
			base = max_rss_kb();
	}
	printf("loads %d, memory %s\n", loads, max_rss_kb() - base < limit ? "bounded" : "grew");
	if (getenv("LOOP_SAY_MEMORY"))
		fprintf(stderr, "%ld KiB\n", max_rss_kb() - base);
	return 0;
}
