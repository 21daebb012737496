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
#include <stdlib.h>
#include <string.h>

#include "gprof.h"
#include "report.h"
#include "symbols.h"
#include "symspec.h"

#define TOP_ORDER_NONE 0
#define TOP_ORDER_BUSY (-1)

struct symbol *cycle_headers;
int cycle_count;
double print_ticks;
struct arc **all_arcs;
size_t all_arc_count;
static size_t all_arc_capacity;

/* ------------------------------------------------------------ arcs */

/* Call counts add up from many arcs and files: saturate rather than wrap
 * (GNU gprof wraps: two arcs of 2^64-1 calls show 2^64-2). */
static unsigned long add_calls(unsigned long a, unsigned long b)
{
	return a + b < a ? ULONG_MAX : a + b;
}

/* Arcs are found by (caller, callee) through a hash table: GNU gprof walks
 * the caller's whole list of callees for every arc it reads.  The table
 * grows when it holds as many arcs as it has slots (chains stay short, and
 * it costs 8 bytes an arc rather than 16). */
static struct arc **arc_hash;
static size_t arc_hash_size, arc_hash_count;

/* Arcs are carved from chunks of ARC_CHUNK (no per-arc malloc overhead),
 * each chunk's first arc linking to the previous chunk through
 * next_parent, so that callgraph_reset can free them. */
#define ARC_CHUNK 4096
static struct arc *arc_chunk;  /* the newest chunk; [0] is its link */
static size_t arc_chunk_used;

/* Arcs from a function to itself, so that callgraph_assemble need not
 * look one up for every function. */
static struct arc **self_arcs;
static size_t self_arc_count, self_arc_capacity;

static struct arc *arc_new(void)
{
	if (arc_chunk == NULL || arc_chunk_used == ARC_CHUNK) {
		struct arc *chunk = xcalloc(ARC_CHUNK, sizeof(*chunk));

		chunk[0].next_parent = arc_chunk;
		arc_chunk = chunk;
		arc_chunk_used = 1;
	}
	return &arc_chunk[arc_chunk_used++];
}

static size_t arc_slot(const struct symbol *parent, const struct symbol *child)
{
	uintptr_t h = (uintptr_t)parent * 0x9E3779B97F4A7C15ull ^ (uintptr_t)child * 0xC2B2AE3D27D4EB4Full;

	return (size_t)(h ^ (h >> 31)) & (arc_hash_size - 1);
}

struct arc *arc_lookup(struct symbol *parent, struct symbol *child)
{
	struct arc *arc;

	if (arc_hash_size == 0)
		return NULL;
	for (arc = arc_hash[arc_slot(parent, child)]; arc; arc = arc->hash_next)
		if (arc->parent == parent && arc->child == child)
			return arc;
	return NULL;
}

static void arc_hash_grow(void)
{
	size_t old_size = arc_hash_size, i;
	struct arc **old = arc_hash;

	arc_hash_size = old_size ? old_size * 2 : 4096;
	arc_hash = xcalloc(arc_hash_size, sizeof(*arc_hash));
	for (i = 0; i < old_size; i++) {
		struct arc *arc = old[i], *next;

		for (; arc; arc = next) {
			size_t slot = arc_slot(arc->parent, arc->child);

			next = arc->hash_next;
			arc->hash_next = arc_hash[slot];
			arc_hash[slot] = arc;
		}
	}
	free(old);
}

void arc_add(struct symbol *parent, struct symbol *child, unsigned long count)
{
	struct arc *arc = arc_lookup(parent, child);
	size_t slot;

	if (arc) {
		arc->count = add_calls(arc->count, count);
		return;
	}
	if (arc_hash_count >= arc_hash_size)
		arc_hash_grow();
	arc = arc_new();
	arc->parent = parent;
	arc->child = child;
	arc->count = count;
	slot = arc_slot(parent, child);
	arc->hash_next = arc_hash[slot];
	arc_hash[slot] = arc;
	arc_hash_count++;
	if (parent != child) {
		if (all_arc_count == all_arc_capacity) {
			all_arc_capacity = all_arc_capacity ? all_arc_capacity * 2 : 256;
			all_arcs = xrealloc(all_arcs, all_arc_capacity * sizeof(*all_arcs));
		}
		all_arcs[all_arc_count++] = arc;
	} else {
		if (self_arc_count == self_arc_capacity) {
			self_arc_capacity = self_arc_capacity ? self_arc_capacity * 2 : 64;
			self_arcs = xrealloc(self_arcs, self_arc_capacity * sizeof(*self_arcs));
		}
		self_arcs[self_arc_count++] = arc;
	}
	/* new arcs go first on both lists */
	arc->next_child = parent->children;
	parent->children = arc;
	arc->next_parent = child->parents;
	child->parents = arc;
}

