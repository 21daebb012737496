/* SPDX-License-Identifier: BSD-2-Clause
 *
 * foreign.c: samples and arcs outside the main program's text: time in
 * libc, libm and plugins; calls made by -pg shared libraries, and calls
 * from libc into -pg code (qsort calling its comparison function).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe: filled by the clock's signal handler and by the
 * hook, in any thread, so no stdio, no malloc, no locks: atomic
 * operations on tables mapped once at start-up.  Compiled for general
 * registers only (the hook's slow path calls it).
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>

#include "arch.h"
#include "gmon_private.h"
#include "process.h"

/*
 * Arcs: an arc table of arcs.c's kind (gmon_foreign_arcs, which the
 * stubs probe themselves, as they do the main program's).
 *
 * Samples: an open-addressing hash table with linear probing, keyed by
 * runtime address, sized at start-up (a power of two of slots) and mapped
 * with MAP_NORESERVE: a page costs memory only once a key lands on it, so
 * the memory used grows with the number of distinct addresses, never
 * with the address space.  Slots hold (pc, count), pc 0 = empty.
 *
 * A key is claimed by one compare-and-swap from empty and never changes
 * after; a count only
 * grows.  A thread or handler that loses the race for a slot compares
 * the key it finds there and goes on probing, so a key never has two
 * slots.  No one waits for anyone: a signal handler interrupting an
 * insert on its own thread just probes past it.  The table accepts new
 * keys until it is 7/8 full (so probes stay short) and never probes
 * more than MAX_PROBES slots; past either, the sample or call is counted
 * as lost, one line on stderr says so once, and the process file records
 * the losses.  Each claim also appends its slot's number (plus one) to
 * the table's claim list, so that the writer visits the claimed slots
 * only, not the whole table; it skips an entry still 0 (a claim being
 * made) and slots whose count is 0.  A forked child replaces the tables
 * and lists with fresh zero pages (it has one thread).
 */
#define MAX_PROBES 256
#define MAX_SLOTS (1u << 24)

struct sample_slot {
	uintptr_t pc;
	uint64_t count;
};

static struct {
	struct sample_slot *samples;
	uint32_t *sample_claims; /* slot + 1, in the order claimed */
	uint32_t sample_mask;    /* slots - 1 */
	uint32_t sample_limit;   /* keys accepted: as asked, at most 7/8 of the slots */
	uint32_t samples_used;   /* atomic */
	uint64_t samples_taken, samples_lost, calls_lost; /* atomic */
	int warned_samples, warned_arcs;                  /* atomic */
} foreign;

struct gmon_arc_hash gmon_foreign_arcs = GMON_ARC_HASH_NONE;

