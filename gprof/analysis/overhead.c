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
#include <bfd.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/overhead.h"
#include "core/util.h"
#include "gmon/whole_process.h"

const char *const overhead_function_names[] = {
	/* GNU gprof's */
	"_gprof_mcount", "mcount", "_mcount", "__mcount", "__mcount_internal", "__mcleanup",
	/* ours (libgmon: the hooks, the slow path, the foreign-call path) */
	"__fentry__", "__cyg_profile_func_enter", "__cyg_profile_func_exit", "gmon_record_arc",
	"arc_insert", "gmon_foreign_arc", NULL
};

bool overhead_known(const struct read_options *opt)
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

/* libgmon's own names: every function and table it keeps to itself is
 * called gmon_* (libgmon/base.h's convention); its public entry points
 * are in overhead_function_names. */
static bool is_gmon_name(const char *name)
{
	return name && strncmp(name, "gmon_", 5) == 0;
}

/* Is obj libgmon.so itself (preloaded by gprof-run, or linked)?  Then
 * every function of it is the runtime's: the hooks, the writer, and the
 * C library's calls it wraps (read, write, the exec functions...). */
static bool is_runtime_object(const struct object *obj)
{
	const char *base;

	if (obj == NULL || obj->path == NULL)
		return false;
	base = strrchr(obj->path, '/');
	base = base ? base + 1 : obj->path;
	return strncmp(base, "libgmon.so", 10) == 0 && (base[10] == '\0' || base[10] == '.');
}

static int compare_address(const void *lp, const void *rp)
{
	uint64_t l = *(const uint64_t *)lp, r = *(const uint64_t *)rp;

	return (l > r) - (l < r);
}

static void push_address(uint64_t **at, size_t *count, size_t *capacity, uint64_t a)
{
	if (*count == *capacity) {
		*capacity = *capacity ? 2 * *capacity : 64;
		*at = xrealloc(*at, *capacity * sizeof(**at));
	}
	(*at)[(*count)++] = a;
}

static bool is_code_function(const asymbol *as)
{
	return as && (as->flags & BSF_FUNCTION) && (as->section->flags & SEC_CODE);
}

/* The first function address above a in the sorted list, or UINT64_MAX. */
static uint64_t next_function(const uint64_t *sorted, size_t n, uint64_t a)
{
	size_t low = 0, high = n;

	while (low < high) {
		size_t mid = low + (high - low) / 2;

		if (sorted[mid] <= a)
			low = mid + 1;
		else
			high = mid;
	}
	return low < n ? sorted[low] : UINT64_MAX;
}

/*
 * libgmon.a linked into obj: the addresses of its functions that no
 * name tells, its static ones (sorted; their number in *n).  A static
 * link keeps the archive's members together: libgmon's code runs from
 * its lowest gmon_* function to its highest (libgmon/base.h: every
 * function it keeps to itself is gmon_*), and every function there is
 * the runtime's.  The symbol table lists each object file's static
 * symbols after its FILE symbol: an object file is libgmon's when one
 * of its static functions lies inside that range, or when its static
 * functions end right where the range begins (the first member the link
 * placed has its statics before its public functions: start.c's lie
 * below _mcleanup); then all its functions are, those placed elsewhere
 * too (.text.startup, .text.unlikely).  The symbols the linker made
 * local (hidden ones) follow a FILE symbol without a name, all object
 * files' together (a -O2 Lua's luaV_execute beside gmon_arcs_reset):
 * there only the range tells.  Nothing to keep up to date: a new file
 * of libgmon is found the same way.
 */
static uint64_t *runtime_unit_functions(const struct object *obj, size_t *n)
{
	uint64_t *at = NULL, *functions = NULL, low = UINT64_MAX, high = 0, unit_top = 0;
	size_t count = 0, capacity = 0, function_count = 0, function_capacity = 0;
	long i, unit_start = 0;
	bool unit_runtime = false, in_unit = true;

	*n = 0;
	for (i = 0; i < obj->bfd_symbol_count; i++) {
		const asymbol *as = obj->bfd_symbols[i];
		uint64_t a;

		if (!is_code_function(as) || !is_gmon_name(as->name))
			continue;
		a = bfd_asymbol_value(as);
		low = a < low ? a : low;
		high = a > high ? a : high;
	}
	if (low > high)
		return NULL;
	/* libgmon is there: its public functions (which glibc's runtime
	 * has too, so that they are not among the names) are part of it */
	for (i = 0; i < obj->bfd_symbol_count; i++) {
		const asymbol *as = obj->bfd_symbols[i];
		static const char *const entries[] = { "_mcleanup", "__monstartup", "monstartup",
						       "moncontrol", NULL };
		const char *const *e;
		uint64_t a;

		if (!is_code_function(as))
			continue;
		push_address(&functions, &function_count, &function_capacity,
			     bfd_asymbol_value(as));
		for (e = entries; *e && strcmp(*e, as->name) != 0; e++)
			;
		if (*e == NULL)
			continue;
		a = bfd_asymbol_value(as);
		low = a < low ? a : low;
		high = a > high ? a : high;
	}
	qsort(functions, function_count, sizeof(*functions), compare_address);
	for (i = 0; i <= obj->bfd_symbol_count; i++) {
		const asymbol *as = i < obj->bfd_symbol_count ? obj->bfd_symbols[i] : NULL;
		long k;

		if (is_code_function(as)) {
			uint64_t a = bfd_asymbol_value(as);

			if (a >= low && a <= high) {
				unit_runtime |= (as->flags & BSF_LOCAL) != 0;
				push_address(&at, &count, &capacity, a + obj->model_base);
			} else if ((as->flags & BSF_LOCAL) && a < low && a > unit_top) {
				unit_top = a;
			}
		}
		/* an object file's static symbols end at the next FILE symbol,
		 * or where the globals begin */
		if (as && !(as->flags & BSF_FILE) && (as->flags & BSF_LOCAL))
			continue;
		if (unit_top) {
			uint64_t next = next_function(functions, function_count, unit_top);

			unit_runtime |= next >= low && next <= high;
		}
		for (k = unit_start; unit_runtime && in_unit && k < i; k++) {
			const asymbol *f = obj->bfd_symbols[k];

			if (is_code_function(f))
				push_address(&at, &count, &capacity,
					     bfd_asymbol_value(f) + obj->model_base);
		}
		unit_start = i + 1;
		unit_runtime = false;
		unit_top = 0;
		in_unit = as && (as->flags & BSF_FILE) && as->name && as->name[0];
	}
	free(functions);
	if (count)
		qsort(at, count, sizeof(*at), compare_address);
	*n = count;
	return at;
}

