/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arch/aarch64/arch.h: the little that C code needs to know about the
 * processor (see arch/x86_64/arch.h for what each function promises):
 * aarch64, Linux, LP64.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_ARCH_H
#define GMON_ARCH_H

#include <stdint.h>
#include <ucontext.h>

/* Instructions are 4 bytes, 4-aligned: a histogram bin narrower than
 * that would only hold empty halves (glibc's runtime uses 4 too). */
#define GMON_ARCH_MIN_BIN_SHIFT 2

static inline uintptr_t gmon_arch_signal_pc(const void *context)
{
	const ucontext_t *uc = context;
	return (uintptr_t)uc->uc_mcontext.pc;
}

/* What a stack walk starts from: pc, sp, the frame pointer (x29) and
 * the link register (x30). */
static inline void gmon_arch_signal_regs(const void *context, uintptr_t *pc, uintptr_t *sp,
                                         uintptr_t *fp, uintptr_t *lr)
{
	const ucontext_t *uc = context;
	*pc = (uintptr_t)uc->uc_mcontext.pc;
	*sp = (uintptr_t)uc->uc_mcontext.sp;
	*fp = (uintptr_t)uc->uc_mcontext.regs[29];
	*lr = (uintptr_t)uc->uc_mcontext.regs[30];
}

/* Claims an empty pair of words for (a, b) in one step: a load-exclusive
 * pair and a store-exclusive pair, retried if anything (another thread,
 * a signal) touched the pair in between.  pair must be 16-byte aligned. */
static inline int gmon_arch_claim_pair(uintptr_t *pair, uintptr_t a, uintptr_t b,
                                       uintptr_t *a_found, uintptr_t *b_found)
{
	uintptr_t lo, hi;
	unsigned failed;
	__asm__ volatile("1:	ldaxp	%0, %1, [%3]\n"
	                 "	orr	%w2, wzr, #1\n"
	                 "	cbnz	%0, 2f\n"
	                 "	cbnz	%1, 2f\n"
	                 "	stlxp	%w2, %4, %5, [%3]\n"
	                 "	cbnz	%w2, 1b\n"
	                 "	b	3f\n"
	                 "2:	clrex\n"
	                 "3:\n"
	                 : "=&r"(lo), "=&r"(hi), "=&r"(failed)
	                 : "r"(pair), "r"(a), "r"(b)
	                 : "memory", "cc");
	*a_found = lo;
	*b_found = hi;
	return failed == 0;
}

/* No instruction adds to memory without the LSE extension: an atomic
 * add (what a signal handler cannot split either). */
static inline void gmon_arch_increment_local(uint64_t *count)
{
	__atomic_fetch_add(count, 1, __ATOMIC_RELAXED);
}

/* A context that says only "at pc, no caller" (a sample with no signal
 * behind it, credited at a function's entry): sp points at a zero word
 * where the return address would be, and there is no frame pointer. */
static inline void gmon_arch_entry_context(ucontext_t *uc, uintptr_t pc, uintptr_t sp)
{
	uc->uc_mcontext.pc = pc;
	uc->uc_mcontext.sp = sp;
	uc->uc_mcontext.regs[29] = 0;
	uc->uc_mcontext.regs[30] = 0;
}

#endif /* GMON_ARCH_H */
