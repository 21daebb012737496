/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * view_orders.c: the call graph's orders under each entry
 * (view_orders.h): each function's callers and callees in the order the
 * text prints them, each cycle's members in the text's and --json's;
 * each arc's call sites, for --callgrind.  GNU gprof sorts the lists
 * in place while it prints; here they are copied, in that order, into
 * arrays the printers walk, and the model is left as it was built
 * (graph_order_link relinks it for -r).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/view_orders.h"
#include "core/util.h"

/* ------------------------------------------------------------ members */

static double member_time(const struct symbol *sym)
{
	return sym->prop_self + sym->prop_child;
}

static unsigned long member_calls(const struct symbol *sym)
{
	return sym->calls + sym->self_calls;
}

/* The text's order: does left come before right?  (Strictly more time,
 * or as much and more calls.) */
static bool member_before(const struct symbol *left, const struct symbol *right)
{
	double left_time = member_time(left), right_time = member_time(right);

	if (left_time > right_time)
		return true;
	if (left_time < right_time)
		return false;
	return member_calls(left) > member_calls(right);
}

/* Stable merge sort of n members by member_before: GNU inserts each
 * member, as the cycle was found, before the first one it comes before,
 * which is this order (and n log n for a cycle of any size). */
static void sort_members(const struct symbol **a, const struct symbol **tmp, size_t n)
{
	size_t mid, i, j, k;

	if (n < 2)
		return;
	mid = n / 2;
	sort_members(a, tmp, mid);
	sort_members(a + mid, tmp, n - mid);
	for (i = 0, j = mid, k = 0; i < mid && j < n;)
		tmp[k++] = member_before(a[j], a[i]) ? a[j++] : a[i++];
	while (i < mid)
		tmp[k++] = a[i++];
	while (j < n)
		tmp[k++] = a[j++];
	memcpy(a, tmp, n * sizeof(*a));
}

/* --json's order: more time, then more calls, then the lower index (a
 * total order: every entry has its own index). */
static int compare_json_member(const void *lp, const void *rp)
{
	const struct symbol *left = *(const struct symbol *const *)lp;
	const struct symbol *right = *(const struct symbol *const *)rp;
	double left_time = member_time(left), right_time = member_time(right);

	if (left_time != right_time)
		return left_time < right_time ? 1 : -1;
	if (member_calls(left) != member_calls(right))
		return member_calls(left) < member_calls(right) ? 1 : -1;
	return left->index - right->index;
}

void graph_order_members(const struct symbol *const *entries, size_t count, struct graph_order *o)
{
	const struct symbol **tmp;
	size_t *cycles = NULL, cycle_count = 0, i, c, n = 0;

	/* the cycles among the entries, found reading each entry once (in
	 * print order, each somewhere else: asked for ahead) */
	for (i = 0; i < count; i++) {
		const struct symbol *member;

		if (i + 16 < count)
			__builtin_prefetch(entries[i + 16]);
		if (!symbol_is_cycle_header(entries[i]))
			continue;
		if ((cycle_count & (cycle_count - 1)) == 0)
			cycles = xrealloc(cycles, (2 * cycle_count + 1) * sizeof(*cycles));
		cycles[cycle_count++] = i;
		for (member = entries[i]->cycle_next; member; member = member->cycle_next)
			n++;
	}
	o->member_start = xmalloc((count + 1) * sizeof(*o->member_start));
	o->members = xmalloc((n + 1) * sizeof(*o->members));
	o->json_members = xmalloc((n + 1) * sizeof(*o->json_members));
	tmp = xmalloc((n + 1) * sizeof(*tmp));
	n = 0;
	for (c = 0, i = 0; i < count; i++) {
		const struct symbol *member;
		size_t first = n;

		o->member_start[i] = n;
		if (c == cycle_count || cycles[c] != i)
			continue;
		c++;
		for (member = entries[i]->cycle_next; member; member = member->cycle_next)
			o->members[n++] = member;
		sort_members(o->members + first, tmp, n - first);
		memcpy(o->json_members + first, o->members + first,
		       (n - first) * sizeof(*o->members));
		qsort(o->json_members + first, n - first, sizeof(*o->members), compare_json_member);
	}
	o->member_start[count] = n;
	free(cycles);
	free(tmp);
}

