/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * stacks.c: measured call-graph times.  Each stack's samples are counted
 *
 *   - once for each function on the stack (its total: self + children),
 *     however many times it appears (recursion);
 *   - as the function's self time when it is the innermost frame;
 *   - once for each arc (caller -> callee, two adjacent frames) on the
 *     stack: as the arc's self part when the callee is the innermost
 *     frame, as its children part otherwise.
 *
 * A cycle, collapsed for display, is one function: its total counts the
 * stacks holding any member, its self those whose innermost frame is a
 * member; an arc into a member from outside the cycle has its self part
 * when the innermost frame is in the cycle.  Calls inside a cycle carry
 * no time (their lines show counts only, as in the estimate).  The
 * symspecs that choose entries (-e, -f, -E, -F) still choose what is
 * printed, but do not change measured times (the estimate's
 * propagation fractions have no meaning for a stack).  Only arcs
 * that the profile's call counts know get times: a pair of frames with
 * no recorded call (code without -pg between them) adds nothing.
 *
 * Each arc also gets a call cost, the inclusive cost callgrind's format
 * gives a call: the samples of every stack, once for each pair of
 * adjacent frames that is the arc (a function's call of itself aside).
 * That is valgrind's own meaning (a call's cost is the cost of the time
 * between the call and its return, a nested call counted again in the
 * call around it), and the only one in which, for every function, the
 * costs of the calls into it equal its self cost plus the costs of its
 * calls out (callgrind_annotate shows both).  Inside a cycle (a calls b
 * calls a) the calls into a member then add up to more than its total,
 * as in valgrind's own files; KCachegrind's cycle detection is made for
 * that.  A call of a function by itself is left out on both sides.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/stack_times.h"
#include "core/util.h"

bool stacks_measurable(const struct model *m, const struct read_options *opt)
{
	/* samples become seconds at the histogram's rate: a gmon.out without
	 * a histogram (arcs alone) has none, and keeps the estimate */
	return m->process.stacks.present && m->process.stacks.samples > 0 &&
	       m->histograms.rate != 0 && !opt->estimate_children &&
	       !(opt->gnu_quirks & QUIRK_ESTIMATE);
}

static int compare_pointer(const void *lp, const void *rp)
{
	const void *l = *(const void *const *)lp, *r = *(const void *const *)rp;

	return (l > r) - (l < r);
}

/* The entry a frame's time goes to: its cycle when in one. */
static struct symbol *entry_of(struct symbol *sym)
{
	return sym->cycle_head ? sym->cycle_head : sym;
}

/* Keep each pointer of list[0..n) once; the new count.  Stacks are short:
 * below SHORT_LIST a pass over what is kept beats sorting (a qsort per
 * stack was a tenth of the time at a million stacks). */
#define SHORT_LIST 48

static size_t distinct(void **list, size_t n)
{
	size_t i, k, out = 0;

	if (n < SHORT_LIST) {
		for (i = 0; i < n; i++) {
			for (k = 0; k < out && list[k] != list[i]; k++)
				;
			if (k == out)
				list[out++] = list[i];
		}
		return out;
	}
	qsort(list, n, sizeof(*list), compare_pointer);
	for (i = 0; i < n; i++)
		if (out == 0 || list[out - 1] != list[i])
			list[out++] = list[i];
	return out;
}

void stacks_measure(struct model *m)
{
	const struct model_stacks *st = &m->process.stacks;
	struct symbol_table *symtab = &m->symbols;
	struct symbol **frames = NULL;
	struct arc **arcs = NULL;
	void **seen = NULL;
	struct frame_cache *cache = frame_cache_new();
	size_t room = 0, i, w;
	int c;

	for (i = 0; i < symtab->count; i++) {
		symtab->base[i].prop_self = 0.0;
		symtab->base[i].prop_child = 0.0;
	}
	for (c = 1; c <= m->cycle_count; c++) {
		m->cycles[c].prop_self = 0.0;
		m->cycles[c].prop_child = 0.0;
	}
	for (i = 0; i < m->arcs.all_count; i++)
		m->arcs.all[i]->time = m->arcs.all[i]->child_time = m->arcs.all[i]->call_cost = 0.0;
	for (i = 0; i < m->arcs.self_count; i++)
		m->arcs.self[i]->time = m->arcs.self[i]->child_time = m->arcs.self[i]->call_cost =
			0.0;

	for (w = 0; w < st->word_count;) {
		const uint64_t *stack = st->words + w;
		size_t depth = (size_t)(stack[1] >> 32), d, n = 0, k;
		double samples = (double)stack[0];
		struct symbol *innermost, *inner_entry;

		w += 2 + depth;
		if (depth > room) {
			room = 2 * depth;
			frames = xrealloc(frames, room * sizeof(*frames));
			arcs = xrealloc(arcs, room * sizeof(*arcs));
			seen = xrealloc(seen, 2 * room * sizeof(*seen));
		}
		for (d = 0; d < depth; d++)
			frames[d] = frame_cache_symbol(m, cache, stack + 2, d);
		innermost = frames[0];
		inner_entry = innermost ? entry_of(innermost) : NULL;
		/* functions and their cycles: once each */
		for (d = 0; d < depth; d++)
			if (frames[d]) {
				seen[n++] = frames[d];
				if (entry_of(frames[d]) != frames[d])
					seen[n++] = entry_of(frames[d]);
			}
		n = distinct(seen, n);
		for (k = 0; k < n; k++) {
			struct symbol *sym = seen[k];

			if (sym == innermost || sym == inner_entry)
				sym->prop_self += samples;
			else
				sym->prop_child += samples;
		}
		/* arcs: once each */
		arc_lookup_adjacent(&m->arcs, frames, depth, arcs);
		n = 0;
		for (d = 0; d + 1 < depth; d++) {
			struct symbol *callee = frames[d], *caller = frames[d + 1];

			if (!arcs[d] || callee == caller)
				continue;
			if (callee->cycle_number != 0 &&
			    callee->cycle_number == caller->cycle_number)
				continue;
			seen[n++] = arcs[d];
		}
		n = distinct(seen, n);
		for (k = 0; k < n; k++) {
			struct arc *arc = seen[k];

			if (arc->child == innermost || entry_of(arc->child) == inner_entry)
				arc->time += samples;
			else
				arc->child_time += samples;
		}
		/* call costs: every call of the stack (a function's call
		 * of itself is no call: callgrind writes none) */
		for (d = 0; d + 1 < depth; d++)
			if (arcs[d] && frames[d] != frames[d + 1])
				arcs[d]->call_cost += samples;
	}
	free(frames);
	free(arcs);
	free(seen);
	free(cache);
	m->print_ticks = (double)st->samples;
	m->measured = true;
}
