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
#include <sys/mman.h>
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 32)
#include <sys/single_threaded.h>
#define SINGLE_THREADED_FLAG (&__libc_single_threaded)
#else
static const char never_single_threaded = 0; /* always use the atomic add */
#define SINGLE_THREADED_FLAG (&never_single_threaded)
#endif

#include "arc_layout.h"
#include "arch.h"
#include "gmon_private.h"
#include "process.h"

/*
 * An arc table: one open-addressing hash table keyed by the pair (call
 * site, callee), with linear probing.  The main program's arcs are in
 * gmon_arc_table.hash; arcs whose call site lies in another object (a
 * library calling back into the program) in foreign.c's table, of the
 * same kind.
 *
 *   slot = hash(from_pc, self_pc) & mask (arc_layout.h), then slot + 1 ...
 *
 * Why a pair key rather than the 1982 paper's index by call site with a
 * chain of callees behind each slot (what this file did before, and what
 * glibc does): an indirect call site, an interpreter's dispatch, calls
 * tens of callees, and each of its calls walked a chain as long (glibc
 * moves the arc found to the chain's head, which needs a lock).  Keyed by
 * the pair, every call finds its arc at the first slot it looks at (the
 * table is sized so that keys fill at most 7/8 of it, and is mostly much
 * emptier), whatever the shape of the call.
 *
 * The table is mapped once at start-up with MAP_NORESERVE (a page costs
 * memory only once an arc lands on it) with ARC_MAX_PROBES spare slots
 * past the last, so that a probe never wraps around.  A key is claimed by
 * one compare-and-swap of both words from empty (gmon_arch_claim_pair),
 * so no reader ever sees half of one, and never changes after; a count
 * only grows.  A thread or signal handler that loses the race for a slot
 * compares the key it finds there and goes on probing, so a key never
 * has two slots; no one waits for anyone.  Keys are accepted up to the
 * table's limit and never probed past ARC_MAX_PROBES slots; past either a
 * new arc is not counted (the owner says so).  Each claim appends the
 * slot's number (plus one) to the claim list, which the writer walks
 * instead of the whole table; it skips an entry still 0 (a claim being
 * made) and arcs whose count is 0.  The stubs (mcount.S) count an arc
 * found within ARC_FAST_PROBES slots themselves and leave everything else
 * to gmon_arc_hash_count; the hook and gmon_arc_hash_reset (in a forked
 * child, single-threaded) are the only writers.  struct arc is in
 * gmon_private.h.
 */
/* The assembly fast path reads these structures at fixed offsets. */
_Static_assert(offsetof(struct arc, from_pc) == ARC_FROM_PC, "arc layout");
_Static_assert(offsetof(struct arc, self_pc) == ARC_SELF_PC, "arc layout");
_Static_assert(offsetof(struct arc, count) == ARC_COUNT, "arc layout");
_Static_assert(sizeof(struct arc) == 1 << ARC_SIZE_SHIFT, "arc layout");
_Static_assert(offsetof(struct gmon_arc_hash, slots) == ARC_HASH_SLOTS, "table layout");
_Static_assert(offsetof(struct gmon_arc_hash, mask) == ARC_HASH_MASK, "table layout");
_Static_assert(offsetof(struct gmon_arc_table, low_pc) == ARC_TABLE_LOW_PC, "table layout");
_Static_assert(offsetof(struct gmon_arc_table, text_size) == ARC_TABLE_TEXT_SIZE, "table layout");
_Static_assert(offsetof(struct gmon_arc_table, single_threaded) == ARC_TABLE_SINGLE_THREADED,
               "table layout");
_Static_assert(offsetof(struct gmon_arc_table, hash) == ARC_TABLE_HASH, "table layout");
_Static_assert(ARC_FAST_PROBES <= ARC_MAX_PROBES, "probes");

/* What the stubs probe before a table is set up: empty, and nothing can
 * be added (limit 0). */
