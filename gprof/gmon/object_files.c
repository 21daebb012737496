/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * object_files.c: a whole-process profile's objects by the file they
 * name (object_files.h).  A process file records each object by the
 * path it was loaded by; a crafted or merely unlucky one can name one
 * file under many paths (160 spellings of a 110 MB library cost 76 s
 * and 7 GB when each was read as an object of its own).  A new path is
 * therefore looked up by the file it leads to: its device and inode
 * (stat follows links as the later open does, and opens nothing, so a
 * FIFO there is not touched) and the build-id recorded, which the file
 * must have anyway (object.c checks it).  The same file with the same
 * build-id is the same object: its symbols are read once, and the
 * samples of every name land on them.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gmon_out.h"
#include "gmon/object_files.h"
#include "core/util.h"

/* The build-id in hex, then text: ':' never occurs in the hex, so two
 * keys are equal only when both parts are. */
static char *make_key(const struct process_object *po, const char *text)
{
	char *key = xmalloc(2 * po->build_id_size + strlen(text) + 2), *p = key;
	uint32_t i;

	for (i = 0; i < po->build_id_size; i++)
		p += sprintf(p, "%02x", po->build_id[i]);
	*p++ = ':';
	strcpy(p, text);
	return key;
}

/* Keep key in the table t (its number), or free it for the copy there. */
static size_t keep_key(struct object_files *of, struct intern_table *t, char *key, bool *added)
{
	size_t n = intern_string(t, key, added);

	if (*added) {
		of->keys = xrealloc(of->keys, (of->key_count + 1) * sizeof(*of->keys));
		of->keys[of->key_count++] = key;
	} else {
		free(key);
	}
	return n;
}

/* Make room for slot n in an array of object numbers that holds count. */
static size_t *room_for(size_t *objects, size_t n)
{
	/* grown in powers of two: n + 1 a power of two is when it fills */
	if ((n & (n + 1)) == 0) {
		objects = xrealloc(objects, 2 * (n + 1) * sizeof(*objects));
		memset(objects + n, 0, (n + 2) * sizeof(*objects));
	}
	return objects;
}

/* path under --sysroot (malloc'd), or NULL without a root or for a
 * relative path */
static char *under_root(const char *sysroot, const char *path)
{
	char *joined;

	if (sysroot == NULL || path[0] != '/')
		return NULL;
	joined = xmalloc(strlen(sysroot) + strlen(path) + 1);
	strcpy(joined, sysroot);
	strcat(joined, path);
	return joined;
}

/* The key of the file a recorded path leads to, as objects_read will
 * open it (under --sysroot first), or NULL: not there, or no regular
 * file (then it is no object to share). */
static char *file_key(const struct object_files *of, const struct process_object *po)
{
	struct stat st;
	char text[64], *joined = under_root(of->sysroot, po->path);
	bool found = joined && stat(joined, &st) == 0;

	free(joined);
	if (!found && stat(po->path, &st) != 0)
		return NULL;
	/* what object.c will not open is no object to share (a link to
	 * /proc/self/status is refused under its own name) */
	if (!S_ISREG(st.st_mode) || kernel_path(po->path) || kernel_file_system(po->path, -1))
		return NULL;
	snprintf(text, sizeof(text), "%llx:%llx", (unsigned long long)st.st_dev,
		 (unsigned long long)st.st_ino);
	return make_key(po, text);
}

size_t object_files_find(struct object_files *of, const struct model *m,
			 const struct process_object *po)
{
	size_t name, file;
	bool added;
	char *key;

	if (po->flags & (GMON_OBJECT_MAIN | GMON_OBJECT_VDSO))
		return 0;
	name = keep_key(of, &of->names, make_key(po, po->path), &added);
	if (!added) /* a name met before, without an object of its own */
		return of->name_object[name];
	of->name_object = room_for(of->name_object, name);
	of->name_object[name] = m->object_count; /* its own, unless its file has one */
	key = file_key(of, po);
	if (key == NULL)
		return 0;
	file = keep_key(of, &of->files, key, &added);
	if (added) {
		of->file_object = room_for(of->file_object, file);
		of->file_object[file] = m->object_count;
		return 0;
	}
	of->name_object[name] = of->file_object[file];
	return of->name_object[name];
}

const char *object_files_rooted(struct model *m, const char *sysroot, const char *path)
{
	char *joined = under_root(sysroot, path);
	const char *kept = NULL;
	struct stat st;

	if (joined && stat(joined, &st) == 0)
		kept = model_strdup(m, joined);
	free(joined);
	return kept;
}

void object_files_free(struct object_files *of)
{
	size_t i;

	for (i = 0; i < of->key_count; i++)
		free(of->keys[i]);
	free(of->keys);
	free(of->name_object);
	free(of->file_object);
	intern_free(&of->names);
	intern_free(&of->files);
	memset(of, 0, sizeof(*of));
}
