/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * intern.h: strings to numbers 0, 1, 2... in the order they are first
 * met, each string once (the file names --html lists, pprof's string
 * table).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_INTERN_H
#define GPROF_INTERN_H

#include <stdbool.h>
#include <stddef.h>

/*
 * struct intern_table: strings[i] is the string numbered i; the table
 * keeps the pointers it is given and copies nothing (the caller owns
 * the strings and may replace strings[i] by an equal copy).  slots is an
 * open-addressing hash of 1 + index (0: empty), slot_count a power of
 * two at least twice count.  All zero is an empty table.
 */
struct intern_table {
	const char **strings;
	size_t count, capacity;
	size_t *slots;
	size_t slot_count;
};

/* The number of s, which is added if new (*added then true). */
size_t intern_string(struct intern_table *t, const char *s, bool *added);
/* Free the table's arrays (not the strings). */
void intern_free(struct intern_table *t);

#endif
