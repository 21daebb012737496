/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arch/x86_64/arch.h: what the C code needs to know about the
 * processor, and the only place it says it (the build picks this
 * folder, libgmon/Makefile's ARCH): the registers of a signal context,
 * an increment that a signal cannot split, a claim of a two-word key
 * that nobody can see half-written, the hooks the compilers call, what
 * the stack walks need (DWARF's register numbers, where a return
 * address lives, which instructions call), and the context a recorded
 * wait builds.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_ARCH_H
#define GMON_ARCH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <ucontext.h>

/* The hook's C routine preserves every general register, so the
 * assembly stubs save only the two registers they load arguments into;
 * files holding such functions are compiled with -mgeneral-regs-only
 * (libgmon/Makefile). */
#define GMON_PRESERVES_ALL __attribute__((no_caller_saved_registers))

/* The hooks a compiler may call besides mcount and
 * __cyg_profile_func_enter, as rows of dlopen.c's list: gcc -mfentry's. */
void __fentry__(void);
#define GMON_ARCH_HOOKS { "__fentry__", __fentry__ },

/* The narrowest histogram bin, as a shift: 2 bytes (instructions have
 * any length; GNU gprof works in 2-byte units). */
#define GMON_ARCH_MIN_BIN_SHIFT 1

static inline uintptr_t gmon_arch_signal_pc(const void *context)
{
	const ucontext_t *uc = context;
	return (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
}

/* What a stack walk starts from: pc, sp, the frame pointer (%rbp); no
 * link register (0). */
static inline void gmon_arch_signal_regs(const void *context, uintptr_t *pc, uintptr_t *sp,
					 uintptr_t *fp, uintptr_t *lr)
{
	const ucontext_t *uc = context;
	*pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
	*sp = (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
	*fp = (uintptr_t)uc->uc_mcontext.gregs[REG_RBP];
	*lr = 0;
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

/* Whether the stubs may count with a faster atomic the processor may
 * lack (arcs.c sets gmon_arch_lse from it): none here. */
static inline unsigned char gmon_arch_fast_atomics(void)
{
	return 0;
}

/* ---- the stack walks (cfi.c, unwind_cfi.c, unwind_fp.c) ---- */
/* DWARF's numbers of the registers the CFI walk tracks: the stack
 * pointer, the frame pointer, the return-address column (%rip), and
 * %rbx, on which ld.so's lazy binding bases its CFA. */
#define GMON_DWARF_SP 7
#define GMON_DWARF_FP 6
#define GMON_DWARF_RA 16
#define GMON_DWARF_BASE 3
/* The return address is not in a register until saved (no link
 * register): a function that has not built its frame has it at the
 * stack pointer, and a return address column "the same" names no
 * caller. */
#define GMON_ARCH_LINK_REGISTER 0
/* DW_CFA 0x2d (aarch64's negate_ra_state) is no instruction here. */
#define GMON_ARCH_CFA_NEGATE_RA_STATE 0

/* DWARF's general register reg from a signal context: 0, or -1 if it
 * is not one. */
static inline int gmon_arch_dwarf_register(const void *context, uint64_t reg, uintptr_t *v)
{
	/* DWARF's order of the general registers, in ucontext's */
	static const unsigned char greg[16] = { REG_RAX, REG_RDX, REG_RCX, REG_RBX,
						REG_RSI, REG_RDI, REG_RBP, REG_RSP,
						REG_R8,  REG_R9,  REG_R10, REG_R11,
						REG_R12, REG_R13, REG_R14, REG_R15 };
	if (reg >= 16)
		return -1;
	*v = (uintptr_t)((const ucontext_t *)context)->uc_mcontext.gregs[greg[reg]];
	return 0;
}

/* A return address as the code's address (aarch64 strips a signature):
 * as it is. */
static inline uintptr_t gmon_arch_return_address(uintptr_t ra)
{
	return ra;
}

/* Where a call instruction that ends just before ret went, when the
 * instruction says: a direct call (e8 rel32), a call through a GOT slot
 * (ff 15 rel32), and through a PLT stub (jmp *slot(%rip), with or
 * without endbr64 and bnd) to what its GOT slot holds.  0 if it is
 * another kind of call (through a register: the target is unknowable);
 * 1 if no call ends there, or its bytes are not readable (readable:
 * objects.c's gmon_object_readable, code of objects never unmapped). */
static inline uintptr_t gmon_arch_call_target(uintptr_t ret, int (*readable)(uintptr_t, size_t))
{
	if (!readable(ret - 6, 6))
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
		if (!readable(slot, sizeof(uintptr_t)))
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
	if (readable(target, 10)) {
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
			if (readable(slot, sizeof(uintptr_t)))
				memcpy(&target, (const void *)slot, sizeof target);
		}
	}
	return target;
}

/* ---- a recorded wait (wait.c) ---- */
/* What of a ucontext_t the sample consumers read: uc_stack and the
 * general registers, no more (not the 1 KiB of the whole). */
#define GMON_ARCH_CONTEXT_BYTES (offsetof(ucontext_t, uc_mcontext) + offsetof(mcontext_t, fpregs))

/* Into such a partial context: at pc, stack pointer sp, frame pointer
 * fp (the caller of a wrapper that has returned: pc its return
 * address). */
static inline void gmon_arch_partial_context(unsigned char *context, uintptr_t pc, uintptr_t sp,
					     uintptr_t fp)
{
	const size_t gregs = offsetof(ucontext_t, uc_mcontext) + offsetof(mcontext_t, gregs);
	memcpy(context + gregs + REG_RIP * sizeof(greg_t), &pc, sizeof pc);
	memcpy(context + gregs + REG_RSP * sizeof(greg_t), &sp, sizeof sp);
	memcpy(context + gregs + REG_RBP * sizeof(greg_t), &fp, sizeof fp);
}

/* Since which Linux (major << 8 | minor) a thread's CPU-time timer
 * signals it only as it returns to user mode (POSIX_CPU_TIMERS_TASK_WORK,
 * 5.11), never inside a system call it is entering; 0: not known to. */
#define GMON_ARCH_TIMER_TASK_WORK 0x050b

/* The version of glibc's condition variables a program built today
 * binds to (wait.c wraps that one); NULL: the default. */
#define GMON_ARCH_GLIBC_COND_VERSION "GLIBC_2.3.2"

#endif /* GMON_ARCH_H */
