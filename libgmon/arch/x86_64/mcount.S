/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arch/x86_64/mcount.S: the compiler hooks for x86-64.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe: no stdio, no malloc, no locks.
 *
 * Each hook finds the call site (the return address into the caller)
 * and the callee (an address inside the profiled function).  The common
 * case, a call along an arc already in its table (the main program's, or
 * for a call site in another object the other objects'), is handled here
 * in a few instructions (ARC_PROBE: the hash and the probes of arcs.c,
 * reading the tables at the offsets of arc_layout.h); anything else goes
 * to gmon_record_arc in arcs.c or gmon_foreign_arc in foreign.c, which
 * probe again, insert the arc and count it.
 *
 * A hook runs before the profiled function has used its arguments, so
 * it must preserve every argument register (%rdi %rsi %rdx %rcx %r8 %r9,
 * %rax for variadic calls, %r10 for the static chain, the vector
 * registers).  The fast path uses %rax %rcx %rdx (saved) and %r11 (free
 * at a call); gmon_record_arc preserves all general registers itself
 * (no_caller_saved_registers) and touches no vector register.
 */
#include "arc_layout.h"


/* fn(%rcx, %rdx) on a 16-byte aligned stack, %rdi %rsi and %rbx kept
 * (fn, no_caller_saved_registers, keeps the others). */
.macro CALL_ALIGNED fn
	pushq	%rdi
	pushq	%rsi
	pushq	%rbx
	movq	%rsp, %rbx
	andq	$-16, %rsp
	movq	%rcx, %rdi
	movq	%rdx, %rsi
	call	\fn
	movq	%rbx, %rsp
	popq	%rbx
	popq	%rsi
	popq	%rdi
.endm

/* In: %rcx = call site, %rdx = callee, table = an arc table (a struct
 * gmon_table of struct arc).  Counts the call and jumps to \done if the
 * arc is in one of the ARC_FAST_PROBES slots from the first it hashes
 * to; else jumps to \miss.  Clobbers %rax and %r11. */
.macro ARC_PROBE table, done, miss
	movq	%rdx, %rax
	shlq	$ARC_HASH_SHIFT, %rax
	xorq	%rcx, %rax
	imulq	arc_hash_k(%rip), %rax
	shrq	$32, %rax
	andl	\table+TABLE_MASK(%rip), %eax	/* the first slot's number */
	shlq	$ARC_SIZE_SHIFT, %rax
	addq	\table+TABLE_SLOTS(%rip), %rax
	cmpq	ARC_FROM_PC(%rax), %rcx
	jne	2f
	cmpq	ARC_SELF_PC(%rax), %rdx
	jne	2f
1:	movq	gmon_arc_table+ARC_TABLE_SINGLE_THREADED(%rip), %r11
	cmpb	$0, (%r11)
	je	4f
	addq	$1, ARC_COUNT(%rax)		/* one thread: one instruction is enough */
	jmp	\done
4:	lock addq $1, ARC_COUNT(%rax)
	jmp	\done
2:	/* not in the first slot: the next ones, up to ARC_FAST_PROBES */
	leaq	ARC_FAST_PROBES << ARC_SIZE_SHIFT(%rax), %r11
3:	cmpq	$0, ARC_FROM_PC(%rax)
	je	\miss				/* an empty slot: not in the table */
	addq	$1 << ARC_SIZE_SHIFT, %rax
	cmpq	%rax, %r11
	je	\miss
	cmpq	ARC_FROM_PC(%rax), %rcx
	jne	3b
	cmpq	ARC_SELF_PC(%rax), %rdx
	jne	3b
	jmp	1b
.endm

/* In: %rcx = call site, %rdx = callee.  Clobbers %rax %rcx %rdx %r11.
 * Ends by jumping to \done.  The stack need not be aligned. */
.macro ARC_FAST_PATH done
	cmpl	$1, gmon_state(%rip)		/* GMON_ON */
	jne	\done
	movq	%rcx, %rax
	subq	gmon_arc_table+ARC_TABLE_LOW_PC(%rip), %rax
	cmpq	gmon_arc_table+ARC_TABLE_TEXT_SIZE(%rip), %rax
	jae	5f				/* call site outside the text */
	ARC_PROBE gmon_arc_table+ARC_TABLE_ARCS, \done, 6f
6:	/* slow path: gmon_record_arc(call site, callee) */
	CALL_ALIGNED gmon_record_arc
	jmp	\done
5:	/* whole-process profile: the other objects' table, then
	 * gmon_foreign_arc(call site, callee); nothing with GMON_PROCESS=0 */
	cmpl	$0, gmon_process_arcs(%rip)
	je	\done
	ARC_PROBE gmon_foreign_arcs, \done, 7f
7:	CALL_ALIGNED gmon_foreign_arc
	jmp	\done
.endm

	.text

/* HOOK name, call_site: a hook's entry point.  Saves the registers the
 * fast path uses, loads the call site from call_site (an operand read
 * after the three pushes) and the callee from the return address, counts
 * the arc and returns.  mcount and __fentry__ differ only in where the
 * call site is. */
.macro HOOK name, call_site
	.globl	\name
	.type	\name, @function
	.p2align 4
\name:
	.cfi_startproc
	pushq	%rax
	.cfi_adjust_cfa_offset 8
	pushq	%rcx
	.cfi_adjust_cfa_offset 8
	pushq	%rdx
	.cfi_adjust_cfa_offset 8
	movq	\call_site, %rcx
	movq	24(%rsp), %rdx
	ARC_FAST_PATH 9f
9:	popq	%rdx
	.cfi_adjust_cfa_offset -8
	popq	%rcx
	.cfi_adjust_cfa_offset -8
	popq	%rax
	.cfi_adjust_cfa_offset -8
	ret
	.cfi_endproc
	.size	\name, .-\name
.endm

/* gcc -pg and clang -pg: called after the profiled function's prologue,
 * so %rbp is its frame: 8(%rbp) is where it returns to (the call site),
 * and our own return address is inside it (the callee).  _mcount is the
 * same entry under the name some compilers call. */
	.globl	_mcount
	.type	_mcount, @function
_mcount = mcount
	HOOK	mcount, 8(%rbp)
	.size	_mcount, .-mcount

/* gcc -pg -mfentry: called as the profiled function's first instruction,
 * before any prologue: the return address is inside the callee and the
 * word above it is the call site. */
	HOOK	__fentry__, 32(%rsp)

/* -finstrument-functions: an ordinary call with (callee, call site) as
 * arguments, free to clobber what the ABI lets a call clobber;
 * gmon_record_arc takes them the other way round. */
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

/* The hash's multiplier (arc_layout.h), for imulq to read. */
	.section .rodata
	.p2align 3
	.type	arc_hash_k, @object
arc_hash_k:
	.quad	ARC_HASH_K
	.size	arc_hash_k, 8

	.section .note.GNU-stack,"",@progbits
