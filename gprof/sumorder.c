/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sumorder.c: the order of the arcs in a gmon.sum written by -s.
 *
 * A report breaks ties between arcs of equal counts by the order the arcs
 * were read, so a gmon.sum gives the same reports as GNU's only when its
 * arcs come in GNU's order.  GNU gprof 2.40 (measured) writes one arc per
 * (caller, callee) pair of its own symbols, taken at line granularity (its
 * -s implies -l) with compiler clones dropped and no PLT symbols: callers
 * by address, and each caller's callees in the reverse of the order the
 * pairs were first read.  We keep every arc with its real call site, and
 * write the arcs of one such pair together, the pairs in GNU's order: each
 * reader then meets every pair first where it meets it in GNU's file.
 * Arcs GNU drops (no symbol at either end) come last, as read.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>

#include "object.h"
#include "sumorder.h"
#include "symbols.h"
#include "util.h"

/* One arc's place: its caller's index in GNU's table, its pair's rank
 * (first seen first), and its own index as read. */
struct arc_place {
	size_t caller;
	size_t pair;
	size_t index;
};

static int compare_places(const void *lp, const void *rp)
{
	const struct arc_place *l = lp, *r = rp;

	if (l->caller != r->caller)
		return l->caller < r->caller ? -1 : 1;
	if (l->pair != r->pair) /* the last pair first seen first */
		return l->pair > r->pair ? -1 : 1;
	return l->index < r->index ? -1 : l->index > r->index;
}

/* The symbol table GNU's -s charges arcs to: lines, GNU's symbols. */
static struct model *gnu_line_symbols(const struct options *opt)
{
	struct options gnu = *opt;
	struct model *m = model_new();
	struct object *obj = model_add_object(m);

	gnu.gnu_quirks |= QUIRK_CLONES | QUIRK_PLT;
	gnu.line_granularity = true;
	object_open(obj, opt->executable, false);
	symbols_read_lines(m, obj, &gnu);
	return m;
}

/* The pairs' ranks, by (caller, callee) indices: open addressing. */
struct pair_ranks {
	uint64_t *keys; /* caller * symbols + callee + 1; 0 is empty */
	size_t *ranks;
	size_t size, count;
};

static size_t pair_rank(struct pair_ranks *t, uint64_t key)
{
	size_t h;

	if ((t->count + 1) * 2 > t->size) {
		struct pair_ranks bigger = { .size = t->size ? t->size * 2 : 1024 };
		size_t i;

		bigger.keys = xcalloc(bigger.size, sizeof(*bigger.keys));
		bigger.ranks = xmalloc(bigger.size * sizeof(*bigger.ranks));
		for (i = 0; i < t->size; i++) {
			if (!t->keys[i])
				continue;
			h = (size_t)(t->keys[i] * 0x9e3779b97f4a7c15ULL >> 20) & (bigger.size - 1);
			while (bigger.keys[h])
				h = (h + 1) & (bigger.size - 1);
			bigger.keys[h] = t->keys[i];
			bigger.ranks[h] = t->ranks[i];
		}
		bigger.count = t->count;
		free(t->keys);
		free(t->ranks);
		*t = bigger;
	}
	h = (size_t)(key * 0x9e3779b97f4a7c15ULL >> 20) & (t->size - 1);
	while (t->keys[h]) {
		if (t->keys[h] == key)
			return t->ranks[h];
		h = (h + 1) & (t->size - 1);
	}
	t->keys[h] = key;
	t->ranks[h] = t->count;
	return t->count++;
}

size_t *sum_arc_order(const struct model *m, const struct profile_data *data,
		      const struct options *opt)
{
	size_t count = profile_arc_count(data), k;
	struct model *gnu;
	const struct symbol_table *symtab;
	struct arc_place *places;
	struct pair_ranks ranks = { .keys = NULL };
	size_t *order;

	if (count == 0 || profile_arcs_streamed(data))
		return NULL;
	/* -S: the listing's symbols are the only ones there are */
	gnu = opt->external_symbols ? NULL : gnu_line_symbols(opt);
	symtab = gnu ? &gnu->symbols : &m->symbols;
	places = xmalloc(count * sizeof(*places));
	for (k = 0; k < count; k++) {
		struct raw_arc arc = profile_arc(data, k);
		const struct symbol *caller = symbol_lookup(symtab, arc.from_pc);
		const struct symbol *callee = symbol_lookup(symtab, arc.self_pc);

		/* the callee is a function, not a line */
		while (callee && !callee->is_function)
			callee = callee == symtab->base ? NULL : callee - 1;
		places[k].index = k;
		if (caller == NULL || callee == NULL) {
			places[k].caller = SIZE_MAX;
			places[k].pair = 0;
			continue;
		}
		places[k].caller = (size_t)(caller - symtab->base);
		places[k].pair = pair_rank(&ranks, (uint64_t)places[k].caller * symtab->count +
							   (uint64_t)(callee - symtab->base) + 1);
	}
	qsort(places, count, sizeof(*places), compare_places);
	order = xmalloc(count * sizeof(*order));
	for (k = 0; k < count; k++)
		order[k] = places[k].index;
	free(places);
	free(ranks.keys);
	free(ranks.ranks);
	if (gnu)
		model_free(gnu);
	return order;
}
