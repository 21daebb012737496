/* SPDX-License-Identifier: BSD-2-Clause
 *
 * unwind_fp.c: the frame-pointer unwinder (unwind.h): from the
 * interrupted pc along the chain of saved frame pointers, with the
 * caller of a function that has not built its frame yet taken from the
 * stack (x86-64) or the link register (aarch64).
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

/* How far into a function a sampled pc may be past the address a call
 * names: functions longer than this lose their leaf's caller. */
#define MAX_FUNCTION_SPAN (256u << 10)

#ifdef __x86_64__
/* Where a call instruction that ends just before ret went, when the
 * instruction says: a direct call (e8 rel32), a call through a GOT slot
 * (ff 15 rel32), and through a PLT stub (jmp *slot(%rip), with or
 * without endbr64 and bnd) to what its GOT slot holds.  0 if it is
 * another kind of call (through a register: the target is unknowable);
 * 1 if no call ends there, or its bytes are in an object that may be
 * unmapped while they are read. */
static uintptr_t call_target(uintptr_t ret)
{
	if (!gmon_object_readable(ret - 6, 6))
		return 1;
	const unsigned char *c = (const unsigned char *)(ret - 6);
	uintptr_t target = 1;
	if (c[1] == 0xe8) {
		int32_t rel;
		memcpy(&rel, c + 2, 4);
		target = ret + (uintptr_t)(intptr_t)rel;
	} else if (c[0] == 0xff && c[1] == 0x15) {
		int32_t rel;
		memcpy(&rel, c + 2, 4);
		uintptr_t slot = ret + (uintptr_t)(intptr_t)rel;
		if (!gmon_object_readable(slot, sizeof(uintptr_t)))
			return 1;
		uintptr_t value;
		memcpy(&value, (const void *)slot, sizeof value);
		return value;
	} else {
		/* ff /2 through a register or memory: 2 to 7 bytes */
		for (int len = 2; len <= 6; len++) {
			unsigned char op = c[6 - len], modrm = c[6 - len + 1];
			if (op == 0xff && ((modrm >> 3) & 7) == 2) {
				unsigned mod = modrm >> 6, rm = modrm & 7;
				int want = mod == 3 ? 2 : mod == 1 ? 3 : mod == 2 ? 6 : 2;
				if (mod != 3 && rm == 4)
					want++; /* a SIB byte */
				if (mod == 0 && rm == 5)
					want = 6; /* rip-relative: handled above */
				if (want == len)
					return 0;
			}
		}
		return 1;
	}
	/* A direct call into a PLT stub: follow it to the function. */
	if (gmon_object_readable(target, 10)) {
		const unsigned char *p = (const unsigned char *)target;
		unsigned at = 0;
		if (p[0] == 0xf3 && p[1] == 0x0f && p[2] == 0x1e && p[3] == 0xfa)
			at = 4; /* endbr64 */
		if (p[at] == 0xf2)
			at++; /* bnd */
		if (p[at] == 0xff && p[at + 1] == 0x25) {
			int32_t rel;
			memcpy(&rel, p + at + 2, 4);
			uintptr_t slot = target + at + 6 + (uintptr_t)(intptr_t)rel;
			if (gmon_object_readable(slot, sizeof(uintptr_t)))
				memcpy(&target, (const void *)slot, sizeof target);
		}
	}
	return target;
}

/* A frameless function (a leaf such as memcpy; any function in its first
 * instruction or at its ret) has not pushed a frame: the frame pointer is
 * still its caller's, and the walk would skip that caller.  Its return
 * address is then at the stack pointer; take the word there when it
 * returns into code right after a call of the function the pc is in (or
 * a call through a register, which cannot be checked).  A function that
 * has pushed the frame pointer but not yet set it (the word at the stack
 * pointer is the frame pointer itself) has it one word above.  The
 * caller's stack pointer in *caller_sp. */
uintptr_t gmon_unwind_leaf_caller(const struct gmon_unwind *w, uintptr_t pc, uintptr_t sp,
				  uintptr_t fp, uintptr_t lr, uintptr_t *caller_sp)
{
	(void)lr;
	uintptr_t ret;
	if (sp == 0 || (fp && sp >= fp) || gmon_unwind_word(w, sp, &ret) != 0)
		return 0;
	if (fp && ret == fp && gmon_unwind_word(w, sp + 8, &ret) == 0)
		sp += 8; /* push %rbp done, mov %rsp, %rbp not yet */
	if (ret < 16 || !is_code(ret))
		return 0;
	uintptr_t target = call_target(ret);
	if (target == 1)
		return 0;
	if (target != 0 && !(target <= pc && pc - target < MAX_FUNCTION_SPAN))
		return 0;
	*caller_sp = sp + 8;
	return ret;
}

