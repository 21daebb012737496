/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * graph.c: the call graph printer.
 *
 * Each entry shows the function's callers (parents) above it and its
 * callees (children) below, in the order callgraph_sort_for_printing
 * left them: parents by increasing time carried, children by decreasing,
 * arcs inside a cycle apart, ties in the reverse of the order the arcs
 * were read.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "histogram.h"
#include "printers.h"
#include "report.h"

/* What one call graph needs while it prints its entries. */
struct graph {
	const struct options *opt;
	struct report_out *out;
	FILE *f;
	double hz;
	double print_ticks;       /* 1 when there is none: nothing divides by 0 */
};

static void print_header(const struct model *m, struct graph *g)
{
	const struct options *opt = g->opt;
	FILE *f = g->f;
	double hz = g->hz;

	report_separator(g->out);
	if (!opt->traditional) {
		if (!opt->brief)
			fprintf(f, "\t\t     Call graph (explanation follows)\n\n");
		else
			fprintf(f, "\t\t\tCall graph\n\n");
	}
	fprintf(f, "\ngranularity: each sample hit covers %ld byte(s)", histogram_granularity(&m->histograms));
	if (g->print_ticks > 0.0) {
		fprintf(f, " for %.2f%% of %.2f seconds\n\n", 100.0 / g->print_ticks,
			g->print_ticks / hz);
	} else {
		fprintf(f, " no time propagated\n\n");
		/* every numerator is zero: avoid dividing by it */
		g->print_ticks = 1.0;
	}
	if (opt->traditional) {
		fprintf(f, "%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n", "", "", "", "",
		       "called", "total", "parents");
		fprintf(f, "%-6.6s %5.5s %7.7s %11.11s %7.7s+%-7.7s %-8.8s\t%5.5s\n", "index",
		       "%time", "self", "descendants", "called", "self", "name", "index");
		fprintf(f, "%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n", "", "", "", "",
		       "called", "total", "children");
		fprintf(f, "\n");
	} else {
		fprintf(f, "index %% time    self  children    called     name\n");
	}
}

static void print_cycle(struct graph *g, const struct symbol *cycle)
{
	const struct options *opt = g->opt;
	FILE *f = g->f;
	char buf[32];
	double hz = g->hz;

	snprintf(buf, sizeof(buf), "[%d]", cycle->index);
	fprintf(f, opt->traditional ? "%-6.6s %5.1f %7.2f %11.2f %7lu" : "%-6.6s %5.1f %7.2f %7.2f %7lu",
	       buf, 100 * (cycle->prop_self + cycle->prop_child) / g->print_ticks,
	       cycle->prop_self / hz, cycle->prop_child / hz, cycle->calls);
	if (cycle->self_calls != 0)
		fprintf(f, "+%-7lu", cycle->self_calls);
	else
		fprintf(f, " %7.7s", "");
	fprintf(f, " <cycle %d as a whole> [%d]\n", cycle->cycle_number, cycle->index);
}

static void print_members(struct graph *g, const struct symbol *cycle)
{
	const struct options *opt = g->opt;
	FILE *f = g->f;
	const struct symbol *member;
	double hz = g->hz;
	char self[FIXED_SIZE], children[FIXED_SIZE];

	for (member = cycle->cycle_next; member; member = member->cycle_next) {
		fprintf(f, "%6.6s %5.5s %s %s %7lu", "", "", format_fixed(self, 7, 2, member->prop_self / hz),
		       format_fixed(children, opt->traditional ? 11 : 7, 2, member->prop_child / hz),
		       member->calls);
		if (member->self_calls != 0)
			fprintf(f, "+%-7lu", member->self_calls);
		else
			fprintf(f, " %7.7s", "");
		fprintf(f, "     ");
		print_name(g->out, member);
		fprintf(f, "\n");
	}
}

/* One caller's or callee's line in an entry: other is the function named
 * on it, entry the function the entry is about.  A recursive call, or a
 * call inside the entry's cycle, shows only its count; any other shows
 * the time it carries and its calls out of total. */
