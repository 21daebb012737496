/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * graph.c: the call graph printer.
 *
 * Each entry shows the function's callers (parents) above it and its
 * callees (children) below, a cycle its members, in the order the view
 * gives them (analysis/view_orders.h): parents by increasing time
 * carried, children by decreasing, arcs inside a cycle apart, ties in
 * the reverse of the order the arcs were read.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/histogram.h"
#include "report/printers.h"
#include "report/report.h"

/* What one call graph needs while it prints its entries.  The entries'
 * lines are built in line and written in blocks (text.h): the header
 * before them and the blurb after go straight to f. */
struct graph {
	const struct text_options *opt;
	const struct model *m;
	struct report_out *out;
	FILE *f;
	double hz;
	double print_ticks; /* 1 when there is none: nothing divides by 0 */
	struct text line;
};

/* "%-6.6s" of "[index]" */
static void text_entry_index(struct text *t, int index)
{
	size_t start = t->length, n;

	text_char(t, '[');
	text_int(t, index);
	text_char(t, ']');
	n = t->length - start;
	if (n > 6)
		t->length = start + 6;
	else
		text_spaces(t, 6 - n);
}

/* "%7lu" and then "+%-7lu" or " %7.7s" of "" */
static void text_calls(struct text *t, unsigned long calls, unsigned long self_calls)
{
	text_unsigned(t, calls, 7, false);
	if (self_calls != 0) {
		text_char(t, '+');
		text_unsigned(t, self_calls, 7, true);
	} else {
		text_spaces(t, 8);
	}
}

