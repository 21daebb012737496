/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ordering.h: what building the symbol table needs from -R (ordering.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef ORDERING_H
#define ORDERING_H

/* -R MAP: for a function symbol, NULL to keep it as it is, "" to drop it
 * (an earlier function of its object file stands for the file), else the
 * object file name that replaces its name.  Reads the map on first use. */
const char *file_ordering_rename(const char *function_name);
/* -R with -S: read and check the map, which then renames nothing. */
void file_ordering_check_map(void);
/* Forget the map (for in-process fuzzing). */
void file_ordering_reset(void);

#endif
