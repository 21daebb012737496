/* SPDX-License-Identifier: BSD-2-Clause
 *
 * stacks.h: the call stack of every sample (stacks.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_STACKS_H
#define GMON_STACKS_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"
#include "sample.h"
#include "visit.h"

/* Nonzero while stacks are recorded (GMON_STACK_DEPTH not 0, the tables
 * exist). */
extern int gmon_stacks_enabled GMON_HIDDEN;
/* At start-up: a table of keys distinct stacks of depth frames at most;
 * nothing if either is 0.  0 or -1 (no memory). */
int gmon_stacks_init(size_t keys, unsigned depth) GMON_HIDDEN;
void gmon_stacks_reset(void) GMON_HIDDEN; /* in a forked child */
/* A consumer of samples (sample.h): records the sample's stack. */
gmon_sample_consumer gmon_stack_sample GMON_HIDDEN;
struct gmon_stacks_totals {
	uint32_t depth;
	uint64_t lost, at_limit, cut_short; /* in samples */
};
void gmon_stacks_totals(struct gmon_stacks_totals *t) GMON_HIDDEN;
/* Visit every stack with a nonzero count: its frames, innermost first
 * (visit.h). */
int gmon_stacks_each(gmon_stack_visitor visit, void *ctx) GMON_HIDDEN;
/* The stacks with frames at an unloaded object's addresses counted as
 * the same stacks with those frames numbered (reuse.c).  Ordinary
 * context. */
void gmon_stacks_renumber(gmon_renumber_fn renumber, const void *ctx) GMON_HIDDEN;

#endif /* GMON_STACKS_H */
