/* SPDX-License-Identifier: BSD-2-Clause
 *
 * unwind_fp.c: the frame-pointer unwinder (unwind.h): from the
 * interrupted pc along the chain of saved frame pointers, with the
 * caller of a function that has not built its frame yet taken from the
 * link register, or the stack on a processor without one (x86-64).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe: runs in the clock's signal handler, in any thread;
 * no stdio, no malloc, no locks, no system call.  It cannot fault: it
 * loads stack words only through gmon_unwind_word (unwind.c), and code
 * bytes and GOT slots only in objects that are never unmapped
 * (gmon_object_readable).  Its frame is small and fixed.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <ucontext.h>

#include "../include/gmon_out.h"
#include "arch.h"
#include "objects.h"
#include "unwind.h"

/* The main thread's stack pointer at its entry point (glibc's dynamic
 * loader or libc.a; absent elsewhere).  The C library's start-up code
 * that calls main keeps no frame pointer, so main's saved frame pointer
 * is whatever that code held in %rbp: a walk that fails right above main
 * has reached the outermost frame (main's frame lies 272 bytes below it
 * with glibc 2.36), it was not cut short. */
extern void *__libc_stack_end __attribute__((weak));
#define START_CODE_FRAMES 1024

/* Code addresses: inside an executable segment of an object still loaded. */
static int is_code(uintptr_t pc)
{
	long i = gmon_object_find(pc);
	return i >= 0 && !(gmon_object_flags((uint32_t)i) & GMON_OBJECT_UNLOADED);
}

/* A walk's state, in struct gmon_unwind's (unwind.h). */
struct fp_walk {
	uintptr_t pc, sp, fp;  /* the interrupted frame's */
	uintptr_t leaf_caller; /* the caller of a frameless leaf, or 0 */
	uintptr_t low, last;   /* frames only go up: the lowest next one, the last */
	int step;
};
GMON_UNWIND_STATE_FITS(struct fp_walk);
#define WALK(w) GMON_UNWIND_STATE(struct fp_walk, w)

extern const struct gmon_unwinder gmon_unwind_fp GMON_HIDDEN;

/* How far into a function a sampled pc may be past the address a call
 * names: functions longer than this lose their leaf's caller. */
#define MAX_FUNCTION_SPAN (256u << 10)

/* A frameless function (a leaf such as memcpy; any function in its first
 * instruction or at its ret, or in its prologue or epilogue) has not
 * built its frame: the frame pointer is still its caller's, and the walk
 * would skip that caller.  Its return address is then in the link
 * register (lr), or, on a processor without one, at the stack pointer
 * (one word above it when the function has pushed the frame pointer but
 * not yet set it); take it when it returns into code right after a call
 * of the function the pc is in (or a call through a register, which
 * cannot be checked: arch.h's gmon_arch_call_target). */
uintptr_t gmon_unwind_leaf_caller(const struct gmon_unwind *w, uintptr_t pc, uintptr_t sp,
				  uintptr_t fp, uintptr_t lr, uintptr_t *caller_sp)
{
	uintptr_t ret = lr;
	*caller_sp = sp;
	if (!GMON_ARCH_LINK_REGISTER) {
		if (sp == 0 || (fp && sp >= fp) || gmon_unwind_word(w, sp, &ret) != 0)
			return 0;
		if (fp && ret == fp && gmon_unwind_word(w, sp + sizeof(uintptr_t), &ret) == 0)
			sp += sizeof(uintptr_t); /* frame pointer pushed, not yet set */
		*caller_sp = sp + sizeof(uintptr_t);
	}
	if (ret < 16 || !is_code(ret))
		return 0;
	uintptr_t target = gmon_arch_call_target(ret, gmon_object_readable);
	if (target == 1)
		return 0;
	if (target != 0 && !(target <= pc && pc - target < MAX_FUNCTION_SPAN))
		return 0;
	return ret;
}

/* Starts a walk of the interrupted context, limit frames at most. */
static void walk_start(struct gmon_unwind *w, const void *context, unsigned limit)
{
	const ucontext_t *uc = context;
	struct fp_walk *f = WALK(w);
	uintptr_t lr;
	uintptr_t caller_sp;
	gmon_arch_signal_regs(uc, &f->pc, &f->sp, &f->fp, &lr);
	gmon_unwind_ranges(w, uc, f->sp);
	f->leaf_caller = gmon_unwind_leaf_caller(w, f->pc, f->sp, f->fp, lr, &caller_sp);
	f->low = f->sp;
	f->last = 0;
	w->n = 0;
	w->limit = limit;
	w->flags = 0;
	f->step = 0;
	w->by = &gmon_unwind_fp;
}

/* The main thread's stack pointer at its entry (see START_CODE_FRAMES). */
static int near_start_code(uintptr_t frame)
{
	uintptr_t start = &__libc_stack_end ? (uintptr_t)__libc_stack_end : 0;
	return frame && start > frame && start - frame <= START_CODE_FRAMES;
}

static int at_limit(struct gmon_unwind *w)
{
	w->flags |= GMON_STACK_AT_LIMIT;
	WALK(w)->step = 3;
	return 0;
}

/* The next frame into *frame: 1, or 0 at the end of the stack (then
 * w->flags holds GMON_STACK_* flags). */
static int walk_next(struct gmon_unwind *w, uintptr_t *frame)
{
	struct fp_walk *f = WALK(w);
	if (f->step == 3)
		return 0;
	if (f->step == 0) {
		f->step = f->leaf_caller ? 1 : 2;
		*frame = f->pc;
		w->n++;
		return 1;
	}
	if (f->step == 1) {
		if (w->n == w->limit)
			return at_limit(w);
		f->step = 2;
		*frame = f->leaf_caller;
		w->n++;
		return 1;
	}
	for (;;) {
		uintptr_t fp = f->fp, ret, next;
		if (fp == 0) {
			f->step = 3; /* the outermost frame (the start code clears it) */
			return 0;
		}
		if (fp < f->low || gmon_unwind_word(w, fp + 8, &ret) != 0 ||
		    gmon_unwind_word(w, fp, &next) != 0) {
			/* not readable here, or not above the last frame (no loops) */
			if (!near_start_code(f->last))
				w->flags |= GMON_STACK_CUT_SHORT;
			f->step = 3;
			return 0;
		}
		if (ret == 0) {
			f->step = 3;
			return 0;
		}
		int first = f->last == 0;
		f->low = fp + 16; /* frames only go up the stack */
		f->last = fp;
		f->fp = next;
		ret = gmon_arch_return_address(ret); /* a signed one's signature stripped */
		/* the link register taken above, and again from the frame
		 * record of a function that has made no call yet */
		if (GMON_ARCH_LINK_REGISTER && f->leaf_caller && first && ret == f->leaf_caller)
			continue;
		if (!is_code(ret)) {
			w->flags |= GMON_STACK_CUT_SHORT;
			f->step = 3;
			return 0;
		}
		if (w->n == w->limit)
			return at_limit(w);
		*frame = ret;
		w->n++;
		return 1;
	}
}

const struct gmon_unwinder gmon_unwind_fp GMON_HIDDEN = {
	.name = "fp",
	.start = walk_start,
	.next = walk_next,
};
