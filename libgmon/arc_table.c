/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arc_table.c: arc tables (arc_table.h): set-up, the probe and claim
 * behind the stubs' fast path, the writer's walk.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe: gmon_arc_count runs in the hook, inside any
 * function of the program, including signal handlers and other threads,
 * so no stdio, no malloc, no locks: atomic operations on memory mapped
 * once at start-up.  Compiled for general registers only.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>

#include "arc_layout.h"
#include "arc_table.h"
#include "arch.h"
#include "table.h"

/*
 * An arc table is a table of table.h's kind (open addressing, linear
 * probing, claim list) whose key is the pair (call site, callee), both
 * words claimed at once (gmon_arch_claim_pair), so no reader ever sees
 * half a key.  The main program's arcs are in gmon_arc_table.arcs; arcs
 * whose call site lies in another object (a library calling back into
 * the program) in foreign.c's table, of the same kind.
 *
 *   first slot = hash(from_pc, self_pc) & mask (arc_layout.h)
 *
 * Why a pair key rather than the 1982 paper's index by call site with a
 * chain of callees behind each slot (what this file did before, and what
 * glibc does): an indirect call site, an interpreter's dispatch, calls
 * tens of callees, and each of its calls walked a chain as long, one
 * dependent load per arc (glibc moves the arc found to the chain's head,
 * which needs a lock).  Keyed by the pair, a call finds its arc in the
 * first slot it looks at, whatever the shape of the call: the table is
 * sized so that its keys fill at most 7/8 of it, and is mostly far
 * emptier.
 *
 * The stubs (mcount.S) hash and probe themselves, ARC_FAST_PROBES slots
 * from the first (the spare slots past the last make that safe), and
 * count an arc they find; anything else comes here: gmon_arc_count
 * probes on (wrapping round), claims a slot for a new arc, and counts.
 * struct arc is in arc_table.h.
 */

/* The assembly fast path reads these structures at fixed offsets. */
_Static_assert(offsetof(struct arc, from_pc) == ARC_FROM_PC, "arc layout");
_Static_assert(offsetof(struct arc, self_pc) == ARC_SELF_PC, "arc layout");
_Static_assert(offsetof(struct arc, count) == ARC_COUNT, "arc layout");
_Static_assert(sizeof(struct arc) == 1 << ARC_SIZE_SHIFT, "arc layout");
_Static_assert(offsetof(struct gmon_table, slots) == TABLE_SLOTS, "table layout");
_Static_assert(offsetof(struct gmon_table, mask) == TABLE_MASK, "table layout");
_Static_assert(sizeof(((struct gmon_table *)0)->mask) == 4, "table layout");
_Static_assert(ARC_FAST_PROBES <= GMON_TABLE_SPARE_SLOTS, "the stubs' probes stay in the table");

#define MAX_PROBES 256
#define MIN_SLOTS 4096

/* What the stubs probe in a table not set up: empty slots; nothing can
 * be added (limit 0). */
struct arc gmon_no_arcs[ARC_FAST_PROBES];

int gmon_arc_table_init(struct gmon_table *t, size_t keys, const char *full)
{
	struct gmon_table fresh = { 0 };
	if (gmon_table_init(&fresh, keys, sizeof(struct arc), MIN_SLOTS, MAX_PROBES, 1, full) != 0)
		return -1; /* t still has no slots the stubs could not read */
	*t = fresh;
	return 0;
}

static uint32_t arc_hash(uintptr_t from_pc, uintptr_t self_pc)
{
	return (uint32_t)((((uint64_t)self_pc << ARC_HASH_SHIFT ^ from_pc) * ARC_HASH_K) >> 32);
}

/* A dead slot (table.h) taken for the arc (from_pc, self_pc): the call
 * site first, by compare-and-swap, then the callee; a reader that sees
 * the one without the other matches no arc (no callee is at
 * GMON_TABLE_DEAD). */
static inline int take_dead(struct arc *a, uintptr_t from_pc, uintptr_t self_pc)
{
	uintptr_t expected = GMON_TABLE_DEAD;
	if (!__atomic_compare_exchange_n(&a->from_pc, &expected, from_pc, 0, __ATOMIC_ACQ_REL,
					 __ATOMIC_ACQUIRE))
		return 0;
	__atomic_store_n(&a->self_pc, self_pc, __ATOMIC_RELEASE);
	return 1;
}

/* The slot of the arc, claimed (or a dead one taken) if it is new; NULL
 * if there is no room within max_probes slots. */
