/* SPDX-License-Identifier: BSD-2-Clause
 *
 * window.h: profiles by windows of time (GMON_INTERVAL, and snapshots
 * with GMON_SNAPSHOT_MODE=delta): each file holds the counts since the
 * one before (window.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe: the tick runs in the clock's signal handler, the
 * rest in the writer.  No stdio, no malloc, no locks.
 *
 * Exact deltas: no counter is ever reset.  Each counted thing (a bin,
 * an arc, a sample address, a stack, a total) keeps beside it two
 * shadow words: seen, its value when the window was closed (frozen by
 * the writer, one relaxed load each), and taken, the value the windows
 * written so far add up to.  A window's file holds seen - taken; once it
 * is written, taken = seen.  A count that lands after the load is in
 * the counter and not in seen: it goes to the next window.  So the
 * windows telescope: their sum is the last seen value, which is what a
 * single profile of the run writes (a count is never read and reset in
 * two steps, so none can fall between them; a window whose file could
 * not be written is not committed, and its counts go to the next one).
 */
#ifndef GMON_WINDOW_H
#define GMON_WINDOW_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"

/* What the writer's walks over the tables do with each count. */
enum gmon_window_phase {
	GMON_WINDOW_OFF,    /* no windows, or not in a window write: the count itself */
	GMON_WINDOW_FREEZE, /* seen = count; nothing visited */
	GMON_WINDOW_WRITE,  /* seen - taken is the count written */
	GMON_WINDOW_COMMIT  /* taken = seen; nothing visited */
};
extern int gmon_window_phase GMON_HIDDEN;

/* Whether this process writes windows: GMON_INTERVAL or
 * GMON_SNAPSHOT_MODE=delta (read by gmon_window_init). */
extern int gmon_window_on GMON_HIDDEN;

/* Reads the settings; at start-up, before any table is made. */
void gmon_window_init(void) GMON_HIDDEN;
/* A forked child's windows start again at 1, at the fork. */
void gmon_window_after_fork(void) GMON_HIDDEN;
/* The shadow of a table of slots counts (2 x slots words, mapped zero),
 * or NULL when windows are off or no memory (then the table's counts
 * are written whole: windows still sum right, the first holds them). */
uint64_t *gmon_window_shadow(size_t slots) GMON_HIDDEN;

/* The count a writer's walk hands on for slot i of a table whose shadow
 * is shadow (of slots slots): 0 means "skip". */
static inline uint64_t gmon_window_count(uint64_t *shadow, size_t slots, size_t i, uint64_t count)
{
	if (!shadow)
		return count;
	switch (__atomic_load_n(&gmon_window_phase, __ATOMIC_RELAXED)) {
	case GMON_WINDOW_FREEZE:
		shadow[i] = count;
		return 0;
	case GMON_WINDOW_WRITE:
		return shadow[i] - shadow[slots + i];
	case GMON_WINDOW_COMMIT:
		shadow[slots + i] = shadow[i];
		return 0;
	default:
		return count;
	}
}

/* The totals of the process file's times record and of the stack
 * record's header (k: enum below): in a
 * window write, v less what the windows before took. */
enum {
	GMON_WINDOW_USER,
	GMON_WINDOW_SYSTEM,
	GMON_WINDOW_SAMPLES,
	GMON_WINDOW_SAMPLES_LOST,
	GMON_WINDOW_CALLS_LOST,
	GMON_WINDOW_ELAPSED,
	GMON_WINDOW_STACKS_LOST,
	GMON_WINDOW_STACKS_AT_LIMIT,
	GMON_WINDOW_STACKS_CUT_SHORT,
	GMON_WINDOW_SCALARS
};
uint64_t gmon_window_scalar(unsigned k, uint64_t v) GMON_HIDDEN;

/* The writer's steps: begin (phase FREEZE, the window's end noted),
 * writing (phase WRITE), end (committed if written: phase COMMIT for
 * the caller's walks, then gmon_window_done; else back to OFF). */
void gmon_window_begin(void) GMON_HIDDEN;
void gmon_window_writing(void) GMON_HIDDEN;
void gmon_window_commit(void) GMON_HIDDEN;
void gmon_window_done(int written) GMON_HIDDEN;
/* This window's number (1, 2, ...), for the file's name. */
unsigned gmon_window_index(void) GMON_HIDDEN;
/* What the window record of the process file says (tag 8,
 * doc/format.md): 0 when windows are off. */
struct gmon_window_view {
	uint32_t index, flags;
	uint64_t start_ns, end_ns, interval_ns;
};
int gmon_window_view(struct gmon_window_view *v) GMON_HIDDEN;

/* From the clock's signal handler: when the window's time is up, the
 * writer set with gmon_window_set_writer is called (start.c's). */
void gmon_window_tick(void) GMON_HIDDEN;
void gmon_window_set_writer(void (*writer)(void)) GMON_HIDDEN;

#endif /* GMON_WINDOW_H */
