/* SPDX-License-Identifier: BSD-2-Clause
 *
 * dlopen.c: dlopen and dlclose, wrapped so that the object table sees
 * every plugin while it is mapped: after a dlopen (the new objects, with
 * their dependencies) and before a dlclose (so that an object loaded
 * behind the table's back is still named), then after it (what went is
 * flagged unloaded, and kept).  Defined here, these take precedence over
 * the C library's in a static link (as exec.c's functions do; this file
 * is linked only into programs that call dlopen or dlclose) and by
 * interposition through LD_PRELOAD.  dlopen's entry is in assembly
 * (arch/ARCH/dlopen_entry.S): a dlopen whose result depends on who
 * called it goes to the C library's unchanged, and the objects it loaded
 * are named at the next dlopen or dlclose, or at exit.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Ordinary context only, as dlopen itself: it may call the loader.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <string.h>

#include "../include/gmon_out.h"
#include "arch.h"
#include "base.h"
#include "message.h"
#include "objects.h"
#include "process.h"
#include "reuse.h"

#ifndef RTLD_DEEPBIND
#define RTLD_DEEPBIND 0 /* a glibc extension: elsewhere no mode asks for it */
#endif

static void *(*real_dlopen)(const char *, int);
static int (*real_dlclose)(void *);

void mcount(void);
void __cyg_profile_func_enter(void *, void *);

static const struct {
	const char *name;
	void (*ours)(void);
} hooks[] = {
	{ "mcount", mcount },
	{ "_mcount", mcount },
	GMON_ARCH_HOOKS /* the processor's own: __fentry__ on x86-64 */
	{ "__cyg_profile_func_enter", (void (*)(void))__cyg_profile_func_enter },
};
#define NHOOKS (sizeof hooks / sizeof hooks[0])

/* The objects a refresh added that name a hook: found by scan_object
 * while the loader lists them, under its lock, for another thread may
 * dlclose one (unmapping its headers) as soon as the lock is free. */
#define MAX_SCANNED 32
struct hook_scan {
	uint32_t generation;
	unsigned n;
	struct {
		uint32_t slot;
		unsigned hooks; /* bit h: names hooks[h] */
	} found[MAX_SCANNED];
};

static int scan_object(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	struct hook_scan *scan = data;
	if (scan->n == MAX_SCANNED)
		return 1;
	for (uint32_t i = 0, n = gmon_objects_count(); i < n; i++) {
		struct gmon_object_view o;
		if (gmon_object_view(i, &o) != 0 || o.added != scan->generation ||
		    o.bias != info->dlpi_addr || o.phdr != (const void *)info->dlpi_phdr)
			continue;
		if (o.flags & (GMON_OBJECT_UNLOADED | GMON_OBJECT_VDSO | GMON_OBJECT_MAIN))
			break;
		unsigned named = 0;
		for (size_t h = 0; h < NHOOKS; h++)
			if (gmon_object_names(info->dlpi_addr, info->dlpi_phdr, info->dlpi_phnum,
					      hooks[h].name))
				named |= 1u << h;
		if (named) {
			scan->found[scan->n].slot = i;
			scan->found[scan->n++].hooks = named;
		}
		break;
	}
	return 0;
}

/*
 * A -pg object calls mcount through the dynamic loader, which binds it to
 * the first definition in the lookup scope.  A program linked with
 * libgmon.a exports its mcount when GNU ld sees another definition in a
 * library on the link line (libc's) or with --export-dynamic, but not
 * when its symbols are hidden (--exclude-libs, a version script, other
 * linkers); and a plugin opened with RTLD_DEEPBIND looks in its own
 * dependencies, libc among them, first.  Then the plugin's calls go to
 * glibc's mcount, which is not running, and would vanish without a word.
 * Say so, once per object.
 */
