/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * timeline_page.h: gprof --timeline --html's page (timeline_page.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_TIMELINE_PAGE_H
#define GPROF_TIMELINE_PAGE_H

#include <stddef.h>
#include <stdio.h>

/* The page onto out, carrying json (--timeline --json's document). */
void print_timeline_page(FILE *out, const char *json, size_t size);

#endif