#elif defined(__aarch64__)
/* A function that has not built its frame record (a leaf, or any
 * function in its prologue or epilogue) still has its return address in
 * the link register, and x29 is its caller's frame: the walk would skip
 * that caller.  Take the link register when the instruction before it
 * is a bl to the function the pc is in, or a blr (through a register:
 * cannot be checked).  A function that has built its frame but made no
 * call yet gives the same address again from its frame record: the walk
 * drops the repeat. */
uintptr_t gmon_unwind_leaf_caller(const struct gmon_unwind *w, uintptr_t pc, uintptr_t sp,
				  uintptr_t fp, uintptr_t lr, uintptr_t *caller_sp)
{
	(void)w;
	(void)fp;
	*caller_sp = sp;
	if (lr < 16 || (lr & 3) || !is_code(lr) || !gmon_object_readable(lr - 4, 4))
		return 0;
	uint32_t insn = *(const uint32_t *)(lr - 4);
	if ((insn & 0xfc000000u) == 0x94000000u) { /* bl imm26 */
		int32_t imm = (int32_t)(insn << 6) >> 6;
		uintptr_t target = lr - 4 + (uintptr_t)((intptr_t)imm * 4);
		return target <= pc && pc - target < MAX_FUNCTION_SPAN ? lr : 0;
	}
	if ((insn & 0xfffffc1fu) == 0xd63f0000u) /* blr xN */
		return lr;
	return 0;
}
#else
#error "unwind_fp.c: no stack walk for this processor"
#endif

/* Starts a walk of the interrupted context, limit frames at most. */
static void walk_start(struct gmon_unwind *w, const void *context, unsigned limit)
{
	const ucontext_t *uc = context;
#ifdef __x86_64__
	w->pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
	w->sp = (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
	w->fp = (uintptr_t)uc->uc_mcontext.gregs[REG_RBP];
	uintptr_t lr = 0;
#else
	uintptr_t lr;
	gmon_arch_signal_regs(uc, &w->pc, &w->sp, &w->fp, &lr);
#endif
	gmon_unwind_ranges(w, uc, w->sp);
	uintptr_t caller_sp;
	w->leaf_caller = gmon_unwind_leaf_caller(w, w->pc, w->sp, w->fp, lr, &caller_sp);
	w->low = w->sp;
	w->last = 0;
	w->n = 0;
	w->limit = limit;
	w->flags = 0;
	w->step = 0;
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
	w->step = 3;
	return 0;
}

/* The next frame into *frame: 1, or 0 at the end of the stack (then
 * w->flags holds GMON_STACK_* flags). */
static int walk_next(struct gmon_unwind *w, uintptr_t *frame)
{
	if (w->step == 3)
		return 0;
	if (w->step == 0) {
		w->step = w->leaf_caller ? 1 : 2;
		*frame = w->pc;
		w->n++;
		return 1;
	}
	if (w->step == 1) {
		if (w->n == w->limit)
			return at_limit(w);
		w->step = 2;
		*frame = w->leaf_caller;
		w->n++;
		return 1;
	}
	for (;;) {
		uintptr_t fp = w->fp, ret, next;
		if (fp == 0) {
			w->step = 3; /* the outermost frame (the start code clears it) */
			return 0;
		}
		if (fp < w->low || gmon_unwind_word(w, fp + 8, &ret) != 0 || gmon_unwind_word(w, fp, &next) != 0) {
			/* not readable here, or not above the last frame (no loops) */
			if (!near_start_code(w->last))
				w->flags |= GMON_STACK_CUT_SHORT;
			w->step = 3;
			return 0;
		}
		if (ret == 0) {
			w->step = 3;
			return 0;
		}
		int first = w->last == 0;
		w->low = fp + 16; /* frames only go up the stack */
		w->last = fp;
		w->fp = next;
#ifdef __aarch64__
		/* a return address signed by -mbranch-protection: user
		 * addresses have 48 bits, the signature is above */
		ret &= 0x0000ffffffffffffu;
		/* the link register taken above, and again from the frame
		 * record of a function that has made no call yet */
		if (w->leaf_caller && first && ret == w->leaf_caller)
			continue;
#else
		(void)first;
#endif
		if (!is_code(ret)) {
			w->flags |= GMON_STACK_CUT_SHORT;
			w->step = 3;
			return 0;
		}
		if (w->n == w->limit)
			return at_limit(w);
		*frame = ret;
		w->n++;
		return 1;
	}
}

const struct gmon_unwinder gmon_unwind_frame_pointers = {
	.name = "frame-pointers",
	.start = walk_start,
	.next = walk_next,
};
