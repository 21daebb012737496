#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-unwind.sh: stacks through code without frame pointers,
# walked by the call-frame information unwinder (libgmon/unwind_cfi.c,
# the default; GMON_UNWIND=fp is the frame-pointer walk alone), read back
# as gprof --folded stacks.  The program is progs/unwind/unwind.c at
# GMON_RATE=1000; each mode runs 0.6 to 1.2 s of CPU, so that the
# hundreds of samples each check counts are certain, and the fractions
# asserted are ones the walk gives every sample (or none), with a wide
# margin for the odd sample in start-up code.
#   runtime.unwind.libc.*      -pg program whose time is in libc (memcpy,
#                              qsort calling back, malloc/free, snprintf):
#                              >= 95% of the samples reach main; memcpy's
#                              caller is copy_part (or qsort's merge,
#                              under sort_part); the comparison
#                              function is under qsort under sort_part;
#                              with GMON_UNWIND=fp under half reach main
#   runtime.unwind.nofp.*      the same program and a chain main -> outer
#                              -> middle -> inner built -O2
#                              -fomit-frame-pointer without -pg (linked
#                              with libgmon.a): every stack whole
#   runtime.unwind.preload.*   the chain program built for no profiler,
#                              run by run/gprof-run (LD_PRELOAD)
#   runtime.unwind.plugin.*    a dlopened plugin without frame pointers
#                              (its tables copied at dlopen, then dlclosed)
#   runtime.unwind.signal.*    time in a handler of the program's: its
#                              caller is the code the signal interrupted
#   runtime.unwind.environment.*  a bad GMON_UNWIND named and ignored
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.unwind
runtime_scratch
cd "$SCRATCH" || exit 2
SRC=$PROGS/unwind

build() {
	if ! "$@" 2>build.err; then
		fail runtime.unwind.build "$(head -3 build.err | xargs)"
		exit 0
	fi
}
build $RT_CC -pg -O1 -fno-inline -o pg "$SRC/unwind.c" "$LIBGMON_A" -pthread -ldl
build $RT_CC -O2 -fomit-frame-pointer -o nofp "$SRC/unwind.c" "$LIBGMON_A" -pthread -ldl
build $RT_CC -O2 -fomit-frame-pointer -DNAME_MCOUNT -o bare "$SRC/unwind.c" -ldl
build $RT_CC -O2 -fomit-frame-pointer -fPIC -shared -o plugin.so "$SRC/plugin.c"

# run NAME PROG ARGS...: PROG ARGS in a fresh directory NAME at 1000 Hz,
# its folded stacks in NAME.folded, its stderr in NAME.err
run() {
	local name=$1 prog=$2
	shift 2
	rm -rf "$name" && mkdir "$name" &&
		(cd "$name" && GMON_RATE=1000 "$SCRATCH/$prog" "$@" >/dev/null 2>"../$name.err")
	"$GPROF" --folded "$prog" "$name/gmon.out" >"$name.folded" 2>>"$name.err"
}

# share FILE ALL PART: "part all": the samples of FILE's stacks that
# match the regular expression ALL, and of those the ones matching PART
# (stacks are ";"-joined frames from the outermost, then the count)
share() {
	awk -v all="$2" -v part="$3" '{ n = $NF; s = $0; sub(/ [0-9]+$/, "", s); s = ";" s ";" }
		s ~ all { a += n; if (s ~ part) p += n }
		END { printf "%d %d\n", p, a }' "$1"
}

# at_least NAME FILE ALL PART PERCENT MIN: of at least MIN samples
# matching ALL, at least PERCENT% match PART.  MIN only makes the share
# mean something: a fraction of what the run takes (at 1000 Hz the perf
# clock gives fewer signals than periods on a busy host: 683 of ~1200)
at_least() {
	local name=$1 part all
	read -r part all <<<"$(share "$2" "$3" "$4")"
	if [ "$all" -lt "$6" ]; then
		fail "$name" "$all samples match $3, fewer than $6 ($(head -c 200 "${2%.folded}.err"))"
	elif [ $((part * 100)) -lt $((all * $5)) ]; then
		fail "$name" "$part of $all samples matching $3 match $4 (wanted $5%)"
	else
		pass "$name"
	fi
}

