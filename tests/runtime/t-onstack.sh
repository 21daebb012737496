#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# t-onstack.sh: a handler of the program's on its alternate stack runs
# as without the profiler (issue 37): the clocks' signals wait while it
# runs there (libgmon/onstack.c).  progs/onstack.c's SIGUSR1 handler
# fills an 8 KiB alternate stack but for less than one signal frame and
# computes 40 ms there: a clock's signal nested on it overflows it (the
# kernel kills the program: status 139).  Each run is compared with the
# run without the profiler: exit status, stdout (the mask the handler
# sees through sigprocmask and pthread_sigmask, its context's
# uc_sigmask, the action sigaction reports) byte for byte.
#   runtime.onstack.deep.START.CLOCK     the handler returns
#   runtime.onstack.longjmp.START.CLOCK  it leaves by longjmp: the mask
#       after the jump (sigprocmask, then the kernel's SigBlk) is the
#       program's, nothing of ours left blocked
#   runtime.onstack.thread.START.CLOCK   a thread it creates starts with
#       the program's mask (SigBlk)
#   runtime.onstack.exec.START.CLOCK     the program it execs too
#   runtime.onstack.siglongjmp.gprof-run.CLOCK  it leaves by siglongjmp
#       from the depth of its stack (the mask put back there)
#   runtime.onstack.ppoll.gprof-run.CLOCK  it waits in ppoll with an
#       empty mask at that depth
#       (libgmon.a wraps neither siglongjmp nor the waits: not there)
# START: pg-a (-pg, libgmon.a), gprof-run; CLOCK: thread (100 Hz),
# perf (1000 Hz; skipped in one line where perf events are not to be had).
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.onstack
runtime_scratch
cd "$SCRATCH" || exit 2

if ! $RT_CC -O1 -fno-inline -o plain "$PROGS/onstack.c" -pthread 2>build.err ||
	! build_ours pg-a "$PROGS/onstack.c" 2>>build.err; then
	fail runtime.onstack.build "$(head -3 build.err | xargs)"
	exit 0
fi

# run NAME CMD...: status and stdout in NAME.out, in a directory of its own
run() {
	local name=$1 status=0
	shift
	mkdir -p "$name"
	(cd "$name" && "$@" >out 2>err) || status=$?
	echo "status $status" >>"$name/out"
}

perf_missing=
run probe env GMON_RATE=1000 ./../pg-a deep
if grep -q perf_event_open probe/err; then
	perf_missing=$(grep -m1 perf_event_open probe/err)
	echo "ok runtime.onstack.perf # skip: perf events unavailable ($perf_missing)"
fi

for mode in deep longjmp thread exec siglongjmp ppoll; do
	run "$mode.plain" ../plain "$mode"
	starts="pg-a gprof-run"
	case $mode in siglongjmp | ppoll) starts=gprof-run ;; esac
	for clock in thread perf; do
		[ $clock = perf ] && [ -n "$perf_missing" ] && continue
		for start in $starts; do
			case $start.$clock in
			pg-a.thread) run "$mode.$start.$clock" ../pg-a "$mode" ;;
			pg-a.perf) run "$mode.$start.$clock" env GMON_RATE=1000 ../pg-a "$mode" ;;
			gprof-run.thread) run "$mode.$start.$clock" "$TOP/run/gprof-run" ../plain "$mode" ;;
			gprof-run.perf) run "$mode.$start.$clock" "$TOP/run/gprof-run" --rate 1000 ../plain "$mode" ;;
			esac
			expect_eq "runtime.onstack.$mode.$start.$clock" "$(cat "$mode.plain/out")" \
				"$(cat "$mode.$start.$clock/out")"
		done
	done
done
# the profiles are whole: GNU gprof reads them
gprof_reads runtime.onstack.profile ./pg-a deep.pg-a.thread/gmon.out
