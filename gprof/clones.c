/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * clones.c: compiler clones.  GCC splits the rarely run part of a function
 * into "f.cold" (placed far away, in .text.unlikely); its samples and the
 * calls made from it are the function's own, so the part is charged to f
 * and never shown by itself.  Other clones (".constprop.N", ".isra.N",
 * ".part.N") are real functions with their own calls and stay as they are.
 * GNU gprof drops all of these symbols, which credits their samples and
 * calls to whatever function happens to precede them (doc/compat.md).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "gprof.h"
#include "symbols.h"

/* The function a ".cold" part belongs to: same name without the suffix,
 * from the same source file when several functions have that name. */
static struct symbol *find_parent(const char *name, size_t len, const struct symbol *part)
{
	struct symbol *found = NULL;
	size_t i;

	for (i = 0; i < symtab.count; i++) {
		struct symbol *sym = &symtab.base[i];

		if (sym == part || strncmp(sym->name, name, len) != 0 || sym->name[len] != '\0')
			continue;
		if (found == NULL || (part->file && sym->file == part->file))
			found = sym;
	}
	return found;
}

void resolve_clones(void)
{
	size_t i;

	if (opt.gnu_quirks & QUIRK_CLONES)
		return;
	for (i = 0; i < symtab.count; i++) {
		struct symbol *sym = &symtab.base[i];
		const char *cold = strstr(sym->name, ".cold");
		struct symbol *parent;

		if (cold == NULL || !sym->is_static || (cold[5] != '\0' && cold[5] != '.'))
			continue;
		parent = find_parent(sym->name, (size_t)(cold - sym->name), sym);
		if (parent == NULL)
			continue;
		sym->alias_of = parent->alias_of ? parent->alias_of : parent;
		sym->hidden = 1;
	}
}
