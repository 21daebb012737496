/* SPDX-License-Identifier: BSD-2-Clause
 *
 * base.h: what every file of the runtime needs: the attribute that keeps
 * its names out of the library's exports, and the one that lets the
 * hook's C routines preserve every register; in libgmon.so, the lookup of
 * the C library's definition a wrapper calls.  Each file then includes
 * the headers of the files whose names it uses (doc/code-map.md, "The
 * runtime"); none includes a file above its own.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_BASE_H
#define GMON_BASE_H

#define GMON_HIDDEN __attribute__((visibility("hidden")))

#ifdef GMON_SHARED
#include <dlfcn.h>

/* libgmon.so's wrappers: the next definition of name after the
 * runtime's own (the C library's), looked up once into *cache; NULL if
 * there is none. */
static inline void *gmon_next_definition(void **cache, const char *name)
{
	void *f = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
	if (!f) {
		f = dlsym(RTLD_NEXT, name);
		__atomic_store_n(cache, f, __ATOMIC_RELEASE);
	}
	return f;
}
#endif

#endif /* GMON_BASE_H */
