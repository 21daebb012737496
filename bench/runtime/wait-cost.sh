#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/runtime/wait-cost.sh: what libgmon.so's wrappers of the blocking
# calls (libgmon/wait.c) cost a program that calls them all the time, and
# what their EINTR guard (SIGPROF blocked around poll, nanosleep...: two
# pthread_sigmask system calls a call) costs and buys.
#
# Two programs built gcc -O2, no -pg: pollloop (1e6 poll with a timeout
# of 0: CPU time) and pingpong (two threads pass a byte back and forth
# 1e5 times through pipes, in poll, read and write: elapsed time and CPU
# time), each run
#   plain        without libgmon
#   loaded       LD_PRELOAD=libgmon.so, the profile not started (the
#                wrappers call straight through)
#   cpu          the profile started (GMON_START=1), the default clock
#                (per-thread timers: guarded only on kernels before 5.11)
#   wall         GMON_CLOCK=wall: every wrapped call measured (guarded as
#                with cpu)
#   process      GMON_CLOCK=process: the process timer, always guarded
#   process-noguard  the same with a libgmon.so built without the guard
#                (-DGMON_WAIT_NO_GUARD, in bench/out/runtime/noguard/)
# in turn, ROUNDS times, rotating the order; prints each median and its
# ratio to plain.  Then what the guard buys: tests/runtime/progs/eintr.c
# (main waits 2000 times in poll and nanosleep for 1 ms while a thread
# that blocks every signal computes) under each clock with and without
# the guard, its count of calls that failed with EINTR.
# Not a test: timings depend on the machine.  (hyperfine is not used:
# CPU time is what is compared, from the shell's getrusage.)
#
# usage: bench/runtime/wait-cost.sh [ROUNDS]   (default 7)
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"
rounds=${1:-7}
bench_setup wait-cost.sh libgmon/libgmon.so libgmon runtime
mkdir -p noguard
make -s -C noguard -f "$top/libgmon/Makefile" SRCDIR="$top/libgmon" \
	EXTRA_CPPFLAGS=-DGMON_WAIT_NO_GUARD libgmon.so >/dev/null
noguard=$PWD/noguard/libgmon.so

gcc -O2 -o pollloop "$top/bench/runtime/pollloop.c"
gcc -O2 -o pingpong "$top/bench/runtime/pingpong.c" -pthread
gcc -O2 -o eintr "$top/tests/runtime/progs/eintr.c" -pthread

# elapsed_cpu_ms EXE ARGS...: "ELAPSED_MS CPU_MS" of one run
elapsed_cpu_ms() {
	local t
	TIMEFORMAT='%3R %3U %3S'
	t=$( { time "$@" >/dev/null; } 2>&1)
	awk -v t="$t" 'BEGIN { split(t, f, " "); printf "%d %d\n", f[1] * 1000, (f[2] + f[3]) * 1000 }'
}

# run VARIANT EXE ARGS...: EXE under VARIANT
run() {
	local v=$1
	shift
	case $v in
	plain) "$@" ;;
	loaded) LD_PRELOAD=$lib "$@" ;;
	cpu) GMON_START=1 LD_PRELOAD=$lib "$@" ;;
	wall) GMON_CLOCK=wall GMON_START=1 LD_PRELOAD=$lib "$@" ;;
	process) GMON_CLOCK=process GMON_START=1 LD_PRELOAD=$lib "$@" ;;
	process-noguard) GMON_CLOCK=process GMON_START=1 LD_PRELOAD=$noguard "$@" ;;
	esac
}

measure_pollloop() { elapsed_cpu_ms run "$2" ./pollloop 1000000 | awk '{ print $2 }'; }
measure_pingpong() { elapsed_cpu_ms run "$2" ./pingpong 100000; }

variants=(plain loaded cpu wall process process-noguard)
rotate "$rounds" measure_pollloop pollloop "${variants[@]}"
rotate "$rounds" measure_pingpong pingpong "${variants[@]}"

printf '%-16s %14s %7s   %18s %7s %14s %7s\n' variant pollloop_cpu_ms ratio \
	pingpong_elapsed_ms ratio pingpong_cpu_ms ratio
pp=$(median <pollloop.plain.ms)
pe=$(awk '{ print $1 }' pingpong.plain.ms | median)
pc=$(awk '{ print $2 }' pingpong.plain.ms | median)
for v in "${variants[@]}"; do
	a=$(median <"pollloop.$v.ms")
	e=$(awk '{ print $1 }' "pingpong.$v.ms" | median)
	c=$(awk '{ print $2 }' "pingpong.$v.ms" | median)
	awk -v v="$v" -v a="$a" -v e="$e" -v c="$c" -v pa="$pp" -v pe="$pe" -v pc="$pc" 'BEGIN {
		printf "%-16s %14d %7.2f   %18d %7.2f %14d %7.2f\n", v, a, a / pa, e, e / pe, c, c / pc }'
done

echo
echo "calls that failed with EINTR, of 2000 poll and 2000 nanosleep (eintr 2000 1):"
for clock in cpu process wall; do
	for v in guard noguard; do
		l=$lib
		[ $v = noguard ] && l=$noguard
		printf '%-8s %-8s %s\n' "$clock" "$v" \
			"$(GMON_CLOCK=$clock GMON_START=1 LD_PRELOAD=$l ./eintr 2000 1)"
		rm -f gmon.out .gmon.out.process
	done
done
