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

#include "arch.h"
#include "foreign.h"
#include "table.h"

/*
 * Two tables of the kind table.h describes, keyed by runtime address,
 * each with a claim list (the writer visits the claimed slots only):
 *
 *   samples: (pc, count), pc 0 = empty
 *   arcs:    (from_pc, self_pc, count), from_pc 0 = empty; both words
 *            claimed at once (gmon_arch_claim_pair)
 *
 * A sample or call that finds no slot is counted as lost, one line on
 * stderr says so once, and the process file records the losses.
 */
#define MAX_PROBES 256
#define MIN_SLOTS 4

struct sample_slot {
	uintptr_t pc;
	uint64_t count;
};

struct arc_slot {
	uintptr_t from_pc; /* from_pc and self_pc are claimed together */
	uintptr_t self_pc;
	uint64_t count;
	uint64_t unused;
} __attribute__((aligned(32)));

int gmon_process_samples;
int gmon_process_arcs;

static struct {
	struct gmon_table samples, arcs; /* their lost: samples, calls */
	uint64_t samples_taken;          /* atomic */
	int counting;                    /* atomic: gmon_foreign_start ran */
} foreign;

int gmon_foreign_init(size_t sample_keys, size_t arc_keys)
{
	if (gmon_table_init(&foreign.samples, sample_keys, sizeof(struct sample_slot), MIN_SLOTS,
	                    MAX_PROBES, 1,
	                    "sample table full: samples outside the main program are lost "
	                    "(set GMON_PROCESS_SAMPLES)") != 0 ||
	    gmon_table_init(&foreign.arcs, arc_keys, sizeof(struct arc_slot), MIN_SLOTS, MAX_PROBES,
	                    1,
	                    "arc table full: calls from outside the main program are lost "
	                    "(set GMON_PROCESS_ARCS)") != 0)
		return -1;
	return 0;
}

void gmon_foreign_start(int samples, int arcs)
{
	__atomic_store_n(&gmon_process_samples, samples, __ATOMIC_RELAXED);
	__atomic_store_n(&gmon_process_arcs, arcs, __ATOMIC_RELAXED);
	__atomic_store_n(&foreign.counting, 1, __ATOMIC_RELEASE);
}

void gmon_foreign_reset(void)
{
	gmon_table_reset(&foreign.samples);
	gmon_table_reset(&foreign.arcs);
	foreign.samples_taken = 0;
}

static uint32_t hash(uintptr_t a, uintptr_t b)
{
	uint64_t h = (uint64_t)a * 0x9e3779b97f4a7c15u ^ (uint64_t)b * 0xc2b2ae3d27d4eb4fu;
	return (uint32_t)(h >> 32);
}

static void foreign_sample(uintptr_t pc, unsigned samples)
{
	if (!__atomic_load_n(&gmon_process_samples, __ATOMIC_RELAXED) || pc == 0)
		return;
	struct sample_slot *s =
	        gmon_table_word(&foreign.samples, pc, hash(pc, 0), sizeof(struct sample_slot));
	if (s)
		__atomic_fetch_add(&s->count, samples, __ATOMIC_RELAXED);
	else
		gmon_table_lost(&foreign.samples, samples);
}

void gmon_foreign_on_sample(const void *context, uintptr_t pc, unsigned samples,
                            int in_histogram)
{
	(void)context;
	if (!in_histogram)
		foreign_sample(pc, samples);
	if (__atomic_load_n(&foreign.counting, __ATOMIC_RELAXED))
		__atomic_fetch_add(&foreign.samples_taken, samples, __ATOMIC_RELAXED);
}

static struct arc_slot *arc_slot(uint32_t i)
{
	return &((struct arc_slot *)foreign.arcs.slots)[i];
}

/* Everything but an arc found in its first slot: probing on, claiming a
 * slot, a full table.  Out of line, so that the common case saves only
 * the few registers it uses. */