static inline struct arc *find_arc(struct gmon_table *t, uintptr_t from_pc, uintptr_t self_pc)
{
	uint32_t i = gmon_table_first(t, arc_hash(from_pc, self_pc));
	struct arc *dead = NULL;
	for (uint32_t probe = 0; probe < t->max_probes; probe++, i = gmon_table_next(t, i)) {
		struct arc *a = &((struct arc *)t->slots)[i];
		/* Claimed together: once from_pc shows, self_pc is there too. */
		uintptr_t from = __atomic_load_n(&a->from_pc, __ATOMIC_ACQUIRE);
		uintptr_t self = from ? __atomic_load_n(&a->self_pc, __ATOMIC_ACQUIRE) : 0;
		if (from == GMON_TABLE_DEAD) {
			if (!dead)
				dead = a;
			continue;
		}
		if (from == 0) {
			if (dead && take_dead(dead, from_pc, self_pc))
				return dead;
			if (!gmon_table_may_claim(t))
				continue; /* full: a dead slot further on, or the arc */
			if (gmon_arch_claim_pair(&a->from_pc, from_pc, self_pc, &from, &self)) {
				gmon_table_claimed(t, i);
				from = from_pc;
				self = self_pc;
			}
		}
		if (from == from_pc && self == self_pc)
			return a;
	}
	return dead && take_dead(dead, from_pc, self_pc) ? dead : NULL;
}

GMON_PRESERVES_ALL int gmon_arc_count(struct gmon_table *t, uintptr_t from_pc, uintptr_t self_pc)
{
	struct arc *a = find_arc(t, from_pc, self_pc);
	if (!a)
		return -1;
	gmon_count_add(&a->count, 1, GMON_SINGLE_THREADED);
	return 0;
}

/* n calls along (from_pc, self_pc) at once, of which the windows
 * before took taken under another key (gmon_table_took): 0, or -1
 * (no slot: nothing counted). */
static int arc_add(struct gmon_table *t, uintptr_t from_pc, uintptr_t self_pc, uint64_t n,
		   uint64_t taken)
{
	struct arc *a = find_arc(t, from_pc, self_pc);
	if (!a)
		return -1;
	__atomic_fetch_add(&a->count, n, __ATOMIC_RELAXED);
	gmon_table_took(t, a, sizeof *a, taken);
	return 0;
}

/* The arc at a dies (table.h's dead keys: its slot serves the next new
 * arc): its count; what the windows took of it in *taken. */
static uint64_t arc_kill(struct gmon_table *t, struct arc *a, uint64_t *taken)
{
	__atomic_store_n(&a->from_pc, GMON_TABLE_DEAD, __ATOMIC_RELEASE);
	__atomic_store_n(&a->self_pc, GMON_TABLE_DEAD, __ATOMIC_RELEASE);
	*taken = gmon_table_forget(t, a, sizeof *a);
	return __atomic_exchange_n(&a->count, 0, __ATOMIC_RELAXED);
}

void gmon_arc_table_move(struct gmon_table *t, struct gmon_table *into, gmon_renumber_fn renumber,
			 const void *ctx, int from_too)
{
	struct arc *a;
	for (uint32_t k = 0, used = gmon_table_claims(t);
	     (a = (struct arc *)gmon_table_next_claimed(t, used, &k, sizeof *a));) {
		uintptr_t from = __atomic_load_n(&a->from_pc, __ATOMIC_ACQUIRE);
		uintptr_t self = __atomic_load_n(&a->self_pc, __ATOMIC_ACQUIRE);
		if (from == 0 || from == GMON_TABLE_DEAD || self == GMON_TABLE_DEAD)
			continue;
		uintptr_t new_from = from_too ? renumber(ctx, from, 1) : from;
		uintptr_t new_self = renumber(ctx, self, 0);
		if (new_from == from && new_self == self)
			continue;
		uint64_t taken, count = arc_kill(t, a, &taken);
		if (count != 0 && arc_add(into, new_from, new_self, count, taken) != 0)
			gmon_table_lost(into, count);
	}
}

int gmon_arc_table_each(struct gmon_table *t, gmon_arc_visitor visit, void *ctx)
{
	const struct arc *a;
	for (uint32_t k = 0, used = gmon_table_claims(t);
	     (a = gmon_table_next_claimed(t, used, &k, sizeof *a));) {
		uintptr_t from = __atomic_load_n(&a->from_pc, __ATOMIC_ACQUIRE);
		uintptr_t self = __atomic_load_n(&a->self_pc, __ATOMIC_ACQUIRE);
		if (from == 0 || from == GMON_TABLE_DEAD || self == GMON_TABLE_DEAD)
			continue; /* dead, or being taken (table.h) */
		uint64_t count = __atomic_load_n(&a->count, __ATOMIC_RELAXED);
		count = gmon_table_window_count(t, a, sizeof *a, count);
		int rc = count == 0 ? 0 : visit(ctx, from, self, count);
		if (rc)
			return rc;
	}
	return 0;
}
