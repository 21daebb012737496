#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/runtime/overhead.sh: what profiling costs with our runtime,
# compared with glibc's.  For each program it builds three executables
# from the same source at -O2: uninstrumented (base), -pg with glibc's
# gmon (glibc), -pg linked with libgmon.a (ours, whole-process profile,
# the default); runs them, and ours again with GMON_PROCESS=0 (main: the
# main program only) and with GMON_PROCESS_ARCS=0 (samp: whole-process
# samples, no arcs outside the main text), in turn, ROUNDS times,
# rotating the order each round; takes each one's median CPU time (user +
# system, from the shell's getrusage); and prints
#   added(ours) / added(glibc) = (ours - base) / (glibc - base)
#   process = (ours - main) / main: what the whole-process profile adds
#             to the run's time, as a share of it
#   sampling = (samp - main) / main: the same without the arcs
# Not a test: timings depend on the machine.  Goals: at most 0.7; at
# most 2%.
#
# usage: bench/runtime/overhead.sh [ROUNDS]   (default 9)
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"
rounds=${1:-9}
bench_setup overhead.sh libgmon/libgmon.a libgmon runtime

# program name, its arguments
programs=("fib 35" "mixed 40")

# measure NAME VARIANT: one run's CPU time; main and samp are ours run
# with GMON_PROCESS=0 and with GMON_PROCESS_ARCS=0
measure() {
	# shellcheck disable=SC2086
	case $2 in
	main) GMON_PROCESS=0 cpu_ms "./$1.ours" $args ;;
	samp) GMON_PROCESS_ARCS=0 cpu_ms "./$1.ours" $args ;;
	*) cpu_ms "./$1.$2" $args ;;
	esac
}

printf '%-8s %8s %8s %8s %8s %8s   %-24s %8s %8s\n' program base_ms glibc_ms main_ms samp_ms \
	ours_ms 'added(ours)/added(glibc)' process sampling
for entry in "${programs[@]}"; do
	read -r name args <<<"$entry"
	src=$top/bench/runtime/$name.c
	gcc -O2 -o "$name.base" "$src"
	gcc -O2 -pg -o "$name.glibc" "$src"
	gcc -O2 -pg -o "$name.ours" "$src" "$lib"
	rotate "$rounds" measure "$name" base glibc ours main samp
	b=$(median <"$name.base.ms")
	g=$(median <"$name.glibc.ms")
	o=$(median <"$name.ours.ms")
	m=$(median <"$name.main.ms")
	s=$(median <"$name.samp.ms")
	ratio=$(added "$b" "$g" "$o")
	process=$(awk -v m="$m" -v o="$o" 'BEGIN { printf "%+.1f%%\n", (o - m) * 100 / m }')
	sampling=$(awk -v m="$m" -v s="$s" 'BEGIN { printf "%+.1f%%\n", (s - m) * 100 / m }')
	printf '%-8s %8d %8d %8d %8d %8d   %-24s %8s %8s\n' "$name" "$b" "$g" "$m" "$s" "$o" "$ratio" \
		"$process" "$sampling"
done
