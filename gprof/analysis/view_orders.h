/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * view_orders.h: the orders in which the call graph's views list what
 * hangs under each entry (view_orders.c), computed once for the view
 * (views.c) so that no printer sorts: each function's callers and
 * callees as the text call graph prints them, each cycle's members as
 * the text and --json list them; and each arc's call sites.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_VIEW_ORDERS_H
#define GPROF_VIEW_ORDERS_H

#include "core/model.h"

/*
 * struct graph_order: for the call graph's entries e[0..count), in the
 * order they are shown (views.h's graph_view).  Owns its arrays.
 *   arcs, arc_start   when asked (graph_order_arcs; else NULL): entry
 *                     i's callers are arcs[arc_start[2i]] up to
 *                     arcs[arc_start[2i + 1] - 1], its callees from
 *                     there up to arc_start[2i + 2] (none for a cycle):
 *                     callers by increasing time carried, callees by
 *                     decreasing, recursive calls first, calls inside a
 *                     cycle next (by count), ties in the reverse of the
 *                     order the arcs were read (GNU's in-place sort);
 *                     arc_count of them in all
 *   members,          entry i's members (a cycle's; none for a
 *   json_members,     function) are members[member_start[i]] up to
 *   member_start      member_start[i + 1] - 1, by decreasing time (self
 *                     and children), then calls; ties in the text as
 *                     the cycle was found (GNU's), in --json's by index
 */
struct graph_order {
	const struct arc **arcs;
	size_t *arc_start, arc_count;
	const struct symbol **members, **json_members;
	size_t *member_start;
};

/* Each cycle's members among entries, in both orders. */
void graph_order_members(const struct symbol *const *entries, size_t count, struct graph_order *o);
/* Each function's callers and callees among entries, in print order
 * (entries are m's; the lists as arc_add made them: newest first). */
void graph_order_arcs(const struct model *m, const struct symbol *const *entries, size_t count,
		      struct graph_order *o);
/* Link the arcs of m's entries (o's) in o's order, as GNU gprof leaves
 * them after printing the call graph: -r reads them so. */
void graph_order_link(struct model *m, const struct symbol *const *entries, size_t count,
		      const struct graph_order *o);
void graph_order_free(struct graph_order *o);

/* The arcs' calls by call site (--callgrind's calls= lines): each of
 * model.call_sites (one per site and callee, as the runtime counted
 * them) on the arc its caller and callee make, by arc, then site. */
struct arc_site {
	const struct arc *arc;
	uint64_t address; /* the return address of the call */
	unsigned long count;
};

struct arc_sites {
	struct arc_site *items;
	size_t count;
};

void arc_sites_build(const struct model *m, struct arc_sites *out);
/* An arc's sites, by address, and their number in *n (NULL: none). */
const struct arc_site *arc_sites_of(const struct arc_sites *sites, const struct arc *arc,
				    size_t *n);
void arc_sites_free(struct arc_sites *sites);

#endif
