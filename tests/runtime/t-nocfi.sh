#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-nocfi.sh: code without call-frame information (hand
# written assembly, bench/gen's programs) sampled before it has built its
# frame keeps its caller.  Its frame pointer is still the caller's, so a
# walk by frame pointers skips the caller; the unwinders take the return
# address from the stack instead (unwind_fp.c's gmon_unwind_leaf_caller):
# at the function's first instruction, and after push %rbp before
# mov %rsp, %rbp.  Two x86-64 functions without CFI spin there, called
# from outer() in a -pg program (whose own code has CFI, so that the CFI
# unwinder meets a pc its tables do not cover):
#   runtime.nocfi.cfi.*   GMON_UNWIND=cfi (the default)
#   runtime.nocfi.fp.*    GMON_UNWIND=fp
# .entry, .pushed: every stack through each function holds outer (main;
# outer; the function), wherever the samples land.
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.nocfi
runtime_scratch
cd "$SCRATCH" || exit 2
[ "$(uname -m)" = x86_64 ] || { echo "ok runtime.nocfi # skipped: x86-64 assembly"; exit 0; }

cat >spin.s <<'S'
	.text
	.globl	nocfi_entry
	.type	nocfi_entry, @function
nocfi_entry:
1:	decq	%rdi
	jnz	1b
	pushq	%rbp
	movq	%rsp, %rbp
	popq	%rbp
	ret
	.size	nocfi_entry, .-nocfi_entry
	.globl	nocfi_pushed
	.type	nocfi_pushed, @function
nocfi_pushed:
	pushq	%rbp
1:	decq	%rdi
	jnz	1b
	movq	%rsp, %rbp
	popq	%rbp
	ret
	.size	nocfi_pushed, .-nocfi_pushed
	.section	.note.GNU-stack,"",@progbits
S
cat >main.c <<'C'
void nocfi_entry(long n);
void nocfi_pushed(long n);
__attribute__((noinline)) void outer(long n) { nocfi_entry(n); nocfi_pushed(n); __asm__ volatile("" ::: "memory"); }
int main(void) { for (int i = 0; i < 10; i++) outer(10000000); return 0; }
C
if ! cc -pg -O0 -fno-omit-frame-pointer -o prog main.c spin.s "$LIBGMON_A" 2>err; then
	fail runtime.nocfi.setup "cannot build: $(head -3 err)"
	exit 0
fi
for unwind in cfi fp; do
	mkdir "$unwind"
	(cd "$unwind" && GMON_RATE=1000 GMON_UNWIND=$unwind ../prog && "$GPROF" --folded ../prog gmon.out >folded) 2>err ||
		{ fail "runtime.nocfi.$unwind.setup" "$(head -3 err)"; continue; }
	for f in entry pushed; do
		# stacks through the function: how many lack ";outer;" right
		# before it; and whether there is one at all
		expect_eq "runtime.nocfi.$unwind.$f" "0 1" \
			"$(awk -v f="nocfi_$f" '$0 ~ ";" f " [0-9]+$" { seen = 1; if ($0 !~ ";main;outer;" f " ") bad++ }
				END { print bad + 0, seen + 0 }' "$unwind/folded")"
	done
done
