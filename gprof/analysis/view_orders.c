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
	size_t i, n = 0;

	o->member_start = xmalloc((count + 1) * sizeof(*o->member_start));
	for (i = 0; i < count; i++) {
		const struct symbol *member;

		if (symbol_is_cycle_header(entries[i]))
			for (member = entries[i]->cycle_next; member; member = member->cycle_next)
				n++;
	}
	o->members = xmalloc((n + 1) * sizeof(*o->members));
	o->json_members = xmalloc((n + 1) * sizeof(*o->json_members));
	tmp = xmalloc((n + 1) * sizeof(*tmp));
	n = 0;
	for (i = 0; i < count; i++) {
		const struct symbol *member;
		size_t first = n;

		o->member_start[i] = n;
		if (!symbol_is_cycle_header(entries[i]))
			continue;
		for (member = entries[i]->cycle_next; member; member = member->cycle_next)
			o->members[n++] = member;
		sort_members(o->members + first, tmp, n - first);
		memcpy(o->json_members + first, o->members + first,
		       (n - first) * sizeof(*o->members));
		qsort(o->json_members + first, n - first, sizeof(*o->members), compare_json_member);
	}
	o->member_start[count] = n;
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

/* An arc of entry's list: the other end is read only when entry is in a
 * cycle (that end is elsewhere in memory: a cache miss per arc). */
static struct arc_key arc_key(const struct arc *arc, const struct symbol *entry)
{
	struct arc_key k = { arc, arc->time + arc->child_time, arc->count, ARC_OTHER };

	if (arc->parent == arc->child)
		k.kind = ARC_RECURSIVE;
	else if (entry->cycle_number != 0 && arc->parent->cycle_number == arc->child->cycle_number)
		k.kind = ARC_IN_CYCLE;
	return k;
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
 * The lists are walked a batch of entries at a time, side by side: each
 * arc of a list is a cache miss (a big program's arcs and symbols are
 * scattered), and one list's misses come one after another, while those
 * of BATCH entries' lists overlap.
 */
#define BATCH 16

/* One list being walked: its next arc, the keys gathered so far. */
struct list_walk {
	const struct arc *arc;
	const struct symbol *entry;
	bool parents;
	struct arc_key *keys;
	size_t n, room;
};

struct arc_sort {
	struct list_walk walks[2 * BATCH];
	struct arc_key *tmp;
	size_t tmp_room;
	struct graph_order *o;
	size_t used, arcs_room;
};

static void gather_batch(struct arc_sort *s, size_t walks)
{
	size_t active[2 * BATCH], count = 0, i;

	for (i = 0; i < walks; i++)
		if (s->walks[i].arc)
			active[count++] = i;
	while (count > 0) {
		size_t kept = 0;

		for (i = 0; i < count; i++) {
			struct list_walk *w = &s->walks[active[i]];

			if (w->n == w->room) {
				w->room = w->room ? 2 * w->room : 8;
				w->keys = xrealloc(w->keys, w->room * sizeof(*w->keys));
			}
			w->keys[w->n++] = arc_key(w->arc, w->entry);
			w->arc = w->parents ? w->arc->next_parent : w->arc->next_child;
			if (w->arc)
				active[kept++] = active[i];
		}
		count = kept;
	}
}

/*
 * One list (a function's callers, or its callees), gathered, appended to
 * o->arcs in print order.  GNU gprof sorts by inserting each arc, in
 * list order, before the first arc not smaller (callers) or not larger
 * (callees) than it: a stable sort of the list reversed, which is what
 * is done, in n log n.
 */
static void append_sorted(struct arc_sort *s, struct list_walk *w)
{
	size_t n = w->n, i;

	for (i = 0; i < n / 2; i++) {
		struct arc_key t = w->keys[i];

		w->keys[i] = w->keys[n - 1 - i];
		w->keys[n - 1 - i] = t;
	}
	if (n > s->tmp_room) {
		s->tmp_room = 2 * n;
		s->tmp = xrealloc(s->tmp, s->tmp_room * sizeof(*s->tmp));
	}
	sort_arcs(w->keys, s->tmp, n, w->parents ? 1 : -1);
	if (s->used + n > s->arcs_room) {
		s->arcs_room = 2 * (s->used + n) + 64;
		s->o->arcs = xrealloc(s->o->arcs, s->arcs_room * sizeof(*s->o->arcs));
	}
	for (i = 0; i < n; i++)
		s->o->arcs[s->used++] = w->keys[i].arc;
	w->n = 0;
}

void graph_order_arcs(const struct symbol *const *entries, size_t count, struct graph_order *o)
{
	struct arc_sort s;
	size_t first, i;

	memset(&s, 0, sizeof(s));
	s.o = o;
	o->arcs = NULL;
	o->arc_start = xmalloc((2 * count + 1) * sizeof(*o->arc_start));
	for (first = 0; first < count; first += BATCH) {
		size_t n = count - first < BATCH ? count - first : BATCH;

		for (i = 0; i < n; i++) {
			const struct symbol *sym = entries[first + i];
			bool cycle = symbol_is_cycle_header(sym);

			if (first + BATCH + i < count) /* the next batch's symbols */
				__builtin_prefetch(entries[first + BATCH + i]);
			s.walks[2 * i].arc = cycle ? NULL : sym->parents;
			s.walks[2 * i + 1].arc = cycle ? NULL : sym->children;
			s.walks[2 * i].entry = s.walks[2 * i + 1].entry = sym;
			s.walks[2 * i].parents = true;
			s.walks[2 * i + 1].parents = false;
		}
		gather_batch(&s, 2 * n);
		for (i = 0; i < n; i++) {
			o->arc_start[2 * (first + i)] = s.used;
			append_sorted(&s, &s.walks[2 * i]);
			o->arc_start[2 * (first + i) + 1] = s.used;
			append_sorted(&s, &s.walks[2 * i + 1]);
		}
	}
	o->arc_start[2 * count] = s.used;
	o->arc_count = s.used;
	if (o->arcs == NULL)
		o->arcs = xmalloc(sizeof(*o->arcs));
	for (i = 0; i < 2 * BATCH; i++)
		free(s.walks[i].keys);
	free(s.tmp);
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
