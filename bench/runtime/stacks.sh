#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/runtime/stacks.sh: what recording call stacks costs.  Builds
# the mixed workload (bench/runtime/mixed.c) at -O2 -pg with libgmon.a and
# runs it at GMON_RATE=1000 with stacks (the default) and without
# (GMON_STACK_DEPTH=0), in turn, ROUNDS times, alternating which goes
# first; takes each one's median CPU time (user + system) and prints
#   stacks = (with - without) / without: what stacks add, as a share
# and, from one more run with stacks, the distinct stacks recorded, the
# samples, and the largest resident set of each kind (getrusage).
# Not a test: timings depend on the machine.  Goal: under 2%.
#
# usage: bench/runtime/stacks.sh [ROUNDS]   (default 11)
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"
rounds=${1:-11}
bench_setup stacks.sh libgmon/libgmon.a libgmon runtime-stacks
gcc -O2 -pg -o mixed "$top/bench/runtime/mixed.c" "$lib"

# run DEPTH: "CPU-ms max-RSS-KiB" of one run of mixed 40
run() {
	GMON_RATE=1000 GMON_STACK_DEPTH=$1 python3 -c '
import resource, subprocess, sys
subprocess.run(["./mixed", "40"], stdout=subprocess.DEVNULL, check=True)
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%d %d" % ((u.ru_utime + u.ru_stime) * 1000, u.ru_maxrss))'
}

: >with.txt
: >without.txt
for ((r = 0; r < rounds; r++)); do
	if ((r % 2)); then
		run 0 >>without.txt
		run 128 >>with.txt
	else
		run 128 >>with.txt
		run 0 >>without.txt
	fi
done
w=$(cut -d' ' -f1 with.txt | median)
o=$(cut -d' ' -f1 without.txt | median)
wr=$(cut -d' ' -f2 with.txt | median)
or=$(cut -d' ' -f2 without.txt | median)
run 128 >/dev/null # the process file the figures below come from
stacks=$(python3 "$top/tests/runtime/progs/stacks/stacks.py" dump .gmon.out.process mixed 2>/dev/null |
	awk '/^depth/ { taken = $NF } /^[0-9]/ { n++ } END { printf "%d distinct stacks, %d samples", n, taken }')
printf 'mixed 40, GMON_RATE=1000, %d rounds: without stacks %d ms, with %d ms: stacks %+.1f%%\n' \
	"$rounds" "$o" "$w" "$(awk -v w="$w" -v o="$o" 'BEGIN { print (w - o) * 100 / o }')"
printf 'largest resident set: without %d KiB, with %d KiB; %s\n' "$or" "$wr" "$stacks"
