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
#include "analysis/view_pictures.h"
#include "core/util.h"
#include "report/labels.h"
#include "report/printers.h"
#include "report/report.h"

/* The picture is the union of the two call graphs
 * (analysis/view_pictures.h's diff_picture): a node for every function
 * of either run, an edge for every pair an arc of either run joins. */
struct picture {
	const struct comparison *c;
	struct report_out *names; /* [OLD], [NEW] */
	const struct picture_options *opt;
	FILE *f;
	struct diff_picture u; /* the union of the two graphs */
	unsigned char *kept;   /* per node: drawn */
};

static const struct comparison_entry *node_entry(const struct picture *p, size_t node)
{
	return &p->c->entries[p->u.entry[node]];
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
		unsigned char *in_run = xcalloc(m->symbols.count + 1, 1);

		named |= picture_named(m, table, in_run);
		for (i = 0; i < m->symbols.count; i++)
			if (in_run[i] && c->entry_of[run][i] != NO_ENTRY)
				reach[p->u.node[c->entry_of[run][i]]] = 1;
		free(in_run);
	}
	if (!named)
		fatal("%s=%s: no function of the program matches", down ? "--root" : "--leaf",
		      text);
	graph_reach(&p->u.graph, down, p->opt->depth, reach);
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
	unsigned char *below = xcalloc(p->u.nodes + 1, 1), *above = xcalloc(p->u.nodes + 1, 1);
	unsigned char *cycle_kept = xcalloc(p->u.cycle_count + 1, 1);
	bool rooted = select_reachable(p, PICTURE_ROOT, true, below);
	bool leafed = select_reachable(p, PICTURE_LEAF, false, above);
	size_t i;

	p->kept = xcalloc(p->u.nodes + 1, 1);
	for (i = 0; i < p->u.nodes; i++) {
		const struct comparison_entry *e = node_entry(p, i);
		bool big = !(c->run[OLD].m->print_ticks > 0 || c->run[NEW].m->print_ticks > 0) ||
			   comparison_total_share(c, OLD, e) >= p->opt->node_threshold ||
			   comparison_total_share(c, NEW, e) >= p->opt->node_threshold;

		p->kept[i] = entry_shown(p->c, e) && big && (!rooted || below[i]) &&
			     (!leafed || above[i]);
		if (p->kept[i])
			cycle_kept[p->u.cycle[i]] = 1;
	}
	for (i = 0; i < p->u.nodes; i++)
		if (p->u.cycle[i] && cycle_kept[p->u.cycle[i]] &&
		    entry_shown(p->c, node_entry(p, i)))
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
static void print_diff_edge(struct picture *p, const struct diff_arc *a)
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
	struct picture pic = { .c = c, .names = names, .opt = opt, .f = f };
	struct picture *p = &pic;
	double largest = 0.0;
	size_t i, cycle;
	int run;

	for (run = OLD; run <= NEW; run++) {
		const struct model *m = c->run[run].m;

		if (m->by_time == NULL || !(m->input & INPUT_CALL_GRAPH))
			fatal("--diff --dot: %s is missing call-graph data", c->run[run].profile);
	}
	diff_picture_build(c, &p->u);
	choose_nodes(p);
	for (i = 0; i < p->u.nodes; i++)
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
	for (cycle = 1; cycle <= p->u.cycle_count; cycle++) {
		bool any = false;

		for (i = 0; i < p->u.nodes; i++)
			any |= p->u.cycle[i] == cycle && p->kept[i];
		if (!any)
			continue;
		fprintf(p->f, "  subgraph cluster_%zu {\n", cycle);
		fprintf(p->f,
			"    label=\"<cycle %zu>\"; style=\"dashed,rounded\"; color=\"#606060\"; "
			"fontname=\"Helvetica\"; fontsize=10;\n",
			cycle);
		for (i = 0; i < p->u.nodes; i++)
			if (p->u.cycle[i] == cycle && p->kept[i])
				print_diff_node(p, i, largest, "    ");
		fprintf(p->f, "  }\n");
	}
	for (i = 0; i < p->u.nodes; i++)
		if (p->u.cycle[i] == 0 && p->kept[i])
			print_diff_node(p, i, largest, "  ");
	for (i = 0; i < p->u.arc_count; i++)
		if (p->kept[p->u.arcs[i].parent] && p->kept[p->u.arcs[i].child])
			print_diff_edge(p, &p->u.arcs[i]);
	fprintf(p->f, "}\n");
	diff_picture_free(&p->u);
	free(p->kept);
}
