/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lineindex.h: an executable's DWARF lines and function ranges, read once
 * (libdw) and looked up by address.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_LINEINDEX_H
#define GPROF_LINEINDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* From address up to the next span's: file:line (file NULL or line 0:
 * no line there) in function (NULL: no name from the debug information).
 * The strings belong to the index. */
struct line_span {
	uint64_t address;
	const char *file;
	const char *function;
	int line;
	uint32_t order; /* while sorting: where it was made (ties keep it) */
};

/* The spans of [low, high), sorted by address, adjacent ones different. */
struct line_index {
	struct line_span *spans;
	size_t count;
	char **strings; /* the files' and functions' names, owned */
	size_t string_slots;
	/* the units' compilation directories (DW_AT_comp_dir), each once, at
	 * most LINE_DIRECTORIES_MAX, owned: where --html may take sources */
	char **directories;
	size_t directory_count;
};

#define LINE_DIRECTORIES_MAX 64

/* line_index_build's gnu flags: name files as BFD 2.40 does in a DWARF 5
 * line table (lineindex.c). */
enum {
	LINE_GNU_FILE_ZERO = 1 << 0, /* a sequence's leading rows in file 0 (dwarf5-lines) */
	LINE_GNU_COMP_DIR = 1 << 1,  /* a relative compilation directory twice (comp-dir) */
};

/* Read path's DWARF for addresses in [low, high): false when libdw cannot
 * read it (not ELF, no DWARF), and index is then empty.  gnu: the
 * LINE_GNU_* quirks asked for. */
bool line_index_build(struct line_index *index, const char *path, uint64_t low, uint64_t high,
		      unsigned gnu);
/* The span holding address, or NULL below the first. */
const struct line_span *line_index_find(const struct line_index *index, uint64_t address);
void line_index_free(struct line_index *index);

/* A DWARF unit's relative file names joined to its compilation
 * directory, each made once: from[i], a libdw string compared by
 * address, became to[i] (malloc'd; its owner frees it). */
struct unit_paths {
	const char **from;
	char **to;
	size_t count;
};

/* name under dir: name itself when it is absolute, dir is NULL or name
 * is under dir already (as libdw names the files of the unit's own
 * directory), else the path made the first time (*made set) and found
 * after.  bfd_join: join a name under a relative dir to it again, as BFD
 * 2.40 does in a DWARF 5 unit (the comp-dir quirk). */
const char *unit_path(struct unit_paths *paths, const char *dir, const char *name, bool bfd_join,
		      bool *made);

#endif
