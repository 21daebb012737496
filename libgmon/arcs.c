/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arcs.c: the arc table, which counts calls by (call site, callee).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe: the hook runs inside any function of the program,
 * including signal handlers and other threads, so this file uses no
 * stdio, no malloc and no locks, only atomic operations on memory mapped
 * once at start-up.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>

#include "arc_layout.h"
#include "arch.h"
#include "arcs.h"
#include "foreign.h"
#include "message.h"
#include "state.h"
#include "table.h"

/*
 * The arc table, after the 1982 paper: a primary index by call site and,
 * from each index slot, a short chain of the arcs leaving that bucket of
 * call sites, one per (exact call site, callee).
 *
 *   index[(from_pc - low_pc) >> CALLSITE_BUCKET_SHIFT] -> first arc or 0
 *   arcs[i].next -> next arc of the same bucket, or 0
 *
 * Both arrays are mapped once at start-up (MAP_NORESERVE: pages that no
 * call touches cost nothing).  arcs[0] is never used, so 0 ends a chain.
 * Invariants: an arc's from_pc, self_pc and next are written before it is
 * published by the compare-and-swap that makes it the head of its chain,
 * and never change after; arcs are only ever pushed at a chain's head;
 * count only grows.  An arc allocated but not published (the thread lost
 * the race and found the same arc pushed by another) keeps count 0 and
 * is skipped by the writer.  The hook and gmon_arcs_reset (in a forked
 * child, single-threaded) are the only writers.
 */
struct arc {
	uintptr_t from_pc; /* return address in the caller: the call site */
	uintptr_t self_pc; /* an address inside the callee */
	uint64_t count;
	uint32_t next;
} __attribute__((aligned(32)));

/* The assembly fast path reads both structures at fixed offsets. */
_Static_assert(offsetof(struct arc, from_pc) == ARC_FROM_PC, "arc layout");
_Static_assert(offsetof(struct arc, self_pc) == ARC_SELF_PC, "arc layout");
_Static_assert(offsetof(struct arc, count) == ARC_COUNT, "arc layout");
_Static_assert(offsetof(struct arc, next) == ARC_NEXT, "arc layout");
_Static_assert(sizeof(struct arc) == 1 << ARC_SIZE_SHIFT, "arc layout");
_Static_assert(offsetof(struct gmon_arc_table, low_pc) == ARC_TABLE_LOW_PC, "table layout");
_Static_assert(offsetof(struct gmon_arc_table, text_size) == ARC_TABLE_TEXT_SIZE, "table layout");
_Static_assert(offsetof(struct gmon_arc_table, index) == ARC_TABLE_INDEX, "table layout");
_Static_assert(offsetof(struct gmon_arc_table, arcs) == ARC_TABLE_ARCS, "table layout");
_Static_assert(offsetof(struct gmon_arc_table, single_threaded) == ARC_TABLE_SINGLE_THREADED,
               "table layout");

struct gmon_arc_table gmon_arc_table = { .single_threaded = GMON_SINGLE_THREADED };

#ifdef __aarch64__
#include <sys/auxv.h>
#ifndef HWCAP_ATOMICS
#define HWCAP_ATOMICS (1 << 8)
#endif
/* Nonzero where the processor has the LSE atomics: the stub then counts
 * with one stadd instead of a load-exclusive/store-exclusive loop. */
unsigned char gmon_arch_lse GMON_HIDDEN;
#endif

int gmon_arcs_init(uintptr_t low_pc, uintptr_t high_pc, size_t capacity)
{
#ifdef __aarch64__
	gmon_arch_lse = (getauxval(AT_HWCAP) & HWCAP_ATOMICS) != 0;
#endif
	size_t text_size = high_pc > low_pc ? high_pc - low_pc : 0;
	size_t slots = (text_size >> CALLSITE_BUCKET_SHIFT) + 1;
	if (capacity > UINT32_MAX - 1)
		capacity = UINT32_MAX - 1;
	gmon_arc_table.low_pc = low_pc;
	gmon_arc_table.text_size = text_size;
	gmon_arc_table.index_bytes = slots * sizeof(uint32_t);
	gmon_arc_table.arcs_bytes = (capacity + 1) * sizeof(struct arc);
	gmon_arc_table.index = gmon_map_zeroed(NULL, gmon_arc_table.index_bytes);
	gmon_arc_table.arcs = gmon_map_zeroed(NULL, gmon_arc_table.arcs_bytes);
	if (!gmon_arc_table.index || !gmon_arc_table.arcs) {
		gmon_arc_table.text_size = 0; /* the hook then records nothing */
		return -1;
	}
	gmon_arc_table.capacity = (uint32_t)capacity;
	return 0;
}

