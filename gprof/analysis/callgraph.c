/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * callgraph.c: build the call graph from arcs, number it depth first,
 * collapse cycles, and propagate time from callees to callers.
 *
 * The numbering is the one from the 1982 paper (Tarjan's strongly
 * connected components, found during one depth-first search): a function
 * is numbered after all its callees, and the members of a cycle share the
 * number given when the first member visited (the cycle's head) finishes.
 * The search uses an explicit stack, so a 100,000-deep call chain cannot
 * overflow ours.  Time then flows in one pass from the highest numbers
 * (roots) down for flags and fractions, and from the lowest (leaves) up
 * for time.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/callgraph.h"
#include "analysis/source_lines.h"
#include "analysis/stack_times.h"
#include "analysis/histogram.h"
#include "symtab/symspec.h"
#include "core/keysort.h"
#include "core/util.h"

#define TOP_ORDER_NONE 0
#define TOP_ORDER_BUSY (-1)

/* ------------------------------------------------------------ arcs */

/* The caller and callee symbols of an arc, when both are known and the
 * arc is not dropped by -k or -q from/to. */
static bool arc_symbols(const struct model *m, uint64_t from_pc, uint64_t self_pc,
			struct symbol **parent_out, struct symbol **child_out)
{
	const struct symbol_table *symtab = &m->symbols;
	struct symbol *parent = symbol_lookup(symtab, from_pc);
	struct symbol *child = symbol_lookup(symtab, self_pc);

	if (parent == NULL || child == NULL)
		return false;
	if (parent->alias_of)
		parent = parent->alias_of;
	/* with -l the callee must be a function's entry, not a line */
	while (!child->is_function) {
		if (child == symtab->base)
			return false;
		child--;
	}
	if (!symspec_arc_named(&m->symspecs, INCL_ARCS, parent, child) &&
	    !(symspec_empty(&m->symspecs, INCL_ARCS) &&
	      !symspec_arc_named(&m->symspecs, EXCL_ARCS, parent, child)))
		return false;
	*parent_out = parent;
	*child_out = child;
	return true;
}

bool callgraph_arc_kept(const struct model *m, uint64_t from_pc, uint64_t self_pc)
{
	struct symbol *parent, *child;

	return arc_symbols(m, from_pc, self_pc, &parent, &child);
}

void callgraph_tally(struct model *m, uint64_t from_pc, uint64_t self_pc, unsigned long count)
{
	struct symbol *parent, *child;

	if (arc_symbols(m, from_pc, self_pc, &parent, &child)) {
		child->calls = add_calls(child->calls, count);
		arc_add(&m->arcs, parent, child, count);
		/* by call site: the source view's and --callgrind's */
		call_sites_add(m, from_pc, child, count);
	}
}

static bool symbol_has_counted_caller(const struct symbol *sym)
{
	const struct arc *arc;

	for (arc = sym->parents; arc; arc = arc->next_parent)
		if (!arc->uncounted && arc->count != 0)
			return true;
	return false;
}

void callgraph_add_uncounted(struct model *m, uint64_t from_pc, uint64_t self_pc)
{
	struct symbol *parent, *child;

	/* a callee whose calls the runtime counts (built with -pg) had
	 * this call counted if it was one: frames of it next to a caller
	 * it has no arc from are a tail call or an unwinder's guess */
	if (arc_symbols(m, from_pc, self_pc, &parent, &child) && child->calls == 0 &&
	    !arc_lookup(&m->arcs, parent, child) && !symbol_has_counted_caller(child))
		arc_add(&m->arcs, parent, child, 0)->uncounted = true;
}

/* ------------------------------------------------------------ -c */

/* A call found in the text (either processor): an arc with no calls when
 * it lands on a function's first byte inside the histogram. */
static void add_static_arc(struct model *m, struct symbol *parent, uint64_t target)
{
	struct symbol *child;

	if (!histogram_covers(&m->histograms, target))
		return;
	child = symbol_lookup(&m->symbols, target);
	if (child && child->address == target)
		arc_add(&m->arcs, parent, child, 0);
}

/* aarch64: every 4-byte word that is a bl or a b (x00101 imm26, a
 * signed offset in words: a call, or a tail call) to a function's first
 * byte adds an arc with no calls, as GNU gprof finds them. */
static void find_static_calls_aarch64(struct model *m, const struct object *obj,
				      struct symbol *parent, uint64_t low, uint64_t high)
{
	uint64_t text = obj->text_low, text_size = obj->text_high - obj->text_low;
	uint64_t pc;

	for (pc = (low + 3) & ~(uint64_t)3; pc < high; pc += 4) {
		const unsigned char *p;
		uint32_t insn;
		uint64_t target;

		if (pc < text || pc + 4 > text + text_size)
			continue;
		p = obj->text_bytes + (pc - text);
		insn = obj->target.big_endian ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
							(uint32_t)p[2] << 8 | p[3]
					      : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 |
							(uint32_t)p[1] << 8 | p[0];
		if ((insn & 0x7c000000u) != 0x14000000u)
			continue;
		/* imm26 sign-extended, times 4 */
		target = pc + (uint64_t)((int64_t)((int32_t)(insn << 6) >> 6) * 4);
		add_static_arc(m, parent, target);
	}
}

/* x86: every byte that could start a direct call (0xe8 rel32) whose
 * target is a function's first byte adds an arc with no calls. */
static void find_static_calls(struct model *m, const struct read_options *opt,
			      struct symbol *parent, uint64_t low, uint64_t high)
{
	const struct object *obj = parent->object;
	uint64_t text, text_size;
	uint64_t pc;

	if (obj == NULL || obj->text_bytes == NULL)
		return;
	text = obj->text_low;
	text_size = obj->text_high - obj->text_low;
	histogram_clip(&m->histograms, &low, &high);
	if (obj->aarch64) {
		find_static_calls_aarch64(m, obj, parent, low, high);
		return;
	}
	for (pc = low; pc < high; pc++) {
		const unsigned char *p;
		uint32_t displacement;
		uint64_t target;

		if (pc < text || pc + 5 > text + text_size)
			continue;
		p = obj->text_bytes + (pc - text);
		if (*p != 0xe8)
			continue;
		displacement = (uint32_t)p[1] | (uint32_t)p[2] << 8 | (uint32_t)p[3] << 16 |
			       (uint32_t)p[4] << 24;
		/* GNU gprof does not sign-extend, so it only finds calls to
		 * higher addresses; we do (see doc/compat.md) */
		if (opt->gnu_quirks & QUIRK_STATIC_CALLS)
			target = pc + 5 + displacement;
		else
			target = pc + 5 + (uint64_t)(int64_t)(int32_t)displacement;
		add_static_arc(m, parent, target);
	}
}

/* ------------------------------------------------------------ numbering */

/*
 * The depth-first search of the paper, numbering functions in
 * topological order and finding cycles, over a copy of the graph made
 * for it: each function's callees as places in the table, in the order
 * of its list (the newest arc first), made from the arcs in the order
 * made; each function's number, and how it stands in a cycle, in arrays
 * by place.  Following the lists and reading the symbols, each step was
 * a cache miss at 100,000 functions.  The symbols are read only to join
 * cycles, and are given their numbers at the end.
 */
enum {
	JOINED = 1,  /* its cycle_head is another function */
	HAS_NEXT = 2 /* its cycle_next is set */
};

struct frame {
	uint32_t place;
	uint32_t next; /* callees[next .. start[place + 1]) are left */
};

/* The search: stack[1..depth]. */
struct search {
	struct symbol *base;
	uint32_t *start;    /* function p's callees: callees[start[p] .. start[p + 1]) */
	uint32_t *callees;  /* places */
	int *order;         /* top_order by place */
	unsigned char *how; /* JOINED, HAS_NEXT by place */
	struct frame *stack;
	size_t depth, capacity;
	int top_order_counter;
};

static void search_init(struct search *s, const struct model *m)
{
	const struct arc_store *store = &m->arcs;
	size_t n = m->symbols.count, c, k, count;

	memset(s, 0, sizeof(*s));
	s->base = m->symbols.base;
	s->start = xcalloc(n + 2, sizeof(*s->start));
	for (c = 0; c < store->chunk_count; c++) {
		const struct arc *arc = arc_store_chunk(store, c, &count);

		for (k = 0; k < count; k++, arc++) {
			if (arc->parent < s->base || arc->parent >= s->base + n ||
			    arc->child < s->base || arc->child >= s->base + n)
				fatal("internal error: an arc of a symbol outside the table");
			s->start[arc->parent - s->base + 2]++;
		}
	}
	for (k = 2; k < n + 2; k++)
		s->start[k] += s->start[k - 1];
	s->callees = xmalloc((s->start[n + 1] + 1) * sizeof(*s->callees));
	/* newest first, as the lists are */
	for (c = store->chunk_count; c-- > 0;) {
		const struct arc *first = arc_store_chunk(store, c, &count), *arc;

		for (arc = first + count; arc-- > first;)
			s->callees[s->start[arc->parent - s->base + 1]++] =
				(uint32_t)(arc->child - s->base);
	}
	s->order = xcalloc(n + 1, sizeof(*s->order)); /* TOP_ORDER_NONE */
	s->how = xcalloc(n + 1, 1);
}

static void search_free(struct search *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		s->base[i].top_order = s->order[i];
	free(s->start);
	free(s->callees);
	free(s->order);
	free(s->how);
	free(s->stack);
}

static bool is_numbered(int order)
{
	return order != TOP_ORDER_NONE && order != TOP_ORDER_BUSY;
}

static void push(struct search *s, uint32_t place)
{
	if (++s->depth >= s->capacity) {
		s->capacity = s->capacity ? s->capacity * 2 : 256;
		s->stack = xrealloc(s->stack, s->capacity * sizeof(*s->stack));
	}
	s->stack[s->depth].place = place;
	s->stack[s->depth].next = s->start[place];
	s->order[place] = TOP_ORDER_BUSY;
}

static void join(struct search *s, struct symbol *member, struct symbol *head)
{
	member->cycle_head = head;
	s->how[member - s->base] |= JOINED;
}

static void link_next(struct search *s, struct symbol *sym, struct symbol *next)
{
	sym->cycle_next = next;
	s->how[sym - s->base] |= HAS_NEXT;
}

/* child was reached again while still being searched: everything on the
 * stack above its place belongs to one cycle with it. */
static void find_cycle(struct search *s, struct symbol *child)
{
	struct frame *stack = s->stack;
	struct symbol *head = NULL, *tail;
	size_t top, i;

	for (top = s->depth; top > 0; top--) {
		head = s->base + stack[top].place;
		if (child == head)
			break;
		if (child->cycle_head != child && child->cycle_head == head)
			break;
	}
	if (top == 0)
		fatal("internal error: cycle without a head on the search stack");
	if (top == s->depth)
		return; /* a function calling itself is not a cycle */
	for (tail = head; tail->cycle_next; tail = tail->cycle_next)
		;
	if (head->cycle_head != head)
		head = head->cycle_head;
	for (i = top + 1; i <= s->depth; i++) {
		struct symbol *member = s->base + stack[i].place;

		if (member->cycle_head == member) {
			/* append it and its own cycle, if any */
			link_next(s, tail, member);
			join(s, member, head);
			for (tail = member; tail->cycle_next; tail = tail->cycle_next)
				join(s, tail->cycle_next, head);
		} else if (member->cycle_head != head) {
			fatal("internal error: cycle member joined to the wrong cycle");
		}
	}
}

static void finish(struct search *s, uint32_t place)
{
	if (!(s->how[place] & JOINED)) {
		const struct symbol *member;

		++s->top_order_counter;
		if (!(s->how[place] & HAS_NEXT))
			s->order[place] = s->top_order_counter;
		else
			for (member = s->base + place; member; member = member->cycle_next)
				s->order[member - s->base] = s->top_order_counter;
	}
	s->depth--;
}

static void number_from(struct search *s, uint32_t root)
{
	if (is_numbered(s->order[root]))
		return;
	push(s, root);
	while (s->depth > 0) {
		struct frame *f = &s->stack[s->depth];
		uint32_t child;

		if (f->next == s->start[f->place + 1]) {
			finish(s, f->place);
			continue;
		}
		child = s->callees[f->next++];
		if (is_numbered(s->order[child]))
			continue;
		if (s->order[child] == TOP_ORDER_BUSY) {
			find_cycle(s, s->base + child);
			continue;
		}
		push(s, child);
	}
}

/* ------------------------------------------------------------ cycles */

/* A cycle's first member: its own head, with members after it (how
 * the search marked it, by place: no symbol is read to find them). */
static bool heads_cycle(unsigned char how)
{
	return !(how & JOINED) && (how & HAS_NEXT);
}

static void link_cycles(struct model *m, const unsigned char *how)
{
	const struct symbol_table *symtab = &m->symbols;
	struct symbol *sym, *member, *cycle;
	struct arc *arc;
	int number = 0;
	size_t i;

	m->cycle_count = 0;
	for (i = 0; i < symtab->count; i++)
		if (heads_cycle(how[i]))
			m->cycle_count++;
	m->cycles = xcalloc((size_t)m->cycle_count + 1, sizeof(struct symbol));
	for (i = 0; i < symtab->count; i++) {
		if (!heads_cycle(how[i]))
			continue;
		sym = &symtab->base[i];
		cycle = &m->cycles[++number];
		symbol_init(cycle);
		cycle->printed = true;
		cycle->top_order = TOP_ORDER_NONE;
		cycle->cycle_number = number;
		cycle->cycle_head = cycle;
		cycle->cycle_next = sym;
		for (member = sym; member; member = member->cycle_next) {
			member->cycle_number = number;
			member->cycle_head = cycle;
		}
		/* calls from outside the cycle, and among its members */
		for (member = sym; member; member = member->cycle_next)
			for (arc = member->parents; arc; arc = arc->next_parent) {
				if (arc->parent == member)
					continue;
				if (arc->parent->cycle_number == number)
					cycle->self_calls =
						add_calls(cycle->self_calls, arc->count);
				else
					cycle->calls = add_calls(cycle->calls, arc->count);
			}
	}
}

/*
 * The callers of every function in one array, each function's in the
 * order of its list (the newest arc first), recursive arcs left out, as
 * (place of the caller, calls); and what inherit_flags reads of each
 * caller (printed, the fraction it passes on, its cycle) in arrays by
 * place, written as each function is done.  Following a list, each arc
 * and each caller was a cache miss waiting for the one before (a third
 * of the call graph's time at 100,000 functions); here a function's
 * callers are one run of the array and what it reads of them is dense.
 * Made from the arcs in the order made (arc_store.all), read backwards.
 */
struct caller {
	uint32_t place;
	unsigned long count;
};

struct callers {
	const struct symbol *base;
	uint32_t *start; /* function i's: list[start[i] .. start[i + 1]) */
	struct caller *list;
	bool *printed;  /* by place */
	double *passed; /* prop_fraction by place */
	int *cycle;     /* cycle_number by place */
};

static void callers_build(const struct model *m, struct callers *c)
{
	const struct arc_store *s = &m->arcs;
	size_t n = m->symbols.count, k;

	c->base = m->symbols.base;
	c->start = xcalloc(n + 2, sizeof(*c->start));
	c->list = xmalloc((s->all_count + 1) * sizeof(*c->list));
	for (k = 0; k < s->all_count; k++) {
		const struct symbol *child = s->all[k]->child;

		if (child < c->base || child >= c->base + n)
			fatal("internal error: an arc to a symbol outside the table");
		c->start[child - c->base + 2]++;
	}
	for (k = 2; k < n + 2; k++)
		c->start[k] += c->start[k - 1];
	for (k = s->all_count; k-- > 0;) {
		const struct arc *arc = s->all[k];

		c->list[c->start[arc->child - c->base + 1]++] =
			(struct caller){ (uint32_t)(arc->parent - c->base), arc->count };
	}
	c->printed = xcalloc(n + 1, sizeof(*c->printed));
	c->passed = xcalloc(n + 1, sizeof(*c->passed));
	c->cycle = xmalloc((n + 1) * sizeof(*c->cycle));
	for (k = 0; k < n; k++)
		c->cycle[k] = c->base[k].cycle_number;
}

static void callers_free(struct callers *c)
{
	free(c->start);
	free(c->list);
	free(c->printed);
	free(c->passed);
	free(c->cycle);
}

/* Ask for the fields of sym from first up to last (inclusive): the lines
 * of the 208-byte symbol a walk reads, wherever it lies.  Inlined by
 * force: a function that only prefetches has no effect GCC must keep
 * (as a call it was removed). */
#define PREFETCH_FIELDS(sym, first, last) \
	prefetch_span((const char *)(sym) + offsetof(struct symbol, first), \
		      offsetof(struct symbol, last) - offsetof(struct symbol, first) + 1)

static inline __attribute__((always_inline)) void prefetch_span(const char *p, size_t size)
{
	size_t at;

	for (at = 0; at < size; at += 64)
		__builtin_prefetch(p + at);
	__builtin_prefetch(p + size - 1);
}

/* The functions are visited in topological order, each somewhere else in
 * memory: asked for 16 places ahead. */
static inline __attribute__((always_inline)) void prefetch_callers(struct symbol *const *by_order,
								   size_t n)
{
	if (n >= 16)
		PREFETCH_FIELDS(by_order[n - 16], name, address);
}

/* A function (or a whole cycle) is printed if a printed function calls
 * it, and passes on the fraction of its time that its callers pass on. */
static void inherit_flags(struct symbol *child, const struct callers *callers)
{
	struct symbol *head = child->cycle_head, *member;
	const uint32_t *start = callers->start;
	size_t i, j;

	if (child == head) {
		bool printed = false;
		double passed = 0.0;

		i = (size_t)(child - callers->base);
		for (j = start[i]; j < start[i + 1]; j++) {
			const struct caller *caller = &callers->list[j];

			printed |= callers->printed[caller->place];
			/* an arc seen only statically (-c) carries no time */
			if (child->calls != 0)
				passed += callers->passed[caller->place] *
					  ((double)caller->count / (double)child->calls);
		}
		child->printed = printed;
		child->prop_fraction = passed;
		return;
	}
	head->printed = false;
	head->prop_fraction = 0.0;
	for (member = head->cycle_next; member; member = member->cycle_next)
		for (i = (size_t)(member - callers->base), j = start[i]; j < start[i + 1]; j++) {
			const struct caller *caller = &callers->list[j];

			if (callers->cycle[caller->place] == head->cycle_number)
				continue;
			head->printed |= callers->printed[caller->place];
			if (head->calls != 0)
				head->prop_fraction +=
					callers->passed[caller->place] *
					((double)caller->count / (double)head->calls);
		}
	for (member = head; member; member = member->cycle_next) {
		member->printed = head->printed;
		member->prop_fraction = head->prop_fraction;
	}
}

static void propagate_flags(struct model *m, struct symbol **by_order)
{
	const struct symspec_tables *specs = &m->symspecs;
	struct symbol *old_head = NULL;
	size_t n = m->symbols.count;
	struct callers callers;

	callers_build(m, &callers);
	while (n-- > 0) {
		struct symbol *child = by_order[n];

		prefetch_callers(by_order, n);
		if (child->cycle_head != old_head) {
			old_head = child->cycle_head;
			inherit_flags(child, &callers);
		}
		if (!child->printed) {
			if (symspec_selected(specs, INCL_GRAPH, EXCL_GRAPH, child->address))
				child->printed = true;
		} else if (!symspec_holds(specs, INCL_GRAPH, child->address) &&
			   symspec_holds(specs, EXCL_GRAPH, child->address)) {
			child->printed = false;
		}
		if (child->prop_fraction == 0.0) {
			if (symspec_selected(specs, INCL_TIME, EXCL_TIME, child->address))
				child->prop_fraction = 1.0;
		} else if (!symspec_holds(specs, INCL_TIME, child->address) &&
			   symspec_holds(specs, EXCL_TIME, child->address)) {
			child->prop_fraction = 0.0;
		}
		/* the runtime's functions no name names (overhead.c), left
		 * out as gprof.c's symspecs leave out the named ones */
		if (child->is_runtime && m->overhead_known && !m->overhead_counted) {
			child->printed = false;
			child->prop_fraction = 0.0;
		}
		child->prop_self = child->self_ticks * child->prop_fraction;
		m->print_ticks += child->prop_self;
		callers.printed[child - callers.base] = child->printed;
		callers.passed[child - callers.base] = child->prop_fraction;
	}
	callers_free(&callers);
}

static void cycle_time(struct model *m)
{
	int c;

	for (c = 1; c <= m->cycle_count; c++) {
		struct symbol *cycle = &m->cycles[c], *member;

		for (member = cycle->cycle_next; member; member = member->cycle_next) {
			/* members excluded with -E pass nothing on */
			if (member->prop_fraction == 0.0)
				continue;
			cycle->self_ticks += member->self_ticks;
		}
		cycle->prop_self = cycle->prop_fraction * cycle->self_ticks;
	}
}

/* As prefetch_callers, for propagate_time's walk: the function 16 places
 * on, then its first callee arc, then that arc's callee and the next. */
static inline __attribute__((always_inline)) void prefetch_callees(struct symbol *const *by_order,
								   size_t i, size_t n)
{
	const struct arc *arc;

	if (i + 16 < n)
		PREFETCH_FIELDS(by_order[i + 16], cycle_number, child_ticks);
	if (i + 8 < n && by_order[i + 8]->children)
		__builtin_prefetch(by_order[i + 8]->children);
	if (i + 3 < n && (arc = by_order[i + 3]->children) != NULL) {
		PREFETCH_FIELDS(arc->child, cycle_number, child_ticks);
		__builtin_prefetch(arc->next_child);
	}
}

static void propagate_time(struct symbol *parent)
{
	struct arc *arc;

	if (parent->prop_fraction == 0.0)
		return;
	for (arc = parent->children; arc; arc = arc->next_child) {
		struct symbol *child = arc->child;
		double share, prop_share;

		if (arc->count == 0 || child == parent || child->prop_fraction == 0)
			continue;
		if (child->cycle_head != child) {
			/* calls within a cycle propagate nothing */
			if (parent->cycle_number == child->cycle_number)
				continue;
			if (parent->top_order <= child->top_order)
				fprintf(stderr, "%s: internal error: topological order broken\n",
					program_name);
			child = child->cycle_head;
		} else if (parent->top_order <= child->top_order) {
			fprintf(stderr, "%s: internal error: topological order broken\n",
				program_name);
			continue;
		}
		if (child->calls == 0)
			continue;
		arc->time = child->self_ticks * ((double)arc->count / (double)child->calls);
		arc->child_time = child->child_ticks * ((double)arc->count / (double)child->calls);
		share = arc->time + arc->child_time;
		parent->child_ticks += share;
		prop_share = parent->prop_fraction * share;
		parent->prop_child += prop_share;
		arc->time *= parent->prop_fraction;
		arc->child_time *= parent->prop_fraction;
		if (parent->cycle_head != parent) {
			parent->cycle_head->child_ticks += share;
			parent->cycle_head->prop_child += prop_share;
		}
	}
}

/* Call graph order: total propagated time, descending; then cycles first,
 * unnamed symbols next, names without a leading underscore before those
 * with one, more calls first, by name (ranks order as strcmp does:
 * symbol_table_rank_names).  GNU compares so (its cmp_total); the keys
 * are copies of what it compares, not the symbols (208 bytes each,
 * scattered: a cache miss a comparison at 100,000 functions). */
enum {
	TOTAL_CYCLE,
	TOTAL_UNNAMED,
	TOTAL_PLAIN,
	TOTAL_UNDERSCORE
};

struct total_key {
	double total;
	unsigned long calls;
	unsigned name_rank;
	unsigned char kind;
	struct symbol *sym;
};

static struct total_key total_key(struct symbol *sym)
{
	struct total_key k = { sym->prop_self + sym->prop_child, sym->calls, sym->name_rank,
			       TOTAL_PLAIN, sym };

	if (!sym->name)
		k.kind = sym->cycle_number != 0 ? TOTAL_CYCLE : TOTAL_UNNAMED;
	else if (sym->name[0] == '_')
		k.kind = TOTAL_UNDERSCORE;
	return k;
}

/*
 * The keys in that order as GNU's qsort (glibc's merge sort, taking the
 * left one unless it compares greater) leaves them.  GNU's comparison
 * is not a strict order: two cycles, or two unnamed
 * symbols, of equal time each compare less than the other; but in a
 * merge that takes the left one, as a tie would (stable).  So the order
 * is the stable sort by time (descending), then kind (cycles, unnamed,
 * plain names, names with an underscore), then for named symbols calls
 * (descending) and name rank: sorted here as keys, least significant
 * first (keysort is stable and linear; a merge sort of these keys was
 * 7% of a run at 100,000 functions).
 */
static void sort_totals(const struct total_key *keys, size_t n, struct symbol **by_time)
{
	struct keyed *order = xmalloc((n + 1) * sizeof(*order));
	unsigned long most_calls = 0;
	unsigned most_rank = 0;
	bool one_key;
	size_t i;

	for (i = 0; i < n; i++) {
		if (keys[i].kind >= TOTAL_PLAIN && keys[i].calls > most_calls)
			most_calls = keys[i].calls;
		if (keys[i].name_rank > most_rank)
			most_rank = keys[i].name_rank;
	}
	/* kind, calls and name rank in one key when they fit (bits 56-57,
	 * 24-55, 0-23); the time after, in a pass of its own */
	one_key = most_calls <= UINT32_MAX && most_rank < (1u << 24);
	for (i = 0; i < n; i++) {
		const struct total_key *k = &keys[i];
		uint64_t key = 0;

		if (k->kind >= TOTAL_PLAIN)
			key = one_key ? (uint64_t)(UINT32_MAX - k->calls) << 24 | k->name_rank
				      : k->name_rank;
		if (one_key)
			key |= (uint64_t)k->kind << 56;
		order[i] = (struct keyed){ key, i };
	}
	keysort(order, n);
	if (!one_key) {
		for (i = 0; i < n; i++)
			order[i].key = keys[order[i].index].kind >= TOTAL_PLAIN
					       ? ~(uint64_t)keys[order[i].index].calls
					       : 0;
		keysort(order, n);
		for (i = 0; i < n; i++)
			order[i].key = keys[order[i].index].kind;
		keysort(order, n);
	}
	for (i = 0; i < n; i++)
		order[i].key = ~double_key(keys[order[i].index].total);
	keysort_mostly(order, n, ~double_key(0.0));
	for (i = 0; i < n; i++)
		by_time[i] = keys[order[i].index].sym;
	free(order);
}

/* The symbols by topological number, ties in table order (what a stable
 * sort gives): a counting sort over the numbers' range. */
/* top_order is the search's, by place (the symbols get it after). */
static void sort_by_top_order(const struct symbol_table *symtab, const int *top_order,
			      struct symbol **by_order)
{
	size_t i, n = symtab->count, *start;
	int low = 0, high = 0;

	for (i = 0; i < n; i++) {
		int order = top_order[i];

		if (i == 0 || order < low)
			low = order;
		if (i == 0 || order > high)
			high = order;
	}
	start = xcalloc((size_t)(high - low) + 2, sizeof(*start));
	for (i = 0; i < n; i++)
		start[top_order[i] - low + 1]++;
	for (i = 1; i <= (size_t)(high - low) + 1; i++)
		start[i] += start[i - 1];
	for (i = 0; i < n; i++)
		by_order[start[top_order[i] - low]++] = &symtab->base[i];
	free(start);
}

/* The call graph's [N]: GNU numbers every symbol in the order of
 * by_time, shown or not, so that its numbers jump past the entries it
 * leaves out; kept for GNU's inputs (t-compare).  A whole-process
 * profile (thousands of library functions never sampled) numbers the
 * entries the graph shows 1, 2, 3... and the others after them. */
static void number_entries(const struct model *m, const struct read_options *opt,
			   struct symbol **by_time, size_t n)
{
	size_t i;
	int next = 1;

	if (!m->whole_process) {
		/* in time order, each somewhere else: asked for ahead */
		for (i = 0; i < n; i++) {
			if (i + 16 < n)
				__builtin_prefetch(&by_time[i + 16]->index, 1);
			by_time[i]->index = (int)i + 1;
		}
		return;
	}
	for (i = 0; i < n; i++)
		if (callgraph_shows(by_time[i], opt))
			by_time[i]->index = next++;
	for (i = 0; i < n; i++)
		if (!callgraph_shows(by_time[i], opt))
			by_time[i]->index = next++;
}

void callgraph_build(struct model *m, const struct read_options *opt)
{
	struct symbol_table *symtab = &m->symbols;
	struct symbol **by_order, **by_time;
	struct total_key *keys;
	struct search search;
	size_t i, n = symtab->count, cycle_count;

	for (i = 0; i < n; i++) {
		struct symbol *sym = &symtab->base[i];

		sym->child_ticks = 0.0;
		sym->self_calls = 0;
		sym->prop_fraction = 0.0;
		sym->prop_self = 0.0;
		sym->prop_child = 0.0;
		sym->printed = false;
		sym->top_order = TOP_ORDER_NONE;
		sym->cycle_number = 0;
		sym->cycle_head = sym;
		sym->cycle_next = NULL;
		if (opt->static_call_graph)
			find_static_calls(m, opt, sym, sym->address,
					  i + 1 < n ? symtab->base[i + 1].address
						    : sym->end_address + 1);
	}
	/* recursive calls are not calls from other functions */
	for (i = 0; i < m->arcs.self_count; i++) {
		struct symbol *sym = m->arcs.self[i]->parent;

		if (sym >= symtab->base && sym < symtab->base + n) {
			sym->calls -= m->arcs.self[i]->count;
			sym->self_calls = m->arcs.self[i]->count;
		}
	}
	search_init(&search, m);
	for (i = 0; i < n; i++)
		if (search.order[i] == TOP_ORDER_NONE)
			number_from(&search, (uint32_t)i);
	link_cycles(m, search.how);
	by_order = xmalloc((n + 1) * sizeof(*by_order));
	sort_by_top_order(symtab, search.order, by_order);
	search_free(&search, n);
	propagate_flags(m, by_order);
	cycle_time(m);
	for (i = 0; i < n; i++) {
		prefetch_callees(by_order, i, n);
		propagate_time(by_order[i]);
	}
	free(by_order);
	if (stacks_measurable(m, opt))
		stacks_measure(m);

	cycle_count = (size_t)m->cycle_count;
	by_time = xmalloc((n + cycle_count + 1) * sizeof(*by_time));
	keys = xmalloc((n + cycle_count + 1) * sizeof(*keys));
	for (i = 0; i < n; i++) {
		/* the first byte of each name is read: scattered in memory */
		if (i + 16 < n)
			__builtin_prefetch(symtab->base[i + 16].name);
		keys[i] = total_key(&symtab->base[i]);
	}
	for (i = 1; i <= cycle_count; i++)
		keys[n + i - 1] = total_key(&m->cycles[i]);
	sort_totals(keys, n + cycle_count, by_time);
	free(keys);
	number_entries(m, opt, by_time, n + cycle_count);
	free(m->by_time);
	m->by_time = by_time;
	m->by_time_count = n + cycle_count;
}

/* ------------------------------------------------------------ entries shown */

bool callgraph_entry_shown(const struct symbol *sym, bool show_zeros, bool line_granularity)
{
	if (!show_zeros && sym->calls == 0 && sym->self_calls == 0 && sym->prop_self == 0 &&
	    sym->prop_child == 0)
		return false;
	return sym->printed && !sym->hidden && !(line_granularity && !sym->is_function);
}

bool callgraph_shows(const struct symbol *sym, const struct read_options *opt)
{
	return callgraph_entry_shown(sym, opt->show_zeros, opt->line_granularity);
}
