/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * reload.c: a plugin unloaded and another loaded where it was
 * (tests/runtime/t-reload.sh): p.so's work(3), q.so's work(4), p.so's
 * work(2) again, each dlopened, called and dlclosed in turn; says when
 * a plugin's work is where the last one's was.  With an argument, p.so
 * only.
 */
#include <dlfcn.h>
#include <stdio.h>

static void *last;

static void call(const char *path, int n)
{
	void *h = dlopen(path, RTLD_NOW);
	int (*work)(int) = h ? (int (*)(int))dlsym(h, "work") : NULL;
	if (!work) {
		printf("%s: %s\n", path, dlerror());
		return;
	}
	int got = work(n);
	printf("%s%s: %d\n", path, last == (void *)work ? " (same place)" : "", got);
	last = (void *)work;
	dlclose(h);
}

int main(int argc, char **argv)
{
	(void)argv;
	call("./p.so", 3);
	if (argc > 1) /* "once": nothing loaded after the dlclose */
		return 0;
	call("./q.so", 4);
	call("./p.so", 2);
	return 0;
}
