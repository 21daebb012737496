/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * view_lines.c: what the view tells of source lines and objects
 * (view_lines.h), so that printers look nothing up in symtab/ themselves:
 * the compilation directories of the executable's units (--html's
 * embedded sources, report/page_sources.c), the line of an address
 * (--callgrind) and an object's path.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include "analysis/view_lines.h"
#include "symtab/lineindex.h"
#include "symtab/object.h"

void view_lines_unit_dirs(const struct model *m, const char *const **dirs, size_t *count)
{
	const struct line_index *index = m->object_count ? m->objects[0]->line_index : NULL;

	*dirs = index ? (const char *const *)index->directories : NULL;
	*count = index ? index->directory_count : 0;
}

bool view_line_of(const struct symbol *sym, uint64_t address, const char **file, int *line)
{
	const struct object *obj = sym->object;
	const char *f = NULL;
	int l = 0;

	if (obj && obj->abfd && obj->text && address >= obj->model_base &&
	    object_find_line(obj, address - obj->model_base, &f, NULL, &l) && f && l > 0) {
		*file = f;
		*line = l;
		return true;
	}
	return false;
}

const char *view_object_path(const struct object *obj)
{
	return obj ? obj->path : NULL;
}
