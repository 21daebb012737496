/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * overhead.c: the profiler's own time, counted by one rule.
 *
 * A program built with -pg calls the runtime's hook from every
 * function's prologue; on a program of many small functions the hook
 * takes a third of the time or more.  Those samples land in the
 * runtime's functions (overhead_function_names).  histogram.c credits
 * them to m->overhead_ticks whatever the rule; then, once, here:
 *
 *   - left out (the default, and classic gprof's choice): the symspecs
 *     gprof.c adds keep the runtime's functions out of the flat profile,
 *     the call graph and their totals, and the stacks whose innermost
 *     frame is the runtime's are dropped from the model, so that the
 *     stack views (--folded, --flame, --pprof, --callgrind) and the
 *     measured call graph count nothing of it either;
 *   - counted (--with-overhead): the runtime's functions are functions
 *     like any other, and each becomes a callee of the functions whose
 *     prologues called it: from the stacks (frame 1 of a stack sampled
 *     in the hook is the function whose call it was counting), or,
 *     without stacks, from every counted function, one call of the hook
 *     per call of the function (the estimate then shares the hook's time
 *     out by calls, as it shares every callee's).
 *
 * Every view states m->overhead_ticks; none recomputes it.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/overhead.h"
#include "core/util.h"

const char *const overhead_function_names[] = {
	/* GNU gprof's */
	"_gprof_mcount", "mcount", "_mcount", "__mcount", "__mcount_internal", "__mcleanup",
	/* ours (libgmon: the hooks, the slow path, the foreign-call path) */
	"__fentry__", "__cyg_profile_func_enter", "__cyg_profile_func_exit", "gmon_record_arc",
	"arc_insert", "gmon_foreign_arc", NULL
};

bool overhead_known(const struct options *opt)
{
	return !(opt->gnu_quirks & QUIRK_RUNTIME_FUNCTIONS);
}

static bool is_runtime_name(const char *name)
{
	const char *const *n;

	if (name == NULL)
		return false;
	for (n = overhead_function_names; *n; n++)
		if (strcmp(name, *n) == 0)
			return true;
	return false;
}

void overhead_mark(struct model *m, const struct options *opt)
{
	size_t i;

	m->overhead_known = overhead_known(opt);
	m->overhead_counted = m->overhead_known && opt->with_overhead;
	if (!m->overhead_known)
		return;
	for (i = 0; i < m->symbols.count; i++)
		m->symbols.base[i].is_runtime = is_runtime_name(m->symbols.base[i].name);
}

static struct symbol *owner(struct symbol *sym)
{
	return sym && sym->alias_of ? sym->alias_of : sym;
}

/* Left out: the stacks sampled in the runtime go (in place); their
 * samples, when no histogram counted the runtime's time. */
static void drop_runtime_stacks(struct model *m)
{
	struct model_stacks *st = &m->process.stacks;
	struct frame_cache *cache = frame_cache_new();
	size_t w, kept_words = 0, kept = 0;
	uint64_t dropped = 0;

	for (w = 0; w < st->word_count;) {
		uint64_t *stack = st->words + w;
		size_t words = 2 + (size_t)(stack[1] >> 32);
		struct symbol *inner = words > 2 ? owner(frame_cache_symbol(m, cache, stack + 2, 0))
						 : NULL;

		if (inner && inner->is_runtime) {
			dropped += stack[0];
		} else {
			if (kept_words != w)
				memmove(st->words + kept_words, stack, words * sizeof(*stack));
			kept_words += words;
			kept++;
		}
		w += words;
	}
	free(cache);
	st->word_count = kept_words;
	st->count = st->merged_count = kept;
	st->samples -= dropped < st->samples ? dropped : st->samples;
	if (!(m->input & INPUT_HISTOGRAM) && m->overhead_ticks == 0.0)
		m->overhead_ticks = (double)dropped;
}

/* Counted: caller -> the runtime's function, as many calls as the
 * caller had (each call of a -pg function calls the hook once). */
static void add_runtime_arc(struct model *m, struct symbol *caller, struct symbol *runtime,
			    unsigned long count)
{
	if (caller == runtime || arc_lookup(&m->arcs, caller, runtime))
		return;
	arc_add(&m->arcs, caller, runtime, count);
	runtime->calls = add_calls(runtime->calls, count);
}

static void place_from_stacks(struct model *m)
{
	const struct model_stacks *st = &m->process.stacks;
	struct frame_cache *cache = frame_cache_new();
	size_t w;

	for (w = 0; w < st->word_count;) {
		const uint64_t *stack = st->words + w;
		size_t depth = (size_t)(stack[1] >> 32), d;

		w += 2 + depth;
		for (d = 0; d + 1 < depth; d++) {
			struct symbol *callee = owner(frame_cache_symbol(m, cache, stack + 2, d));
			struct symbol *caller = owner(frame_cache_symbol(m, cache, stack + 2, d + 1));

			if (callee == NULL || !callee->is_runtime || caller == NULL)
				break;
			/* between the runtime's functions the calls are not
			 * counted: an arc without calls */
			add_runtime_arc(m, caller, callee, caller->is_runtime ? 0 : caller->calls);
			if (!caller->is_runtime)
				break;
		}
	}
	free(cache);
}

static void place_by_calls(struct model *m)
{
	struct symbol_table *symtab = &m->symbols;
	size_t i, r;

	for (r = 0; r < symtab->count; r++) {
		struct symbol *runtime = &symtab->base[r];

		if (!runtime->is_runtime || runtime->alias_of || !(runtime->self_ticks > 0.0))
			continue;
		for (i = 0; i < symtab->count; i++) {
			struct symbol *caller = &symtab->base[i];

			if (caller->is_runtime || caller->alias_of || caller->hidden ||
			    !caller->is_function || caller->calls == 0)
				continue;
			add_runtime_arc(m, caller, runtime, caller->calls);
		}
	}
}

void overhead_account(struct model *m)
{
	const struct model_stacks *st = &m->process.stacks;
	bool stacks = st->present && st->samples > 0;

	if (!m->overhead_known)
		return;
	if (!m->overhead_counted) {
		if (stacks)
			drop_runtime_stacks(m);
		return;
	}
	if (!(m->input & INPUT_CALL_GRAPH))
		return;
	if (stacks)
		place_from_stacks(m);
	else
		place_by_calls(m);
}

double overhead_percent(const struct model *m, bool *of_cpu)
{
	unsigned rate = m->histograms.rate ? m->histograms.rate : m->process.rate;
	double all;

	*of_cpu = m->process.has_times && rate != 0 &&
		  m->process.user_ns + m->process.system_ns > 0;
	if (*of_cpu)
		return 100.0 * m->overhead_ticks / rate /
		       ((double)(m->process.user_ns + m->process.system_ns) / 1e9);
	all = m->total_ticks + (m->overhead_counted ? 0.0 : m->overhead_ticks);
	return all > 0.0 ? 100.0 * m->overhead_ticks / all : 0.0;
}