struct arc gmon_no_arcs[ARC_FAST_PROBES];

struct gmon_arc_table gmon_arc_table = {
	.single_threaded = SINGLE_THREADED_FLAG,
	.hash = GMON_ARC_HASH_NONE,
};

#ifdef __aarch64__
#include <sys/auxv.h>
#ifndef HWCAP_ATOMICS
#define HWCAP_ATOMICS (1 << 8)
#endif
/* Nonzero where the processor has the LSE atomics: the stub then counts
 * with one stadd instead of a load-exclusive/store-exclusive loop. */
unsigned char gmon_arch_lse GMON_HIDDEN;
#endif

#define MIN_SLOTS (1u << 12)
#define MAX_SLOTS (1u << 30)

static void *map_zeroed(void *where, size_t bytes)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
	if (where)
		flags |= MAP_FIXED;
	void *p = mmap(where, bytes, PROT_READ | PROT_WRITE, flags, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

int gmon_arc_hash_init(struct gmon_arc_hash *h, size_t keys)
{
	size_t want = keys + keys / 7 + 1; /* keys fill 7/8 of the slots at most */
	uint32_t slots = MIN_SLOTS;
	while (slots < want && slots < MAX_SLOTS)
		slots <<= 1;
	size_t slots_bytes = ((size_t)slots + ARC_MAX_PROBES) * sizeof(struct arc);
	size_t claims_bytes = ((size_t)slots + ARC_MAX_PROBES) * sizeof(uint32_t);
	struct arc *table = map_zeroed(NULL, slots_bytes);
	uint32_t *claims = map_zeroed(NULL, claims_bytes);
	if (!table || !claims) {
		if (table)
			munmap(table, slots_bytes);
		if (claims)
			munmap(claims, claims_bytes);
		return -1;
	}
	h->claims = claims;
	h->slots_bytes = slots_bytes;
	h->claims_bytes = claims_bytes;
	h->limit = keys < slots - slots / 8 ? (uint32_t)keys : slots - slots / 8;
	h->used = 0;
	h->mask = slots - 1;
	h->slots = table;
	return 0;
}

void gmon_arc_hash_reset(struct gmon_arc_hash *h)
{
	if (!h->claims)
		return;
	map_zeroed(h->slots, h->slots_bytes);
	map_zeroed(h->claims, h->claims_bytes);
	h->used = 0;
}

int gmon_arcs_init(uintptr_t low_pc, uintptr_t high_pc, size_t capacity)
{
#ifdef __aarch64__
	gmon_arch_lse = (getauxval(AT_HWCAP) & HWCAP_ATOMICS) != 0;
#endif
	gmon_arc_table.low_pc = low_pc;
	gmon_arc_table.text_size = high_pc > low_pc ? high_pc - low_pc : 0;
	return gmon_arc_hash_init(&gmon_arc_table.hash, capacity);
}

/* In a forked child (one thread): start from an empty table, so the
 * child's file holds only what the child did.  Fresh mappings rather
 * than a memset: nothing is touched that was not touched before. */
void gmon_arcs_reset(void)
{
	gmon_arc_hash_reset(&gmon_arc_table.hash);
	gmon_arc_table.warned_full = 0;
}

static void count_one(uint64_t *count)
{
	if (*gmon_arc_table.single_threaded)
		gmon_arch_increment_local(count);
	else
		__atomic_fetch_add(count, 1, __ATOMIC_RELAXED);
}

static uint64_t arc_hash(uintptr_t from_pc, uintptr_t self_pc)
{
	return (((uint64_t)self_pc << ARC_HASH_SHIFT ^ from_pc) * ARC_HASH_K) >> 32;
}

GMON_PRESERVES_ALL int gmon_arc_hash_count(struct gmon_arc_hash *h, uintptr_t from_pc,
                                           uintptr_t self_pc)
{
	struct arc *a = &h->slots[arc_hash(from_pc, self_pc) & h->mask];
	for (int probe = 0; probe < ARC_MAX_PROBES; probe++, a++) {
		/* Claimed together: once from_pc shows, self_pc is there too. */
		uintptr_t from = __atomic_load_n(&a->from_pc, __ATOMIC_ACQUIRE);
		uintptr_t self = from ? __atomic_load_n(&a->self_pc, __ATOMIC_RELAXED) : 0;
		if (from == 0) {
			if (__atomic_load_n(&h->used, __ATOMIC_RELAXED) >= h->limit)
				return -1;
			if (gmon_arch_claim_pair(&a->from_pc, from_pc, self_pc, &from, &self)) {
				uint32_t n = __atomic_fetch_add(&h->used, 1, __ATOMIC_RELAXED);
				__atomic_store_n(&h->claims[n], (uint32_t)(a - h->slots) + 1,
				                 __ATOMIC_RELEASE);
				from = from_pc;
				self = self_pc;
			}
		}
		if (from == from_pc && self == self_pc) {
			count_one(&a->count);
			return 0;
		}
	}
	return -1;
}

int gmon_arc_hash_each(struct gmon_arc_hash *h, gmon_arc_visitor visit, void *ctx)
{
	if (!h->claims)
		return 0;
	uint32_t used = __atomic_load_n(&h->used, __ATOMIC_ACQUIRE);
	/* Claims past the limit are impossible, but a list is never read past
	 * its end. */
	if (used > h->mask + 1 + ARC_MAX_PROBES)
		used = (uint32_t)(h->mask + 1 + ARC_MAX_PROBES);
	for (uint32_t k = 0; k < used; k++) {
		uint32_t slot = __atomic_load_n(&h->claims[k], __ATOMIC_ACQUIRE);
		if (slot == 0)
			continue; /* being claimed */
		struct arc *a = &h->slots[slot - 1];
		uintptr_t from = __atomic_load_n(&a->from_pc, __ATOMIC_ACQUIRE);
		uintptr_t self = __atomic_load_n(&a->self_pc, __ATOMIC_RELAXED);
		uint64_t count = __atomic_load_n(&a->count, __ATOMIC_RELAXED);
		if (from == 0 || count == 0)
			continue;
		int rc = visit(ctx, from, self, count);
		if (rc)
			return rc;
	}
	return 0;
}

/* What every hook comes to: the whole of __cyg_profile_func_enter, and
 * everything but the common case of mcount and __fentry__ (whose stubs
 * do that case themselves, the same way).  It preserves all general
 * registers, so the stubs need not. */
GMON_PRESERVES_ALL void gmon_record_arc(uintptr_t from_pc, uintptr_t self_pc)
{
	if (__builtin_expect(__atomic_load_n(&gmon_state, __ATOMIC_RELAXED) != GMON_ON, 0))
		return;
	if (from_pc - gmon_arc_table.low_pc >= gmon_arc_table.text_size) {
		gmon_foreign_arc(from_pc, self_pc); /* a library's call: foreign.c */
		return;
	}
	if (__builtin_expect(gmon_arc_hash_count(&gmon_arc_table.hash, from_pc, self_pc) != 0, 0) &&
	    !__atomic_exchange_n(&gmon_arc_table.warned_full, 1, __ATOMIC_RELAXED)) {
		char buf[24];
		gmon_message("arc table full at ",
		             gmon_decimal(buf, gmon_arc_table.hash.limit),
		             " arcs; calls along new arcs are not counted (set GMON_ARCS)");
	}
	/* Not a tail call: clang 14 restores the saved registers before
	 * jumping, and so passes the caller's values. */
	__asm__ volatile("" ::: "memory");
}

int gmon_arcs_each(gmon_arc_visitor visit, void *ctx)
{
	return gmon_arc_hash_each(&gmon_arc_table.hash, visit, ctx);
}
