/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * symspec.h: symbol specifications ("main", "file.c", "file.c:func",
 * "file.c:42", "from/to") and the include/exclude tables they fill.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef SYMSPEC_H
#define SYMSPEC_H

#include "gprof.h"

enum symspec_table {
	INCL_GRAPH, EXCL_GRAPH,
	INCL_ARCS, EXCL_ARCS,
	INCL_FLAT, EXCL_FLAT,
	INCL_TIME, EXCL_TIME,
	INCL_ANNO, EXCL_ANNO,
	INCL_EXEC, EXCL_EXEC,
	SYMSPEC_TABLES
};

/* Remember a specification for a table (resolved later). */
void symspec_add(const char *spec, enum symspec_table table);
/* Match every specification against the symbol table. */
void symspec_resolve(void);
/* Forget every specification and table (for in-process fuzzing). */
void symspec_reset(void);
/* Is addr inside a symbol the table holds? */
bool symspec_holds(enum symspec_table table, uint64_t addr);
bool symspec_empty(enum symspec_table table);
/* The usual rule: in the include table, or the include table is empty and
 * the symbol is not in the exclude table. */
bool symspec_selected(enum symspec_table incl, enum symspec_table excl, uint64_t addr);
/* The arcs "from/to" specifications make between table ranges (count 0,
 * in the order made), which GNU's --function-ordering also places. */
size_t symspec_arcs(struct arc ***arcs);
/* How many ranges the tables hold: a bound on any chain through them. */
size_t symspec_range_count(void);
/* -k from/to: is the arc between these symbols named by the table? */
bool symspec_arc_named(enum symspec_table table, const struct symbol *from,
		       const struct symbol *to);

#endif
