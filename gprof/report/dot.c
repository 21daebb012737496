/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dot.c: the --dot printer, a Graphviz picture of the call graph.
 *
 * Nodes are the call graph's entries (the same symspecs and -z rules as
 * the text), edges the arcs between them, both coloured on one heat scale
 * by the share of the total time they stand for.  Cycles are clusters.
 * Pruning keeps large programs readable: a node whose total time is under
 * --node-threshold percent goes, with its arcs; an arc that carries less
 * than --edge-threshold percent goes.  Arcs that carry no time by their
 * nature (a function calling itself, calls among the members of a cycle)
 * are judged by their ends only, or no cycle would ever be drawn.  When
 * the profile holds no time at all, percentages mean nothing and nothing
 * is pruned.  --root and --leaf keep only what a function calls, or what
 * calls it, to --depth calls away.  A cycle is drawn whole: when one of
 * its members is kept, they all are.  --strip and --wrap shorten the
 * names (labels.c).  doc/dot.md says the same for users.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/view_pictures.h"
#include "gmon_out.h"
#include "report/labels.h"
#include "report/printers.h"
#include "report/report.h"
#include "core/util.h"

struct dot {
	FILE *f;
	const struct view *v;
	const struct model *m;
	const struct picture_options *opt;
	struct report_out *out;
	unsigned char *kept; /* per symbol of m->symbols: drawn */
};

/* The call graph's entries: the rules the text report applies. */
/* Nodes are the call graph's entries, cycles apart. */
static bool graph_entry_shown(struct dot *d, const struct symbol *sym)
{
	return view_graph_shows(d->v, sym) && !symbol_is_cycle_header(sym);
}

static double percent(struct dot *d, double ticks)
{
	return d->m->print_ticks > 0.0 ? 100.0 * ticks / d->m->print_ticks : 0.0;
}

static bool arc_carries_no_time(struct dot *d, const struct arc *arc)
{
	return arc->parent == arc->child || (arc->parent->cycle_number != 0 &&
					     arc->parent->cycle_number == arc->child->cycle_number);
}

/* ------------------------------------------------------------ pruning */

/* The symbol's place in the model's table, or -1 (not one of its symbols). */
static long place_of(struct dot *d, const struct symbol *sym)
{
	const struct symbol_table *t = &d->m->symbols;

	if (sym < t->base || sym >= t->base + t->count)
		return -1;
	return (long)(sym - t->base);
}

static bool node_kept(struct dot *d, const struct symbol *sym)
{
	long place = place_of(d, sym);

	return place >= 0 && d->kept[place];
}

/* Above the node threshold (everything is, when there is no time). */
static bool node_over_threshold(struct dot *d, const struct symbol *sym)
{
	if (d->m->print_ticks <= 0.0)
		return true;
	return percent(d, sym->prop_self + sym->prop_child) >= d->opt->node_threshold;
}

/* Which nodes are drawn: the call graph's entries over the threshold,
 * within --root's and --leaf's reach (analysis/view_pictures.c); then every member of a cycle one
 * of whose members is drawn. */
static void choose_nodes(struct dot *d)
{
	const struct model *m = d->m;
	size_t count = m->symbols.count, i;
	struct picture_reach reach;
	int cycle;

	d->kept = xcalloc(count + 1, 1);
	picture_reach(m, symspec_first(d->opt->symspecs, PICTURE_ROOT),
		      symspec_first(d->opt->symspecs, PICTURE_LEAF), d->opt->depth, &reach);
	for (i = 0; i < count; i++) {
		const struct symbol *sym = &m->symbols.base[i];

		d->kept[i] = graph_entry_shown(d, sym) && node_over_threshold(d, sym) &&
			     (!reach.rooted || reach.below[i]) && (!reach.leafed || reach.above[i]);
	}
	for (cycle = 1; cycle <= m->cycle_count; cycle++) {
		const struct symbol *member;
		bool any = false;

		for (member = m->cycles[cycle].cycle_next; member; member = member->cycle_next)
			any |= node_kept(d, member);
		if (!any)
			continue;
		for (member = m->cycles[cycle].cycle_next; member; member = member->cycle_next) {
			long place = place_of(d, member);

			if (place >= 0 && graph_entry_shown(d, member))
				d->kept[place] = 1;
		}
	}
	picture_reach_free(&reach);
}