/* ------------------------------------------------------------ arcs */

/* Recursive arcs first, then arcs inside a cycle (by count), then the
 * rest by time carried, then count.  What it compares is copied out of
 * each arc once (the arc's two symbols are elsewhere in memory, a cache
 * miss each time a comparison read them). */
enum {
	ARC_RECURSIVE,
	ARC_IN_CYCLE,
	ARC_OTHER
};

struct arc_key {
	const struct arc *arc;
	double time;
	unsigned long count;
	int kind;
};

static int compare_arc(const struct arc_key *left, const struct arc_key *right)
{
	if (left->kind == ARC_RECURSIVE)
		return -1;
	if (right->kind == ARC_RECURSIVE)
		return 1;
	if (left->kind == ARC_IN_CYCLE) {
		if (right->kind != ARC_IN_CYCLE)
			return -1;
		if (left->count != right->count)
			return left->count < right->count ? -1 : 1;
		return 0;
	}
	if (right->kind == ARC_IN_CYCLE)
		return 1;
	if (left->time < right->time)
		return -1;
	if (left->time > right->time)
		return 1;
	if (left->count != right->count)
		return left->count < right->count ? -1 : 1;
	return 0;
}

/* Stable merge sort of arcs; descending when sign is -1.  Most lists
 * are a few arcs: those are sorted by insertion (stable too). */
static void sort_arcs(struct arc_key *a, struct arc_key *tmp, size_t n, int sign)
{
	size_t mid, i, j, k;

	if (n <= 8) {
		for (i = 1; i < n; i++) {
			struct arc_key key = a[i];

			for (j = i; j > 0 && sign * compare_arc(&key, &a[j - 1]) < 0; j--)
				a[j] = a[j - 1];
			a[j] = key;
		}
		return;
	}
	mid = n / 2;
	sort_arcs(a, tmp, mid, sign);
	sort_arcs(a + mid, tmp, n - mid, sign);
	for (i = 0, j = mid, k = 0; i < mid && j < n;)
		tmp[k++] = sign * compare_arc(&a[j], &a[i]) < 0 ? a[j++] : a[i++];
	while (i < mid)
		tmp[k++] = a[i++];
	while (j < n)
		tmp[k++] = a[j++];
	memcpy(a, tmp, n * sizeof(*a));
}

/*
 * Every entry's two lists are made from the arcs in the order made (each
 * symbol's lists are its arcs in the reverse of that order,
 * arc_store_chunk): the arcs are read once, in memory order, and each
 * is put in place in o->arcs (its callee's callers, its caller's
 * callees), lists in print order; no list is followed arc by arc (each
 * arc of a list was a cache miss waiting for the one before).  Then
 * each list is sorted, reading its arcs (asked for a few entries ahead).
 */
#define NOT_SHOWN UINT32_MAX

/* list_start[k + 1] (k: 2e callers of entry e, 2e + 1 its callees)
 * counts list k's arcs, is made the start of list k + 1 and then,
 * putting the arcs in from the newest, the start of list k, which is
 * moved to list_start[k]. */
