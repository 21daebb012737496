#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/runtime/overhead-aarch64.sh: what profiling costs on aarch64 with
# our runtime (make cross-aarch64), compared with glibc's aarch64 runtime,
# both run under qemu-aarch64 here.  As overhead.sh: for each program,
# executables built from the same source at -O2 with aarch64-linux-gnu-gcc,
# uninstrumented (base), -pg with glibc's gmon (glibc), -pg linked with
# build/aarch64/libgmon/libgmon.a (ours: GMON_PROCESS=0, the main program
# as glibc profiles it, and ours+process: the whole-process default); run
# in turn ROUNDS times, rotating the order; the median CPU time (user +
# system, of qemu and the program together) of each; and
#   added(ours) / added(glibc) = (ours - base) / (glibc - base)
# Under qemu every instruction costs more than on the hardware, and not
# all equally (an atomic read-modify-write becomes a helper call): the
# ratio says how the two runtimes compare there, not what a real aarch64
# processor would show.  Call stacks are off (qemu-user has no
# process_vm_readv).  Not a test: timings depend on the machine.
# qemu emulates its "max" processor by default (it has the LSE atomics:
# the stub counts with stadd); QEMU_CPU=cortex-a53 emulates one without
# them (a load-exclusive/store-exclusive loop).
#
# usage: [QEMU_CPU=cortex-a53] bench/runtime/overhead-aarch64.sh [ROUNDS]   (default 5)
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"
rounds=${1:-5}
bench_setup overhead-aarch64.sh build/aarch64/libgmon/libgmon.a cross-aarch64 runtime-aarch64
cc=aarch64-linux-gnu-gcc
RUNNER=(qemu-aarch64 -L /usr/aarch64-linux-gnu)
export GMON_STACK_DEPTH=0

# program name, its arguments
programs=("fib 33" "mixed 30")

# measure NAME VARIANT: one run's CPU time; ours is run with
# GMON_PROCESS=0, proc is ours with the whole-process default
measure() {
	# shellcheck disable=SC2086
	case $2 in
	ours) GMON_PROCESS=0 cpu_ms "./$1.ours" $args ;;
	proc) cpu_ms "./$1.ours" $args ;;
	*) cpu_ms "./$1.$2" $args ;;
	esac
}

printf '%-8s %8s %8s %8s %8s   %-24s %s\n' program base_ms glibc_ms ours_ms proc_ms \
	'added(ours)/added(glibc)' 'with process file'
for entry in "${programs[@]}"; do
	read -r name args <<<"$entry"
	src=$top/bench/runtime/$name.c
	$cc -O2 -o "$name.base" "$src"
	$cc -O2 -pg -o "$name.glibc" "$src"
	$cc -O2 -pg -o "$name.ours" "$src" "$lib"
	rotate "$rounds" measure "$name" base glibc ours proc
	b=$(median <"$name.base.ms")
	g=$(median <"$name.glibc.ms")
	o=$(median <"$name.ours.ms")
	p=$(median <"$name.proc.ms")
	printf '%-8s %8d %8d %8d %8d   %-24s %s\n' "$name" "$b" "$g" "$o" "$p" "$(added "$b" "$g" "$o")" \
		"$(added "$b" "$g" "$p")"
done