static bool edge_kept(struct dot *d, const struct arc *arc)
{
	if (!node_kept(d, arc->parent) || !node_kept(d, arc->child))
		return false;
	if (d->m->print_ticks <= 0.0 || arc_carries_no_time(d, arc))
		return true;
	return percent(d, arc->time + arc->child_time) >= d->opt->edge_threshold;
}

/* ------------------------------------------------------------ text */

static void put_dot_text(struct dot *d, const char *s)
{
	put_dot_string(d->f, s);
}

static void put_name(struct dot *d, const struct symbol *sym)
{
	char *label = label_name(d->out, d->opt, sym), *line, *newline;

	/* --wrap's lines are DOT's centred lines */
	for (line = label; (newline = strchr(line, '\n')) != NULL; line = newline + 1) {
		*newline = '\0';
		put_dot_text(d, line);
		fputs("\\n", d->f);
	}
	put_dot_text(d, line);
	free(label);
	/* a whole-process profile names the other objects, as the text does */
	if (sym->object && !(sym->object->flags & GMON_OBJECT_MAIN) && !sym->is_object &&
	    !sym->is_unnamed) { /* "libm.so.6+0x1a2b0" names it already */
		fputs(" [", d->f);
		put_dot_text(d, sym->object->name);
		fputc(']', d->f);
	}
}

/* ------------------------------------------------------------ colour */

/*
 * One heat scale for nodes and edges: weight 0 (none of the time) is a
 * pale blue, weight 1 (all of it) a deep red, through green and yellow.
 * The square root spreads the small shares most functions have, so that
 * 1% and 10% do not look the same.
 */
struct colour {
	char rgb[8];      /* the fill or line */
	char dark_rgb[8]; /* the same hue, dark enough for text on white */
	bool light;       /* black text reads better on it than white */
};

static double hue_to_channel(double p, double q, double t)
{
	if (t < 0.0)
		t += 1.0;
	if (t > 1.0)
		t -= 1.0;
	if (t < 1.0 / 6.0)
		return p + (q - p) * 6.0 * t;
	if (t < 0.5)
		return q;
	if (t < 2.0 / 3.0)
		return p + (q - p) * (2.0 / 3.0 - t) * 6.0;
	return p;
}

static struct colour heat(double share_percent)
{
	struct colour c;
	double w = share_percent / 100.0, t, hue, saturation, lightness, q, p;
	int r, g, b;

	if (!(w > 0.0))
		w = 0.0;
	if (w > 1.0)
		w = 1.0;
	t = sqrt(w);
	hue = (2.0 / 3.0) * (1.0 - t);
	saturation = 0.55 + 0.4 * t;
	lightness = 0.8 - 0.4 * t;
	q = lightness < 0.5 ? lightness * (1.0 + saturation)
			    : lightness + saturation - lightness * saturation;
	p = 2.0 * lightness - q;
	r = (int)lround(255.0 * hue_to_channel(p, q, hue + 1.0 / 3.0));
	g = (int)lround(255.0 * hue_to_channel(p, q, hue));
	b = (int)lround(255.0 * hue_to_channel(p, q, hue - 1.0 / 3.0));
	snprintf(c.rgb, sizeof(c.rgb), "#%02x%02x%02x", r & 0xFF, g & 0xFF, b & 0xFF);
	snprintf(c.dark_rgb, sizeof(c.dark_rgb), "#%02x%02x%02x", (r * 3 / 5) & 0xFF,
		 (g * 3 / 5) & 0xFF, (b * 3 / 5) & 0xFF);
	/* perceived brightness (ITU-R BT.601 weights) */
	c.light = 0.299 * r + 0.587 * g + 0.114 * b > 140.0;
	return c;
}

/* ------------------------------------------------------------ graph */

static void print_node(struct dot *d, const struct symbol *sym, const char *indent)
{
	double total = percent(d, sym->prop_self + sym->prop_child);
	struct colour c = heat(total);

	fprintf(d->f, "%sf%d [label=\"", indent, sym->index);
	put_name(d, sym);
	fprintf(d->f, "\\n%.2f%%\\n(%.2f%%)", total, percent(d, sym->prop_self));
	if (sym->calls + sym->self_calls != 0) {
		fprintf(d->f, "\\n%lu", sym->calls);
		if (sym->self_calls != 0)
			fprintf(d->f, "+%lu", sym->self_calls);
		fprintf(d->f, "\xC3\x97");
	}
	/* the border grows with self time: the hot spots stand out among
	 * the callers that are hot only through them */
	fprintf(d->f, "\", fillcolor=\"%s\", fontcolor=\"%s\", penwidth=%.2f", c.rgb,
		c.light ? "#000000" : "#ffffff",
		1.0 + 3.0 * sqrt(percent(d, sym->prop_self) / 100.0));
	if (sym->file) {
		fprintf(d->f, ", tooltip=\"");
		put_dot_text(d, file_base_name(d->out->names, sym->file->name));
		fprintf(d->f, ":%d\"", sym->line);
	}
	fprintf(d->f, "];\n");
}

