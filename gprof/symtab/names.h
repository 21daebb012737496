/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * names.h: one rule for the names symbols enter the model with (no
 * symbol-version suffix) and for which of several symbols at one address
 * names it (doc/manual.md, "Names of functions").
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_NAMES_H
#define GPROF_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "core/model.h"

/* sym->name from an object's raw symbol name: "name@@VERSION" and
 * "name@VERSION" become "name", the version kept in sym->version (and
 * sym->old_version for the single "@").  BFD's synthetic symbols
 * ("strlen@plt") are not versions: synthetic says so.  With
 * m->raw_names (GPROF_GNU_QUIRKS=names) the raw name is kept, as GNU
 * gprof shows it. */
void names_set(struct model *m, struct symbol *sym, const char *raw, bool synthetic);
/* Should candidate, rather than kept, name the address they share?
 * (m->alias_rule says whose rule.) */
bool names_better_alias(const struct symbol *candidate, const struct symbol *kept,
			enum alias_rule rule);
/* One symbol per address among symbols[0..count): the best by
 * names_better_alias, the first in the array among equals; the others
 * removed, the order of those kept unchanged.  The number kept. */
size_t names_choose_aliases(struct symbol *symbols, size_t count, enum alias_rule rule);

#endif
