/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arch/x86_64/dlopen_entry.S: dlopen's entry (dlopen.c has the rest).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * glibc's dlopen looks at its return address to learn who called it: a
 * bare name is searched for along the caller's DT_RUNPATH, "$ORIGIN" is
 * the caller's directory.  A wrapper written in C would make itself the
 * caller.  So this entry asks gmon_dlopen_route(file, mode, caller)
 * where to go, and jumps there with the arguments and the return address
 * as they came: to the C library's dlopen itself, unchanged, whenever
 * the caller matters; to gmon_dlopen_wrapped (which loads, then updates
 * the object table) when it does not.
 */
	.hidden	gmon_dlopen_route

	.text
	.globl	dlopen
	.type	dlopen, @function
	.p2align 4
dlopen:
	.cfi_startproc
	pushq	%rdi
	.cfi_adjust_cfa_offset 8
	pushq	%rsi
	.cfi_adjust_cfa_offset 8
	subq	$8, %rsp			/* a call needs %rsp 16-aligned */
	.cfi_adjust_cfa_offset 8
	movq	24(%rsp), %rdx			/* the caller's return address */
	call	gmon_dlopen_route
	addq	$8, %rsp
	.cfi_adjust_cfa_offset -8
	popq	%rsi
	.cfi_adjust_cfa_offset -8
	popq	%rdi
	.cfi_adjust_cfa_offset -8
	jmp	*%rax
	.cfi_endproc
	.size	dlopen, .-dlopen

	.section .note.GNU-stack,"",@progbits
