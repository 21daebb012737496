/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * names.c: the names symbols enter the model with, and the one symbol
 * that names an address several symbols share (aliases: pwrite64,
 * __pwrite64 and __libc_pwrite are one function of libc).  Every view
 * prints the model's names, so this is the only place a name is chosen.
 *
 * A symbol version is not part of a name: libc's symbol table calls
 * its functions "__libc_start_main@@GLIBC_2.34" (the default version) or
 * "pthread_cond_signal@GLIBC_2.2.5" (an older one, still there for old
 * programs).  The name is what comes before the "@"; the version is
 * kept beside it (--json's "version").
 *
 * Among aliases, GNU gprof prefers a global symbol to a static one, a
 * function to a line, then fewer leading underscores (none, one, more),
 * then the first in the table: for GNU's inputs that stays the rule, as
 * its reports must stay GNU's.  Whole-process profiles (our runtime's)
 * follow the order perf's symbol code uses, so that both tools name the
 * same function alike: a symbol with a size over one without, a
 * function over a plain label, a strong symbol over a weak one, a global
 * over a local, fewer leading underscores, the longer name; then (ours)
 * a default version over an older one, and the first in the table.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "symtab/names.h"
#include "core/keysort.h"
#include "core/util.h"

void names_set(struct model *m, struct symbol *sym, const char *raw, bool synthetic)
{
	const char *at = raw ? strchr(raw, '@') : NULL;
	const char *version;
	char *bare;

	sym->name = raw;
	sym->version = NULL;
	sym->old_version = 0;
	/* "@" first or last is no version; "x@plt" is BFD's own name */
	if (at == NULL || at == raw || synthetic || m->raw_names)
		return;
	version = at[1] == '@' ? at + 2 : at + 1;
	if (*version == '\0')
		return;
	bare = xmalloc((size_t)(at - raw) + 1);
	memcpy(bare, raw, (size_t)(at - raw));
	bare[at - raw] = '\0';
	sym->name = model_strdup(m, bare);
	free(bare);
	sym->version = model_strdup(m, version);
	sym->old_version = at[1] != '@';
}

static unsigned leading_underscores(const char *name)
{
	unsigned n = 0;

	while (name && name[n] == '_')
		n++;
	return n;
}

/* < 0: a is better; > 0: b is; 0: equal for this step. */
static int prefer(bool a_good, bool b_good)
{
	return (int)b_good - (int)a_good;
}

static int compare_gnu(const struct symbol *a, const struct symbol *b)
{
	unsigned ua = leading_underscores(a->name), ub = leading_underscores(b->name);
	int c;

	if ((c = prefer(!a->is_static, !b->is_static)) != 0)
		return c;
	if ((c = prefer(a->is_function, b->is_function)) != 0)
		return c;
	/* GNU tells apart none, one and more */
	ua = ua > 2 ? 2 : ua;
	ub = ub > 2 ? 2 : ub;
	return (ua > ub) - (ua < ub);
}

static bool glibc_internal(const char *name)
{
	return name && strncmp(name, "__GI_", 5) == 0;
}

static int compare_ours(const struct symbol *a, const struct symbol *b)
{
	unsigned ua = leading_underscores(a->name), ub = leading_underscores(b->name);
	size_t la = a->name ? strlen(a->name) : 0, lb = b->name ? strlen(b->name) : 0;
	int c;

	/* glibc's internal aliases ("__GI_" + the name, for calls that
	 * bypass the PLT) name no function a reader knows: any other first */
	if ((c = prefer(!glibc_internal(a->name), !glibc_internal(b->name))) != 0)
		return c;
	if ((c = prefer(a->has_size, b->has_size)) != 0)
		return c;
	if ((c = prefer(!a->is_untyped, !b->is_untyped)) != 0)
		return c;
	if ((c = prefer(!a->is_weak, !b->is_weak)) != 0)
		return c;
	if ((c = prefer(!a->is_static, !b->is_static)) != 0)
		return c;
	if (ua != ub)
		return ua < ub ? -1 : 1;
	if (la != lb)
		return la > lb ? -1 : 1;
	return prefer(!a->old_version, !b->old_version);
}

bool names_better_alias(const struct symbol *candidate, const struct symbol *kept,
			enum alias_rule rule)
{
	return (rule == ALIASES_OURS ? compare_ours(candidate, kept)
				     : compare_gnu(candidate, kept)) < 0;
}

size_t names_choose_aliases(struct symbol *symbols, size_t count, enum alias_rule rule)
{
	struct keyed *order;
	bool *keep;
	size_t i, first, out = 0;

	if (count < 2)
		return count;
	order = xmalloc(count * sizeof(*order));
	keep = xcalloc(count, sizeof(*keep));
	for (i = 0; i < count; i++)
		order[i] = (struct keyed){ symbols[i].address, i };
	/* by address, then place in the table (a stable sort by address) */
	keysort(order, count);
	for (i = 1; i < count && order[i].key != order[i - 1].key; i++)
		;
	if (i == count) { /* no two at one address: nothing to move */
		free(order);
		free(keep);
		return count;
	}
	for (first = 0; first < count;) {
		size_t best = order[first].index, end = first + 1;

		for (; end < count && order[end].key == order[first].key; end++)
			if (names_better_alias(&symbols[order[end].index], &symbols[best], rule))
				best = order[end].index;
		keep[best] = true;
		first = end;
	}
	for (i = 0; i < count; i++)
		if (keep[i])
			symbols[out++] = symbols[i];
	free(order);
	free(keep);
	return out;
}
