/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arch/x86_64/arch.h: the little that C code needs to know about the
 * processor: where the interrupted program counter sits in a signal
 * context, and an increment that a signal cannot split.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_ARCH_H
#define GMON_ARCH_H

#include <stdint.h>
#include <ucontext.h>

static inline uintptr_t gmon_arch_signal_pc(const void *context)
{
	const ucontext_t *uc = context;
	return (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
}

/* One instruction, so a signal handler running on this thread sees the
 * count before or after, never in between; no lock prefix, so it is only
 * for a process that has a single thread. */
static inline void gmon_arch_increment_local(uint64_t *count)
{
	__asm__ volatile("addq $1, %0" : "+m"(*count));
}

#endif /* GMON_ARCH_H */
