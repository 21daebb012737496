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
#include "arc_table.h"
#include "foreign.h"
#include "table.h"

/*
 * Two tables of the kind table.h describes, keyed by runtime address,
 * each with a claim list (the writer visits the claimed slots only):
 *
 *   samples: (pc, count), pc 0 = empty
 *   arcs:    an arc table (arcs.h: the main program's kind, which the
 *            stubs probe themselves), gmon_foreign_arcs
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

int gmon_process_samples;
int gmon_process_arcs;

static struct {
	struct gmon_table samples; /* its lost: samples */
	uint64_t samples_taken;    /* atomic */
	int counting;              /* atomic: gmon_foreign_start ran */
} foreign;

struct gmon_table gmon_foreign_arcs = GMON_ARC_TABLE_NONE; /* its lost: calls */

int gmon_foreign_init(size_t sample_keys, size_t arc_keys)
{
	if (gmon_table_init(&foreign.samples, sample_keys, sizeof(struct sample_slot), MIN_SLOTS,
			    MAX_PROBES, 1,
			    "sample table full: samples outside the main program are lost "
			    "(set GMON_PROCESS_SAMPLES)") != 0 ||
	    gmon_arc_table_init(&gmon_foreign_arcs, arc_keys,
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
	gmon_table_reset(&gmon_foreign_arcs);
	foreign.samples_taken = 0;
}

static uint32_t hash(uintptr_t a, uintptr_t b)
{
	uint64_t h = (uint64_t)a * 0x9e3779b97f4a7c15u ^ (uint64_t)b * 0xc2b2ae3d27d4eb4fu;
	return (uint32_t)(h >> 32);
}

static void foreign_sample(uintptr_t pc, unsigned samples)
{
	if (!__atomic_load_n(&gmon_process_samples, __ATOMIC_RELAXED) || pc == 0 ||
	    pc == GMON_TABLE_DEAD)
		return;
	struct sample_slot *s =
		gmon_table_word(&foreign.samples, pc, hash(pc, 0), sizeof(struct sample_slot));
	if (s)
		__atomic_fetch_add(&s->count, samples, __ATOMIC_RELAXED);
	else
		gmon_table_lost(&foreign.samples, samples);
}

int gmon_foreign_store_sample(uintptr_t pc, unsigned samples)
{
	if (pc == GMON_TABLE_DEAD)
		return -1; /* no function is there: a key the table keeps for itself */
	struct sample_slot *s =
		gmon_table_word(&foreign.samples, pc, hash(pc, 0), sizeof(struct sample_slot));
	if (!s)
		return -1;
	__atomic_fetch_add(&s->count, samples, __ATOMIC_RELAXED);
	return 0;
}

void gmon_foreign_on_sample(const void *context, uintptr_t pc, unsigned samples, int in_histogram)
{
	(void)context;
	if (!in_histogram)
		foreign_sample(pc, samples);
	if (__atomic_load_n(&foreign.counting, __ATOMIC_RELAXED))
		__atomic_fetch_add(&foreign.samples_taken, samples, __ATOMIC_RELAXED);
}

/* Called by the stubs (mcount.S) for an arc they did not find, and by
 * gmon_record_arc. */
GMON_PRESERVES_ALL void gmon_foreign_arc(uintptr_t from_pc, uintptr_t self_pc)
{
	if (!__atomic_load_n(&gmon_process_arcs, __ATOMIC_RELAXED) || from_pc == 0)
		return;
	if (gmon_arc_count(&gmon_foreign_arcs, from_pc, self_pc) != 0)
		gmon_table_lost(&gmon_foreign_arcs, 1);
}

/* What was recorded at an unloaded object's addresses moves to their
 * numbered form (reuse.c): each entry dies (table.h's dead keys), its
 * count taken and added to the entry of the new key (and what windows
 * took of it, so that it is not counted twice).  Ordinary context;
 * the object is unmapped, so no sample or call adds to the old entries
 * meanwhile. */
void gmon_foreign_renumber(gmon_renumber_fn renumber, const void *ctx)
{
	struct gmon_table *t = &foreign.samples;
	struct sample_slot *s;
	for (uint32_t k = 0, used = gmon_table_claims(t);
	     (s = (struct sample_slot *)gmon_table_next_claimed(t, used, &k, sizeof *s));) {
		uintptr_t pc = __atomic_load_n(&s->pc, __ATOMIC_ACQUIRE);
		if (pc == 0 || pc == GMON_TABLE_DEAD)
			continue;
		uintptr_t to = renumber(ctx, pc, 0);
		if (to == pc)
			continue;
		__atomic_store_n(&s->pc, GMON_TABLE_DEAD, __ATOMIC_RELEASE);
		uint64_t taken = gmon_table_forget(t, s, sizeof *s);
		uint64_t count = __atomic_exchange_n(&s->count, 0, __ATOMIC_RELAXED);
		if (count == 0)
			continue;
		struct sample_slot *n =
			gmon_table_word(t, to, hash(to, 0), sizeof(struct sample_slot));
		if (n) {
			__atomic_fetch_add(&n->count, count, __ATOMIC_RELAXED);
			gmon_table_took(t, n, sizeof *n, taken);
		} else {
			gmon_table_lost(t, count);
		}
	}
	gmon_arc_table_move(&gmon_foreign_arcs, &gmon_foreign_arcs, renumber, ctx, 1);
}

void gmon_foreign_totals(struct gmon_foreign_totals *t)
{
	t->samples_taken = __atomic_load_n(&foreign.samples_taken, __ATOMIC_RELAXED);
	t->samples_lost = __atomic_load_n(&foreign.samples.lost, __ATOMIC_RELAXED);
	t->calls_lost = __atomic_load_n(&gmon_foreign_arcs.lost, __ATOMIC_RELAXED);
}

int gmon_foreign_samples_each(gmon_sample_visitor visit, void *ctx)
{
	struct gmon_table *t = &foreign.samples;
	const struct sample_slot *s;
	for (uint32_t k = 0, used = gmon_table_claims(t);
	     (s = gmon_table_next_claimed(t, used, &k, sizeof *s));) {
		uintptr_t pc = __atomic_load_n(&s->pc, __ATOMIC_ACQUIRE);
		if (pc == 0 || pc == GMON_TABLE_DEAD)
			continue;
		uint64_t count = __atomic_load_n(&s->count, __ATOMIC_RELAXED);
		count = gmon_table_window_count(t, s, sizeof *s, count);
		int rc = count == 0 ? 0 : visit(ctx, pc, count);
		if (rc)
			return rc;
	}
	return 0;
}

int gmon_foreign_arcs_each(gmon_arc_visitor visit, void *ctx)
{
	return gmon_arc_table_each(&gmon_foreign_arcs, visit, ctx);
}
