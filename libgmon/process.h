/* SPDX-License-Identifier: BSD-2-Clause
 *
 * process.h: the whole-process profile, what the runtime records beyond
 * the main program (doc/format.md, "The process file"): the table of
 * loaded objects (objects.c), samples and arcs outside the main
 * program's text (foreign.c), and the writer of ".<gmon file>.process"
 * (process.c).  The existing files reach it through a few hooks only.
 * Every name is hidden.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_PROCESS_H
#define GMON_PROCESS_H

#include <stddef.h>
#include <stdint.h>

#include "gmon_private.h"

/* Nonzero while whole-process profiling is on (not GMON_PROCESS=0, and
 * its tables exist); and while it samples and counts arcs outside the
 * main program (not GMON_PROCESS_SAMPLES=0, GMON_PROCESS_ARCS=0).  The
 * stubs read gmon_process_arcs. */
extern int gmon_process_enabled GMON_HIDDEN;
extern int gmon_process_samples GMON_HIDDEN;
extern int gmon_process_arcs GMON_HIDDEN;

/* ---- process.c: set-up, run id, the writer ---- */
/* At start-up, after the arc table and histogram (ordinary context). */
void gmon_process_init(void) GMON_HIDDEN;
/* The run id for gmon.out's spare bytes: 0 when GMON_PROCESS=0. */
uint64_t gmon_process_run_id(void) GMON_HIDDEN;
/* The process file's bytes into fd, a new regular file; 0 or an errno;
 * async-signal-safe.  write.c names it DIR/.NAME.process beside DIR/NAME
 * (gmon.out) and writes it as it writes gmon.out, just before it. */
int gmon_process_put(int fd) GMON_HIDDEN;

/* ---- objects.c: the loaded objects ---- */
int gmon_objects_init(void) GMON_HIDDEN;
/* Bring the table up to date with the loader (dl_iterate_phdr): never
 * from a signal handler.  Returns the number of objects before it. */
uint32_t gmon_objects_refresh(void) GMON_HIDDEN;
struct gmon_object_view {
	uint32_t flags; /* GMON_OBJECT_* */
	uintptr_t bias;
	const void *phdr; /* the program headers, as mapped (while loaded) */
	uint32_t phnum;
	uint32_t nsegments;
	const uintptr_t *segments; /* start, end (exclusive), ... */
	uint32_t build_id_size;
	const unsigned char *build_id;
	uint32_t path_size;
	const char *path;
};
/* The published objects, as last refreshed; async-signal-safe. */
uint32_t gmon_objects_count(void) GMON_HIDDEN;
void gmon_object_view(uint32_t i, struct gmon_object_view *view) GMON_HIDDEN;
/* The object whose executable segments hold pc, or -1. */
long gmon_object_find(uintptr_t pc) GMON_HIDDEN;
uint32_t gmon_object_flags(uint32_t i) GMON_HIDDEN; /* GMON_OBJECT_* */
/* 1 if the n bytes at addr are in a readable segment of an object never
 * unmapped (loaded at start-up), so that a load cannot fault. */
int gmon_object_readable(uintptr_t addr, size_t n) GMON_HIDDEN;
void gmon_objects_after_fork(void) GMON_HIDDEN;

/* ---- foreign.c: samples and arcs outside the main program's text ---- */
int gmon_foreign_init(size_t sample_slots, size_t arc_slots) GMON_HIDDEN;
void gmon_foreign_reset(void) GMON_HIDDEN; /* in a forked child */
/* From the clock's signal handler: every sample, then those whose pc
 * the histogram does not cover. */
void gmon_count_samples(unsigned samples) GMON_HIDDEN;
void gmon_foreign_sample(uintptr_t pc, unsigned samples) GMON_HIDDEN;
/* From gmon_record_arc, for a call site outside the main program's text. */
GMON_PRESERVES_ALL void gmon_foreign_arc(uintptr_t from_pc, uintptr_t self_pc) GMON_HIDDEN;
/* Their table (an arc table of arcs.c's), which the stubs probe. */
extern struct gmon_arc_hash gmon_foreign_arcs GMON_HIDDEN;
struct gmon_foreign_totals {
	uint64_t samples_taken, samples_lost, calls_lost;
};
void gmon_foreign_totals(struct gmon_foreign_totals *t) GMON_HIDDEN;
/* Visit every (pc, count) / (from_pc, self_pc, count) with a nonzero
 * count; stop at the first nonzero return and return it. */
typedef int (*gmon_sample_visitor)(void *ctx, uintptr_t pc, uint64_t count);
int gmon_foreign_samples_each(gmon_sample_visitor visit, void *ctx) GMON_HIDDEN;
int gmon_foreign_arcs_each(gmon_arc_visitor visit, void *ctx) GMON_HIDDEN;

/* ---- stacks.c: the call stack of every sample ---- */
/* Nonzero while stacks are recorded (GMON_STACK_DEPTH not 0, the tables
 * exist). */
extern int gmon_stacks_enabled GMON_HIDDEN;
/* At start-up: a table of keys distinct stacks of depth frames at most;
 * nothing if either is 0.  0 or -1 (no memory). */
int gmon_stacks_init(size_t keys, unsigned depth) GMON_HIDDEN;
void gmon_stacks_reset(void) GMON_HIDDEN; /* in a forked child */
/* From the clock's signal handler, with its ucontext_t. */
void gmon_stack_sample(const void *context, unsigned samples) GMON_HIDDEN;
/* In a new thread, before the program's code (threads.c): where this
 * thread's stack is, for the walk. */
void gmon_stack_bounds_here(void) GMON_HIDDEN;
struct gmon_stacks_totals {
	uint32_t depth;
	uint64_t lost, at_limit, cut_short; /* in samples */
};
void gmon_stacks_totals(struct gmon_stacks_totals *t) GMON_HIDDEN;
/* Visit every stack with a nonzero count: its frames, innermost first. */
typedef int (*gmon_stack_visitor)(void *ctx, uint64_t count, uint32_t depth, uint32_t flags,
                                  const uintptr_t *frames);
int gmon_stacks_each(gmon_stack_visitor visit, void *ctx) GMON_HIDDEN;

#endif /* GMON_PROCESS_H */
