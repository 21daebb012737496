/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * view_pictures.c: what --root, --leaf and --depth keep (view_pictures.h):
 * over the call graph, breadth first (analysis/graph_select.c); over a
 * call stack, the frames between the root and the leaf; and --diff
 * --dot's union of two runs' graphs.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/graph_select.h"
#include "analysis/view_pictures.h"
#include "analysis/views.h"
#include "core/util.h"

bool picture_named(const struct model *m, enum symspec_table table, unsigned char *named)
{
	size_t i;
	bool any = false;

	for (i = 0; i < m->symbols.count; i++) {
		const struct symbol *sym = &m->symbols.base[i];

		if (!sym->hidden && view_picture_names(m, table, sym->address)) {
			named[i] = 1;
			any = true;
		}
	}
	return any;
}

/* The symbol's place in the model's table, or -1 (not one of its symbols). */
static long place_of(const struct model *m, const struct symbol *sym)
{
	const struct symbol_table *t = &m->symbols;

	if (sym < t->base || sym >= t->base + t->count)
		return -1;
	return (long)(sym - t->base);
}

/* The arcs between the model's symbols, as a graph of their places. */
static void model_graph(const struct model *m, struct graph *g)
{
	size_t count = m->symbols.count, i;
	struct graph_arcs arcs = { NULL, NULL, 0, 0 };

	for (i = 0; i < count; i++) {
		const struct arc *arc;

		for (arc = m->symbols.base[i].children; arc; arc = arc->next_child) {
			long to = place_of(m, arc->child);

			if (to >= 0)
				graph_arcs_add(&arcs, i, (size_t)to);
		}
	}
	graph_init(g, count, &arcs);
}

/* One of --root (down) or --leaf (up) given as text: mark reach. */
static void reach_from(const struct model *m, struct graph *g, bool *graph_made,
		       enum symspec_table table, const char *text, int max_depth,
		       unsigned char *reach)
{
	bool down = table == PICTURE_ROOT;

	if (!picture_named(m, table, reach))
		fatal("%s=%s: no function of the program matches", down ? "--root" : "--leaf",
		      text);
	if (!*graph_made)
		model_graph(m, g);
	*graph_made = true;
	graph_reach(g, down, max_depth, reach);
}

void picture_reach(const struct model *m, const char *root, const char *leaf, int max_depth,
		   struct picture_reach *r)
{
	struct graph g = { 0 };
	bool graph_made = false;

	r->rooted = root != NULL;
	r->leafed = leaf != NULL;
	r->below = xcalloc(m->symbols.count + 1, 1);
	r->above = xcalloc(m->symbols.count + 1, 1);
	if (root)
		reach_from(m, &g, &graph_made, PICTURE_ROOT, root, max_depth, r->below);
	if (leaf)
		reach_from(m, &g, &graph_made, PICTURE_LEAF, leaf, max_depth, r->above);
	graph_free(&g);
}

void picture_reach_free(struct picture_reach *r)
{
	free(r->below);
	free(r->above);
	r->below = r->above = NULL;
}

/* Does symspec table t hold the frame's function? */
static bool frame_named(const struct model *m, enum symspec_table t, const struct symbol *sym)
{
	return sym && view_picture_names(m, t, sym->address);
}

bool picture_frames_kept(const struct model *m, int max_depth, const struct symbol *const *frames,
			 size_t depth, size_t *outer, size_t *inner)
{
	bool rooted = view_picture_given(m, PICTURE_ROOT);
	bool leafed = view_picture_given(m, PICTURE_LEAF);
	size_t d;

	*outer = depth - 1;
	*inner = 0;
	if (depth == 0)
		return !rooted && !leafed;
	if (rooted) {
		for (d = depth; d-- > 0;)
			if (frame_named(m, PICTURE_ROOT, frames[d]))
				break;
		if (d == (size_t)-1)
			return false;
		*outer = d;
	}
	if (leafed) {
		for (d = 0; d <= *outer; d++)
			if (frame_named(m, PICTURE_LEAF, frames[d]))
				break;
		if (d > *outer)
			return false;
		*inner = d;
	}
	if (max_depth >= 0) {
		if (rooted && *outer - *inner > (size_t)max_depth)
			*inner = *outer - (size_t)max_depth;
		else if (!rooted && leafed && *outer - *inner > (size_t)max_depth)
			*outer = *inner + (size_t)max_depth;
	}
	return true;
}

