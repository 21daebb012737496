/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * noexport.c: dlopens the -pg plugin in a way that binds the plugin's
 * mcount to glibc's instead of the program's: with RTLD_DEEPBIND (the
 * plugin's own dependencies, libc among them, come first), or plainly
 * from a program that does not export its mcount (linked with
 * -Wl,--exclude-libs,ALL). */
#include <dlfcn.h>
#include <string.h>

int main(int argc, char **argv)
{
	int deep = argc > 1 && strcmp(argv[1], "deepbind") == 0;
	void *h = dlopen("./plugin.so", RTLD_NOW | (deep ? RTLD_DEEPBIND : 0));
	if (!h)
		return 2;
	void (*run)(int) = (void (*)(int))dlsym(h, "plugin_run");
	run(10);
	dlclose(h);
	return 0;
}