static void *map_zeroed(void *where, size_t bytes)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
	if (where)
		flags |= MAP_FIXED;
	void *p = mmap(where, bytes, PROT_READ | PROT_WRITE, flags, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

static uint32_t power_of_two_slots(size_t keys)
{
	size_t want = keys + keys / 7 + 1; /* keys fill 7/8 of the slots */
	uint32_t slots = 4;
	while (slots < want && slots < MAX_SLOTS)
		slots <<= 1;
	return slots;
}

int gmon_foreign_init(size_t sample_keys, size_t arc_keys)
{
	uint32_t s = power_of_two_slots(sample_keys);
	foreign.samples = map_zeroed(NULL, (size_t)s * sizeof(struct sample_slot));
	/* a claim takes a slot of its own: a list as long as the table */
	foreign.sample_claims = map_zeroed(NULL, (size_t)s * sizeof(uint32_t));
	if (!foreign.samples || !foreign.sample_claims ||
	    gmon_arc_hash_init(&gmon_foreign_arcs, arc_keys) != 0)
		return -1;
	foreign.sample_mask = s - 1;
	foreign.sample_limit = sample_keys < s - s / 8 ? (uint32_t)sample_keys : s - s / 8;
	return 0;
}

void gmon_foreign_reset(void)
{
	if (foreign.samples)
		map_zeroed(foreign.samples,
		           (size_t)(foreign.sample_mask + 1) * sizeof(struct sample_slot));
	if (foreign.sample_claims)
		map_zeroed(foreign.sample_claims, (size_t)(foreign.sample_mask + 1) * sizeof(uint32_t));
	gmon_arc_hash_reset(&gmon_foreign_arcs);
	foreign.samples_used = 0;
	foreign.samples_taken = foreign.samples_lost = foreign.calls_lost = 0;
	foreign.warned_samples = foreign.warned_arcs = 0;
}

static uint32_t hash(uintptr_t a, uintptr_t b)
{
	uint64_t h = (uint64_t)a * 0x9e3779b97f4a7c15u ^ (uint64_t)b * 0xc2b2ae3d27d4eb4fu;
	return (uint32_t)(h >> 32);
}

/* A slot just claimed: append it to the claim list. */
static void listed(uint32_t *claims, uint32_t *used, uint32_t slot)
{
	uint32_t n = __atomic_fetch_add(used, 1, __ATOMIC_RELAXED);
	__atomic_store_n(&claims[n], slot + 1, __ATOMIC_RELEASE);
}

/* A new key is allowed only while the table is under its limit. */
static int may_claim(uint32_t *used, uint32_t limit)
{
	return __atomic_load_n(used, __ATOMIC_RELAXED) < limit;
}

static void lost(uint64_t *counter, uint64_t n, int *warned, const char *what)
{
	__atomic_fetch_add(counter, n, __ATOMIC_RELAXED);
	if (!__atomic_exchange_n(warned, 1, __ATOMIC_RELAXED))
		gmon_message(what, NULL, NULL);
}

void gmon_count_samples(unsigned samples)
{
	if (__atomic_load_n(&gmon_process_enabled, __ATOMIC_RELAXED))
		__atomic_fetch_add(&foreign.samples_taken, samples, __ATOMIC_RELAXED);
}

void gmon_foreign_sample(uintptr_t pc, unsigned samples)
{
	if (!__atomic_load_n(&gmon_process_samples, __ATOMIC_RELAXED) || pc == 0)
		return;
	uint32_t i = hash(pc, 0) & foreign.sample_mask;
	for (int probe = 0; probe < MAX_PROBES; probe++, i = (i + 1) & foreign.sample_mask) {
		struct sample_slot *s = &foreign.samples[i];
		uintptr_t key = __atomic_load_n(&s->pc, __ATOMIC_ACQUIRE);
		if (key == 0) {
			if (!may_claim(&foreign.samples_used, foreign.sample_limit))
				break;
			if (__atomic_compare_exchange_n(&s->pc, &key, pc, 0, __ATOMIC_ACQ_REL,
			                                __ATOMIC_ACQUIRE)) {
				listed(foreign.sample_claims, &foreign.samples_used, i);
				key = pc;
			}
		}
		if (key == pc) {
			__atomic_fetch_add(&s->count, samples, __ATOMIC_RELAXED);
			return;
		}
	}
	lost(&foreign.samples_lost, samples, &foreign.warned_samples,
	     "sample table full: samples outside the main program are lost "
	     "(set GMON_PROCESS_SAMPLES)");
}

/* Called by the stubs (mcount.S) for an arc not found in their few
 * probes, and by gmon_record_arc. */
GMON_PRESERVES_ALL void gmon_foreign_arc(uintptr_t from_pc, uintptr_t self_pc)
{
	if (!__atomic_load_n(&gmon_process_arcs, __ATOMIC_RELAXED) || from_pc == 0)
		return;
	if (gmon_arc_hash_count(&gmon_foreign_arcs, from_pc, self_pc) != 0)
		lost(&foreign.calls_lost, 1, &foreign.warned_arcs,
		     "arc table full: calls from outside the main program are lost "
		     "(set GMON_PROCESS_ARCS)");
}

void gmon_foreign_totals(struct gmon_foreign_totals *t)
{
	t->samples_taken = __atomic_load_n(&foreign.samples_taken, __ATOMIC_RELAXED);
	t->samples_lost = __atomic_load_n(&foreign.samples_lost, __ATOMIC_RELAXED);
	t->calls_lost = __atomic_load_n(&foreign.calls_lost, __ATOMIC_RELAXED);
}

int gmon_foreign_samples_each(gmon_sample_visitor visit, void *ctx)
{
	if (!foreign.samples)
		return 0;
	uint32_t used = __atomic_load_n(&foreign.samples_used, __ATOMIC_ACQUIRE);
	for (uint32_t k = 0; k < used; k++) {
		uint32_t slot = __atomic_load_n(&foreign.sample_claims[k], __ATOMIC_ACQUIRE);
		if (slot == 0)
			continue; /* being claimed */
		struct sample_slot *s = &foreign.samples[slot - 1];
		uintptr_t pc = __atomic_load_n(&s->pc, __ATOMIC_ACQUIRE);
		uint64_t count = __atomic_load_n(&s->count, __ATOMIC_RELAXED);
		if (pc == 0 || count == 0)
			continue;
		int rc = visit(ctx, pc, count);
		if (rc)
			return rc;
	}
	return 0;
}

int gmon_foreign_arcs_each(gmon_arc_visitor visit, void *ctx)
{
	return gmon_arc_hash_each(&gmon_foreign_arcs, visit, ctx);
}
