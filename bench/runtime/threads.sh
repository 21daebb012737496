#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/runtime/threads.sh: how well gprof --threads credits each thread
# its own CPU time.  Runs tests/runtime/progs/named4.c (4 named threads
# spinning 1, 2, 3 and 4 units of their own CPU time, all at once) with
# libgmon.so preloaded, at 100 Hz, and prints for each thread the CPU time
# it measured itself, the time its --threads section shows, their ratio,
# and its share against thread 1's (ideal: K.00), with a verdict against
# issue 29's 20%.  Not a test: it depends on the load and the machine
# only through the clock's granularity (one sample is 10 ms).
#
# usage: bench/runtime/threads.sh [UNIT_MS [RATE]]   (default 300 100)
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"
unit=${1:-300}
rate=${2:-100}
bench_setup threads.sh libgmon/libgmon.so libgmon runtime-threads
gcc -O2 -o named4 "$top/tests/runtime/progs/named4.c" -pthread
rm -f gmon.out .gmon.out.process
GMON_RATE=$rate GMON_START=1 LD_PRELOAD=$lib ./named4 "$unit" >out
"$top/gprof/gprof" -b -P -Q --threads named4 gmon.out >threads.txt
printf '%-8s %8s %10s %8s %8s  %s\n' thread "cpu ms" "shown ms" shown/cpu "vs 1" verdict
worst=0
for k in 1 2 3 4; do
	tid=$(awk -v f="spin$k" '$1 == f { print $2 }' out)
	cpu=$(awk -v f="spin$k" '$1 == f { print $3 }' out)
	shown=$(awk -v h="Flat profile of thread $tid \"spin-$k\":" \
		'$0 == h { getline; print int($3 * 1000 + 0.5); exit }' threads.txt)
	[ "$k" = 1 ] && one=$shown
	awk -v k="$k" -v c="$cpu" -v s="$shown" -v o="$one" 'BEGIN {
		r = s / c; v = s / o
		printf "spin-%d   %8d %10d %8.2f %8.2f  %s\n", k, c, s, r, v,
			(r >= 0.8 && r <= 1.2 && v >= 0.8 * k && v <= 1.2 * k) ? "within 20%" : "OFF"
	}'
done
