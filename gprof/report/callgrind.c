/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * callgrind.c: --callgrind, the profile in the callgrind format (the one
 * valgrind's callgrind writes), so that KCachegrind, QCachegrind and
 * callgrind_annotate open it.  One event, Samples.  Each function is an
 * fn= block (with its object as ob= and its source file as fl=) holding
 * its self samples; each arc from it a cfn= with calls= (the recorded
 * calls) and the samples the call stands for, inclusive of the callee's
 * callees.
 *
 * With call stacks the costs are measured: a function's self cost is the
 * samples whose stack ends in it, a call's the samples whose stack holds
 * it (the figures of the call graph).  Without them the self costs are
 * the histogram's and the calls' costs the classic estimate, which the
 * file says in a comment.  Costs are whole samples (rounded so that a
 * function's lines add up to its rounded figure).  Measured, the costs
 * of the calls into a function add up to its total, in cycles and
 * recursion too (each stack charges a function once, to the call into
 * its outermost frame: stack_times.c), so that callgrind_annotate
 * --inclusive=yes gives every function its share; estimated, calls
 * between members of a cycle carry no cost, as in the call graph.
 *
 * Costs are by source line where the line table knows the address: a
 * self cost on the line of the sampled code (the innermost inlined
 * function's line, under fi= when its file is not the function's, as
 * valgrind writes inlined code), a call's on the line of its call site.
 * Each call site is a calls= line of its own with the count the runtime
 * recorded there (model.call_sites, by arc: what `gprof -l -q` shows per line),
 * and the samples of the stacks that made their call there.  A call no
 * runtime counted (into or inside code without -pg, seen only in the
 * stacks: arc.uncounted) is written calls=1 after a comment line
 * "# uncounted": it happened at least once, and the format has no
 * unknown count; calls=0 would not do, as callgrind_annotate counts the
 * cost of a call of 0 as the caller's own (and then shows neither the
 * call nor a caller of the library's function).  Without stacks, the histogram's bins are shared among the
 * lines they cover by bytes (as -l and --pprof share them), and a call's
 * estimated cost among its sites by their counts (the estimate's own
 * rule).  Without a line, a cost sits on the function's first line.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gmon_out.h"
#include "analysis/histogram.h"
#include "analysis/view_lines.h"
#include "report/printers.h"
#include "core/util.h"

static unsigned long long samples_of(double ticks)
{
	return ticks > 0.0 ? (unsigned long long)llround(ticks) : 0;
}

/* A function's self cost: measured, or the histogram's. */
static unsigned long long self_cost(const struct model *m, const struct symbol *sym)
{
	return samples_of(m->measured ? sym->prop_self : sym->self_ticks);
}

/* A call's inclusive cost: measured, every call counted (inside cycles
 * too: stack_times.c), or the estimate's, which gives calls between
 * members of a cycle nothing. */
static double call_cost(const struct model *m, const struct arc *arc)
{
	return m->measured ? arc->call_cost : arc->time + arc->child_time;
}

static bool listed(const struct model *m, const struct symbol *sym)
{
	const struct arc *arc;

	if (sym->hidden || sym->alias_of)
		return false;
	if (self_cost(m, sym))
		return true;
	for (arc = sym->children; arc; arc = arc->next_child)
		if (arc->count || call_cost(m, arc) > 0.0)
			return true;
	return false;
}

/* The name of a function, its object's and its file's, as a line
 * "KEY=VALUE", control bytes escaped (text_printable: a newline would
 * end the line). */
static void put_line(FILE *f, const char *key, const char *value)
{
	char *copy;

	fputs(key, f);
	putc('=', f);
	fputs(text_printable(value, &copy), f);
	putc('\n', f);
	free(copy);
}

static void put_location(struct report_out *out, const struct symbol *sym, bool callee)
{
	FILE *f = out->file;
	char *to_free = NULL;

	put_line(f, callee ? "cob" : "ob", sym->object ? view_object_path(sym->object) : "???");
	put_line(f, callee ? "cfi" : "fl", sym->file ? sym->file->name : "???");
	put_line(f, callee ? "cfn" : "fn", display_name(out, sym, &to_free));
	free(to_free);
}

/* ------------------------------------------------------------ line costs */

/* One cost line: a function's self samples on one line of a file (arc
 * NULL), or the samples of its calls through arc made on that line. */
struct line_cost {
	size_t sym;            /* the function's (the caller's) place */
	const struct arc *arc; /* NULL: self cost */
	const char *file;      /* NULL: the function's own file */
	int line;
	uint64_t site; /* a call's: its return address (0: none known) */
	double cost;
};

struct line_costs {
	struct line_cost *items;
	size_t count, capacity;
};

static void cost_add(struct line_costs *lc, size_t sym, const struct arc *arc, const char *file,
		     int line, double cost)
{
	if (lc->count == lc->capacity) {
		lc->capacity = lc->capacity ? 2 * lc->capacity : 1024;
		lc->items = xrealloc(lc->items, lc->capacity * sizeof(*lc->items));
	}
	lc->items[lc->count++] = (struct line_cost){ sym, arc, file, line, 0, cost };
}

/* A call's cost at one call site (its return address). */
static void site_cost_add(struct line_costs *lc, size_t sym, const struct arc *arc, uint64_t site,
			  double cost)
{
	cost_add(lc, sym, arc, NULL, 0, cost);
	lc->items[lc->count - 1].site = site;
}

static int compare_text(const char *l, const char *r)
{
	return strcmp(l ? l : "", r ? r : "");
}

static int compare_cost(const void *lp, const void *rp)
{
	const struct line_cost *l = lp, *r = rp;
	uintptr_t la = (uintptr_t)l->arc, ra = (uintptr_t)r->arc;
	int c;

	if (l->sym != r->sym)
		return l->sym < r->sym ? -1 : 1;
	if (la != ra)
		return la < ra ? -1 : 1;
	if (l->site != r->site)
		return l->site < r->site ? -1 : 1;
	if ((c = compare_text(l->file, r->file)) != 0)
		return c;
	return (l->line > r->line) - (l->line < r->line);
}

/* Sorted, the costs of the same function, arc, file and line summed. */
static void costs_merge(struct line_costs *lc)
{
	size_t i, out = 0;

	if (lc->count == 0)
		return;
	/* this format's own costs (made here from the stacks or the
	 * histogram), grouped to be summed and found by costs_find; within
	 * a function or a call, the lines print by site, file and line */
	qsort(lc->items, lc->count, sizeof(*lc->items), compare_cost);
	for (i = 1; i < lc->count; i++) {
		if (compare_cost(&lc->items[out], &lc->items[i]) == 0)
			lc->items[out].cost += lc->items[i].cost;
		else
			lc->items[++out] = lc->items[i];
	}
	lc->count = out + 1;
}

/* The first of sym's costs through arc (NULL: its self costs), or
 * lc->count. */
static size_t costs_find(const struct line_costs *lc, size_t sym, const struct arc *arc)
{
	size_t low = 0, high = lc->count;

	while (low < high) {
		size_t mid = low + (high - low) / 2;
		const struct line_cost *c = &lc->items[mid];

		if (c->sym < sym || (c->sym == sym && (uintptr_t)c->arc < (uintptr_t)arc))
			low = mid + 1;
		else
			high = mid;
	}
	return low < lc->count && lc->items[low].sym == sym && lc->items[low].arc == arc
		       ? low
		       : lc->count;
}

/* The file and line of the code at a model address in sym: the line
 * table's (the innermost inlined function's line, in its own file), or
 * the function's first line. */
static void line_of(const struct symbol *sym, uint64_t address, const char **file, int *line)
{
	if (view_line_of(sym, address, file, line))
		return;
	*file = NULL;
	*line = sym->line;
}

/* Measured: each stack's samples as the self cost of its innermost
 * function, on the line sampled, and as the cost of each of its calls
 * (stack_times.c's rule), at its call site in the caller (the frame's
 * return address). */
static void costs_from_stacks(const struct model *m, struct line_costs *lc)
{
	const struct model_stacks *st = &m->process.stacks;
	const struct symbol_table *symtab = &m->symbols;
	struct frame_cache *cache = frame_cache_new();
	struct symbol **frames = NULL;
	struct arc **arcs = NULL;
	size_t room = 0, w;

	for (w = 0; w < st->word_count;) {
		const uint64_t *stack = st->words + w;
		size_t depth = (size_t)(stack[1] >> 32), d;
		double samples = (double)stack[0];
		const char *file;
		int line;

		w += 2 + depth;
		if (depth == 0 || stack[0] == 0)
			continue;
		if (depth > room) {
			room = 2 * depth;
			frames = xrealloc(frames, room * sizeof(*frames));
			arcs = xrealloc(arcs, room * sizeof(*arcs));
		}
		for (d = 0; d < depth; d++)
			frames[d] = frame_cache_symbol(m, cache, stack + 2, d);
		if (frames[0]) {
			line_of(frames[0], stack[2], &file, &line);
			cost_add(lc, (size_t)(frames[0] - symtab->base), NULL, file, line, samples);
		}
		arc_lookup_adjacent(&m->arcs, frames, depth, arcs);
		for (d = 0; d + 1 < depth; d++)
			if (arcs[d] && frames[d] != frames[d + 1])
				site_cost_add(lc, (size_t)(frames[d + 1] - symtab->base), arcs[d],
					      stack[2 + d + 1], samples);
	}
	free(frames);
	free(arcs);
	free(cache);
}

/* histogram_by_line's pieces as costs of the symbol at place i */
struct line_pieces {
	struct line_costs *lc;
	const struct symbol *sym;
	size_t i;
};

static void add_piece(void *ctx, uint64_t address, const struct line_span *span, double ticks)
{
	struct line_pieces *lp = ctx;
	const char *file;
	int line;

	(void)span;
	line_of(lp->sym, address, &file, &line);
	cost_add(lp->lc, lp->i, NULL, file, line, ticks);
}

/* From the histogram: the symbol at place i's self samples by line, each
 * bin over its range shared among the lines it covers by their bytes (as
 * -l and --pprof share it), then scaled to the flat profile's self time. */
static void self_costs_from_histogram(const struct model *m, struct line_costs *lc, size_t i)
{
	const struct symbol *sym = &m->symbols.base[i];
	struct line_pieces lp = { lc, sym, i };
	size_t first = lc->count, k;
	double raw = histogram_by_line(m, i, add_piece, &lp);

	if (!(raw > 0.0)) { /* its samples are outside its code (a bin it shares) */
		lc->count = first;
		cost_add(lc, i, NULL, NULL, sym->line, sym->self_ticks);
		return;
	}
	for (k = first; k < lc->count; k++)
		lc->items[k].cost = sym->self_ticks * lc->items[k].cost / raw;
}

/* Estimated: self costs from the histogram, by line; each call's cost
 * shared among its call sites by their counts (on the caller's first
 * line when it has none: -c's arcs). */
static void costs_from_histogram(const struct model *m, const struct arc_sites *by_arc,
				 struct line_costs *lc)
{
	const struct symbol_table *symtab = &m->symbols;
	size_t i;

	for (i = 0; i < symtab->count; i++) {
		const struct symbol *sym = &symtab->base[i];
		const struct arc *arc;

		if (sym->hidden || sym->alias_of)
			continue;
		if (sym->self_ticks > 0.0)
			self_costs_from_histogram(m, lc, i);
		for (arc = sym->children; arc; arc = arc->next_child) {
			double cost = arc->time + arc->child_time;
			const struct arc_site *sites;
			size_t n, k;

			if (!(cost > 0.0))
				continue;
			sites = arc_sites_of(by_arc, arc, &n);
			if (n == 0 || arc->count == 0) {
				cost_add(lc, i, arc, NULL, sym->line, cost);
				continue;
			}
			for (k = 0; k < n; k++)
				site_cost_add(lc, i, arc, sites[k].address,
					      cost * (double)sites[k].count / (double)arc->count);
		}
	}
}

/* ------------------------------------------------------------ writing */

/* The file of the cost lines that follow, when not the one they are in:
 * fi= (callgrind's line for code from another file, inlined there). */
static bool switch_file(FILE *f, const char **current, const char *want)
{
	char *copy;

	if (compare_text(*current, want) == 0)
		return false;
	fputs("fi=", f);
	fputs(text_printable(want, &copy), f);
	putc('\n', f);
	free(copy);
	*current = want;
	return true;
}

/* Rounded so that the values given add up to the rounded running sum. */
struct rounding {
	double sum;
	unsigned long long given;
};

static unsigned long long rounded_share(struct rounding *r, double x)
{
	unsigned long long next, share;

	r->sum += x;
	next = samples_of(r->sum);
	share = next > r->given ? next - r->given : 0;
	r->given = next;
	return share;
}

/* The cost lines of costs [from, to) (one function's self costs),
 * rounded so that they add up to total. */
static void put_costs(struct report_out *out, const struct line_costs *lc, size_t from, size_t to,
		      const struct symbol *sym, unsigned long long total, const char **current)
{
	const char *own = sym->file ? sym->file->name : "???";
	struct rounding cost = { 0, 0 };
	double sum = 0.0;
	size_t k;

	if (from == to) { /* no cost at all: on the first line */
		fprintf(out->file, "%d %llu\n", sym->line, total);
		return;
	}
	for (k = from; k < to; k++)
		sum += lc->items[k].cost;
	for (k = from; k < to; k++) {
		const struct line_cost *c = &lc->items[k];
		double part = sum > 0.0 ? c->cost * (double)total / sum : 0.0;
		unsigned long long n = k + 1 < to           ? rounded_share(&cost, part)
				       : cost.given < total ? total - cost.given
							    : 0;

		if (n == 0 && k + 1 < to)
			continue;
		switch_file(out->file, current, c->file ? c->file : own);
		fprintf(out->file, "%d %llu\n", c->line, n);
	}
}

/* One call site of an arc as written: its return address (0: none
 * known, the caller's first line), the calls counted there, its cost. */
struct site_entry {
	uint64_t site;
	unsigned long count;
	double cost;
};

/* The file and line of a call site in the caller. */
static void site_line(const struct symbol *sym, uint64_t site, const char **file, int *line)
{
	if (site == 0 || site == MODEL_UNKNOWN_ADDRESS) {
		*file = NULL;
		*line = sym->line;
		return;
	}
	line_of(sym, site - 1, file, line); /* a return address: the call is its previous byte */
}

/* Where the cost of a stack's site the counts do not know goes, for an
 * arc whose sites were counted: the counted site on the same line, else
 * the one with the most calls (the runtime and the unwinder name the
 * same return address; this only keeps a stray frame's cost on the arc). */
static size_t counted_site_for(const struct symbol *sym, const struct site_entry *e, size_t n,
			       uint64_t site)
{
	const char *file, *other_file;
	int line, other_line;
	size_t k, best = 0;

	site_line(sym, site, &file, &line);
	for (k = 0; k < n; k++) {
		site_line(sym, e[k].site, &other_file, &other_line);
		if (other_line == line && compare_text(file, other_file) == 0)
			return k;
		if (e[k].count > e[best].count)
			best = k;
	}
	return best;
}

/* The calls of one arc, costs [from, to) (sorted by site): for each call
 * site, a calls= line with the count recorded there (1, marked, for a
 * call no runtime counted) and a cost line on the site's line with the samples
 * of the calls made there, rounded so that they add up to total. */
static void put_calls(struct report_out *out, const struct arc_sites *by_arc,
		      const struct line_costs *lc, size_t from, size_t to, const struct symbol *sym,
		      const struct arc *arc, unsigned long long total, const char **current)
{
	const char *own = sym->file ? sym->file->name : "???";
	size_t counted = 0, n, k, e, last;
	const struct arc_site *sites = arc->uncounted ? NULL : arc_sites_of(by_arc, arc, &counted);
	struct site_entry *entries = xcalloc(counted + (to - from) + 1, sizeof(*entries));
	struct rounding rounding = { 0, 0 };
	double sum = 0.0;

	if (sites == NULL)
		counted = 0;
	for (n = 0; n < counted; n++)
		entries[n] = (struct site_entry){ sites[n].address, sites[n].count, 0.0 };
	if (n == 0 && arc->count && !arc->uncounted) /* counted, sites unknown (-c, symspecs) */
		entries[n++] = (struct site_entry){ 0, arc->count, 0.0 };
	for (k = from; k < to; k++) {
		const struct line_cost *c = &lc->items[k];
		size_t low = 0, high = counted;

		sum += c->cost;
		while (low < high) { /* the counted sites are sorted by address */
			size_t mid = low + (high - low) / 2;

			if (entries[mid].site < c->site)
				low = mid + 1;
			else
				high = mid;
		}
		if (low < counted && entries[low].site == c->site)
			entries[low].cost += c->cost;
		else if (n > 0 && (counted > 0 || arc->count))
			entries[counted > 0 ? counted_site_for(sym, entries, counted, c->site) : 0]
				.cost += c->cost;
		else if (n > 0 && entries[n - 1].site == c->site)
			entries[n - 1].cost += c->cost;
		else
			entries[n++] = (struct site_entry){ c->site, 0, c->cost };
	}
	/* the last site with a cost takes what rounding left of total */
	for (last = n; last > 0 && !(entries[last - 1].cost > 0.0); last--)
		;
	for (e = 0; e < n; e++) {
		const char *file;
		int line;
		unsigned long long cost = 0;

		if (e + 1 < last)
			cost = rounded_share(&rounding, entries[e].cost * (double)total / sum);
		else if (e + 1 == last || (last == 0 && e == 0))
			cost = rounding.given < total ? total - rounding.given : 0;
		if (entries[e].count == 0 && cost == 0)
			continue;
		site_line(sym, entries[e].site, &file, &line);
		/* a cost line of the file too: callgrind_annotate annotates
		 * the file of every function piece it lists, and trips over
		 * one that holds calls alone ("uninitialized value") */
		if (switch_file(out->file, current, file ? file : own))
			fprintf(out->file, "%d 0\n", line);
		put_location(out, arc->child, true);
		if (entries[e].count == 0) /* not counted: at least one, marked */
			fputs("# uncounted\n", out->file);
		fprintf(out->file, "calls=%lu %d\n", entries[e].count ? entries[e].count : 1,
			arc->child->line);
		fprintf(out->file, "%d %llu\n", line, cost);
	}
	free(entries);
}

void print_callgrind(const struct view *v, struct report_out *out)
{
	const struct model *m = v->model;
	const struct symbol_table *symtab = &m->symbols;
	unsigned long long total = 0;
	FILE *f = out->file;
	struct line_costs lc = { NULL, 0, 0 };
	struct arc_sites by_arc;
	char sentence[256];
	size_t i;

	for (i = 0; i < symtab->count; i++)
		if (!symtab->base[i].hidden && !symtab->base[i].alias_of)
			total += self_cost(m, &symtab->base[i]);
	fprintf(f, "# callgrind format\n");
	fprintf(f, "version: 1\n");
	fprintf(f, "creator: gprof (gprof/libgmon)\n");
	fprintf(f, "cmd: %s\n", view_object_path(m->objects[0]));
	/* the profiler's own time: its figure, and whether the summary and
	 * the costs below count it (callgrind_annotate shows desc: lines) */
	if (report_overhead_sentence(m, sentence, sizeof(sentence)))
		fprintf(f, "desc: Profiler overhead: %.2f s (%.0f samples), %s\n",
			report_overhead_seconds(m), m->overhead_ticks,
			m->overhead_counted ? "counted" : "not counted");
	if (m->measured)
		fprintf(f, "# costs measured from %llu samples in %zu distinct call stacks\n",
			(unsigned long long)m->process.stacks.samples, m->process.stacks.count);
	else
		fprintf(f,
			"# the profile has no call stacks: inclusive costs are estimated from "
			"call counts\n");
	fprintf(f, "# one sample is 1/%u of a second\n",
		m->histograms.rate ? m->histograms.rate
		: m->process.rate  ? m->process.rate
				   : 100);
	for (i = 0; i < m->arcs.all_count && !m->arcs.all[i]->uncounted; i++)
		;
	if (i < m->arcs.all_count)
		fprintf(f, "# a call no runtime counted is calls=1 after a line \"# uncounted\"\n");
	fprintf(f, "positions: line\n");
	if (sentence[0])
		fprintf(f, "# %s\n", sentence);
	fprintf(f, "events: Samples\n");
	fprintf(f, "summary: %llu\n", total);
	arc_sites_build(m, &by_arc);
	if (m->measured)
		costs_from_stacks(m, &lc);
	else
		costs_from_histogram(m, &by_arc, &lc);
	costs_merge(&lc);
	for (i = 0; i < symtab->count; i++) {
		const struct symbol *sym = &symtab->base[i];
		const char *current;
		const struct arc *arc;
		size_t from, to, k;

		if (!listed(m, sym))
			continue;
		putc('\n', f);
		put_location(out, sym, false);
		current = sym->file ? sym->file->name : "???";
		from = costs_find(&lc, i, NULL);
		for (to = from; to < lc.count && lc.items[to].sym == i && !lc.items[to].arc; to++)
			;
		/* a cost line in the function's own file, if only of 0:
		 * callgrind_annotate --inclusive=yes annotates the file of a
		 * function that passes its threshold, and trips over a file
		 * without a line */
		for (k = from; k < to; k++)
			if (compare_text(lc.items[k].file ? lc.items[k].file : current, current) ==
			    0)
				break;
		if (from < to && k == to)
			fprintf(f, "%d 0\n", sym->line);
		put_costs(out, &lc, from, to, sym, self_cost(m, sym), &current);
		for (arc = sym->children; arc; arc = arc->next_child) {
			const struct symbol *callee = arc->child;

			/* a function's calls of itself: their count, no cost
			 * (the stacks charge none: stack_times.c) */
			if ((callee == sym && !arc->count) || callee->hidden)
				continue;
			if (!arc->count && !(call_cost(m, arc) > 0.0))
				continue;
			from = costs_find(&lc, i, arc);
			for (to = from;
			     to < lc.count && lc.items[to].sym == i && lc.items[to].arc == arc;
			     to++)
				;
			put_calls(out, &by_arc, &lc, from, to, sym, arc,
				  samples_of(call_cost(m, arc)), &current);
		}
	}
	free(lc.items);
	arc_sites_free(&by_arc);
}