static void check_hook_binding(uint32_t generation, void *handle, int mode)
{
	if (!generation)
		return;
	struct hook_scan scan = { .generation = generation };
	unsigned token = gmon_objects_enter();
	dl_iterate_phdr(scan_object, &scan);
	for (unsigned k = 0; k < scan.n; k++) {
		uint32_t i = scan.found[k].slot;
		struct gmon_object_view o;
		if (gmon_object_view(i, &o) != 0)
			continue;
		for (size_t h = 0; h < NHOOKS; h++) {
			if (!(scan.found[k].hooks & 1u << h))
				continue;
			void *bound =
				dlsym(mode & RTLD_DEEPBIND ? handle : RTLD_DEFAULT, hooks[h].name);
			if (!bound || bound == (void *)hooks[h].ours ||
			    gmon_object_find((uintptr_t)bound) == (long)i)
				continue; /* bound to us, or this object defines it */
			char path[256], what[96];
			size_t len = o.path_size < sizeof path - 1 ? o.path_size : sizeof path - 1;
			memcpy(path, o.path, len);
			path[len] = '\0';
			strcpy(what, ": its ");
			strcat(what, hooks[h].name);
			gmon_message(path, what,
				     mode & RTLD_DEEPBIND
					     ? " is another profiling runtime's (glibc's, by "
					       "RTLD_DEEPBIND), so its calls are not counted"
					     : " is another profiling runtime's (glibc's), so its calls "
					       "are not counted: link the program with "
					       "-Wl,--export-dynamic");
			break;
		}
	}
	gmon_objects_leave(token);
	dlerror(); /* a failed lookup of ours must not show as the program's error */
}

static void *(*resolve_dlopen(void))(const char *, int)
{
	void *(*real)(const char *, int) = __atomic_load_n(&real_dlopen, __ATOMIC_ACQUIRE);
	if (!real) {
		real = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
		__atomic_store_n(&real_dlopen, real, __ATOMIC_RELEASE);
	}
	return real;
}

/* Objects loaded since the last refresh (by a dlopen that went straight
 * to the C library's): named at the next dlopen or dlclose, or at exit. */
static int stale; /* atomic */

static void refresh(void *handle, int mode)
{
	__atomic_store_n(&stale, 0, __ATOMIC_RELAXED);
	uint32_t generation = gmon_objects_refresh();
	check_hook_binding(generation, handle, mode);
}

/* Does glibc's dlopen need to see the real caller?  For a name it will
 * search for (no slash) or expand (a dynamic string token such as
 * $ORIGIN), unless the caller is in the object that holds this code (a
 * program linked with libgmon.a calling dlopen itself). */
static int caller_matters(const char *file, uintptr_t caller)
{
	if (!strchr(file, '/') || strchr(file, '$')) {
		unsigned token = gmon_objects_enter();
		long ours = gmon_object_find((uintptr_t)caller_matters);
		int other = ours < 0 || gmon_object_find(caller) != ours;
		gmon_objects_leave(token);
		return other;
	}
	return 0;
}

void *gmon_dlopen_wrapped(const char *file, int mode) GMON_HIDDEN;
void *gmon_dlopen_wrapped(const char *file, int mode)
{
	void *handle = resolve_dlopen()(file, mode);
	if (handle)
		refresh(handle, mode);
	return handle;
}

/* Called by dlopen's entry (arch/ARCH/dlopen_entry.S): where to jump.
 * A real dlopen that cannot be found is the C library's problem: jump
 * to a function that fails as dlopen would have. */
static void *no_dlopen(const char *file, int mode)
{
	(void)file;
	(void)mode;
	return NULL;
}

void *gmon_dlopen_route(const char *file, int mode, uintptr_t caller) GMON_HIDDEN;
void *gmon_dlopen_route(const char *file, int mode, uintptr_t caller)
{
	void *(*real)(const char *, int) = resolve_dlopen();
	(void)mode; /* the C library's dlopen takes it from the registers */
	if (!real)
		return (void *)no_dlopen;
	if (!file || !__atomic_load_n(&gmon_process_enabled, __ATOMIC_ACQUIRE))
		return (void *)real;
	if (__atomic_load_n(&stale, __ATOMIC_RELAXED))
		refresh(NULL, 0);
	/* what went before may come back where it was: its addresses
	 * numbered first */
	gmon_reuse_before_load();
	if (caller_matters(file, caller)) {
		__atomic_store_n(&stale, 1, __ATOMIC_RELAXED);
		return (void *)real;
	}
	return (void *)gmon_dlopen_wrapped;
}

int dlclose(void *handle)
{
	if (!real_dlclose)
		real_dlclose = (int (*)(void *))dlsym(RTLD_NEXT, "dlclose");
	if (!real_dlclose)
		return -1;
	int enabled = __atomic_load_n(&gmon_process_enabled, __ATOMIC_ACQUIRE);
	if (enabled)
		refresh(NULL, 0); /* name what is about to go */
	int rc = real_dlclose(handle);
	if (enabled)
		gmon_objects_refresh(); /* and flag it unloaded */
	return rc;
}
