/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * diff_dot.c: --diff --dot, both runs' call graphs drawn as one (the
 * union of their nodes and arcs), coloured by the change in self time
 * (red slower, green faster), with what only one run had marked; --root,
 * --leaf and --depth choose from that union as they do for --dot
 * (analysis/graph_select.c), and a cycle of either run is drawn whole.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/comparison.h"
#include "analysis/graph_select.h"
#include "core/util.h"
#include "report/labels.h"
#include "report/printers.h"
#include "report/report.h"

/*
 * The picture is the union of the two call graphs: a node for every
 * function of either run (an entry), an edge for every pair of entries
 * that an arc of either run joins (arcs between symbols of one name
 * added up).  Nodes are numbered by name, so that the picture of two
 * runs is the same each time it is drawn.
 */
struct picture {
	const struct comparison *c;
	struct report_out *names; /* [OLD], [NEW] */
	const struct picture_options *opt;
	FILE *f;
	size_t nodes;           /* c->count */
	size_t *entry;          /* node number -> entry, by name */
	size_t *node;           /* entry -> node number */
	struct union_arc *arcs; /* sorted by parent, then child */
	size_t arc_count;
	struct graph graph; /* the nodes and the arcs */
	size_t *cycle;      /* per node: its cycle (1...), or 0 */
	size_t cycle_count;
	unsigned char *kept; /* per node: drawn */
};

/* An edge: calls[run] is the calls it stands for, in[run] whether that
 * run had such an arc, counted whether either run counted its calls
 * (not a call seen only in the stacks: analysis/stack_arcs.c). */
struct union_arc {
	size_t parent, child; /* node numbers */
	unsigned long calls[2];
	bool in[2];
	bool counted;
};

static const struct comparison_entry *node_entry(const struct picture *p, size_t node)
{
	return &p->c->entries[p->entry[node]];
}

static int compare_entry_keys(const void *l, const void *r)
{
	const struct comparison_entry *a = *(const struct comparison_entry *const *)l;
	const struct comparison_entry *b = *(const struct comparison_entry *const *)r;

	return strcmp(a->key, b->key);
}

static int compare_union_arcs(const void *l, const void *r)
{
	const struct union_arc *a = l, *b = r;

	if (a->parent != b->parent)
		return a->parent < b->parent ? -1 : 1;
	if (a->child != b->child)
		return a->child < b->child ? -1 : 1;
	return 0;
}

