/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * object_files.h: a whole-process profile's objects by the file they
 * name, so that one file recorded under several paths (a symbolic
 * link, "dir/./lib.so", a bind mount) is one object, read once.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_OBJECT_FILES_H
#define GPROF_OBJECT_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "core/intern.h"
#include "core/model.h"
#include "gmon/process_file.h"

/*
 * struct object_files: what whole_process.c's object index asks when a
 * path and build-id are new to it.  names: "build-id hex:path" of each
 * such record, its model object in name_object[]; files: "device:inode:
 * build-id hex" of each object opened by a file, its model object in
 * file_object[].  The keys are owned (keys[]).  The file a name stands
 * for is found once (one stat), whatever the runs that repeat it.  A
 * name or file found in neither is entered with the number the new
 * object will have.  sysroot: --sysroot, looked under first as
 * objects_read does.  All zero (with sysroot set) is an empty table.
 */
struct object_files {
	const char *sysroot;
	struct intern_table names, files;
	size_t *name_object, *file_object; /* 0: none (the executable is never an alias) */
	char **keys;
	size_t key_count;
};

/* The model object the record po names under another path: one already
 * made for the same file (device and inode after following links, the
 * same build-id), or 0 when there is none (a new file, a file that is
 * not there, the vDSO): the caller then makes it, numbered
 * m->object_count, and later names of the file find that one. */
size_t object_files_find(struct object_files *of, const struct model *m,
			 const struct process_object *po);
/* --sysroot: the file to open for an object a process file names, under
 * the root when it is there (a profile recorded on another machine, its
 * libraries copied or installed under the root), kept in the model; else
 * NULL: the name as recorded. */
const char *object_files_rooted(struct model *m, const char *sysroot, const char *path);
void object_files_free(struct object_files *of);

#endif