static void print_edge(struct dot *d, const struct arc *arc)
{
	fprintf(d->f, "  f%d -> f%d [label=\"", arc->parent->index, arc->child->index);
	if (arc_carries_no_time(d, arc)) {
		/* an uncounted call (code without -pg) has no count to show */
		if (!arc->uncounted)
			fprintf(d->f, "%lu\xC3\x97", arc->count);
		fprintf(d->f, "\", style=dashed, color=\"#808080\", fontcolor=\"#606060\"];\n");
	} else {
		double carried = percent(d, arc->time + arc->child_time);
		struct colour c = heat(carried);

		fprintf(d->f, "%.2f%%", carried);
		if (!arc->uncounted)
			fprintf(d->f, "\\n%lu\xC3\x97", arc->count);
		fprintf(d->f, "\", color=\"%s\", fontcolor=\"%s\", penwidth=%.2f];\n", c.rgb,
			c.dark_rgb, 1.0 + 3.0 * sqrt(carried / 100.0));
	}
}

void print_dot(const struct view *v, const struct picture_options *opt, struct report_out *out)
{
	const struct model *m = v->model;
	struct dot dot = { .f = out->file, .v = v, .m = m, .opt = opt, .out = out };
	struct dot *d = &dot;
	struct symbol *const *by_time = m->by_time;
	size_t n = m->by_time_count, i;
	char sentence[256];
	int cycle;

	if (by_time == NULL || !(m->input & INPUT_CALL_GRAPH))
		fatal("gmon.out file is missing call-graph data");
	choose_nodes(d);

	fprintf(d->f, "digraph \"");
	put_dot_text(d, m->objects[0]->path);
	fprintf(d->f, "\" {\n");
	fprintf(d->f, "  graph [fontname=\"Helvetica\", nodesep=0.25, ranksep=0.35];\n");
	fprintf(d->f,
		"  node [fontname=\"Helvetica\", shape=box, style=\"filled,rounded\", "
		"fontsize=10];\n");
	fprintf(d->f, "  edge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.6];\n");
	if (m->measured)
		fprintf(d->f, "  // times measured from %llu samples in %zu distinct call stacks\n",
			(unsigned long long)m->process.stacks.samples, m->process.stacks.count);
	if (report_overhead_sentence(m, sentence, sizeof(sentence)))
		fprintf(d->f, "  // %s\n", sentence);

	/* members of each cycle inside its cluster, the rest outside */
	for (cycle = 1; cycle <= m->cycle_count; cycle++) {
		const struct symbol *header = &m->cycles[cycle], *member;
		bool any = false;

		for (member = header->cycle_next; member; member = member->cycle_next)
			any |= node_kept(d, member);
		if (!any)
			continue;
		fprintf(d->f, "  subgraph cluster_%d {\n", cycle);
		fprintf(d->f,
			"    label=\"<cycle %d> %.2f%%\"; style=\"dashed,rounded\"; "
			"color=\"#606060\"; fontname=\"Helvetica\"; fontsize=10;\n",
			cycle, percent(d, header->prop_self + header->prop_child));
		for (member = header->cycle_next; member; member = member->cycle_next)
			if (node_kept(d, member))
				print_node(d, member, "    ");
		fprintf(d->f, "  }\n");
	}
	for (i = 0; i < n; i++)
		if (by_time[i]->cycle_number == 0 && node_kept(d, by_time[i]))
			print_node(d, by_time[i], "  ");

	for (i = 0; i < n; i++) {
		const struct arc *arc;

		if (symbol_is_cycle_header(by_time[i]) || !node_kept(d, by_time[i]))
			continue;
		for (arc = by_time[i]->children; arc; arc = arc->next_child)
			if (edge_kept(d, arc))
				print_edge(d, arc);
	}
	fprintf(d->f, "}\n");
	free(d->kept);
}
