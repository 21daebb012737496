#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/runtime/follow-tree.sh: issue 39's tree of processes with its
# figures: `gprof-run -f sh -c './w 0.6 & ./w 0.4 & ./w 0.3; sh -c
# "exec ./w 0.2"; wait'`, where w does the work units that take about
# that many seconds here (calibrated first).  Printed: each worker's CPU
# as `gprof --processes` lists it against the same worker's CPU run
# plainly (asked: within 20%), and its samples' seconds against its CPU.
# Not a test (tests/runtime/t-follow.sh checks the tree exactly): CPU
# times vary with the machine's load.
#
# usage: bench/runtime/follow-tree.sh
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"
bench_setup follow-tree.sh libgmon/libgmon.so libgmon runtime-follow-tree
export GPROF_RUN_LIBGMON=$lib
rm -rf ./* .gmon.out.*
cat >w.c <<'C'
#include <stdlib.h>
static volatile unsigned long sink;
__attribute__((noinline)) void unit(void)
{
	for (unsigned long i = 0; i < 1000000; i++)
		sink = sink + i;
}
int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;
	for (long i = 0; i < n; i++)
		unit();
	return 0;
}
C
gcc -O1 -o w w.c
# units per second of CPU, from a run of 200 units
per_s=$(awk -v ms="$(cpu_ms ./w 200)" 'BEGIN { printf "%d\n", 200 * 1000 / (ms > 0 ? ms : 1) }')
units() { awk -v s="$1" -v u="$per_s" 'BEGIN { printf "%d\n", s * u }'; }
a=$(units 0.6) b=$(units 0.4) c=$(units 0.3) d=$(units 0.2)
"$top/run/gprof-run" -f sh -c "./w $a & ./w $b & ./w $c; sh -c 'exec ./w $d'; wait"
"$top/gprof/gprof" --processes gmon.out.* >processes.txt
cat processes.txt
echo
printf '%-8s %10s %10s %8s %12s\n' units listed_s plain_s ratio samples_s
for n in $a $b $c $d; do
	listed=$(awk -v n="$n" 'NR > 3 && $5 == "w" && $6 == n { print $3 }' processes.txt)
	samples=$(awk -v n="$n" 'NR > 3 && $5 == "w" && $6 == n { print $4 / 100 }' processes.txt)
	plain=$(awk -v ms="$(cpu_ms ./w "$n")" 'BEGIN { printf "%.2f\n", ms / 1000 }')
	awk -v n="$n" -v l="$listed" -v p="$plain" -v s="$samples" \
		'BEGIN { printf "%-8s %10.2f %10.2f %8.2f %12.2f\n", n, l, p, (p > 0 ? l / p : 0), s }'
done
echo "(asked: each ratio within 0.80-1.20)"
