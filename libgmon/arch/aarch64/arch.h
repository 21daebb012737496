/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arch/aarch64/arch.h: what the C code needs to know about the
 * processor (see arch/x86_64/arch.h for what each part promises):
 * aarch64, Linux, LP64.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_ARCH_H
#define GMON_ARCH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>
#include <ucontext.h>

#ifndef HWCAP_ATOMICS
#define HWCAP_ATOMICS (1 << 8)
#endif

/* The compilers call _mcount as an ordinary function, having saved the
 * arguments they still need: an ordinary C function will do. */
#define GMON_PRESERVES_ALL

/* No hooks besides mcount (_mcount) and __cyg_profile_func_enter. */
#define GMON_ARCH_HOOKS

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
	__asm__ volatile(
		"1:	ldaxp	%0, %1, [%3]\n"
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

/* Whether the processor has the LSE atomics: the stub then counts with
 * one stadd instead of a load-exclusive/store-exclusive loop (arcs.c
 * sets gmon_arch_lse from it, mcount.S reads it). */
static inline unsigned char gmon_arch_fast_atomics(void)
{
	return (getauxval(AT_HWCAP) & HWCAP_ATOMICS) != 0;
}

/* ---- the stack walks ---- */
/* DWARF's numbers: sp, x29, the return-address column x30 (the link
 * register), and x19. */
#define GMON_DWARF_SP 31
#define GMON_DWARF_FP 29
#define GMON_DWARF_RA 30
#define GMON_DWARF_BASE 19
/* The return address is in the link register until a function saves
 * it: a function that has not built its frame record still has it
 * there (and gives it again from its record once built, before it
 * makes a call: the walk drops the repeat), and a return-address column
 * "the same" is that register's value. */
#define GMON_ARCH_LINK_REGISTER 1
/* DW_CFA_AARCH64_negate_ra_state: nothing to do, the walk strips
 * signatures (gmon_arch_return_address). */
#define GMON_ARCH_CFA_NEGATE_RA_STATE 1

static inline int gmon_arch_dwarf_register(const void *context, uint64_t reg, uintptr_t *v)
{
	if (reg >= 31)
		return -1;
	*v = (uintptr_t)((const ucontext_t *)context)->uc_mcontext.regs[reg];
	return 0;
}

/* A return address signed by -mbranch-protection: user addresses have
 * 48 bits, the signature is above. */
static inline uintptr_t gmon_arch_return_address(uintptr_t ra)
{
	return ra & 0x0000ffffffffffffu;
}

/* Where the instruction before ret called: a bl's target; 0 for a blr
 * (through a register: the target is unknowable); 1 if it is no call,
 * or not readable. */
static inline uintptr_t gmon_arch_call_target(uintptr_t ret, int (*readable)(uintptr_t, size_t))
{
	if ((ret & 3) || !readable(ret - 4, 4))
		return 1;
	uint32_t insn = *(const uint32_t *)(ret - 4);
	if ((insn & 0xfc000000u) == 0x94000000u) { /* bl imm26 */
		int32_t imm = (int32_t)(insn << 6) >> 6;
		return ret - 4 + (uintptr_t)((intptr_t)imm * 4);
	}
	if ((insn & 0xfffffc1fu) == 0xd63f0000u) /* blr xN */
		return 0;
	return 1;
}

/* ---- a recorded wait ---- */
#define GMON_ARCH_CONTEXT_BYTES \
	(offsetof(ucontext_t, uc_mcontext) + offsetof(mcontext_t, __reserved))

/* x30 still holds pc (the return address) once the wrapper returned. */
static inline void gmon_arch_partial_context(unsigned char *context, uintptr_t pc, uintptr_t sp,
					     uintptr_t fp)
{
	const size_t mc = offsetof(ucontext_t, uc_mcontext);
	memcpy(context + mc + offsetof(mcontext_t, pc), &pc, sizeof pc);
	memcpy(context + mc + offsetof(mcontext_t, sp), &sp, sizeof sp);
	memcpy(context + mc + offsetof(mcontext_t, regs) + 29 * sizeof(uintptr_t), &fp, sizeof fp);
	memcpy(context + mc + offsetof(mcontext_t, regs) + 30 * sizeof(uintptr_t), &pc, sizeof pc);
}

/* Not known to signal only on the way back to user mode: assume a
 * thread's timer can break a wait it is entering. */
#define GMON_ARCH_TIMER_TASK_WORK 0

/* glibc's condition variables: the default version. */
#define GMON_ARCH_GLIBC_COND_VERSION NULL

#endif /* GMON_ARCH_H */
