/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arch/aarch64/dlopen_entry.S: dlopen's entry (dlopen.c has the rest;
 * arch/x86_64/dlopen_entry.S says why it is in assembly).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Asks gmon_dlopen_route(file, mode, caller) where to go, then jumps
 * there with x0, x1 and the link register as they came.
 */
	.hidden	gmon_dlopen_route

	.text
	.globl	dlopen
	.type	dlopen, %function
	.p2align 3
dlopen:
	.cfi_startproc
	stp	x29, x30, [sp, #-32]!
	.cfi_def_cfa_offset 32
	.cfi_offset 29, -32
	.cfi_offset 30, -24
	mov	x29, sp
	stp	x0, x1, [sp, #16]
	mov	x2, x30				/* the caller's return address */
	bl	gmon_dlopen_route
	mov	x16, x0
	ldp	x0, x1, [sp, #16]
	ldp	x29, x30, [sp], #32
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	br	x16
	.cfi_endproc
	.size	dlopen, .-dlopen

	.section .note.GNU-stack,"",%progbits
