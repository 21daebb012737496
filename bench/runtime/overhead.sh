#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/runtime/overhead.sh: what profiling costs with our runtime,
# compared with glibc's.  For each program it builds three executables
# from the same source at -O2: uninstrumented (base), -pg with glibc's
# gmon (glibc), -pg linked with libgmon.a (ours); runs them in turn,
# ROUNDS times, rotating the order each round; takes each one's median
# CPU time (user + system, from the shell's getrusage); and prints
#   added(ours) / added(glibc) = (ours - base) / (glibc - base)
# Not a test: timings depend on the machine.  Goal: at most 0.7.
#
# usage: bench/runtime/overhead.sh [ROUNDS]   (default 9)
set -eu
cd "$(dirname "$0")/../.."
top=$PWD
rounds=${1:-9}
out=$top/bench/out/runtime
mkdir -p "$out"
lib=$top/libgmon/libgmon.a
[ -f "$lib" ] || { echo "overhead.sh: build libgmon first (make libgmon)" >&2; exit 1; }

# program name, its arguments
programs=("fib 35" "mixed 40")

cpu_ms() { # cpu_ms EXE ARGS...: user+system CPU time of one run, in ms
	local t
	TIMEFORMAT='%3U %3S'
	t=$( { time "$@" >/dev/null; } 2>&1)
	awk -v t="$t" 'BEGIN { split(t, f, " "); printf "%d\n", (f[1] + f[2]) * 1000 }'
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

cd "$out"
printf '%-8s %8s %8s %8s   %s\n' program base_ms glibc_ms ours_ms 'added(ours)/added(glibc)'
for entry in "${programs[@]}"; do
	read -r name args <<<"$entry"
	src=$top/bench/runtime/$name.c
	gcc -O2 -o "$name.base" "$src"
	gcc -O2 -pg -o "$name.glibc" "$src"
	gcc -O2 -pg -o "$name.ours" "$src" "$lib"
	: >"$name.base.ms"; : >"$name.glibc.ms"; : >"$name.ours.ms"
	order=(base glibc ours)
	for ((r = 0; r < rounds; r++)); do
		for v in "${order[@]}"; do
			# shellcheck disable=SC2086
			cpu_ms "./$name.$v" $args >>"$name.$v.ms"
			rm -f gmon.out
		done
		order=("${order[@]:1}" "${order[0]}")
	done
	b=$(median <"$name.base.ms")
	g=$(median <"$name.glibc.ms")
	o=$(median <"$name.ours.ms")
	ratio=$(awk -v b="$b" -v g="$g" -v o="$o" 'BEGIN {
		if (g - b <= 0) print "n/a (glibc adds nothing measurable)"
		else printf "%.2f\n", (o - b) / (g - b) }')
	printf '%-8s %8d %8d %8d   %s\n' "$name" "$b" "$g" "$o" "$ratio"
done
