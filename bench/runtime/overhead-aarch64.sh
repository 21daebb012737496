#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/runtime/overhead-aarch64.sh: what profiling costs on aarch64 with
# our runtime (make cross-aarch64), compared with glibc's aarch64 runtime,
# both run under qemu-aarch64 here.  As overhead.sh: for each program,
# executables built from the same source at -O2 with aarch64-linux-gnu-gcc,
# uninstrumented (base), -pg with glibc's gmon (glibc), -pg linked with
# build-aarch64/libgmon/libgmon.a (ours: GMON_PROCESS=0, the main program
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
set -eu
cd "$(dirname "$0")/../.."
top=$PWD
rounds=${1:-5}
out=$top/bench/out/runtime-aarch64
mkdir -p "$out"
lib=$top/build-aarch64/libgmon/libgmon.a
[ -f "$lib" ] || { echo "overhead-aarch64.sh: build it first (make cross-aarch64)" >&2; exit 1; }
cc=aarch64-linux-gnu-gcc
qemu=(qemu-aarch64 -L /usr/aarch64-linux-gnu)
export GMON_STACK_DEPTH=0

# program name, its arguments
programs=("fib 33" "mixed 30")

cpu_ms() { # cpu_ms EXE ARGS...: user+system CPU time of one run, in ms
	local t
	TIMEFORMAT='%3U %3S'
	t=$( { time "${qemu[@]}" "$@" >/dev/null; } 2>&1)
	awk -v t="$t" 'BEGIN { split(t, f, " "); printf "%d\n", (f[1] + f[2]) * 1000 }'
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

cd "$out"
printf '%-8s %8s %8s %8s %8s   %-24s %s\n' program base_ms glibc_ms ours_ms proc_ms \
	'added(ours)/added(glibc)' 'with process file'
for entry in "${programs[@]}"; do
	read -r name args <<<"$entry"
	src=$top/bench/runtime/$name.c
	$cc -O2 -o "$name.base" "$src"
	$cc -O2 -pg -o "$name.glibc" "$src"
	$cc -O2 -pg -o "$name.ours" "$src" "$lib"
	order=(base glibc ours proc)
	for v in "${order[@]}"; do : >"$name.$v.ms"; done
	for ((r = 0; r < rounds; r++)); do
		for v in "${order[@]}"; do
			# shellcheck disable=SC2086
			case $v in
			ours) GMON_PROCESS=0 cpu_ms "./$name.ours" $args >>"$name.$v.ms" ;;
			proc) cpu_ms "./$name.ours" $args >>"$name.$v.ms" ;;
			*) cpu_ms "./$name.$v" $args >>"$name.$v.ms" ;;
			esac
			rm -f gmon.out .gmon.out.process
		done
		order=("${order[@]:1}" "${order[0]}")
	done
	b=$(median <"$name.base.ms")
	g=$(median <"$name.glibc.ms")
	o=$(median <"$name.ours.ms")
	p=$(median <"$name.proc.ms")
	ratio() {
		awk -v b="$b" -v g="$g" -v o="$1" 'BEGIN {
			if (g - b <= 0) print "n/a (glibc adds nothing measurable)"
			else printf "%.2f\n", (o - b) / (g - b) }'
	}
	printf '%-8s %8d %8d %8d %8d   %-24s %s\n' "$name" "$b" "$g" "$o" "$p" "$(ratio "$o")" \
		"$(ratio "$p")"
done