void callgraph_tally(uint64_t from_pc, uint64_t self_pc, unsigned long count)
{
	struct symbol *parent = symbol_lookup(&symtab, from_pc);
	struct symbol *child = symbol_lookup(&symtab, self_pc);

	if (parent == NULL || child == NULL)
		return;
	if (parent->alias_of)
		parent = parent->alias_of;
	/* with -l the callee must be a function's entry, not a line */
	while (!child->is_function) {
		if (child == symtab.base)
			return;
		child--;
	}
	if (symspec_arc_named(INCL_ARCS, parent, child) ||
	    (symspec_empty(INCL_ARCS) && !symspec_arc_named(EXCL_ARCS, parent, child))) {
		child->calls = add_calls(child->calls, count);
		arc_add(parent, child, count);
	}
}

/* ------------------------------------------------------------ -c */

/* x86: every byte that could start a direct call (0xe8 rel32) whose
 * target is a function's first byte adds an arc with no calls. */
static void find_static_calls(struct symbol *parent, uint64_t low, uint64_t high)
{
	uint64_t text = bfd_section_vma(core_text_section);
	uint64_t text_size = bfd_section_size(core_text_section);
	uint64_t pc;

	if (core_text_bytes == NULL)
		return;
	histogram_clip(&low, &high);
	for (pc = low; pc < high; pc++) {
		const unsigned char *p;
		uint32_t displacement;
		uint64_t target;
		struct symbol *child;

		if (pc < text || pc + 5 > text + text_size)
			continue;
		p = core_text_bytes + (pc - text);
		if (*p != 0xe8)
			continue;
		displacement = (uint32_t)p[1] | (uint32_t)p[2] << 8 | (uint32_t)p[3] << 16 |
			       (uint32_t)p[4] << 24;
		/* GNU gprof does not sign-extend, so it only finds calls to
		 * higher addresses; we do (see doc/compat.md) */
		if (opt.gnu_quirks & QUIRK_STATIC_CALLS)
			target = pc + 5 + displacement;
		else
			target = pc + 5 + (uint64_t)(int64_t)(int32_t)displacement;
		if (!histogram_covers(target))
			continue;
		child = symbol_lookup(&symtab, target);
		if (child && child->address == target)
			arc_add(parent, child, 0);
	}
}

/* ------------------------------------------------------------ numbering */

struct frame {
	struct symbol *sym;
	struct arc *next_arc;
};

static struct frame *stack; /* stack[1..depth], as in the paper */
static size_t stack_depth, stack_capacity;
static int top_order_counter;

static bool is_numbered(const struct symbol *sym)
{
	return sym->top_order != TOP_ORDER_NONE && sym->top_order != TOP_ORDER_BUSY;
}

static void push(struct symbol *sym)
{
	if (++stack_depth >= stack_capacity) {
		stack_capacity = stack_capacity ? stack_capacity * 2 : 256;
		stack = xrealloc(stack, stack_capacity * sizeof(*stack));
	}
	stack[stack_depth].sym = sym;
	stack[stack_depth].next_arc = sym->children;
	sym->top_order = TOP_ORDER_BUSY;
}

/* sym was reached again while still being searched: everything on the
 * stack above its place belongs to one cycle with it. */
static void find_cycle(struct symbol *child)
{
	struct symbol *head = NULL, *tail;
	size_t top, i;

	for (top = stack_depth; top > 0; top--) {
		head = stack[top].sym;
		if (child == head)
			break;
		if (child->cycle_head != child && child->cycle_head == head)
			break;
	}
	if (top == 0)
		fatal("internal error: cycle without a head on the search stack");
	if (top == stack_depth)
		return; /* a function calling itself is not a cycle */
	for (tail = head; tail->cycle_next; tail = tail->cycle_next)
		;
	if (head->cycle_head != head)
		head = head->cycle_head;
	for (i = top + 1; i <= stack_depth; i++) {
		struct symbol *member = stack[i].sym;

		if (member->cycle_head == member) {
			/* append it and its own cycle, if any */
			tail->cycle_next = member;
			member->cycle_head = head;
			for (tail = member; tail->cycle_next; tail = tail->cycle_next)
				tail->cycle_next->cycle_head = head;
		} else if (member->cycle_head != head) {
			fatal("internal error: cycle member joined to the wrong cycle");
		}
	}
}

