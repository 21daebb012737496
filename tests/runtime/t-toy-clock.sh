#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-toy-clock.sh: doc/code-map.md's recipes for a new clock
# and a new unwinder, followed: for each one new file (progs/toy/
# clock_toy.c, unwind_toy.c) and one row (libgmon/clocks.c,
# unwinders.c), in a copy of libgmon/ built by its own Makefile (the
# tree's objects copied along, so that only the changed files are
# compiled); a program profiled by them, read by gprof and by GNU gprof.
# The toys are never shipped.
#   runtime.toy-clock.recipe   two files added, one line in each table, and it builds
#   runtime.toy-clock.*        GMON_CLOCK=toy samples; the counts are exact
#   runtime.toy-unwinder.*     GMON_UNWIND=toy walks its stacks (one frame)
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.toy-clock
runtime_scratch
cd "$SCRATCH" || exit 2
case $(uname -m) in
x86_64 | aarch64) ;;
*)
	echo "ok runtime.toy-clock # skipped: ticks.c's system call is x86-64's and aarch64's"
	exit 0
	;;
esac

# ---- the recipe: a copy of the tree's libgmon/ and of its objects under
# build/ (times kept), the clock's file beside the others, its row before
# process's
mkdir -p tree/build
cp -pr "$TOP/libgmon" tree/libgmon && cp -pr "$TOP/include" tree/include &&
	cp -pr "$TOP/build/libgmon" tree/build/libgmon &&
	cp -p "$TOP/build/config.mk" tree/build/config.mk || exit 2
cp "$PROGS/toy/clock_toy.c" "$PROGS/toy/unwind_toy.c" tree/libgmon/
sed -i '/^\tROW("process", cputime)/i\	ROW("toy", toy)         /* t-toy-clock.sh'"'"'s */ \\' tree/libgmon/clocks.c
sed -i '/^\tROW(fp)/i\	ROW(toy) /* t-toy-clock.sh'"'"'s */ \\' tree/libgmon/unwinders.c
changed=$(for t in clocks unwinders; do diff "$TOP/libgmon/$t.c" "tree/libgmon/$t.c" | grep -c '^[<>]'; done | xargs)
added=$(diff -rq "$TOP/libgmon" tree/libgmon | sed "s|$TOP/||" | sort)
rm -f tree/libgmon/libgmon.a tree/libgmon/libgmon.so
if [ "$changed" != "1 1" ] || [ "$added" != "Files libgmon/clocks.c and tree/libgmon/clocks.c differ
Files libgmon/unwinders.c and tree/libgmon/unwinders.c differ
Only in tree/libgmon: clock_toy.c
Only in tree/libgmon: unwind_toy.c" ]; then
	fail runtime.toy-clock.recipe "not one row and one file each: $changed lines; $added"
elif ! make -s -C tree/libgmon libgmon.a >build.log 2>&1; then
	fail runtime.toy-clock.recipe "the toys' libgmon.a: $(grep -m1 -i error build.log)"
else
	pass runtime.toy-clock.recipe
fi
[ -f tree/libgmon/libgmon.a ] || exit 0
$RT_CC -pg -O1 -fno-inline -o ticks "$PROGS/toy/ticks.c" tree/libgmon/libgmon.a -pthread || exit 2

# ---- the clock at work: 7 signals of 3 samples each, all in work(), at
# the default 100 Hz; the program's own SIGPROF still its own
mkdir run && (cd run && GMON_CLOCK=toy ../ticks >out 2>err)
expect_eq runtime.toy-clock.program-unchanged "own 1|" "$(cat run/out)|$(cat run/err)"
flat() { "$1" -b -p ticks run/gmon.out | awk '$NF == "work" { print $1, $3, $NF }'; }
expect_eq runtime.toy-clock.exact-samples "100.00 0.21 work" "$(flat "$GPROF")"
expect_eq runtime.toy-clock.gnu-gprof "100.00 0.21 work" "$(flat "$GNU_GPROF")"

# ---- the toy unwinder: the stacks of those samples one frame each (the
# default unwinder's reach main and _start); its name listed
mkdir walk && (cd walk && GMON_CLOCK=toy GMON_UNWIND=toy ../ticks >/dev/null 2>err)
expect_eq runtime.toy-unwinder.stacks "work 21|" \
	"$("$GPROF" --folded ticks walk/gmon.out)|$(cat walk/err)"
expect_eq runtime.toy-unwinder.default-unchanged "main;work 21" \
	"$("$GPROF" --folded ticks run/gmon.out | grep -o 'main;work 21$')"
mkdir nowalk && (cd nowalk && GMON_UNWIND=sundial ../ticks >/dev/null 2>err)
expect_eq runtime.toy-unwinder.listed \
	"libgmon: ignoring GMON_UNWIND=sundial: the unwinders are cfi, toy and fp" "$(cat nowalk/err)"

# ---- the row's name is a GMON_CLOCK value like the others; cpu still
# the default (under which the toy's signals are the program's, all 8),
# and the shipped runtime knows no toy
mkdir other && (cd other && GMON_CLOCK=sundial ../ticks >out 2>err)
expect_eq runtime.toy-clock.listed \
	"libgmon: ignoring GMON_CLOCK=sundial: not cpu, toy, process or wall" "$(cat other/err)"
expect_eq runtime.toy-clock.default-unchanged "own 8" "$(cat other/out)"
build_ours ticks-shipped "$PROGS/toy/ticks.c"
mkdir shipped && (cd shipped && GMON_CLOCK=toy ../ticks-shipped >/dev/null 2>err)
expect_eq runtime.toy-clock.not-shipped \
	"libgmon: ignoring GMON_CLOCK=toy: not cpu, process or wall" "$(cat shipped/err)"