static void place_arcs(const struct model *m, const uint32_t *entry_of, size_t entries,
		       size_t *list_start, struct graph_order *o)
{
	const struct arc_store *store = &m->arcs;
	const struct symbol *base = m->symbols.base;
	size_t c, k, count, total;

	for (c = 0; c < store->chunk_count; c++) {
		const struct arc *arc = arc_store_chunk(store, c, &count);

		for (k = 0; k < count; k++, arc++) {
			uint32_t callee = entry_of[arc->child - base],
				 caller = entry_of[arc->parent - base];

			if (callee != NOT_SHOWN)
				list_start[2 * (size_t)callee + 1]++;
			if (caller != NOT_SHOWN)
				list_start[2 * (size_t)caller + 2]++;
		}
	}
	for (k = 1; k <= 2 * entries; k++)
		list_start[k] += list_start[k - 1];
	total = list_start[2 * entries];
	o->arcs = xmalloc_huge((total + 1) * sizeof(*o->arcs));
	for (c = store->chunk_count; c-- > 0;) {
		const struct arc *first = arc_store_chunk(store, c, &count), *arc;

		for (arc = first + count; arc-- > first;) {
			uint32_t callee = entry_of[arc->child - base],
				 caller = entry_of[arc->parent - base];

			if (callee != NOT_SHOWN)
				o->arcs[--list_start[2 * (size_t)callee + 1]] = arc;
			if (caller != NOT_SHOWN)
				o->arcs[--list_start[2 * (size_t)caller + 2]] = arc;
		}
	}
	memmove(list_start, list_start + 1, 2 * entries * sizeof(*list_start));
	list_start[2 * entries] = total;
}

/* The kind of an arc of a list (the list's function is one of its ends,
 * so an arc inside a cycle is one whose ends share a cycle number). */
static struct arc_key key_of(const struct arc *arc, const struct symbol *base, const int *cycle)
{
	struct arc_key k = { arc, arc->time + arc->child_time, arc->count, ARC_OTHER };
	int parent = cycle[arc->parent - base];

	if (arc->parent == arc->child)
		k.kind = ARC_RECURSIVE;
	else if (parent != 0 && parent == cycle[arc->child - base])
		k.kind = ARC_IN_CYCLE;
	return k;
}

/*
 * One list sorted in place.  GNU gprof sorts by inserting each arc, in
 * list order, before the first arc not smaller (callers) or not larger
 * (callees) than it: a stable sort of the list reversed (the order
 * made, as place_arcs leaves it), which is what is done, in n log n.
 */
struct list_sort {
	const struct symbol *base;
	const int *cycle;
	struct arc_key *keys, *tmp;
	size_t room;
};

static void sort_list(struct list_sort *s, const struct arc **arcs, size_t n, bool parents)
{
	size_t i;

	if (n > s->room) {
		s->room = 2 * n;
		s->keys = xrealloc(s->keys, s->room * sizeof(*s->keys));
		s->tmp = xrealloc(s->tmp, s->room * sizeof(*s->tmp));
	}
	for (i = 0; i < n; i++)
		s->keys[i] = key_of(arcs[i], s->base, s->cycle);
	sort_arcs(s->keys, s->tmp, n, parents ? 1 : -1);
	for (i = 0; i < n; i++)
		arcs[i] = s->keys[i].arc;
}

void graph_order_arcs(const struct model *m, const struct symbol *const *entries, size_t count,
		      struct graph_order *o)
{
	const struct symbol *base = m->symbols.base;
	size_t n = m->symbols.count, i, k;
	uint32_t *entry_of = xmalloc((n + 1) * sizeof(*entry_of));
	int *cycle = xmalloc((n + 1) * sizeof(*cycle));
	struct list_sort s = { base, cycle, NULL, NULL, 0 };

	for (i = 0; i < n; i++) {
		entry_of[i] = NOT_SHOWN;
		cycle[i] = base[i].cycle_number;
	}
	for (i = 0; i < count; i++)
		if (entries[i] >= base && entries[i] < base + n) /* not a cycle */
			entry_of[entries[i] - base] = (uint32_t)i;
	o->arc_start = xcalloc(2 * count + 2, sizeof(*o->arc_start));
	place_arcs(m, entry_of, count, o->arc_start, o);
	for (i = 0; i < count; i++) {
		size_t ahead = 2 * (i + 4);

		if (i + 4 < count)
			for (k = o->arc_start[ahead];
			     k < o->arc_start[ahead + 2] && k < o->arc_start[ahead] + 8; k++)
				__builtin_prefetch(o->arcs[k]);
		sort_list(&s, o->arcs + o->arc_start[2 * i],
			  o->arc_start[2 * i + 1] - o->arc_start[2 * i], true);
		sort_list(&s, o->arcs + o->arc_start[2 * i + 1],
			  o->arc_start[2 * i + 2] - o->arc_start[2 * i + 1], false);
	}
	o->arc_count = o->arc_start[2 * count];
	free(s.keys);
	free(s.tmp);
	free(cycle);
	free(entry_of);
}