static void finish(struct symbol *sym)
{
	if (sym->cycle_head == sym) {
		struct symbol *member;

		++top_order_counter;
		for (member = sym; member; member = member->cycle_next)
			member->top_order = top_order_counter;
	}
	stack_depth--;
}

static void number_from(struct symbol *root)
{
	if (is_numbered(root))
		return;
	push(root);
	while (stack_depth > 0) {
		struct frame *f = &stack[stack_depth];
		struct symbol *child;

		if (f->next_arc == NULL) {
			finish(f->sym);
			continue;
		}
		child = f->next_arc->child;
		f->next_arc = f->next_arc->next_child;
		if (is_numbered(child))
			continue;
		if (child->top_order == TOP_ORDER_BUSY) {
			find_cycle(child);
			continue;
		}
		push(child);
	}
}

/* ------------------------------------------------------------ cycles */

static void link_cycles(void)
{
	struct symbol *sym, *member, *cycle;
	struct arc *arc;
	int number = 0;
	size_t i;

	cycle_count = 0;
	for (i = 0; i < symtab.count; i++)
		if (symtab.base[i].cycle_head == &symtab.base[i] && symtab.base[i].cycle_next)
			cycle_count++;
	cycle_headers = xcalloc((size_t)cycle_count + 1, sizeof(struct symbol));
	for (i = 0; i < symtab.count; i++) {
		sym = &symtab.base[i];
		if (!(sym->cycle_head == sym && sym->cycle_next))
			continue;
		cycle = &cycle_headers[++number];
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
					cycle->self_calls = add_calls(cycle->self_calls, arc->count);
				else
					cycle->calls = add_calls(cycle->calls, arc->count);
			}
	}
}

/* A function (or a whole cycle) is printed if a printed function calls
 * it, and passes on the fraction of its time that its callers pass on. */
static void inherit_flags(struct symbol *child)
{
	struct symbol *head = child->cycle_head, *member;
	struct arc *arc;

	if (child == head) {
		child->printed = false;
		child->prop_fraction = 0.0;
		for (arc = child->parents; arc; arc = arc->next_parent) {
			struct symbol *parent = arc->parent;

			if (parent == child)
				continue;
			child->printed |= parent->printed;
			/* an arc seen only statically (-c) carries no time */
			if (child->calls != 0)
				child->prop_fraction += parent->prop_fraction *
							((double)arc->count / (double)child->calls);
		}
		return;
	}
	head->printed = false;
	head->prop_fraction = 0.0;
	for (member = head->cycle_next; member; member = member->cycle_next)
		for (arc = member->parents; arc; arc = arc->next_parent) {
			struct symbol *parent = arc->parent;

			if (parent->cycle_head == head)
				continue;
			head->printed |= parent->printed;
			if (head->calls != 0)
				head->prop_fraction += parent->prop_fraction *
						       ((double)arc->count / (double)head->calls);
		}
	for (member = head; member; member = member->cycle_next) {
		member->printed = head->printed;
		member->prop_fraction = head->prop_fraction;
	}
}

static void propagate_flags(struct symbol **by_order)
{
	struct symbol *old_head = NULL;
	size_t n = symtab.count;

	while (n-- > 0) {
		struct symbol *child = by_order[n];

		if (child->cycle_head != old_head) {
			old_head = child->cycle_head;
			inherit_flags(child);
		}
		if (!child->printed) {
			if (symspec_selected(INCL_GRAPH, EXCL_GRAPH, child->address))
				child->printed = true;
		} else if (!symspec_holds(INCL_GRAPH, child->address) &&
			   symspec_holds(EXCL_GRAPH, child->address)) {
			child->printed = false;
		}
		if (child->prop_fraction == 0.0) {
			if (symspec_selected(INCL_TIME, EXCL_TIME, child->address))
				child->prop_fraction = 1.0;
		} else if (!symspec_holds(INCL_TIME, child->address) &&
			   symspec_holds(EXCL_TIME, child->address)) {
			child->prop_fraction = 0.0;
		}
		child->prop_self = child->self_ticks * child->prop_fraction;
		print_ticks += child->prop_self;
	}
}

