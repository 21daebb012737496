/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arch/x86_64/arch.h: the little that C code needs to know about the
 * processor: where the interrupted program counter sits in a signal
 * context, an increment that a signal cannot split, and a claim of a
 * two-word key that nobody can see half-written.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_ARCH_H
#define GMON_ARCH_H

#include <stdint.h>
#include <ucontext.h>

/* The narrowest histogram bin, as a shift: 2 bytes (instructions have
 * any length; GNU gprof works in 2-byte units). */
#define GMON_ARCH_MIN_BIN_SHIFT 1

static inline uintptr_t gmon_arch_signal_pc(const void *context)
{
	const ucontext_t *uc = context;
	return (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
}

/* Claims an empty pair of words (both 0) for (a, b) in one atomic
 * step, so that no reader, thread or signal handler, ever sees half a
 * key: 1 if claimed; else 0, with the pair found in *a_found, *b_found.
 * pair must be 16-byte aligned.  (cmpxchg16b: every x86-64 processor
 * but the first AMD64 steppings.) */
static inline int gmon_arch_claim_pair(uintptr_t *pair, uintptr_t a, uintptr_t b,
                                       uintptr_t *a_found, uintptr_t *b_found)
{
	uintptr_t lo = 0, hi = 0;
	unsigned char ok;
	__asm__ volatile("lock cmpxchg16b %1\n\tsete %0"
	                 : "=q"(ok), "+m"(*(unsigned __int128 *)pair), "+a"(lo), "+d"(hi)
	                 : "b"(a), "c"(b)
	                 : "memory", "cc");
	*a_found = lo;
	*b_found = hi;
	return ok;
}

/* One instruction, so a signal handler running on this thread sees the
 * count before or after, never in between; no lock prefix, so it is only
 * for a process that has a single thread. */
static inline void gmon_arch_increment_local(uint64_t *count)
{
	__asm__ volatile("addq $1, %0" : "+m"(*count));
}

/* A context that says only "at pc, no caller" (a sample with no signal
 * behind it, credited at a function's entry): sp points at a zero word
 * where the return address would be, and there is no frame pointer. */
static inline void gmon_arch_entry_context(ucontext_t *uc, uintptr_t pc, uintptr_t sp)
{
	uc->uc_mcontext.gregs[REG_RIP] = (greg_t)pc;
	uc->uc_mcontext.gregs[REG_RSP] = (greg_t)sp;
	uc->uc_mcontext.gregs[REG_RBP] = 0;
}

#endif /* GMON_ARCH_H */