static void print_arc_line(struct graph *g, const struct arc *arc, const struct symbol *other,
			   const struct symbol *entry, unsigned long total)
{
	const struct options *opt = g->opt;
	FILE *f = g->f;
	char self[FIXED_SIZE], children[FIXED_SIZE];
	double hz = g->hz;

	if (other == entry || (entry->cycle_number != 0 && other->cycle_number == entry->cycle_number))
		fprintf(f, opt->traditional ? "%6.6s %5.5s %7.7s %11.11s %7lu %7.7s     "
				       : "%6.6s %5.5s %7.7s %7.7s %7lu %7.7s     ",
		       "", "", "", "", arc->count, "");
	else
		fprintf(f, "%6.6s %5.5s %s %s %7lu/%-7lu     ", "", "",
		       format_fixed(self, 7, 2, arc->time / hz),
		       format_fixed(children, opt->traditional ? 11 : 7, 2, arc->child_time / hz),
		       arc->count, total);
	print_name(g->out, other);
	fprintf(f, "\n");
}

static void print_parents(struct graph *g, const struct symbol *child)
{
	const struct options *opt = g->opt;
	FILE *f = g->f;
	const struct arc *arc;
	const struct symbol *cycle_head = child->cycle_head ? child->cycle_head : child;

	if (child->parents == NULL) {
		fprintf(f, opt->traditional ? "%6.6s %5.5s %7.7s %11.11s %7.7s %7.7s     <spontaneous>\n"
				       : "%6.6s %5.5s %7.7s %7.7s %7.7s %7.7s     <spontaneous>\n",
		       "", "", "", "", "", "");
		return;
	}
	for (arc = child->parents; arc; arc = arc->next_parent)
		print_arc_line(g, arc, arc->parent, child, cycle_head->calls);
}

static void print_children(struct graph *g, const struct symbol *parent)
{
	const struct arc *arc;

	for (arc = parent->children; arc; arc = arc->next_child)
		print_arc_line(g, arc, arc->child, parent, arc->child->cycle_head->calls);
}

static void print_entry_line(struct graph *g, const struct symbol *sym)
{
	const struct options *opt = g->opt;
	FILE *f = g->f;
	char buf[32], percent[FIXED_SIZE], self[FIXED_SIZE], children[FIXED_SIZE];
	double hz = g->hz;

	snprintf(buf, sizeof(buf), "[%d]", sym->index);
	fprintf(f, "%-6.6s %s %s %s", buf,
	       format_fixed(percent, 5, 1, 100 * (sym->prop_self + sym->prop_child) / g->print_ticks),
	       format_fixed(self, 7, 2, sym->prop_self / hz),
	       format_fixed(children, opt->traditional ? 11 : 7, 2, sym->prop_child / hz));
	if (sym->calls + sym->self_calls != 0) {
		fprintf(f, " %7lu", sym->calls);
		if (sym->self_calls != 0)
			fprintf(f, "+%-7lu ", sym->self_calls);
		else
			fprintf(f, " %7.7s ", "");
	} else {
		fprintf(f, " %7.7s %7.7s ", "", "");
	}
	print_name(g->out, sym);
	fprintf(f, "\n");
}

void print_call_graph(const struct model *m, const struct options *opt, struct report_out *out)
{
	struct graph graph = { opt, out, out->file, m->histograms.rate, m->print_ticks };
	struct graph *g = &graph;
	FILE *f = out->file;
	size_t i;

	if (!opt->brief && opt->traditional)
		blurb_call_graph_traditional(f);
	print_header(m, g);
	for (i = 0; i < m->by_time_count; i++) {
		const struct symbol *sym = m->by_time[i];

		if (!callgraph_shows(sym, opt))
			continue;
		if (symbol_is_cycle_header(sym)) {
			print_cycle(g, sym);
			print_members(g, sym);
		} else {
			print_parents(g, sym);
			print_entry_line(g, sym);
			print_children(g, sym);
		}
		if (opt->traditional)
			fprintf(f, "\n");
		fprintf(f, "-----------------------------------------------\n");
		if (opt->traditional)
			fprintf(f, "\n");
	}
	if (!opt->brief && !opt->traditional)
		blurb_call_graph(f);
}

