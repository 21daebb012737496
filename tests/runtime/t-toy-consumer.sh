#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-toy-consumer.sh: doc/code-map.md's recipe for a new use
# of samples, followed: one new file (progs/toy/consume_toy.c, never
# shipped) and one line of libgmon/process.c registering it with
# gmon_sampler_add, in a copy of libgmon/ built by its own Makefile
# beside t-toy-clock.sh's toy clock (whose 7 signals of 3 samples each,
# all in work(), make the counts exact).
#   runtime.toy-consumer.recipe     one file and one line added, and it builds
#   runtime.toy-consumer.samples    it is handed every sample: 21, all 21 in the histogram
#   runtime.toy-consumer.histogram  the histogram still counts them: gprof reads 0.21 s in work
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.toy-consumer
runtime_scratch
cd "$SCRATCH" || exit 2
case $(uname -m) in
x86_64 | aarch64) ;;
*)
	echo "ok runtime.toy-consumer # skipped: ticks.c's system call is x86-64's and aarch64's"
	exit 0
	;;
esac

mkdir -p tree/build
cp -pr "$TOP/libgmon" tree/libgmon && cp -pr "$TOP/include" tree/include &&
	cp -pr "$TOP/build/libgmon" tree/build/libgmon &&
	cp -p "$TOP/build/config.mk" tree/build/config.mk || exit 2
rm -f tree/libgmon/libgmon.a tree/libgmon/libgmon.so
# the toy clock, as t-toy-clock.sh adds it (not what this suite checks)
cp "$PROGS/toy/clock_toy.c" tree/libgmon/
sed -i '/^\tROW("process", cputime)/i\	ROW("toy", toy) \\' tree/libgmon/clocks.c
# ---- the recipe: the consumer's file, and its one line where the
# profile is set up, after the whole-process samples' consumer
cp tree/libgmon/process.c process.orig
cp "$PROGS/toy/consume_toy.c" tree/libgmon/
sed -i '/^\tgmon_sampler_add(gmon_foreign_on_sample);$/a\
\t{ extern gmon_sample_consumer gmon_toy_consume; gmon_sampler_add(gmon_toy_consume); }' \
	tree/libgmon/process.c
edited="$(diff process.orig tree/libgmon/process.c | grep -c '^>') $(diff process.orig tree/libgmon/process.c | grep -c '^<')"
if [ "$edited" != "1 0" ]; then
	fail runtime.toy-consumer.recipe "process.c: lines added and removed $edited, not 1 0"
elif ! make -s -C tree/libgmon libgmon.a >build.log 2>&1; then
	fail runtime.toy-consumer.recipe "the toy's libgmon.a: $(grep -m1 -i error build.log)"
else
	pass runtime.toy-consumer.recipe
fi
[ -f tree/libgmon/libgmon.a ] || exit 0
$RT_CC -pg -O1 -fno-inline -o ticks "$PROGS/toy/ticks.c" tree/libgmon/libgmon.a -pthread || exit 2

mkdir run && (cd run && GMON_CLOCK=toy ../ticks >out 2>err)
expect_eq runtime.toy-consumer.samples "own 1|toy consumer: 21, 21 in the histogram" \
	"$(cat run/out)|$(cat run/err)"
expect_eq runtime.toy-consumer.histogram "100.00 0.21 work" \
	"$("$GPROF" -b -p ticks run/gmon.out | awk '$NF == "work" { print $1, $3, $NF }')"