static GMON_PRESERVES_ALL __attribute__((noinline)) void
foreign_arc_slow(uintptr_t from_pc, uintptr_t self_pc, uint32_t i)
{
	if (from_pc == 0)
		return;
	struct gmon_table *t = &foreign.arcs;
	for (uint32_t probe = 0; probe < t->max_probes; probe++, i = gmon_table_next(t, i)) {
		struct arc_slot *a = arc_slot(i);
		/* Claimed together: once from_pc shows, self_pc is there too. */
		uintptr_t from = __atomic_load_n(&a->from_pc, __ATOMIC_ACQUIRE);
		uintptr_t self = from ? __atomic_load_n(&a->self_pc, __ATOMIC_RELAXED) : 0;
		if (from == 0) {
			if (!gmon_table_may_claim(t))
				break;
			if (gmon_arch_claim_pair(&a->from_pc, from_pc, self_pc, &from, &self)) {
				gmon_table_claimed(t, i);
				from = from_pc;
				self = self_pc;
			}
		}
		if (from == from_pc && self == self_pc) {
			gmon_count_add(&a->count, 1, GMON_SINGLE_THREADED);
			return;
		}
	}
	gmon_table_lost(t, 1);
}

/* Called by the stubs (mcount.S) and by gmon_record_arc. */
GMON_PRESERVES_ALL void gmon_foreign_arc(uintptr_t from_pc, uintptr_t self_pc)
{
	if (!__atomic_load_n(&gmon_process_arcs, __ATOMIC_RELAXED))
		return;
	uint32_t i = gmon_table_first(&foreign.arcs, hash(from_pc, self_pc));
	struct arc_slot *a = arc_slot(i);
	if (__builtin_expect(__atomic_load_n(&a->from_pc, __ATOMIC_ACQUIRE) == from_pc &&
	                             __atomic_load_n(&a->self_pc, __ATOMIC_RELAXED) == self_pc &&
	                             from_pc != 0,
	                     1)) {
		gmon_count_add(&a->count, 1, GMON_SINGLE_THREADED);
		return;
	}
	foreign_arc_slow(from_pc, self_pc, i);
	/* Not a tail call, as in gmon_record_arc: clang restores the saved
	 * registers before jumping. */
	__asm__ volatile("" ::: "memory");
}

void gmon_foreign_totals(struct gmon_foreign_totals *t)
{
	t->samples_taken = __atomic_load_n(&foreign.samples_taken, __ATOMIC_RELAXED);
	t->samples_lost = __atomic_load_n(&foreign.samples.lost, __ATOMIC_RELAXED);
	t->calls_lost = __atomic_load_n(&foreign.arcs.lost, __ATOMIC_RELAXED);
}

int gmon_foreign_samples_each(gmon_sample_visitor visit, void *ctx)
{
	struct gmon_table *t = &foreign.samples;
	const struct sample_slot *s;
	for (uint32_t k = 0, used = gmon_table_claims(t);
	     (s = gmon_table_next_claimed(t, used, &k, sizeof *s));) {
		uintptr_t pc = __atomic_load_n(&s->pc, __ATOMIC_ACQUIRE);
		uint64_t count = __atomic_load_n(&s->count, __ATOMIC_RELAXED);
		int rc = pc == 0 || count == 0 ? 0 : visit(ctx, pc, count);
		if (rc)
			return rc;
	}
	return 0;
}

int gmon_foreign_arcs_each(gmon_arc_visitor visit, void *ctx)
{
	struct gmon_table *t = &foreign.arcs;
	const struct arc_slot *a;
	for (uint32_t k = 0, used = gmon_table_claims(t);
	     (a = gmon_table_next_claimed(t, used, &k, sizeof *a));) {
		uintptr_t from = __atomic_load_n(&a->from_pc, __ATOMIC_ACQUIRE);
		uintptr_t self = __atomic_load_n(&a->self_pc, __ATOMIC_RELAXED);
		uint64_t count = __atomic_load_n(&a->count, __ATOMIC_RELAXED);
		int rc = from == 0 || count == 0 ? 0 : visit(ctx, from, self, count);
		if (rc)
			return rc;
	}
	return 0;
}