/* ------------------------------------------------------------ --diff --dot */

static int compare_entry_keys(const void *l, const void *r)
{
	const struct comparison_entry *a = *(const struct comparison_entry *const *)l;
	const struct comparison_entry *b = *(const struct comparison_entry *const *)r;

	return strcmp(a->key, b->key);
}

static int compare_diff_arcs(const void *l, const void *r)
{
	const struct diff_arc *a = l, *b = r;

	if (a->parent != b->parent)
		return a->parent < b->parent ? -1 : 1;
	if (a->child != b->child)
		return a->child < b->child ? -1 : 1;
	return 0;
}

/* The arcs of both runs between entries, one per pair of nodes. */
static void collect_arcs(const struct comparison *c, struct diff_picture *p)
{
	size_t room = 64, n = 0, i, k;
	struct graph_arcs arcs = { NULL, NULL, 0, 0 };
	int run;

	p->arcs = xmalloc((room + 1) * sizeof(*p->arcs));
	for (run = OLD; run <= NEW; run++) {
		const struct model *m = c->run[run].m;

		for (i = 0; i < m->symbols.count; i++) {
			const struct arc *arc;

			if (c->entry_of[run][i] == NO_ENTRY)
				continue;
			for (arc = m->symbols.base[i].children; arc; arc = arc->next_child) {
				const struct symbol *child = arc->child;
				size_t to;

				if (child < m->symbols.base ||
				    child >= m->symbols.base + m->symbols.count)
					continue;
				to = c->entry_of[run][child - m->symbols.base];
				if (to == NO_ENTRY)
					continue;
				if (n == room) {
					room = 2 * room + 16;
					p->arcs = xrealloc(p->arcs, (room + 1) * sizeof(*p->arcs));
				}
				p->arcs[n] = (struct diff_arc){ p->node[c->entry_of[run][i]],
								p->node[to],
								{ 0, 0 },
								{ false, false },
								!arc->uncounted };
				p->arcs[n].calls[run] = arc->count;
				p->arcs[n].in[run] = true;
				n++;
			}
		}
	}
	qsort(p->arcs, n, sizeof(*p->arcs), compare_diff_arcs);
	for (i = 0, k = 0; i < n; i++) {
		if (k > 0 && compare_diff_arcs(&p->arcs[k - 1], &p->arcs[i]) == 0) {
			struct diff_arc *a = &p->arcs[k - 1];

			for (run = OLD; run <= NEW; run++) {
				a->calls[run] = add_calls(a->calls[run], p->arcs[i].calls[run]);
				a->in[run] |= p->arcs[i].in[run];
			}
			a->counted |= p->arcs[i].counted;
		} else {
			p->arcs[k++] = p->arcs[i];
		}
	}
	p->arc_count = k;

	/* each node's arcs down (to its callees) and up (to its callers) */
	for (i = 0; i < k; i++)
		graph_arcs_add(&arcs, p->arcs[i].parent, p->arcs[i].child);
	graph_init(&p->graph, p->nodes, &arcs);
}

void diff_picture_build(const struct comparison *c, struct diff_picture *p)
{
	const struct comparison_entry **by_name;
	size_t i;

	memset(p, 0, sizeof(*p));
	p->nodes = c->count;
	by_name = xmalloc((p->nodes + 1) * sizeof(*by_name));
	for (i = 0; i < p->nodes; i++)
		by_name[i] = &c->entries[i];
	qsort(by_name, p->nodes, sizeof(*by_name), compare_entry_keys);
	p->entry = xmalloc((p->nodes + 1) * sizeof(size_t));
	p->node = xmalloc((p->nodes + 1) * sizeof(size_t));
	for (i = 0; i < p->nodes; i++) {
		p->entry[i] = (size_t)(by_name[i] - c->entries);
		p->node[p->entry[i]] = i;
	}
	free(by_name);
	collect_arcs(c, p);
	p->cycle = xcalloc(p->nodes + 1, sizeof(size_t));
	p->cycle_count = graph_cycles(&p->graph, p->cycle);
}

void diff_picture_free(struct diff_picture *p)
{
	free(p->entry);
	free(p->node);
	free(p->arcs);
	graph_free(&p->graph);
	free(p->cycle);
	memset(p, 0, sizeof(*p));
}