/* In a forked child (one thread): start from an empty table, so the
 * child's file holds only what the child did.  Fresh mappings rather
 * than a memset: nothing is touched that was not touched before. */
void gmon_arcs_reset(void)
{
	if (!gmon_arc_table.index)
		return;
	gmon_map_zeroed(gmon_arc_table.index, gmon_arc_table.index_bytes);
	gmon_map_zeroed(gmon_arc_table.arcs, gmon_arc_table.arcs_bytes);
	gmon_arc_table.used = 0;
	gmon_arc_table.warned_full = 0;
}

static void count_one(uint64_t *count)
{
	gmon_count_add(count, 1, gmon_arc_table.single_threaded);
}

static struct arc *chain_find(uint32_t i, uint32_t stop, uintptr_t from_pc, uintptr_t self_pc)
{
	while (i != stop) {
		struct arc *a = &gmon_arc_table.arcs[i];
		if (a->from_pc == from_pc && a->self_pc == self_pc)
			return a;
		i = a->next;
	}
	return NULL;
}

/* The uncommon path: the first call through this (call site, callee). */
static GMON_PRESERVES_ALL __attribute__((noinline)) void
arc_insert(uint32_t *slot, uint32_t head, uintptr_t from_pc, uintptr_t self_pc)
{
	uint32_t n = __atomic_load_n(&gmon_arc_table.used, __ATOMIC_RELAXED);
	if (n >= gmon_arc_table.capacity ||
	    (n = __atomic_add_fetch(&gmon_arc_table.used, 1, __ATOMIC_RELAXED)) >
	            gmon_arc_table.capacity) {
		if (!__atomic_exchange_n(&gmon_arc_table.warned_full, 1, __ATOMIC_RELAXED)) {
			char buf[24];
			gmon_message("arc table full at ", gmon_decimal(buf, gmon_arc_table.capacity),
			              " arcs; calls along new arcs are not counted (set GMON_ARCS)");
		}
		return;
	}
	struct arc *a = &gmon_arc_table.arcs[n];
	__atomic_store_n(&a->from_pc, from_pc, __ATOMIC_RELAXED);
	__atomic_store_n(&a->self_pc, self_pc, __ATOMIC_RELAXED);
	for (;;) {
		a->next = head;
		if (__atomic_compare_exchange_n(slot, &head, n, 0, __ATOMIC_RELEASE, __ATOMIC_ACQUIRE))
			break;
		/* Someone pushed first; it may be this very arc. */
		struct arc *found = chain_find(head, a->next, from_pc, self_pc);
		if (found) {
			count_one(&found->count);
			return; /* arcs[n] stays unpublished, count 0 */
		}
	}
	count_one(&a->count);
}

/* What every hook comes to: the whole of __cyg_profile_func_enter, and
 * everything but the common case of mcount and __fentry__ (whose stubs
 * do that case themselves, the same way).  It preserves all general
 * registers, so the stubs need not. */
GMON_PRESERVES_ALL void gmon_record_arc(uintptr_t from_pc, uintptr_t self_pc)
{
	if (__builtin_expect(__atomic_load_n(&gmon_state, __ATOMIC_RELAXED) != GMON_ON, 0))
		return;
	uintptr_t offset = from_pc - gmon_arc_table.low_pc;
	if (offset >= gmon_arc_table.text_size) {
		gmon_foreign_arc(from_pc, self_pc); /* a library's call: foreign.c */
		return;
	}
	uint32_t *slot = &gmon_arc_table.index[offset >> CALLSITE_BUCKET_SHIFT];
	uint32_t head = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
	struct arc *a = chain_find(head, 0, from_pc, self_pc);
	if (__builtin_expect(a != NULL, 1)) {
		count_one(&a->count);
	} else {
		arc_insert(slot, head, from_pc, self_pc);
		/* Not a tail call: clang 14 restores the saved registers
		 * before jumping, and so passes the caller's values. */
		__asm__ volatile("" ::: "memory");
	}
}

int gmon_arcs_each(gmon_arc_visitor visit, void *ctx)
{
	uint32_t used = __atomic_load_n(&gmon_arc_table.used, __ATOMIC_ACQUIRE);
	if (used > gmon_arc_table.capacity)
		used = gmon_arc_table.capacity;
	for (uint32_t i = 1; i <= used; i++) {
		struct arc *a = &gmon_arc_table.arcs[i];
		uint64_t count = __atomic_load_n(&a->count, __ATOMIC_ACQUIRE);
		if (count == 0)
			continue;
		int rc = visit(ctx, __atomic_load_n(&a->from_pc, __ATOMIC_RELAXED),
		               __atomic_load_n(&a->self_pc, __ATOMIC_RELAXED), count);
		if (rc)
			return rc;
	}
	return 0;
}