static void cycle_time(void)
{
	int c;

	for (c = 1; c <= cycle_count; c++) {
		struct symbol *cycle = &cycle_headers[c], *member;

		for (member = cycle->cycle_next; member; member = member->cycle_next) {
			/* members excluded with -E pass nothing on */
			if (member->prop_fraction == 0.0)
				continue;
			cycle->self_ticks += member->self_ticks;
		}
		cycle->prop_self = cycle->prop_fraction * cycle->self_ticks;
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

static int compare_top_order(const void *lp, const void *rp)
{
	const struct symbol *left = *(const struct symbol *const *)lp;
	const struct symbol *right = *(const struct symbol *const *)rp;

	return left->top_order - right->top_order;
}

/* Call graph order: total propagated time, descending; then cycles first,
 * names without a leading underscore first, more calls first, by name. */
static int compare_total(const void *lp, const void *rp)
{
	const struct symbol *left = *(const struct symbol *const *)lp;
	const struct symbol *right = *(const struct symbol *const *)rp;
	double diff = (left->prop_self + left->prop_child) - (right->prop_self + right->prop_child);

	if (diff < 0.0)
		return 1;
	if (diff > 0.0)
		return -1;
	if (!left->name && left->cycle_number != 0)
		return -1;
	if (!right->name && right->cycle_number != 0)
		return 1;
	if (!left->name)
		return -1;
	if (!right->name)
		return 1;
	if (left->name[0] != '_' && right->name[0] == '_')
		return -1;
	if (left->name[0] == '_' && right->name[0] != '_')
		return 1;
	if (left->calls > right->calls)
		return -1;
	if (left->calls < right->calls)
		return 1;
	return strcmp(left->name, right->name);
}

struct symbol **callgraph_assemble(void)
{
	struct symbol **by_order, **by_time;
	size_t i, n = symtab.count;

	for (i = 0; i < n; i++) {
		struct symbol *sym = &symtab.base[i];

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
		if (opt.static_call_graph)
			find_static_calls(sym, sym->address,
					  i + 1 < n ? symtab.base[i + 1].address : sym->end_address + 1);
	}
	/* recursive calls are not calls from other functions */
	for (i = 0; i < self_arc_count; i++) {
		struct symbol *sym = self_arcs[i]->parent;

		if (sym >= symtab.base && sym < symtab.base + n) {
			sym->calls -= self_arcs[i]->count;
			sym->self_calls = self_arcs[i]->count;
		}
	}
	for (i = 0; i < n; i++)
		if (symtab.base[i].top_order == TOP_ORDER_NONE)
			number_from(&symtab.base[i]);
	link_cycles();

	by_order = xmalloc(n * sizeof(*by_order));
	for (i = 0; i < n; i++)
		by_order[i] = &symtab.base[i];
	qsort(by_order, n, sizeof(*by_order), compare_top_order);
	propagate_flags(by_order);
	cycle_time();
	for (i = 0; i < n; i++)
		propagate_time(by_order[i]);
	free(by_order);

	by_time = xmalloc((n + (size_t)cycle_count) * sizeof(*by_time));
	for (i = 0; i < n; i++)
		by_time[i] = &symtab.base[i];
	for (i = 1; i <= (size_t)cycle_count; i++)
		by_time[n + i - 1] = &cycle_headers[i];
	qsort(by_time, n + (size_t)cycle_count, sizeof(*by_time), compare_total);
	for (i = 0; i < n + (size_t)cycle_count; i++)
		by_time[i]->index = (int)i + 1;
	return by_time;
}

/* Forget every arc and cycle, for the next input of an in-process fuzzer
 * (tests/fuzz/); gprof itself builds one graph and exits.  The symbols'
 * own fields are the caller's to restore. */
void callgraph_reset(void)
{
	while (arc_chunk) {
		struct arc *previous = arc_chunk[0].next_parent;

		free(arc_chunk);
		arc_chunk = previous;
	}
	arc_chunk_used = 0;
	free(self_arcs);
	self_arcs = NULL;
	self_arc_count = self_arc_capacity = 0;
	free(arc_hash);
	arc_hash = NULL;
	arc_hash_size = arc_hash_count = 0;
	free(all_arcs);
	all_arcs = NULL;
	all_arc_count = all_arc_capacity = 0;
	free(cycle_headers);
	cycle_headers = NULL;
	cycle_count = 0;
	print_ticks = 0.0;
	stack_depth = 0;
	top_order_counter = 0;
}