void graph_order_link(struct model *m, const struct symbol *const *entries, size_t count,
		      const struct graph_order *o)
{
	size_t i, k;

	for (i = 0; i < count; i++) {
		size_t from = o->arc_start[2 * i], middle = o->arc_start[2 * i + 1],
		       to = o->arc_start[2 * i + 2];
		struct symbol *sym;

		if (symbol_is_cycle_header(entries[i]) || entries[i] < m->symbols.base ||
		    entries[i] >= m->symbols.base + m->symbols.count)
			continue;
		/* the entry and its arcs are m's, which the caller may change */
		sym = &m->symbols.base[entries[i] - m->symbols.base];
		if (sym->parents) /* GNU leaves a function nobody calls as it was */
			sym->parents = (struct arc *)o->arcs[from];
		for (k = from; k < middle; k++)
			((struct arc *)o->arcs[k])->next_parent =
				k + 1 < middle ? (struct arc *)o->arcs[k + 1] : NULL;
		sym->children = middle < to ? (struct arc *)o->arcs[middle] : NULL;
		for (k = middle; k < to; k++)
			((struct arc *)o->arcs[k])->next_child =
				k + 1 < to ? (struct arc *)o->arcs[k + 1] : NULL;
	}
}

void graph_order_free(struct graph_order *o)
{
	free(o->arcs);
	free(o->arc_start);
	free(o->members);
	free(o->json_members);
	free(o->member_start);
	memset(o, 0, sizeof(*o));
}

/* ------------------------------------------------------------ call sites */

static int compare_arc_site(const void *lp, const void *rp)
{
	const struct arc_site *l = lp, *r = rp;
	uintptr_t la = (uintptr_t)l->arc, ra = (uintptr_t)r->arc;

	if (la != ra)
		return la < ra ? -1 : 1;
	return (l->address > r->address) - (l->address < r->address);
}

/* Each site's arc: its caller found as callgraph_tally found it. */
void arc_sites_build(const struct model *m, struct arc_sites *out)
{
	size_t i;

	out->items = xmalloc((m->call_sites.count + 1) * sizeof(*out->items));
	out->count = 0;
	for (i = 0; i < m->call_sites.count; i++) {
		const struct call_site *s = &m->call_sites.sites[i];
		const struct symbol *caller = symbol_lookup(&m->symbols, s->site);
		const struct arc *arc;

		if (caller && caller->alias_of)
			caller = caller->alias_of;
		if (caller == NULL || (arc = arc_lookup(&m->arcs, caller, s->callee)) == NULL)
			continue;
		out->items[out->count++] = (struct arc_site){ arc, s->site, s->count };
	}
	qsort(out->items, out->count, sizeof(*out->items), compare_arc_site);
}

const struct arc_site *arc_sites_of(const struct arc_sites *sites, const struct arc *arc, size_t *n)
{
	size_t low = 0, high = sites->count, first;

	while (low < high) {
		size_t mid = low + (high - low) / 2;

		if ((uintptr_t)sites->items[mid].arc < (uintptr_t)arc)
			low = mid + 1;
		else
			high = mid;
	}
	first = low;
	while (low < sites->count && sites->items[low].arc == arc)
		low++;
	*n = low - first;
	return *n ? &sites->items[first] : NULL;
}

void arc_sites_free(struct arc_sites *sites)
{
	free(sites->items);
	sites->items = NULL;
	sites->count = 0;
}
