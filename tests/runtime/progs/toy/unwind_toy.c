/* SPDX-License-Identifier: BSD-2-Clause
 *
 * tests/runtime/progs/toy/unwind_toy.c: an unwinder made for the test of
 * the recipe in doc/code-map.md ("A new unwinder"), never shipped:
 * tests/runtime/t-toy-clock.sh drops this file into a copy of libgmon/
 * with its one row in unwinders.c.  GMON_UNWIND=toy picks it.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Its walk is one frame, the interrupted pc: it reads no stack, so it
 * needs no readable ranges.  Async-signal-safe (it runs in the handler).
 */
#define _GNU_SOURCE /* as every file of libgmon/: arch.h reads ucontext's registers */
#include <stdint.h>

#include "arch.h"
#include "unwind.h"

/* A walk's state, in struct gmon_unwind's. */
struct toy_walk {
	uintptr_t pc;
	int given;
};
GMON_UNWIND_STATE_FITS(struct toy_walk);
#define WALK(w) GMON_UNWIND_STATE(struct toy_walk, w)

extern const struct gmon_unwinder gmon_unwind_toy GMON_HIDDEN;

static void walk_start(struct gmon_unwind *w, const void *context, unsigned limit)
{
	w->by = &gmon_unwind_toy;
	w->n = 0;
	w->limit = limit;
	w->flags = 0;
	WALK(w)->pc = gmon_arch_signal_pc(context);
	WALK(w)->given = 0;
}

static int walk_next(struct gmon_unwind *w, uintptr_t *frame)
{
	if (WALK(w)->given || w->n == w->limit)
		return 0;
	WALK(w)->given = 1;
	*frame = WALK(w)->pc;
	w->n++;
	return 1;
}

const struct gmon_unwinder gmon_unwind_toy GMON_HIDDEN = {
	.name = "toy",
	.start = walk_start,
	.next = walk_next,
};
