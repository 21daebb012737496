/* SPDX-License-Identifier: BSD-2-Clause
 *
 * unwind.h: unwinders, which turn a signal's context into the stack of
 * return addresses it interrupted (stacks.c records what they give): the
 * interface each unwind_NAME.c implements, the table of them
 * (unwinders.c), and what every unwinder may read (unwind.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * An unwinder runs in the clock's signal handler, in any thread, on a
 * stack that may be a program's small alternate signal stack: no stdio,
 * no malloc, no locks, no system call, a small fixed frame, and no load
 * that can fault (stack words only through gmon_unwind_word, code and
 * data only where gmon_object_readable says so).
 */
#ifndef GMON_UNWIND_H
#define GMON_UNWIND_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"

struct gmon_unwinder;

/*
 * One walk, on the handler's stack.  A walk is a generator (start, then
 * next for each frame) so that the frames need no buffer: stacks.c walks
 * a stack again to compare it with one it holds, and to copy it into its
 * pool; the interrupted thread does not run meanwhile, so each walk gives
 * the same frames.  n, limit and flags are for the caller; by, the
 * ranges and the state are the unwinder's.
 */
struct gmon_unwind {
	unsigned n, limit; /* frames given so far; at most */
	uint32_t flags;    /* GMON_STACK_* (include/gmon_out.h), once next gave 0 */
	/* the unwinder whose next goes on (its start sets it: an unwinder
	 * may hand a walk to another, as unwind_cfi.c does to unwind_fp.c) */
	const struct gmon_unwinder *by;
	/* readable stack words: [low1, high1) and [low2, high2) */
	uintptr_t low1, high1, low2, high2;
	/* The unwinder's own state, opaque here: each lays a struct of its
	 * own over it (GMON_UNWIND_STATE), as an address family does over a
	 * sockaddr_storage.  Small: the handler's frame holds the walk, and
	 * may be on a small alternate stack. */
	uintptr_t state[8];
};

/* The unwinder's state of type type in walk w; the type must fit
 * (checked where GMON_UNWIND_STATE_FITS names it). */
#define GMON_UNWIND_STATE(type, w) ((type *)(void *)(w)->state)
#define GMON_UNWIND_STATE_FITS(type) \
	_Static_assert(sizeof(type) <= sizeof(((struct gmon_unwind *)0)->state) && \
			       _Alignof(type) <= _Alignof(uintptr_t), \
		       #type " does not fit in struct gmon_unwind's state")

/* An unwinder: a file unwind_NAME.c defining gmon_unwind_NAME, named by
 * a row of the table in unwinders.c. */
struct gmon_unwinder {
	const char *name; /* as GMON_UNWIND spells it */
	/* Starts a walk of the interrupted context (a ucontext_t), limit
	 * frames at most; the first frame is the interrupted pc.  Sets w->by
	 * (to itself, or to the unwinder it hands the walk to). */
	void (*start)(struct gmon_unwind *w, const void *context, unsigned limit);
	/* The next frame into *frame: 1; or 0 at the end of the stack. */
	int (*next)(struct gmon_unwind *w, uintptr_t *frame);
};

/* The next frame of walk w (its unwinder's next). */
static inline int gmon_unwind_next(struct gmon_unwind *w, uintptr_t *frame)
{
	return w->by->next(w, frame);
}

/* ---- unwinders.c: the table of unwinders ---- */
/* The first row is the default. */
extern const struct gmon_unwinder *const gmon_unwinders[] GMON_HIDDEN; /* ends with NULL */
/* The unwinder GMON_UNWIND names (NULL: the default); the default, with
 * one line, for a name that is no row's. */
const struct gmon_unwinder *gmon_unwinder_named(const char *name) GMON_HIDDEN;

/* The caller of a function that has not built its frame (a leaf, or any
 * function in its prologue or at its ret) interrupted at pc with these
 * registers, checked against the call before it; 0 if none.  The
 * caller's stack pointer in *caller_sp (unwind_fp.c). */
uintptr_t gmon_unwind_leaf_caller(const struct gmon_unwind *w, uintptr_t pc, uintptr_t sp,
				  uintptr_t fp, uintptr_t lr, uintptr_t *caller_sp) GMON_HIDDEN;

/* ---- unwind.c: where a walk may read ---- */
/* In a new thread, before the program's code (threads.c): where this
 * thread's stack is. */
void gmon_stack_bounds_here(void) GMON_HIDDEN;
/* At start-up, on the main thread. */
void gmon_stack_bounds_main(void) GMON_HIDDEN;
/* Sets w's readable ranges from the context's stack pointer sp. */
void gmon_unwind_ranges(struct gmon_unwind *w, const void *context, uintptr_t sp) GMON_HIDDEN;
/* The aligned word at addr into *value, if it lies in w's readable
 * ranges: 0; else -1. */
static inline int gmon_unwind_word(const struct gmon_unwind *w, uintptr_t addr, uintptr_t *value)
{
	if (addr & (sizeof *value - 1))
		return -1;
	uintptr_t end = addr + sizeof *value;
	if (!(end > addr &&
	      ((addr >= w->low1 && end <= w->high1) || (addr >= w->low2 && end <= w->high2))))
		return -1;
	*value = *(const uintptr_t *)addr;
	return 0;
}

#endif /* GMON_UNWIND_H */
