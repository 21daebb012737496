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
 * file says in a comment.  Costs are whole samples (rounded).  Measured,
 * the costs of the calls into a function add up to its total, in cycles
 * and recursion too (each stack charges a function once, to the call
 * into its outermost frame: stack_times.c), so that callgrind_annotate
 * --inclusive=yes gives every function its share;
 * estimated, calls between members of a cycle carry no cost, as in the
 * call graph.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gmon_out.h"
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

	put_line(f, callee ? "cob" : "ob",
		 sym->object ? sym->object->path : "???");
	put_line(f, callee ? "cfi" : "fl", sym->file ? sym->file->name : "???");
	put_line(f, callee ? "cfn" : "fn", display_name(out, sym, &to_free));
	free(to_free);
}

void print_callgrind(const struct model *m, const struct options *opt, struct report_out *out)
{
	const struct symbol_table *symtab = &m->symbols;
	unsigned long long total = 0;
	FILE *f = out->file;
	char sentence[256];
	size_t i;

	(void)opt;
	for (i = 0; i < symtab->count; i++)
		if (!symtab->base[i].hidden && !symtab->base[i].alias_of)
			total += self_cost(m, &symtab->base[i]);
	fprintf(f, "# callgrind format\n");
	fprintf(f, "version: 1\n");
	fprintf(f, "creator: gprof (gprof/libgmon)\n");
	fprintf(f, "cmd: %s\n", m->objects[0]->path);
	/* the profiler's own time: its figure, and whether the summary and
	 * the costs below count it (callgrind_annotate shows desc: lines) */
	if (report_overhead_sentence(m, sentence, sizeof(sentence)))
		fprintf(f, "desc: Profiler overhead: %.2f s (%.0f samples), %s\n",
			report_overhead_seconds(m), m->overhead_ticks,
			m->overhead_counted ? "counted" : "not counted");
	if (m->measured)
		fprintf(f, "# costs measured from %zu call stacks\n", m->process.stacks.count);
	else
		fprintf(f, "# the profile has no call stacks: inclusive costs are estimated from "
			   "call counts\n");
	fprintf(f, "# one sample is 1/%u of a second\n",
		m->histograms.rate ? m->histograms.rate : m->process.rate ? m->process.rate : 100);
	fprintf(f, "positions: line\n");
	if (sentence[0])
		fprintf(f, "# %s\n", sentence);
	fprintf(f, "events: Samples\n");
	fprintf(f, "summary: %llu\n", total);
	for (i = 0; i < symtab->count; i++) {
		const struct symbol *sym = &symtab->base[i];
		const struct arc *arc;

		if (!listed(m, sym))
			continue;
		putc('\n', f);
		put_location(out, sym, false);
		fprintf(f, "%d %llu\n", sym->line, self_cost(m, sym));
		for (arc = sym->children; arc; arc = arc->next_child) {
			const struct symbol *callee = arc->child;

			if (callee == sym || callee->hidden)
				continue;
			put_location(out, callee, true);
			fprintf(f, "calls=%lu %d\n", arc->count, callee->line);
			fprintf(f, "%d %llu\n", sym->line, samples_of(call_cost(m, arc)));
		}
	}
}