static void print_header(const struct model *m, struct graph *g)
{
	const struct text_options *opt = g->opt;
	FILE *f = g->f;
	double hz = g->hz;
	char sentence[256], names_sentence[1024];
	bool overhead = report_overhead_sentence(m, sentence, sizeof(sentence));
	bool names = report_names_sentence(m, names_sentence, sizeof(names_sentence));

	report_separator(g->out);
	if (!opt->traditional) {
		if (!opt->brief)
			fprintf(f, "\t\t     Call graph (explanation follows)\n\n");
		else
			fprintf(f, "\t\t\tCall graph\n\n");
	}
	fprintf(f, "\ngranularity: each sample hit covers %ld byte(s)",
		histogram_granularity(&m->histograms));
	if (g->print_ticks > 0.0) {
		fprintf(f, " for %.2f%% of %.2f seconds\n\n", 100.0 / g->print_ticks,
			g->print_ticks / hz);
	} else {
		fprintf(f, " no time propagated\n\n");
		/* every numerator is zero: avoid dividing by it */
		g->print_ticks = 1.0;
	}
	if (m->measured) {
		const struct model_stacks *st = &m->process.stacks;

		fprintf(f,
			"Times below are measured from %llu samples in %zu distinct call stacks.\n",
			(unsigned long long)st->samples, st->count);
		/* what the runtime could not record, said only when it happened */
		if (st->lost)
			fprintf(f,
				"%llu samples had no stack recorded (the stack table was full).\n",
				(unsigned long long)st->lost);
		if (st->at_limit || st->cut_short)
			fprintf(f,
				"%llu stacks were cut at the depth limit (%u frames), %llu cut short "
				"by a frame that could not be followed.\n",
				(unsigned long long)st->at_limit, st->depth_limit,
				(unsigned long long)st->cut_short);
		if (overhead)
			fprintf(f, "%s\n", sentence);
		if (names)
			fprintf(f, "%s\n", names_sentence);
		fputc('\n', f);
	} else if ((overhead || names) && !opt->traditional) {
		if (overhead)
			fprintf(f, "%s\n", sentence);
		if (names)
			fprintf(f, "%s\n", names_sentence);
		fputc('\n', f);
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

/* "[N] %time self children " of an entry's own line (a function's or a
 * whole cycle's). */
static void entry_figures(struct graph *g, const struct symbol *sym)
{
	struct text *t = &g->line;
	double hz = g->hz;

	text_entry_index(t, sym->index);
	text_char(t, ' ');
	text_fixed(t, 5, 1, 100 * (sym->prop_self + sym->prop_child) / g->print_ticks);
	text_char(t, ' ');
	text_fixed(t, 7, 2, sym->prop_self / hz);
	text_char(t, ' ');
	text_fixed(t, g->opt->traditional ? 11 : 7, 2, sym->prop_child / hz);
	text_char(t, ' ');
}

static void print_cycle(struct graph *g, const struct symbol *cycle)
{
	struct text *t = &g->line;

	entry_figures(g, cycle);
	if (symbol_calls_counted(g->m, cycle))
		text_calls(t, cycle->calls, cycle->self_calls);
	else
		text_spaces(t, 15); /* no count: the column stays empty */
	text_bytes(t, " <cycle ", 8);
	text_int(t, cycle->cycle_number);
	text_bytes(t, " as a whole> [", 14);
	text_int(t, cycle->index);
	text_char(t, ']');
	text_end_line(t, g->f);
}

static void print_members(struct graph *g, const struct graph_order *o, size_t entry)
{
	struct text *t = &g->line;
	double hz = g->hz;
	size_t k;

	for (k = o->member_start[entry]; k < o->member_start[entry + 1]; k++) {
		const struct symbol *member = o->members[k];

		/* "%6.6s %5.5s " of "" */
		text_spaces(t, 13);
		text_fixed(t, 7, 2, member->prop_self / hz);
		text_char(t, ' ');
		text_fixed(t, g->opt->traditional ? 11 : 7, 2, member->prop_child / hz);
		text_char(t, ' ');
		if (symbol_calls_counted(g->m, member))
			text_calls(t, member->calls, member->self_calls);
		else
			text_spaces(t, 15);
		text_spaces(t, 5);
		text_name(t, g->out, member);
		text_end_line(t, g->f);
	}
}

/* One caller's or callee's line in an entry: other is the function named
 * on it, entry the function the entry is about.  A recursive call, or a
 * call inside the entry's cycle, shows only its count; any other shows
 * the time it carries and its calls out of total (the entry's callers'
 * total for a caller's line, NULL: the callee's own for a callee's).
 * What it prints of other comes from other's facts (report.h), which
 * spare reading the symbol (at 100,000 functions a cache miss a line),
 * unless its name is printed with more than the name. */
static void print_arc_line(struct graph *g, const struct arc *arc, const struct symbol *other,
			   const struct symbol *entry, const unsigned long *total)
{
	struct text *t = &g->line;
	double hz = g->hz;
	const struct name_facts *facts = name_facts(g->out, other);
	int other_cycle = facts ? facts->cycle_number : other->cycle_number;

	if (other == entry || (entry->cycle_number != 0 && other_cycle == entry->cycle_number)) {
		/* "%6.6s %5.5s %7.7s %7.7s " (-T: %11.11s) of "" */
		text_spaces(t, g->opt->traditional ? 33 : 29);
		if (arc->uncounted)
			text_spaces(t, 7);
		else
			text_unsigned(t, arc->count, 7, false);
		/* " %7.7s     " of "" */
		text_spaces(t, 13);
	} else {
		text_spaces(t, 13);
		text_fixed(t, 7, 2, arc->time / hz);
		text_char(t, ' ');
		text_fixed(t, g->opt->traditional ? 11 : 7, 2, arc->child_time / hz);
		text_char(t, ' ');
		if (arc->uncounted) {
			text_spaces(t, 15); /* "%7.7s/%-7.7s" of "", without the slash */
		} else {
			text_unsigned(t, arc->count, 7, false);
			text_char(t, '/');
			text_unsigned(t,
				      total               ? *total
				      : facts             ? facts->total
				      : other->cycle_head ? other->cycle_head->calls
							  : other->calls,
				      7, true);
		}
		text_spaces(t, 5);
	}
	if (facts && (facts->flags & NAME_PLAIN))
		text_name_of(t, facts);
	else
		text_name(t, g->out, other);
	text_end_line(t, g->f);
}

/* The arcs of a big graph and what their lines print are scattered in
 * memory: some lines ahead, ask for the arc, then the facts of the end
 * the line names (a caller's, or a callee's), then its name (report.h),
 * so that the misses overlap instead of following one another.  Inlined
 * by force: a function that only prefetches has no effect GCC must keep,
 * and as a call its calls were removed (no prefetch was made until they
 * were inlined). */
static inline __attribute__((always_inline)) const struct symbol *
line_symbol(const struct graph_order *o, size_t k, bool parents)
{
	return parents ? o->arcs[k]->parent : o->arcs[k]->child;
}

static inline __attribute__((always_inline)) void
prefetch_ahead(const struct graph *g, const struct graph_order *o, size_t k, bool parents)
{
	size_t end = o->arc_count;

	if (k + 16 < end)
		__builtin_prefetch(o->arcs[k + 16]);
	if (k + 4 < end)
		text_name_prefetch(g->out, line_symbol(o, k + 4, parents), false);
	if (k + 2 < end)
		text_name_prefetch(g->out, line_symbol(o, k + 2, parents), true);
}

static void print_parents(struct graph *g, const struct graph_order *o, size_t entry,
			  const struct symbol *child)
{
	struct text *t = &g->line;
	const struct symbol *cycle_head = child->cycle_head ? child->cycle_head : child;
	size_t k;

	if (o->arc_start[2 * entry] == o->arc_start[2 * entry + 1]) {
		/* "%6.6s %5.5s %7.7s %7.7s %7.7s %7.7s     " (-T: %11.11s) of "" */
		text_spaces(t, g->opt->traditional ? 53 : 49);
		text_bytes(t, "<spontaneous>", 13);
		text_end_line(t, g->f);
		return;
	}
	for (k = o->arc_start[2 * entry]; k < o->arc_start[2 * entry + 1]; k++) {
		prefetch_ahead(g, o, k, true);
		print_arc_line(g, o->arcs[k], o->arcs[k]->parent, child, &cycle_head->calls);
	}
}

static void print_children(struct graph *g, const struct graph_order *o, size_t entry,
			   const struct symbol *parent)
{
	size_t k;

	for (k = o->arc_start[2 * entry + 1]; k < o->arc_start[2 * entry + 2]; k++) {
		prefetch_ahead(g, o, k, false);
		print_arc_line(g, o->arcs[k], o->arcs[k]->child, parent, NULL);
	}
}

static void print_entry_line(struct graph *g, const struct symbol *sym)
{
	struct text *t = &g->line;

	entry_figures(g, sym);
	if (sym->calls + sym->self_calls != 0)
		text_calls(t, sym->calls, sym->self_calls);
	else
		text_spaces(t, 15); /* "%7.7s %7.7s" of "" */
	text_char(t, ' ');
	text_name(t, g->out, sym);
	text_end_line(t, g->f);
}

void print_call_graph(const struct view *v, const struct text_options *opt, struct report_out *out)
{
	const struct model *m = v->model;
	struct graph graph = { opt, m, out, out->file, m->histograms.rate, m->print_ticks, { 0 } };
	struct graph *g = &graph;
	FILE *f = out->file;
	size_t i;

	if (!opt->brief && opt->traditional)
		blurb_call_graph_traditional(f);
	print_header(m, g);
	for (i = 0; i < v->graph.count; i++) {
		const struct symbol *sym = v->graph.entries[i];

		if (i + 3 < v->graph.count)
			symbol_prefetch(v->graph.entries[i + 3]);
		if (i + 2 < v->graph.count)
			text_name_prefetch(out, v->graph.entries[i + 2], false);
		if (i + 1 < v->graph.count)
			text_name_prefetch(out, v->graph.entries[i + 1], true);
		if (symbol_is_cycle_header(sym)) {
			print_cycle(g, sym);
			print_members(g, &v->graph.order, i);
		} else {
			print_parents(g, &v->graph.order, i, sym);
			print_entry_line(g, sym);
			print_children(g, &v->graph.order, i, sym);
		}
		if (opt->traditional)
			text_char(&g->line, '\n');
		text_bytes(&g->line, "-----------------------------------------------", 47);
		text_end_line(&g->line, f);
		if (opt->traditional)
			text_end_line(&g->line, f);
	}
	text_free(&g->line, f);
	if (!opt->brief && !opt->traditional)
		blurb_call_graph(f);
}
