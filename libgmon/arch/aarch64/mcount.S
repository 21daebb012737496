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
 * registers).  The common case, a call along an arc already in the
 * table, is counted here (reading the table at the offsets of
 * arc_layout.h, as the x86-64 stub does); a call from outside the main
 * program's text goes to gmon_foreign_arc (foreign.c), or nowhere with
 * GMON_PROCESS=0; anything else to gmon_record_arc (arcs.c).  Both
 * return straight to the profiled function.
 */
#include "arc_layout.h"

	.hidden	gmon_arch_lse
	.arch_extension lse

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
 * relaxed either way, as the C code's atomic adds are.  A chain is read as
 * arcs.c publishes it (release): each load's address depends on the
 * previous one, which orders them on aarch64. */
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
	b.hs	5f				/* outside the text */
	ldp	x11, x12, [x9, #ARC_TABLE_INDEX]	/* index, arcs */
	lsr	x10, x10, #CALLSITE_BUCKET_SHIFT
	ldr	w10, [x11, x10, lsl #2]		/* head of the chain */
1:	cbz	w10, 3f				/* not in the chain: slow path */
	ubfiz	x13, x10, #ARC_SIZE_SHIFT, #32	/* arc number (32 bits) * arc size */
	add	x13, x12, x13
	ldp	x14, x15, [x13, #ARC_FROM_PC]	/* from_pc, self_pc */
	cmp	x14, x16
	ccmp	x15, x17, #0, eq
	b.ne	2f
	add	x13, x13, #ARC_COUNT
	adrp	x9, gmon_arch_lse
	ldrb	w9, [x9, :lo12:gmon_arch_lse]
	cbz	w9, 4f
	mov	x14, #1
	stadd	x14, [x13]			/* LSE: one instruction */
	ret
4:	ldxr	x14, [x13]
	add	x14, x14, #1
	stxr	w15, x14, [x13]
	cbnz	w15, 4b
9:	ret
2:	ldr	w10, [x13, #ARC_NEXT]
	b	1b
3:	mov	x0, x16
	mov	x1, x17
	b	gmon_record_arc
5:	/* whole-process profile: gmon_foreign_arc(call site, callee);
	 * nothing with GMON_PROCESS=0 */
	adrp	x9, gmon_process_arcs
	ldr	w9, [x9, :lo12:gmon_process_arcs]
	cbz	w9, 9b
	mov	x0, x16
	mov	x1, x17
	b	gmon_foreign_arc
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
