/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arch/x86_64/mcount.S: the compiler hooks for x86-64.  Each finds the
 * call site (the return address into the caller) and the callee (an
 * address inside the profiled function) and passes them to
 * gmon_record_arc, which preserves every general register.  So the
 * stubs save only %rdi and %rsi, which they load the arguments into.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe: no stdio, no malloc, no locks.
 */

	.text

/* gcc -pg and clang -pg: called after the profiled function's prologue,
 * so %rbp is its frame: 8(%rbp) is where it returns to (the call site),
 * and our own return address is inside it (the callee).  The stack is
 * 8 mod 16 here; the extra 8 bytes keep gmon_record_arc aligned. */
	.globl	mcount
	.type	mcount, @function
	.globl	_mcount
	.type	_mcount, @function
	.p2align 4
mcount:
_mcount:
	.cfi_startproc
	subq	$24, %rsp
	.cfi_adjust_cfa_offset 24
	movq	%rdi, 8(%rsp)
	movq	%rsi, (%rsp)
	movq	8(%rbp), %rdi
	movq	24(%rsp), %rsi
	call	gmon_record_arc
	movq	(%rsp), %rsi
	movq	8(%rsp), %rdi
	addq	$24, %rsp
	.cfi_adjust_cfa_offset -24
	ret
	.cfi_endproc
	.size	mcount, .-mcount
	.size	_mcount, .-_mcount

/* gcc -pg -mfentry: called as the profiled function's first instruction,
 * before any prologue: 0(%rsp) is inside the callee, 8(%rsp) is the call
 * site.  The stack is 0 mod 16 here. */
	.globl	__fentry__
	.type	__fentry__, @function
	.p2align 4
__fentry__:
	.cfi_startproc
	subq	$16, %rsp
	.cfi_adjust_cfa_offset 16
	movq	%rdi, 8(%rsp)
	movq	%rsi, (%rsp)
	movq	24(%rsp), %rdi
	movq	16(%rsp), %rsi
	call	gmon_record_arc
	movq	(%rsp), %rsi
	movq	8(%rsp), %rdi
	addq	$16, %rsp
	.cfi_adjust_cfa_offset -16
	ret
	.cfi_endproc
	.size	__fentry__, .-__fentry__

/* -finstrument-functions: an ordinary call with (callee, call site) as
 * arguments; gmon_record_arc takes them the other way round. */
	.globl	__cyg_profile_func_enter
	.type	__cyg_profile_func_enter, @function
	.p2align 4
__cyg_profile_func_enter:
	.cfi_startproc
	xchgq	%rdi, %rsi
	jmp	gmon_record_arc
	.cfi_endproc
	.size	__cyg_profile_func_enter, .-__cyg_profile_func_enter

/* Function exits carry nothing gprof uses. */
	.globl	__cyg_profile_func_exit
	.type	__cyg_profile_func_exit, @function
	.p2align 4
__cyg_profile_func_exit:
	.cfi_startproc
	ret
	.cfi_endproc
	.size	__cyg_profile_func_exit, .-__cyg_profile_func_exit

	.section .note.GNU-stack,"",@progbits