void overhead_mark(struct model *m, const struct read_options *opt)
{
	size_t i, k;

	m->overhead_known = overhead_known(opt);
	m->overhead_counted = m->overhead_known && opt->with_overhead;
	if (!m->overhead_known)
		return;
	for (i = 0; i < m->symbols.count; i++)
		m->symbols.base[i].is_runtime = is_runtime_name(m->symbols.base[i].name) ||
						is_gmon_name(m->symbols.base[i].name);
	for (k = 0; k < m->object_count; k++) {
		const struct object *obj = m->objects[k];
		bool whole = is_runtime_object(obj);
		size_t n = 0;
		uint64_t *statics = !whole && obj->bfd_symbols ? runtime_unit_functions(obj, &n)
							       : NULL;

		if (!whole && n == 0) {
			free(statics);
			continue;
		}
		for (i = 0; i < m->symbols.count; i++) {
			struct symbol *sym = &m->symbols.base[i];

			if (sym->object != obj || sym->is_runtime)
				continue;
			if (whole ||
			    bsearch(&sym->address, statics, n, sizeof(*statics), compare_address))
				sym->is_runtime = true;
		}
		free(statics);
	}
	/* a .cold part is its function's; and the runtime's functions no
	 * name names are left out as gprof.c's symspecs leave out the named */
	for (i = 0; i < m->symbols.count; i++) {
		struct symbol *sym = &m->symbols.base[i];

		if (sym->alias_of && sym->alias_of->is_runtime)
			sym->is_runtime = true;
		if (sym->is_runtime && !m->overhead_counted && !is_runtime_name(sym->name))
			sym->in_flat = false;
	}
}

static struct symbol *owner(struct symbol *sym)
{
	return sym && sym->alias_of ? sym->alias_of : sym;
}

/* Left out: the stacks sampled in the runtime go (in place); their
 * samples, when no histogram counted the runtime's time; and in the
 * others, the runtime's frames (its wrappers), so that the program's
 * function calls the C library's directly, as it did. */
static void drop_runtime_stacks(struct model *m)
{
	struct model_stacks *st = &m->process.stacks;
	struct frame_cache *cache = frame_cache_new();
	size_t w, kept_words = 0, kept = 0, k;
	uint64_t dropped = 0;
	bool wrappers = false; /* libgmon.so's, the only ones a stack passes through */
	bool shortened = false;

	for (k = 0; k < m->object_count; k++)
		wrappers |= is_runtime_object(m->objects[k]);

	for (w = 0; w < st->word_count;) {
		uint64_t *stack = st->words + w;
		size_t words = 2 + (size_t)(stack[1] >> 32);
		struct symbol *inner = words > 2 ? owner(frame_cache_symbol(m, cache, stack + 2, 0))
						 : NULL;

		if (inner && inner->is_runtime) {
			dropped += stack[0];
		} else {
			size_t depth = words - 2, d, out = wrappers ? 1 : depth;

			/* the runtime's frames further out are its wrappers of
			 * the C library's calls (libgmon.so's read, write...):
			 * the program called read, and the stack says so */
			for (d = 1; wrappers && d < depth; d++) {
				struct symbol *sym =
					owner(frame_cache_symbol(m, cache, stack + 2, d));

				if (!(sym && sym->is_runtime))
					stack[2 + out++] = stack[2 + d];
			}
			if (out < depth) {
				stack[1] = (uint64_t)out << 32 | (stack[1] & 0xffffffffu);
				words = 2 + out;
				shortened = true;
			}
			if (kept_words != w)
				memmove(st->words + kept_words, stack, words * sizeof(*stack));
			kept_words += words;
			kept++;
			w += 2 + depth;
			continue;
		}
		w += words;
	}
	free(cache);
	st->word_count = kept_words;
	st->count = st->merged_count = kept;
	st->samples -= dropped < st->samples ? dropped : st->samples;
	/* stacks that differed only by a wrapper's frame are one now */
	if (shortened)
		objects_merge_stacks(st);
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
			struct symbol *caller =
				owner(frame_cache_symbol(m, cache, stack + 2, d + 1));

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