# at_most NAME FILE ALL PART PERCENT: at most PERCENT% of the samples
# matching ALL match PART (a walk known to fall short)
at_most() {
	local name=$1 part all
	read -r part all <<<"$(share "$2" "$3" "$4")"
	if [ "$all" -eq 0 ] || [ $((part * 100)) -gt $((all * $5)) ]; then
		fail "$name" "$part of $all samples matching $3 match $4 (wanted at most $5%)"
	else
		pass "$name"
	fi
}

MAIN=';main;'
MEMCPY=';[^;]*mem(cpy|move)[^;]*;$'

run libc pg libc
expect_eq runtime.unwind.libc.quiet "" "$(cat libc.err)"
at_least runtime.unwind.libc.reach-main libc.folded . "$MAIN" 95 200
at_least runtime.unwind.libc.memcpy-caller libc.folded "$MEMCPY" \
	';main;(copy_part|sort_part;(__)?qsort[^;]*;.*msort[^;]*);[^;]*mem(cpy|move)[^;]*;$' 95 20
at_least runtime.unwind.libc.callback-callers libc.folded ';compare;$' ';main;sort_part;(__)?qsort[^;]*;.*;compare;$' 95 20
# (qsort takes its merge buffer from malloc too: a caller of the program's)
at_least runtime.unwind.libc.malloc-callers libc.folded ';[^;]*(malloc|free)[^;]*;' \
	';main;(alloc_part|sort_part;(__)?qsort[^;]*);' 95 20
# frame pointers alone lose the callback's callers: every walk from
# compare passes through qsort's frames, which keep no frame pointer
# (the share of all samples that reach main depends on how fast this
# CPU copies and allocates: not a test)
GMON_UNWIND=fp run libc-fp pg libc
at_most runtime.unwind.libc.fp-falls-short libc-fp.folded ';compare;$' ';main;sort_part;(__)?qsort[^;]*;.*;compare;$' 50

run nofp-libc nofp libc
at_least runtime.unwind.nofp.libc-reach-main nofp-libc.folded . "$MAIN" 95 200
run chain nofp chain
at_least runtime.unwind.nofp.chain chain.folded ';inner;$' ';main;outer;middle;inner;$' 99 300
at_least runtime.unwind.nofp.reach-main chain.folded . "$MAIN" 95 200
GMON_UNWIND=fp run chain-fp nofp chain
at_most runtime.unwind.nofp.fp-falls-short chain-fp.folded ';inner;$' ';main;outer;middle;inner;$' 50

rm -rf preload && mkdir preload &&
	(cd preload && GPROF_RUN_LIBGMON=$LIBGMON_SO GMON_RATE=1000 "$TOP/run/gprof-run" ../bare chain \
		>/dev/null 2>../preload.err)
"$GPROF" --folded bare preload/gmon.out >preload.folded 2>>preload.err
at_least runtime.unwind.preload.chain preload.folded ';inner;$' ';main;outer;middle;inner;$' 99 300

run plugin nofp plugin "$SCRATCH/plugin.so"
at_least runtime.unwind.plugin.callers plugin.folded ';plugin_inner \[plugin\.so\];$' \
	';main;call_plugin;plugin_work \[plugin\.so\];plugin_inner \[plugin\.so\];$' 99 200

run signal nofp signal
at_least runtime.unwind.signal.through-handler signal.folded ';on_alarm;' ';main;in_raise;.*;on_alarm;' 95 300

rm -rf env && mkdir env &&
	(cd env && GMON_UNWIND=dwarf GMON_RATE=1000 ../nofp chain >/dev/null 2>../env.err)
expect_eq runtime.unwind.environment.bad-name \
	"libgmon: ignoring GMON_UNWIND=dwarf: the unwinders are cfi and fp" "$(cat env.err)"
