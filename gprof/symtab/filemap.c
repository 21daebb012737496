/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * filemap.c: read the -R map: "FILE:ADDRESS TYPE NAME" lines as nm -A
 * prints them over object files.  Every function it names is replaced in
 * the symbol table by its file, so that arcs join files instead of
 * functions (ordering.c prints the files' order).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "symtab/filemap.h"
#include "core/util.h"

/* The longest field GNU gprof reads from a map line. */
#define MAP_FIELD_MAX 1023

static int compare_map_function(const void *l, const void *r)
{
	const struct file_map_entry *left = l, *right = r;

	return strcmp(left->function_name, right->function_name);
}

static int search_map_function(const void *key, const void *entry)
{
	return strcmp(key, ((const struct file_map_entry *)entry)->function_name);
}

/* Read characters up to (not including) a newline, or a colon as well
 * when stop_at_colon; false if the field is longer than GNU accepts. */
static bool read_field(FILE *f, char *buf, bool stop_at_colon)
{
	size_t n = 0;
	int c;

	while ((c = getc(f)) != EOF && c != '\n' && !(stop_at_colon && c == ':')) {
		if (n == MAP_FIELD_MAX)
			return false;
		buf[n++] = (char)c;
	}
	if (c != EOF)
		ungetc(c, f);
	buf[n] = '\0';
	return true;
}

/* Read the -R map: "FILE:... NAME" lines (the function is the last word),
 * "No symbols in ..." lines skipped.  Whitespace between lines is skipped,
 * as GNU gprof's scanner does. */
void file_map_read(struct file_map *map, const char *path)
{
	FILE *f = fopen(path, "r");
	char file[MAP_FIELD_MAX + 1], rest[MAP_FIELD_MAX + 1];
	size_t capacity = 0, i;
	int line = 1, c;

	if (f == NULL)
		fatal("%s: cannot open the file-ordering map: %s", path, strerror(errno));
	while ((c = getc(f)) != EOF) {
		const char *space;
		struct file_map_entry *e;

		ungetc(c, f);
		if (c == '\n' || c == ':')
			fatal("%s:%d: a map line must start with an object file name", path, line);
		if (!read_field(f, file, true))
			fatal("%s:%d: object file name longer than %d characters", path, line,
			      MAP_FIELD_MAX);
		if (strncmp(file, "No symbols in ", 14) == 0) {
			read_field(f, rest, false);
			goto next_line;
		}
		if (!read_field(f, rest, false))
			fatal("%s:%d: line longer than %d characters", path, line, MAP_FIELD_MAX);
		space = strrchr(rest, ' ');
		if (rest[0] == '\0' || space == NULL)
			fatal("%s:%d: expected 'FILE:ADDRESS TYPE NAME' (nm -A output)", path,
			      line);
		if (map->count == capacity) {
			capacity = capacity ? capacity * 2 : 64;
			map->entries = xrealloc(map->entries, capacity * sizeof(*map->entries));
		}
		e = &map->entries[map->count++];
		e->file_name = xstrdup(file);
		e->function_name = xstrdup(space + 1);
		e->is_first = false;
next_line:
		/* count the newlines that the whitespace skip passes over */
		while ((c = getc(f)) == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' ||
		       c == '\r')
			if (c == '\n')
				line++;
		if (c != EOF)
			ungetc(c, f);
	}
	if (ferror(f))
		fatal("%s: read error: %s", path, strerror(errno));
	fclose(f);
	if (map->count == 0)
		fatal("%s: the file-ordering map names no functions", path);

	/* runs of one file are marked before sorting, in the map's order */
	for (i = 0; i < map->count; i++)
		map->entries[i].is_first = i == 0 || strcmp(map->entries[i].file_name,
							    map->entries[i - 1].file_name) != 0;
	qsort(map->entries, map->count, sizeof(*map->entries), compare_map_function);
}

const char *file_map_rename(const struct file_map *map, const char *function_name)
{
	const struct file_map_entry *found;

	found = bsearch(function_name, map->entries, map->count, sizeof(*map->entries),
			search_map_function);
	if (found == NULL)
		return NULL;
	return found->is_first ? found->file_name : "";
}
