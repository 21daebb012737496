/* SPDX-License-Identifier: BSD-2-Clause
 *
 * unwind_cfi.c: the unwinder driven by the objects' call-frame
 * information (unwind.h): each frame's caller from the CFI of the
 * object its pc is in (cfi.c, over the tables eh_tables.c prepared);
 * a frame whose object has no tables, or whose rule cannot be followed,
 * by its frame pointer where that is plausible; a stack whose first pc
 * has no tables at all, by the frame-pointer unwinder (unwind_fp.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe: runs in the clock's signal handler, in any thread;
 * no stdio, no malloc, no locks, no system call.  It cannot fault: stack
 * words only through gmon_unwind_word (unwind.c), table bytes only
 * inside the bounds eh_tables.c set (segments of objects never unmapped,
 * or private copies).  Its frame is small and fixed (cfi.c's rows).
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <ucontext.h>

#include "../include/gmon_out.h"
#include "arch.h"
#include "cfi.h"
#include "eh_tables.h"
#include "objects.h"
#include "unwind.h"

/* The walk's steps. */
enum {
	GIVE_PC,
	NEXT_FRAME,
	ENDED
};

/* A walk's state, in struct gmon_unwind's (unwind.h): the frame's
 * registers, and the step. */
struct cfi_walk {
	struct gmon_cfi_regs regs;
	int step;
};
GMON_UNWIND_STATE_FITS(struct cfi_walk);
#define WALK(w) GMON_UNWIND_STATE(struct cfi_walk, w)

/* This walk; the stacks whose first pc has no tables go to the
 * frame-pointer walk. */
extern const struct gmon_unwinder gmon_unwind_cfi GMON_HIDDEN;
extern const struct gmon_unwinder gmon_unwind_fp GMON_HIDDEN;

static int is_code(uintptr_t pc)
{
	long i = gmon_object_find(pc);
	return i >= 0 && !(gmon_object_flags((uint32_t)i) & GMON_OBJECT_UNLOADED);
}

/* The tables of the object holding code address pc, or NULL. */
static const struct gmon_cfi_table *tables_for(uintptr_t pc)
{
	long i = gmon_object_find(pc);
	if (i < 0 || (gmon_object_flags((uint32_t)i) & GMON_OBJECT_UNLOADED))
		return NULL;
	return gmon_eh_tables_of((uint32_t)i);
}

static int read_word(const void *ctx, uintptr_t addr, uintptr_t *value)
{
	return gmon_unwind_word(ctx, addr, value);
}

static void walk_start(struct gmon_unwind *w, const void *context, unsigned limit)
{
	const ucontext_t *uc = context;
	struct gmon_cfi_regs *r = &WALK(w)->regs;
	gmon_arch_signal_regs(uc, &r->pc, &r->sp, &r->fp, &r->lr);
	if (!tables_for(r->pc)) {
		/* JIT code, a stub without CFI, a stripped object: the
		 * frame-pointer walk and its leaf recovery, as before */
		gmon_unwind_fp.start(w, context, limit);
		return;
	}
	w->by = &gmon_unwind_cfi;
	gmon_unwind_ranges(w, uc, r->sp);
	r->base = 0;
	r->known = 0; /* the context has it */
	r->context = context;
	r->caller = 0;
	w->n = 0;
	w->limit = limit;
	w->flags = 0;
	WALK(w)->step = GIVE_PC;
}

/* The caller of the frame in w by its frame pointer, where the frame
 * has one: it lies above the stack pointer, and the return address it
 * holds is code.  0, or -1. */
static int frame_pointer_step(struct gmon_unwind *w)
{
	struct gmon_cfi_regs *r = &WALK(w)->regs;
	uintptr_t fp = r->fp, next, ret;
	if (fp < r->sp || gmon_unwind_word(w, fp, &next) != 0 ||
	    gmon_unwind_word(w, fp + 8, &ret) != 0)
		return -1;
	ret = gmon_arch_return_address(ret);
	if (!is_code(ret))
		return -1;
	r->pc = ret;
	r->sp = fp + 16;
	r->fp = next;
	r->lr = ret;
	r->known = 0; /* where this frame saved %rbx is unknown */
	r->context = NULL;
	r->caller = 1;
	return 0;
}

/* The caller of the interrupted function when it has no CFI and has
 * not built its frame yet (unwind_fp.c's check): its frame pointer is
 * still the caller's, which frame_pointer_step would skip.  0, or -1. */
static int leaf_step(struct gmon_unwind *w)
{
	struct gmon_cfi_regs *r = &WALK(w)->regs;
	uintptr_t sp, ret = gmon_unwind_leaf_caller(w, r->pc, r->sp, r->fp, r->lr, &sp);
	if (ret == 0)
		return -1;
	r->pc = ret;
	r->sp = sp;
	r->lr = ret;
	r->known = 0;
	r->context = NULL;
	r->caller = 1;
	return 0;
}

static int end(struct gmon_unwind *w, uint32_t flags)
{
	w->flags |= flags;
	WALK(w)->step = ENDED;
	return 0;
}

static int walk_next(struct gmon_unwind *w, uintptr_t *frame)
{
	struct cfi_walk *walk = WALK(w);
	if (walk->step == ENDED)
		return 0;
	struct gmon_cfi_regs *r = &walk->regs;
	if (walk->step == GIVE_PC) {
		walk->step = NEXT_FRAME;
		*frame = r->pc;
		w->n++;
		return 1;
	}
	/* the step writes the caller's registers only when it succeeds */
	int rc = gmon_cfi_step(tables_for(r->caller ? r->pc - 1 : r->pc), r, read_word, w);
	if (rc == GMON_CFI_OUTERMOST)
		return end(w, 0);
	if (rc == GMON_CFI_STEPPED) {
		if (!is_code(r->pc))
			return end(w, GMON_STACK_CUT_SHORT);
	} else if (rc == GMON_CFI_NO_FDE && !r->caller && leaf_step(w) == 0) {
		/* code without CFI interrupted before its frame was built */
	} else if (frame_pointer_step(w) != 0) {
		return end(w, GMON_STACK_CUT_SHORT);
	}
	if (w->n == w->limit)
		return end(w, GMON_STACK_AT_LIMIT);
	*frame = r->pc;
	w->n++;
	return 1;
}

const struct gmon_unwinder gmon_unwind_cfi GMON_HIDDEN = {
	.name = "cfi",
	.start = walk_start,
	.next = walk_next,
};
