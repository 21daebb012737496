/* SPDX-License-Identifier: BSD-2-Clause
 *
 * cfi.h: the call-frame information interpreter (cfi.c): given an
 * object's .eh_frame_hdr and .eh_frame and one frame's registers, the
 * caller's registers.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe, and pure: no global state, no stdio, no malloc, no
 * locks, no system call.  Every byte of the tables is read through the
 * bounds of a struct gmon_cfi_table, every stack word through the
 * caller's reader, so a table or a stack of garbage ends the step with
 * GMON_CFI_FAILED, never a fault.  Its frame is small and fixed.
 */
#ifndef GMON_CFI_H
#define GMON_CFI_H

#include <stdint.h>

#include "base.h"

/*
 * One object's tables, prepared outside any signal handler
 * (eh_tables.c): the bytes [low, high) of the process's address space
 * (the segment holding .eh_frame_hdr and .eh_frame), readable at
 * address + delta (0 where the object is never unmapped; the address of
 * a private copy minus low for a dlopened object); hdr is where
 * .eh_frame_hdr starts (the base of its entries), entries its sorted
 * table of count (start of function, FDE) pairs, each a signed 32-bit
 * offset from hdr (the encoding every linker writes: others are not
 * prepared).  count 0: no tables.
 */
struct gmon_cfi_table {
	uintptr_t low, high;
	intptr_t delta;
	uintptr_t hdr, entries;
	uint32_t count;
};

/*
 * One frame's registers, as far as a walk knows them: the pc, the stack
 * pointer, the frame pointer (%rbp, x29), the link register (x30 on
 * aarch64; unused on x86-64) and one more callee-saved register (the
 * dynamic loader's lazy binding bases its CFA on %rbx).  Frame 0 also
 * has its whole interrupted context (a ucontext_t) for rules that name
 * another register; callers' frames have NULL there, and such a rule
 * fails.  caller: the pc is a return address (the row is looked up at
 * pc - 1, inside the call); 0 for frame 0 and the frame a signal
 * interrupted.
 */
struct gmon_cfi_regs {
	uintptr_t pc, sp, fp, lr;
	uintptr_t base; /* %rbx, x19, where known */
	const void *context;
	int caller;
	unsigned known; /* GMON_CFI_BASE_KNOWN */
};
#define GMON_CFI_BASE_KNOWN 1u

/* Reads the aligned stack word at addr into *value: 0, or -1 where the
 * walk may not read (unwind.h's gmon_unwind_word, through ctx). */
typedef int (*gmon_cfi_reader)(const void *ctx, uintptr_t addr, uintptr_t *value);

enum {
	GMON_CFI_FAILED = -1,  /* a rule it cannot follow, a bad table or stack word */
	GMON_CFI_NO_FDE = 0,   /* the tables do not cover the pc */
	GMON_CFI_STEPPED = 1,  /* *regs are now the caller's */
	GMON_CFI_OUTERMOST = 2 /* the return address is undefined: the stack's end */
};

/* Reads the pointer in encoding enc (DW_EH_PE_*: absolute,
 * pc-relative or relative to t->hdr; 1, 2, 4, 8 bytes or LEB128) at *at,
 * within [t->low, end) of t's bytes, into *out, and moves *at past it:
 * 0, or -1 for a form it does not read or a field past end.  One decoder
 * for the tables' header (eh_tables.c) and their records (here). */
int gmon_cfi_pointer(const struct gmon_cfi_table *t, uintptr_t *at, uintptr_t end, uint8_t enc,
		     uintptr_t *out) GMON_HIDDEN;

/* From regs' frame to its caller's, by the tables of t. */
int gmon_cfi_step(const struct gmon_cfi_table *t, struct gmon_cfi_regs *regs, gmon_cfi_reader read,
		  const void *ctx) GMON_HIDDEN;

#endif /* GMON_CFI_H */
