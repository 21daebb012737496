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
 * for is found once (one stat), whatever the runs that repeat it.
 * sysroot: --sysroot, looked under first as objects_read does.  All zero
 * (with sysroot set) is an empty table.
 */
struct object_files {
	const char *sysroot;
	struct intern_table names, files;
	size_t *name_object, *file_object; /* 0: none (the executable is never an alias) */
	char **keys;
	size_t key_count;
	/* the name and file of the last record not found, for
	 * object_files_add (SIZE_MAX: none) */
	size_t pending_name, pending_file;
};

/* The model object the record po names under another path: one already
 * made for the same file (device and inode after following links, the
 * same build-id), or 0 when there is none (a new file, a file that is
 * not there, the vDSO). */
size_t object_files_find(struct object_files *of, const struct process_object *po);
/* Object k was just made for the record object_files_find did not find
 * (called next): later names of its file find it. */
void object_files_add(struct object_files *of, size_t k);
void object_files_free(struct object_files *of);

#endif
