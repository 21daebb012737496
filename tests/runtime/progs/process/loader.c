/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * loader.c: libloader.so, linked with a DT_RUNPATH of $ORIGIN/sub, opens
 * the plugin libinner.so by its bare name: glibc finds it along the
 * runpath of dlopen's caller, which must still be this library when
 * libgmon's dlopen stands in between.  Built with -DINNER it is
 * libinner.so itself: inner_run(n) calls inner_leaf n times. */
#include <dlfcn.h>
#include <stdio.h>

#ifdef INNER
static volatile int sink;
__attribute__((noinline)) void inner_leaf(int i)
{
	sink += i;
}
void inner_run(int n)
{
	for (int i = 0; i < n; i++)
		inner_leaf(i);
}
#else
int load_inner(void)
{
	void *h = dlopen("libinner.so", RTLD_NOW);
	if (!h) {
		fprintf(stderr, "loader: %s\n", dlerror());
		return 1;
	}
	void (*run)(int) = (void (*)(int))dlsym(h, "inner_run");
	run(55);
	return 0;
}
#endif
