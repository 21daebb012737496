/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * view_lines.h: what the view tells of source lines and objects
 * (view_lines.c), so that printers look nothing up in symtab/.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_VIEW_LINES_H
#define GPROF_VIEW_LINES_H

#include "core/model.h"

/* The compilation directories of the executable's units, as its line
 * table names them (owned by the model); none without a line table.
 * view_build puts them in the view (unit_dirs). */
void view_lines_unit_dirs(const struct model *m, const char *const **dirs, size_t *count);
/* The file and line of the code at model address in sym, as the line
 * table gives them (the innermost inlined function's line, in its own
 * file); false when it gives none. */
bool view_line_of(const struct symbol *sym, uint64_t address, const char **file, int *line);
/* An object's path, NULL for none. */
const char *view_object_path(const struct object *obj);

#endif
