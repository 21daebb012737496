/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arch/aarch64/mcount.S: the compiler hooks for aarch64.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Unlike x86-64's, aarch64's hooks are ordinary calls: gcc and clang
 * call _mcount after the profiled function's prologue, having moved the
 * arguments they still need into callee-saved registers, and treat the
 * call as clobbering what any call clobbers (x0-x18, the vector
 * registers).  The common case, a call along an arc already in its
 * table (the main program's, or for a call site outside the main
 * program's text the other objects'), is counted here (ARC_PROBE: the
 * hash and the probes of arcs.c, reading the tables at the offsets of
 * arc_layout.h, as the x86-64 stub does); an arc not found there goes to
 * gmon_record_arc (arcs.c) or gmon_foreign_arc (foreign.c); a call from
 * outside the main program's text goes nowhere with GMON_PROCESS=0.
 * Both return straight to the profiled function.
 */
#include "arc_layout.h"

	.hidden	gmon_arch_lse
	.arch_extension lse

/* In: x9 = an arc table (a struct gmon_table of struct arc), x16 = call
 * site, x17 = callee.  Counts the call and returns if the arc is in one
 * of the ARC_FAST_PROBES slots from the first it hashes to; else
 * branches to \miss.  Clobbers x9-x15.  The key is read with one ldp,
 * which need not be atomic: a key seen half-claimed does not match, and
 * C probes again. */
.macro ARC_PROBE miss
	eor	x10, x16, x17, lsl #ARC_HASH_SHIFT
	ldr	x11, .Lhash_k
	mul	x10, x10, x11
	lsr	x10, x10, #32
	ldr	x12, [x9, #TABLE_SLOTS]
	ldr	w11, [x9, #TABLE_MASK]
	and	x10, x10, x11			/* the first slot's number */
	add	x13, x12, x10, lsl #ARC_SIZE_SHIFT
	add	x12, x13, #(ARC_FAST_PROBES << ARC_SIZE_SHIFT)
1:	ldp	x14, x15, [x13, #ARC_FROM_PC]	/* from_pc, self_pc */
	cmp	x14, x16
	ccmp	x15, x17, #0, eq
	b.eq	4f
	cbz	x14, \miss			/* an empty slot: not in the table */
	add	x13, x13, #(1 << ARC_SIZE_SHIFT)
	cmp	x13, x12
	b.ne	1b
	b	\miss
4:	add	x13, x13, #ARC_COUNT
	adrp	x9, gmon_arch_lse
	ldrb	w9, [x9, :lo12:gmon_arch_lse]
	cbz	w9, 5f
	mov	x14, #1
	stadd	x14, [x13]			/* LSE: one instruction */
	ret
5:	ldxr	x14, [x13]
	add	x14, x14, #1
	stxr	w15, x14, [x13]
	cbnz	w15, 5b
	ret
.endm

	.text

/* gcc -pg and clang -pg: "bl _mcount" once the profiled function has
 * built its frame record (both compilers keep a frame pointer under
 * -pg), so [x29, #8] is where the function returns to: the call site.
 * gcc also passes that address in x0, clang passes nothing: the frame
 * record serves both.  With return-address signing (-mbranch-protection)
 * the saved address is signed: xpaclri (a no-op on processors without
 * pointer authentication) strips it, working on x30 only.  Our own
 * return address (x30 on entry) is inside the callee.
 *
 * Registers: x16 call site, x17 callee, x9-x15 scratch.  The count is
 * added with one stadd where the processor has the LSE atomics
 * (gmon_arch_lse, set at start-up from the auxiliary vector), else with
 * a load-exclusive/store-exclusive pair (no lock; a signal or another
 * thread in between makes the store fail and the add start again);
 * relaxed either way, as the C code's atomic adds are. */
	.globl	_mcount
	.type	_mcount, %function
	.p2align 4
_mcount:
	.cfi_startproc
	mov	x17, x30			/* callee */
	ldr	x30, [x29, #8]
	hint	#7				/* xpaclri */
	mov	x16, x30			/* call site */
	mov	x30, x17
	adrp	x9, gmon_state
	ldr	w10, [x9, :lo12:gmon_state]
	cmp	w10, #1				/* GMON_ON */
	b.ne	9f
	adrp	x9, gmon_arc_table
	add	x9, x9, :lo12:gmon_arc_table
	ldp	x10, x11, [x9, #ARC_TABLE_LOW_PC]	/* low_pc, text_size */
	sub	x10, x16, x10
	cmp	x10, x11
	b.hs	6f				/* outside the text */
	add	x9, x9, #ARC_TABLE_ARCS
	ARC_PROBE 7f
7:	mov	x0, x16
	mov	x1, x17
	b	gmon_record_arc
6:	/* whole-process profile: the other objects' table, then
	 * gmon_foreign_arc(call site, callee); nothing with GMON_PROCESS=0 */
	adrp	x9, gmon_process_arcs
	ldr	w9, [x9, :lo12:gmon_process_arcs]
	cbz	w9, 9f
	adrp	x9, gmon_foreign_arcs
	add	x9, x9, :lo12:gmon_foreign_arcs
	ARC_PROBE 8f
8:	mov	x0, x16
	mov	x1, x17
	b	gmon_foreign_arc
9:	ret
	.p2align 3
.Lhash_k:
	.quad	ARC_HASH_K
	.cfi_endproc
	.size	_mcount, .-_mcount

/* The same entry under the other name some compilers call. */
	.globl	mcount
	.type	mcount, %function
	.set	mcount, _mcount

/* -finstrument-functions: (callee, call site) as arguments;
 * gmon_record_arc takes them the other way round. */
	.globl	__cyg_profile_func_enter
	.type	__cyg_profile_func_enter, %function
	.p2align 3
__cyg_profile_func_enter:
	.cfi_startproc
	mov	x2, x0
	mov	x0, x1
	mov	x1, x2
	b	gmon_record_arc
	.cfi_endproc
	.size	__cyg_profile_func_enter, .-__cyg_profile_func_enter

/* Function exits carry nothing gprof uses. */
	.globl	__cyg_profile_func_exit
	.type	__cyg_profile_func_exit, %function
	.p2align 3
__cyg_profile_func_exit:
	.cfi_startproc
	ret
	.cfi_endproc
	.size	__cyg_profile_func_exit, .-__cyg_profile_func_exit

	.section .note.GNU-stack,"",%progbits
