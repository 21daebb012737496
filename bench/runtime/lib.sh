# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/runtime/lib.sh: what the runtime benchmarks share (sourced, not
# run), with bench/lib.sh.  Sourcing it stops at the first error (set -eu)
# and leaves the shell in the top of the tree, with top set to it.
set -eu
# shellcheck source=SCRIPTDIR/../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
top=$PWD

# bench_setup SCRIPT LIBRARY MAKE-TARGET OUT: fail unless LIBRARY (under
# the top) is built; set lib to it and move to bench/out/OUT
bench_setup() {
	lib=$top/$2
	[ -f "$lib" ] || { echo "$1: build $2 first (make $3)" >&2; exit 1; }
	mkdir -p "$top/bench/out/$4"
	cd "$top/bench/out/$4"
}

# cpu_ms EXE ARGS...: user+system CPU time of one run, in ms, of EXE run
# through the array RUNNER (empty: directly; qemu-aarch64 ...: emulated)
RUNNER=()
cpu_ms() {
	local t
	TIMEFORMAT='%3U %3S'
	t=$( { time "${RUNNER[@]}" "$@" >/dev/null; } 2>&1)
	awk -v t="$t" 'BEGIN { split(t, f, " "); printf "%d\n", (f[1] + f[2]) * 1000 }'
}

# rotate ROUNDS MEASURE NAME VARIANT...: "MEASURE NAME VARIANT" ROUNDS
# times for each VARIANT, its output appended to NAME.VARIANT.ms, in
# turn, rotating the order each round; the profiles removed after each
rotate() {
	local rounds=$1 measure=$2 name=$3 r v
	shift 3
	local order=("$@")
	for v in "${order[@]}"; do : >"$name.$v.ms"; done
	for ((r = 0; r < rounds; r++)); do
		for v in "${order[@]}"; do
			"$measure" "$name" "$v" >>"$name.$v.ms"
			rm -f gmon.out .gmon.out.process
		done
		order=("${order[@]:1}" "${order[0]}")
	done
}

# added BASE GLIBC OURS: added(ours) / added(glibc), as a ratio
added() {
	awk -v b="$1" -v g="$2" -v o="$3" 'BEGIN {
		if (g - b <= 0) print "n/a (glibc adds nothing measurable)"
		else printf "%.2f\n", (o - b) / (g - b) }'
}
