/* SPDX-License-Identifier: BSD-2-Clause
 *
 * foreign.h: samples and arcs outside the main program's text
 * (foreign.c), for the whole-process profile.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_FOREIGN_H
#define GMON_FOREIGN_H

#include <stddef.h>
#include <stdint.h>

#include "arch.h" /* GMON_PRESERVES_ALL */
#include "base.h"
#include "table.h"
#include "sample.h"
#include "visit.h"

/* Nonzero while it samples and counts arcs outside the main program (not
 * GMON_PROCESS_SAMPLES=0, GMON_PROCESS_ARCS=0): set by gmon_foreign_start.
 * The stubs read gmon_process_arcs. */
extern int gmon_process_samples GMON_HIDDEN;
extern int gmon_process_arcs GMON_HIDDEN;

/* At start-up: tables of sample_keys and arc_keys distinct keys.  0, or
 * -1 (no memory). */
int gmon_foreign_init(size_t sample_keys, size_t arc_keys) GMON_HIDDEN;
/* Then, once the whole-process profile is set up: count the samples
 * taken, and record samples and arcs as asked. */
void gmon_foreign_start(int samples, int arcs) GMON_HIDDEN;
void gmon_foreign_reset(void) GMON_HIDDEN; /* in a forked child */
/* A consumer of samples (sample.h): counts every sample taken, and
 * records those whose pc the histogram does not cover. */
gmon_sample_consumer gmon_foreign_on_sample GMON_HIDDEN;
/* The main program's samples too, for a program without hooks (a
 * sparse store, sampler.h): 0 if counted in the sample table, -1 if it
 * has no room (nothing counted: the histogram's bin counts it). */
int gmon_foreign_store_sample(uintptr_t pc, unsigned samples) GMON_HIDDEN;
/* From gmon_record_arc and the stubs, for a call site outside the main
 * program's text. */
GMON_PRESERVES_ALL void gmon_foreign_arc(uintptr_t from_pc, uintptr_t self_pc) GMON_HIDDEN;
/* Their arc table (arcs.h), which the stubs probe. */
extern struct gmon_table gmon_foreign_arcs GMON_HIDDEN;
struct gmon_foreign_totals {
	uint64_t samples_taken, samples_lost, calls_lost;
};
void gmon_foreign_totals(struct gmon_foreign_totals *t) GMON_HIDDEN;
/* Visit every (pc, count) / (from_pc, self_pc, count) with a nonzero
 * count (visit.h). */
/* Their entries at an unloaded object's addresses moved to the numbered
 * form renumber gives (reuse.c).  Ordinary context. */
void gmon_foreign_renumber(gmon_renumber_fn renumber, const void *ctx) GMON_HIDDEN;
int gmon_foreign_samples_each(gmon_sample_visitor visit, void *ctx) GMON_HIDDEN;
int gmon_foreign_arcs_each(gmon_arc_visitor visit, void *ctx) GMON_HIDDEN;

#endif /* GMON_FOREIGN_H */
