/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * filemap.h: the -R/--file-ordering map (nm -A output over object files),
 * read before the symbol table is made, since the functions it names are
 * replaced in the table by their object files.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_FILEMAP_H
#define GPROF_FILEMAP_H

#include "core/model.h"

/* Read the map at path into map; exits with one line naming the file and
 * the line on malformed input. */
void file_map_read(struct file_map *map, const char *path);
/* For a function symbol: NULL to keep it as it is, "" to drop it (an
 * earlier function of its object file stands for the file), else the
 * object file name that replaces its name. */
const char *file_map_rename(const struct file_map *map, const char *function_name);

#endif
