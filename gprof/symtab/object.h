/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * object.h: opening an object (the executable) with BFD.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_OBJECT_H
#define GPROF_OBJECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/model.h"

struct name_search;

/* object_open's flags. */
enum {
	OBJECT_PLT_SYMBOLS = 1 << 0, /* a "name@plt" symbol for each PLT stub */
	OBJECT_GNU_LINES = 1 << 1, /* DWARF 5: leading rows in file 0, as BFD 2.40 (lineindex.c) */
	OBJECT_GNU_COMP_DIR = 1 << 2, /* DWARF 5: relative comp dir joined twice, as BFD 2.40 */
};

/* Open path as obj: its BFD, text section, address size and byte order,
 * code range, line index and symbols as BFD gives them (flags: the
 * OBJECT_* above; search: where its debug file may be, debuginfo.h, or NULL
 * for /usr/lib/debug alone).  Exits with one line naming the file on any
 * error. */
void object_open(struct object *obj, const char *path, unsigned flags,
		 const struct name_search *search);
/* Without a build-id, is the file the one that ran as far as a process
 * file tells: does it hold every segment recorded (count start/end pairs,
 * in its own addresses) within its loaded sections? */
bool object_holds_segments(struct bfd *abfd, const uint64_t *segments, size_t count);
/* An object other than the executable, recorded by a whole-process
 * profile: its BFD and symbols, found as the executable's are (debuginfo.h:
 * its debug file by build-id or .gnu_debuglink under the --sysroot's and
 * the other debug directories, its MiniDebugInfo, debuginfod).  Never opens what is not an object of the profile: a path
 * under /proc, /dev or /sys, a FIFO, a device, a file of the kernel's
 * file systems.  When the file is missing, unreadable, not an object, or
 * not the one that ran (its build-id; without one, obj->segments outside
 * its loaded sections), a warning and false: the object is then known by
 * its name alone.  search->sysroot: --sysroot, or NULL. */
bool object_open_other(struct object *obj, const char *path, const struct name_search *search);
/* -c: read the bytes of .text into obj->text_bytes (a warning if not). */
void object_read_text(struct object *obj);
/* File and line of an address, as the debug information gives them;
 * function, when not NULL, gets the function's name there (or NULL). */
bool object_find_line(const struct object *obj, uint64_t address, const char **file,
		      const char **function, int *line);
/* The build-id note of the object's file (.note.gnu.build-id) into id,
 * at most size bytes: its length, or 0 when it has none. */
size_t object_build_id(const struct object *obj, unsigned char *id, size_t size);

#endif
