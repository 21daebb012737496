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
#include <stdint.h>
#include <stdlib.h>

#include "analysis/callgraph.h"
#include "symtab/object.h"
#include "analysis/sumorder.h"
#include "symtab/symbols.h"
#include "core/util.h"

/* The symbol table GNU's -s charges arcs to: lines, GNU's symbols. */
static struct model *gnu_line_symbols(const struct read_options *opt, const char *executable)
{
	struct read_options gnu = *opt;
	struct model *m = model_new();
	struct object *obj = model_add_object(m);

	gnu.gnu_quirks |= QUIRK_CLONES | QUIRK_PLT;
	gnu.line_granularity = true;
	object_open(obj, executable, OBJECT_GNU_LINES | OBJECT_GNU_COMP_DIR, NULL);
	symbols_read_lines(m, obj, &gnu);
	return m;
}

/* The pairs, by (caller, callee) indices, numbered as first seen: open
 * addressing. */
struct pairs {
	uint64_t *keys; /* caller * symbols + callee + 1; 0 is empty */
	uint32_t *ids;
	uint32_t *callers; /* by id */
	size_t size, count;
};

static size_t hash_key(uint64_t key, size_t size)
{
	return (size_t)(key * 0x9e3779b97f4a7c15ULL >> 20) & (size - 1);
}

static uint32_t pair_id(struct pairs *t, uint32_t caller, uint64_t key)
{
	size_t h;

	if ((t->count + 1) * 2 > t->size) {
		struct pairs bigger = { .size = t->size ? t->size * 2 : 1024 };
		size_t i;

		bigger.keys = xcalloc(bigger.size, sizeof(*bigger.keys));
		bigger.ids = xmalloc(bigger.size * sizeof(*bigger.ids));
		for (i = 0; i < t->size; i++) {
			if (!t->keys[i])
				continue;
			h = hash_key(t->keys[i], bigger.size);
			while (bigger.keys[h])
				h = (h + 1) & (bigger.size - 1);
			bigger.keys[h] = t->keys[i];
			bigger.ids[h] = t->ids[i];
		}
		bigger.callers = xrealloc(t->callers, bigger.size / 2 * sizeof(*bigger.callers));
		bigger.count = t->count;
		free(t->keys);
		free(t->ids);
		*t = bigger;
	}
	h = hash_key(key, t->size);
	while (t->keys[h]) {
		if (t->keys[h] == key)
			return t->ids[h];
		h = (h + 1) & (t->size - 1);
	}
	t->keys[h] = key;
	t->ids[h] = (uint32_t)t->count;
	t->callers[t->count] = caller;
	return (uint32_t)t->count++;
}

/* The pair of an arc in GNU's symbol table, or UINT32_MAX when GNU would
 * drop the arc (no symbol at either end). */
static uint32_t arc_pair(struct pairs *t, const struct symbol_table *symtab, struct raw_arc arc)
{
	const struct symbol *caller = symbol_lookup(symtab, arc.from_pc);
	const struct symbol *callee = symbol_lookup(symtab, arc.self_pc);

	/* the callee is a function, not a line */
	while (callee && !callee->is_function)
		callee = callee == symtab->base ? NULL : callee - 1;
	if (caller == NULL || callee == NULL)
		return UINT32_MAX;
	return pair_id(t, (uint32_t)(caller - symtab->base),
		       (uint64_t)(caller - symtab->base) * symtab->count +
			       (uint64_t)(callee - symtab->base) + 1);
}

/* Pairs in GNU's order: callers by address, a caller's pairs the last
 * seen first. */
static const uint32_t *sort_callers;

static int compare_pairs(const void *lp, const void *rp)
{
	uint32_t l = *(const uint32_t *)lp, r = *(const uint32_t *)rp;

	if (sort_callers[l] != sort_callers[r])
		return sort_callers[l] < sort_callers[r] ? -1 : 1;
	return l > r ? -1 : l < r;
}

uint32_t *sum_arc_order(const struct model *m, const struct profile_data *data,
			const struct read_options *opt)
{
	size_t count, k;
	struct model *gnu;
	const struct symbol_table *symtab;
	struct pairs pairs = { .keys = NULL };
	uint32_t *by_place, *place_of, *order;
	size_t *starts;

	/* (profile_arc_count would bring streamed arcs into memory) */
	if (profile_arcs_streamed(data) || (count = profile_arc_count(data)) == 0)
		return NULL;
	/* -S: the listing's symbols are the only ones there are */
	gnu = opt->external_symbols ? NULL : gnu_line_symbols(opt, m->objects[0]->path);
	symtab = gnu ? &gnu->symbols : &m->symbols;
	/* the pairs, numbered as first seen; then each pair's place */
	for (k = 0; k < count; k++)
		arc_pair(&pairs, symtab, profile_arc(data, k));
	by_place = xmalloc((pairs.count + 1) * sizeof(*by_place));
	place_of = xmalloc((pairs.count + 1) * sizeof(*place_of));
	for (k = 0; k < pairs.count; k++)
		by_place[k] = (uint32_t)k;
	sort_callers = pairs.callers;
	qsort(by_place, pairs.count, sizeof(*by_place), compare_pairs);
	for (k = 0; k < pairs.count; k++)
		place_of[by_place[k]] = (uint32_t)k;
	place_of[pairs.count] = (uint32_t)pairs.count; /* dropped by GNU: last */
	/* the arcs by their pair's place, as read within one (a counting
	 * sort: 4 bytes an arc, where a sort of keyed arcs took 24) */
	starts = xcalloc(pairs.count + 2, sizeof(*starts));
	for (k = 0; k < count; k++) {
		uint32_t id = arc_pair(&pairs, symtab, profile_arc(data, k));

		starts[place_of[id == UINT32_MAX ? pairs.count : id] + 1]++;
	}
	for (k = 1; k <= pairs.count + 1; k++)
		starts[k] += starts[k - 1];
	order = xmalloc(count * sizeof(*order));
	for (k = 0; k < count; k++) {
		struct raw_arc arc = profile_arc(data, k);
		uint32_t id = arc_pair(&pairs, symtab, arc);
		uint32_t *slot = &order[starts[place_of[id == UINT32_MAX ? pairs.count : id]]++];

		*slot = (uint32_t)k;
		/* GNU's gmon.sum holds only the arcs its call graph kept: none
		 * without a symbol at an end, none -k or -q from/to removed */
		if ((opt->gnu_quirks & QUIRK_SUM_ARCS) &&
		    (id == UINT32_MAX || !callgraph_arc_kept(m, arc.from_pc, arc.self_pc)))
			*slot = UINT32_MAX;
	}
	free(starts);
	free(by_place);
	free(place_of);
	free(pairs.keys);
	free(pairs.ids);
	free(pairs.callers);
	if (gnu)
		model_free(gnu);
	return order;
}
