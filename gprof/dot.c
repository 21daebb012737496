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
 * is pruned.  doc/dot.md says the same for users.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gprof.h"
#include "report.h"
#include "symbols.h"

static bool is_cycle_header(const struct symbol *sym)
{
	return sym->name == NULL && sym->cycle_number != 0;
}

/* The call graph's entries: the rules the text report applies. */
static bool graph_entry_shown(const struct symbol *sym)
{
	if (!opt.show_zeros && sym->calls == 0 && sym->self_calls == 0 && sym->prop_self == 0 &&
	    sym->prop_child == 0)
		return false;
	return sym->printed && !sym->hidden && !(opt.line_granularity && !sym->is_function) &&
	       !is_cycle_header(sym);
}

static double percent(double ticks)
{
	return print_ticks > 0.0 ? 100.0 * ticks / print_ticks : 0.0;
}

static bool arc_carries_no_time(const struct arc *arc)
{
	return arc->parent == arc->child ||
	       (arc->parent->cycle_number != 0 &&
		arc->parent->cycle_number == arc->child->cycle_number);
}

/* ------------------------------------------------------------ pruning */

static bool node_kept(const struct symbol *sym)
{
	if (!graph_entry_shown(sym))
		return false;
	if (print_ticks <= 0.0)
		return true;
	return percent(sym->prop_self + sym->prop_child) >= opt.node_threshold;
}

static bool edge_kept(const struct arc *arc)
{
	if (!node_kept(arc->parent) || !node_kept(arc->child))
		return false;
	if (print_ticks <= 0.0 || arc_carries_no_time(arc))
		return true;
	return percent(arc->time + arc->child_time) >= opt.edge_threshold;
}

/* ------------------------------------------------------------ text */

/* Write s for use inside a double-quoted DOT string: quotes and
 * backslashes escaped (a backslash starts an escape in a label), control
 * characters shown as \xNN, invalid UTF-8 as U+FFFD (Graphviz reads
 * UTF-8 and rejects what is not). */
static void put_dot_text(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		int length;

		if (*p == '"' || *p == '\\') {
			putchar('\\');
			putchar(*p++);
			continue;
		}
		if (*p < 0x20 || *p == 0x7F) {
			printf("\\\\x%02x", *p++);
			continue;
		}
		length = utf8_sequence_length(p);
		if (length == 0) {
			fputs("\xEF\xBF\xBD", stdout);
			p++;
			continue;
		}
		fwrite(p, 1, (size_t)length, stdout);
		p += length;
	}
}

static void put_name(const struct symbol *sym)
{
	char *to_free;

	put_dot_text(display_name(sym, &to_free));
	free(to_free);
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

static void print_node(const struct symbol *sym, const char *indent)
{
	double total = percent(sym->prop_self + sym->prop_child);
	struct colour c = heat(total);

	printf("%sf%d [label=\"", indent, sym->index);
	put_name(sym);
	printf("\\n%.2f%%\\n(%.2f%%)", total, percent(sym->prop_self));
	if (sym->calls + sym->self_calls != 0) {
		printf("\\n%lu", sym->calls);
		if (sym->self_calls != 0)
			printf("+%lu", sym->self_calls);
		printf("\xC3\x97");
	}
	/* the border grows with self time: the hot spots stand out among
	 * the callers that are hot only through them */
	printf("\", fillcolor=\"%s\", fontcolor=\"%s\", penwidth=%.2f", c.rgb,
	       c.light ? "#000000" : "#ffffff", 1.0 + 3.0 * sqrt(percent(sym->prop_self) / 100.0));
	if (sym->file) {
		printf(", tooltip=\"");
		put_dot_text(file_base_name(sym->file->name));
		printf(":%d\"", sym->line);
	}
	printf("];\n");
}

static void print_edge(const struct arc *arc)
{
	printf("  f%d -> f%d [label=\"", arc->parent->index, arc->child->index);
	if (arc_carries_no_time(arc)) {
		printf("%lu\xC3\x97\", style=dashed, color=\"#808080\", fontcolor=\"#606060\"];\n",
		       arc->count);
	} else {
		double carried = percent(arc->time + arc->child_time);
		struct colour c = heat(carried);

		printf("%.2f%%\\n%lu\xC3\x97\", color=\"%s\", fontcolor=\"%s\", penwidth=%.2f];\n",
		       carried, arc->count, c.rgb, c.dark_rgb, 1.0 + 3.0 * sqrt(carried / 100.0));
	}
}

void print_dot(struct symbol **by_time, unsigned report, int input)
{
	size_t n = symtab.count + (size_t)cycle_count, i;
	int cycle;

	if (by_time == NULL || !(input & INPUT_CALL_GRAPH))
		fatal("gmon.out file is missing call-graph data");

	printf("digraph \"");
	put_dot_text(executable_name);
	printf("\" {\n");
	printf("  graph [fontname=\"Helvetica\", nodesep=0.25, ranksep=0.35];\n");
	printf("  node [fontname=\"Helvetica\", shape=box, style=\"filled,rounded\", "
	       "fontsize=10];\n");
	printf("  edge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.6];\n");

	/* members of each cycle inside its cluster, the rest outside */
	for (cycle = 1; cycle <= cycle_count; cycle++) {
		const struct symbol *header = &cycle_headers[cycle], *member;
		bool any = false;

		for (member = header->cycle_next; member; member = member->cycle_next)
			any |= node_kept(member);
		if (!any)
			continue;
		printf("  subgraph cluster_%d {\n", cycle);
		printf("    label=\"<cycle %d> %.2f%%\"; style=\"dashed,rounded\"; "
		       "color=\"#606060\"; fontname=\"Helvetica\"; fontsize=10;\n",
		       cycle, percent(header->prop_self + header->prop_child));
		for (member = header->cycle_next; member; member = member->cycle_next)
			if (node_kept(member))
				print_node(member, "    ");
		printf("  }\n");
	}
	for (i = 0; i < n; i++)
		if (by_time[i]->cycle_number == 0 && node_kept(by_time[i]))
			print_node(by_time[i], "  ");

	for (i = 0; i < n; i++) {
		const struct arc *arc;

		if (is_cycle_header(by_time[i]) || !node_kept(by_time[i]))
			continue;
		for (arc = by_time[i]->children; arc; arc = arc->next_child)
			if (edge_kept(arc))
				print_edge(arc);
	}
	printf("}\n");
}
