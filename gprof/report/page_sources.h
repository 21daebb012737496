/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * page_sources.h: which source files a page made to be shared (--html)
 * may hold: only those under the program's compilation directories or
 * the search path (-I, $GPROF_PATH), whatever else the debug
 * information names.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_PAGE_SOURCES_H
#define GPROF_PAGE_SOURCES_H

#include <stdio.h>

#include "analysis/views.h"

/* The directories, each as its real path (links resolved), that exist. */
struct page_sources {
	char **dirs;
	size_t count;
};

/* The executable's units' compilation directories (not "/"; the
 * view's, view_lines.c) and the search path's directories (the view's
 * options'). */
void page_sources_init(struct page_sources *ps, const struct view *v);
/* The source file of that name as -A finds it (report_open_source, in
 * v's search path), if the file opened lies under one of the
 * directories; else NULL. */
FILE *page_sources_open(const struct page_sources *ps, const struct view *v, const char *name);
void page_sources_free(struct page_sources *ps);

#endif