/* The arcs of both runs between entries, one per pair of nodes. */
static void collect_arcs(struct picture *p)
{
	const struct comparison *c = p->c;
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
				p->arcs[n] = (struct union_arc){ p->node[c->entry_of[run][i]],
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
	qsort(p->arcs, n, sizeof(*p->arcs), compare_union_arcs);
	for (i = 0, k = 0; i < n; i++) {
		if (k > 0 && compare_union_arcs(&p->arcs[k - 1], &p->arcs[i]) == 0) {
			struct union_arc *a = &p->arcs[k - 1];

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

/*
 * --root (down, to the callees) or --leaf (up, to the callers): mark in
 * reach every node at most --depth arcs of either run away from a
 * function the symspec names in either run.  False when none was given.
 */
static bool select_reachable(struct picture *p, enum symspec_table table, bool down,
			     unsigned char *reach)
{
	const struct comparison *c = p->c;
	const char *text = symspec_first(p->opt->symspecs, table);
	size_t i;
	bool named = false;
	int run;

	if (text == NULL)
		return false;
	for (run = OLD; run <= NEW; run++) {
		const struct model *m = c->run[run].m;

		for (i = 0; i < m->symbols.count; i++) {
			const struct symbol *sym = &m->symbols.base[i];

			if (sym->hidden || !view_picture_names(m, table, sym->address))
				continue;
			named = true;
			if (c->entry_of[run][i] == NO_ENTRY)
				continue;
			reach[p->node[c->entry_of[run][i]]] = 1;
		}
	}
	if (!named)
		fatal("%s=%s: no function of the program matches", down ? "--root" : "--leaf",
		      text);
	graph_reach(&p->graph, down, p->opt->depth, reach);
	return true;
}

/* Does the call graph of either run show the entry? */
static bool entry_shown(const struct comparison *c, const struct comparison_entry *e)
{
	return (e->sym[OLD] && view_graph_shows(&c->run[OLD].view, e->sym[OLD])) ||
	       (e->sym[NEW] && view_graph_shows(&c->run[NEW].view, e->sym[NEW]));
}

/* Which nodes are drawn: the entries either call graph shows, whose
 * total share in either run reaches the node threshold, within --root's
 * and --leaf's reach; then every member of a cycle one of whose members
 * is drawn (and that either call graph shows). */
static void choose_nodes(struct picture *p)
{
	const struct comparison *c = p->c;
	unsigned char *below = xcalloc(p->nodes + 1, 1), *above = xcalloc(p->nodes + 1, 1);
	unsigned char *cycle_kept = xcalloc(p->cycle_count + 1, 1);
	bool rooted = select_reachable(p, PICTURE_ROOT, true, below);
	bool leafed = select_reachable(p, PICTURE_LEAF, false, above);
	size_t i;

	p->kept = xcalloc(p->nodes + 1, 1);
	for (i = 0; i < p->nodes; i++) {
		const struct comparison_entry *e = node_entry(p, i);
		bool big = !(c->run[OLD].m->print_ticks > 0 || c->run[NEW].m->print_ticks > 0) ||
			   comparison_total_share(c, OLD, e) >= p->opt->node_threshold ||
			   comparison_total_share(c, NEW, e) >= p->opt->node_threshold;

		p->kept[i] = entry_shown(p->c, e) && big && (!rooted || below[i]) &&
			     (!leafed || above[i]);
		if (p->kept[i])
			cycle_kept[p->cycle[i]] = 1;
	}
	for (i = 0; i < p->nodes; i++)
		if (p->cycle[i] && cycle_kept[p->cycle[i]] && entry_shown(p->c, node_entry(p, i)))
			p->kept[i] = 1;
	free(below);
	free(above);
	free(cycle_kept);
}

/* White for no change, to red (slower) or green (faster) for the
 * largest change drawn; the square root spreads the small ones. */
static void change_colour(double change, double largest, char rgb[8], bool *dark)
{
	double t = largest > 0 ? sqrt(fabs(change) / largest) : 0.0;
	int r, g, b;

	if (t > 1.0)
		t = 1.0;
	if (change > 0) { /* #d62728 */
		r = (int)lround(255 - t * (255 - 0xd6));
		g = (int)lround(255 - t * (255 - 0x27));
		b = (int)lround(255 - t * (255 - 0x28));
	} else { /* #2ca02c */
		r = (int)lround(255 - t * (255 - 0x2c));
		g = (int)lround(255 - t * (255 - 0xa0));
		b = (int)lround(255 - t * (255 - 0x2c));
	}
	snprintf(rgb, 8, "#%02x%02x%02x", r & 0xFF, g & 0xFF, b & 0xFF);
	*dark = t > 0.7;
}

/* A function that ran in one run only has a dashed outline (the old run
 * only: grey, "vanished") or a bold one (the new run only, "appeared"). */
static void print_diff_node(struct picture *p, size_t node, double largest, const char *indent)
{
	const struct comparison *c = p->c;
	const struct comparison_entry *e = node_entry(p, node);
	int run = e->sym[NEW] ? NEW : OLD;
	char rgb[8], *name = label_name(&p->names[run], p->opt, e->sym[run]), *line, *newline;
	bool dark, vanished = strcmp(e->status, "vanished") == 0,
		   appeared = strcmp(e->status, "appeared") == 0;

	change_colour(e->self_change, largest, rgb, &dark);
	fprintf(p->f, "%sf%zu [label=\"", indent, node);
	/* --wrap's lines are DOT's centred lines */
	for (line = name; (newline = strchr(line, '\n')) != NULL; line = newline + 1) {
		*newline = '\0';
		put_dot_string(p->f, line);
		fputs("\\n", p->f);
	}
	put_dot_string(p->f, line);
	free(name);
	/* a function of another object is named with it, as in the table */
	if (e->key != e->name) {
		fputs(" [", p->f);
		put_dot_string(p->f, e->sym[run]->object->name);
		fputc(']', p->f);
	}
	if (vanished || appeared)
		fprintf(p->f, "\\n(%s)", e->status);
	fprintf(p->f, "\\nself %.3f \xE2\x86\x92 %.3f s (%+.3f)",
		comparison_seconds(c, OLD, e->f[OLD].self),
		comparison_seconds(c, NEW, e->f[NEW].self), e->self_change);
	fprintf(p->f,
		"\\ntotal %.3f \xE2\x86\x92 %.3f s\\n%lu \xE2\x86\x92 %lu\xC3\x97\", "
		"fillcolor=\"%s\", fontcolor=\"%s\"",
		comparison_seconds(c, OLD, e->f[OLD].total),
		comparison_seconds(c, NEW, e->f[NEW].total), e->f[OLD].calls, e->f[NEW].calls, rgb,
		dark ? "#ffffff" : "#000000");
	if (vanished)
		fprintf(p->f, ", style=\"filled,rounded,dashed\", color=\"#808080\"");
	else if (appeared)
		fprintf(p->f, ", style=\"filled,rounded,bold\"");
	fprintf(p->f, "];\n");
}

/* An arc of one run only is dashed: grey when only the old run made it,
 * dark and bold when only the new one did. */
static void print_diff_edge(struct picture *p, const struct union_arc *a)
{
	fprintf(p->f, "  f%zu -> f%zu [label=\"", a->parent, a->child);
	if (a->counted) /* a call no run counted has no count to show */
		fprintf(p->f, "%lu \xE2\x86\x92 %lu\xC3\x97", a->calls[OLD], a->calls[NEW]);
	fprintf(p->f, "\"");
	if (!a->in[NEW])
		fprintf(p->f, ", style=dashed, color=\"#b0b0b0\"");
	else if (!a->in[OLD])
		fprintf(p->f, ", style=\"dashed,bold\", color=\"#404040\"");
	fprintf(p->f, "];\n");
}

void print_dot_diff(const struct comparison *c, struct report_out names[2],
		    const struct picture_options *opt, FILE *f)
{
	struct picture pic = { .c = c, .names = names, .opt = opt, .f = f, .nodes = c->count };
	struct picture *p = &pic;
	const struct comparison_entry **by_name;
	double largest = 0.0;
	size_t i, cycle;
	int run;

	for (run = OLD; run <= NEW; run++) {
		const struct model *m = c->run[run].m;

		if (m->by_time == NULL || !(m->input & INPUT_CALL_GRAPH))
			fatal("--diff --dot: %s is missing call-graph data", c->run[run].profile);
	}
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
	collect_arcs(p);
	p->cycle = xcalloc(p->nodes + 1, sizeof(size_t));
	p->cycle_count = graph_cycles(&p->graph, p->cycle);
	choose_nodes(p);
	for (i = 0; i < p->nodes; i++)
		if (p->kept[i] && fabs(node_entry(p, i)->self_change) > largest)
			largest = fabs(node_entry(p, i)->self_change);

	fprintf(p->f, "digraph \"");
	put_dot_string(p->f, c->run[NEW].executable);
	fprintf(p->f, "\" {\n");
	fprintf(p->f,
		"  graph [fontname=\"Helvetica\", nodesep=0.25, ranksep=0.35, labelloc=t, "
		"label=\"");
	put_dot_string(p->f, c->run[OLD].profile);
	fprintf(p->f, " \xE2\x86\x92 ");
	put_dot_string(p->f, c->run[NEW].profile);
	fprintf(p->f, ": %.3f s \xE2\x86\x92 %.3f s (red: slower, green: faster)\"];\n",
		comparison_run_time(c, OLD), comparison_run_time(c, NEW));
	/* each run's profiler time, as --dot states it */
	for (run = OLD; run <= NEW; run++) {
		char sentence[256];

		if (report_overhead_sentence(c->run[run].m, sentence, sizeof(sentence)))
			fprintf(p->f, "  // %s: %s\n", run == OLD ? "old" : "new", sentence);
	}
	fprintf(p->f,
		"  node [fontname=\"Helvetica\", shape=box, style=\"filled,rounded\", "
		"fontsize=10];\n");
	fprintf(p->f,
		"  edge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.6, color=\"#808080\", "
		"fontcolor=\"#606060\"];\n");
	/* members of each cycle inside its cluster, the rest outside */
	for (cycle = 1; cycle <= p->cycle_count; cycle++) {
		bool any = false;

		for (i = 0; i < p->nodes; i++)
			any |= p->cycle[i] == cycle && p->kept[i];
		if (!any)
			continue;
		fprintf(p->f, "  subgraph cluster_%zu {\n", cycle);
		fprintf(p->f,
			"    label=\"<cycle %zu>\"; style=\"dashed,rounded\"; color=\"#606060\"; "
			"fontname=\"Helvetica\"; fontsize=10;\n",
			cycle);
		for (i = 0; i < p->nodes; i++)
			if (p->cycle[i] == cycle && p->kept[i])
				print_diff_node(p, i, largest, "    ");
		fprintf(p->f, "  }\n");
	}
	for (i = 0; i < p->nodes; i++)
		if (p->cycle[i] == 0 && p->kept[i])
			print_diff_node(p, i, largest, "  ");
	for (i = 0; i < p->arc_count; i++)
		if (p->kept[p->arcs[i].parent] && p->kept[p->arcs[i].child])
			print_diff_edge(p, &p->arcs[i]);
	fprintf(p->f, "}\n");
	free(p->entry);
	free(p->node);
	free(p->arcs);
	graph_free(&p->graph);
	free(p->cycle);
	free(p->kept);
}
