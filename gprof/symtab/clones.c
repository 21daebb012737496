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

#include "symtab/symbols.h"
#include "core/util.h"

/* The symbols by name (then address), to find a part's function by
 * binary search: a scan of the table per part was quadratic on a large
 * -O2 build, which has thousands of ".cold" parts. */
static int compare_name_then_address(const void *lp, const void *rp)
{
	const struct symbol *left = *(const struct symbol *const *)lp;
	const struct symbol *right = *(const struct symbol *const *)rp;
	int by_name = strcmp(left->name, right->name);

	if (by_name != 0)
		return by_name;
	return left < right ? -1 : left > right;
}

/* Compare the first len bytes of name, as a whole name, with sym's. */
static int compare_prefix(const char *name, size_t len, const struct symbol *sym)
{
	int r = strncmp(name, sym->name, len);

	if (r != 0)
		return r;
	return sym->name[len] == '\0' ? 0 : -1;
}

/* The function a ".cold" part belongs to: same name without the suffix,
 * from the same source file when several functions have that name (the
 * last such in address order), else the first in address order. */
static struct symbol *find_parent(struct symbol **by_name, size_t count, const char *name,
				  size_t len, const struct symbol *part)
{
	size_t low = 0, high = count, i;
	struct symbol *found = NULL;

	while (low < high) { /* the first symbol not below the name */
		size_t mid = low + (high - low) / 2;

		if (compare_prefix(name, len, by_name[mid]) > 0)
			low = mid + 1;
		else
			high = mid;
	}
	for (i = low; i < count && compare_prefix(name, len, by_name[i]) == 0; i++) {
		struct symbol *sym = by_name[i];

		if (sym == part || sym->object != part->object)
			continue;
		if (found == NULL || (part->file && sym->file == part->file))
			found = sym;
	}
	return found;
}

void symbols_resolve_clones(struct model *m, const struct read_options *opt)
{
	struct symbol_table *symtab = &m->symbols;
	struct symbol **by_name = NULL;
	size_t i;

	if (opt->gnu_quirks & QUIRK_CLONES)
		return;
	for (i = 0; i < symtab->count; i++) {
		struct symbol *sym = &symtab->base[i];
		const char *cold = strstr(sym->name, ".cold");
		struct symbol *parent;

		if (cold == NULL || !sym->is_static || (cold[5] != '\0' && cold[5] != '.'))
			continue;
		if (by_name == NULL) {
			size_t k;

			by_name = xmalloc(symtab->count * sizeof(*by_name));
			for (k = 0; k < symtab->count; k++)
				by_name[k] = &symtab->base[k];
			qsort(by_name, symtab->count, sizeof(*by_name), compare_name_then_address);
		}
		parent = find_parent(by_name, symtab->count, sym->name, (size_t)(cold - sym->name),
				     sym);
		if (parent == NULL)
			continue;
		sym->alias_of = parent->alias_of ? parent->alias_of : parent;
		sym->hidden = 1;
	}
	free(by_name);
}
