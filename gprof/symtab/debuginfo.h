/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * debuginfo.h: where an object's function names come from: its own symbol
 * table, else its separate debug file (by build-id, by .gnu_debuglink),
 * its MiniDebugInfo or a debuginfod server; and its dynamic symbols.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_DEBUGINFO_H
#define GPROF_DEBUGINFO_H

#include <stdbool.h>
#include <stddef.h>

#include "core/model.h"

/* Where separate debug files are looked for besides /usr/lib/debug. */
struct name_search {
	const char *sysroot;           /* --sysroot: its /usr/lib/debug, or NULL */
	const char *const *debug_dirs; /* --debug-file-directory, in the order given */
	size_t debug_dir_count;
};

/* The symbols of the object open as obj->abfd (path: the file opened,
 * for .gnu_debuglink's directory) into obj->bfd_symbols: its .symtab,
 * else the first debug file found (kept open as obj->debug_abfd), with
 * the dynamic symbols at addresses those did not name, and BFD's
 * synthetic ones (the PLT's "name@plt", made with the dynamic symbols
 * only when plt_symbols: GNU's way is without).  obj->names_from says
 * where the names came from ("debug file PATH + .dynsym", malloc'd), or
 * stays NULL when they are the object's own .symtab. */
void debuginfo_read_symbols(struct object *obj, const char *path, const struct name_search *search,
			    bool plt_symbols);
/* The build-id note of an open BFD into id, at most size bytes: its
 * length, or 0 when it has none. */
size_t debuginfo_build_id(struct bfd *abfd, unsigned char *id, size_t size);

#endif
