/* SPDX-License-Identifier: BSD-2-Clause
 *
 * process.h: the whole-process profile (doc/format.md, "The process
 * file"): its set-up, which starts the tables of objects.c, foreign.c
 * and stacks.c, its run id, and the writer of ".<gmon file>.process"
 * (process.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_PROCESS_H
#define GMON_PROCESS_H

#include <stdint.h>

#include "base.h"

struct gmon_sink;

/* Nonzero while whole-process profiling is on (not GMON_PROCESS=0, and
 * its tables exist). */
extern int gmon_process_enabled GMON_HIDDEN;

/* At start-up, after the arc table and histogram (ordinary context).
 * without_hooks: the main program calls no hook (GMON_START): its
 * samples are then kept sparse, in the sample table, unless
 * GMON_SPARSE=0. */
void gmon_process_init(int without_hooks) GMON_HIDDEN;
/* In a forked child, before its clock runs again (start.c's fork
 * handler): a new run id, and empty tables of samples, arcs and stacks. */
void gmon_process_after_fork(void) GMON_HIDDEN;
/* At start-up, once the clock runs: what its samples measure (enum
 * gmon_process_clock, gmon_out.h). */
void gmon_process_set_clock(unsigned code) GMON_HIDDEN;
/* The run id for gmon.out's spare bytes: 0 when GMON_PROCESS=0. */
uint64_t gmon_process_run_id(void) GMON_HIDDEN;
/* The process file's bytes into s (a sink on a new regular file, its
 * error the outcome); async-signal-safe.  write.c names it
 * DIR/.NAME.process beside DIR/NAME (gmon.out) and writes it as it
 * writes gmon.out, just before it. */
void gmon_process_put(struct gmon_sink *s) GMON_HIDDEN;

#endif /* GMON_PROCESS_H */
