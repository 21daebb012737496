/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * symspec.h: symbol specifications ("main", "file.c", "file.c:func",
 * "file.c:42", "from/to") resolved into the include/exclude tables of the
 * model, and the questions the stages ask of them.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_SYMSPEC_H
#define GPROF_SYMSPEC_H

#include <stdbool.h>
#include <stdint.h>

#include "core/model.h"
#include "core/options.h"

/* Match every specification of opt against the model's symbols, filling
 * m->symspecs, and mark each symbol with the reports that show it
 * (in_flat, in_exec, in_annotation). */
void symspec_resolve(struct model *m, const struct read_options *opt);
/* Is addr inside a symbol the table holds? */
bool symspec_holds(const struct symspec_tables *s, enum symspec_table table, uint64_t addr);
bool symspec_empty(const struct symspec_tables *s, enum symspec_table table);
/* The usual rule: in the include table, or the include table is empty and
 * the symbol is not in the exclude table. */
bool symspec_selected(const struct symspec_tables *s, enum symspec_table incl,
		      enum symspec_table excl, uint64_t addr);
/* -k, -q/-Q with "from/to": is the arc between these symbols named by the
 * table? */
bool symspec_arc_named(const struct symspec_tables *s, enum symspec_table table,
		       const struct symbol *from, const struct symbol *to);

#endif
