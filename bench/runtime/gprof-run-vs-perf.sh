#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/runtime/gprof-run-vs-perf.sh: gprof-run against perf record on a
# program built as distributions build (issue 29): gcc -O2, no -pg, no
# frame pointers.  The program is the skew workload
# (tests/runtime/progs/stacks/stacks.c heavylight: work() called 10,000
# times by heavy() with 99,000 turns and 10,000 times by light() with
# 1,000, so 99.0% of work's time is heavy's), run
#   plain         as it is
#   gprof-run     run/gprof-run ./stacks heavylight (default rate, 100 Hz:
#                 per-thread CPU-time timers, the CFI unwinder)
#   perf          perf record -e cpu-clock --call-graph dwarf -F 100
#   gprof-run-1k  gprof-run --rate 1000 (above 100 Hz libgmon's CPU clock
#                 is a perf event: this one needs perf_event_open too)
#   perf-1k       perf record ... -F 1000
# in turn, ROUNDS times, rotating the order.  Prints for each: the median
# CPU time (user + system of the whole command, the profiler's own
# processes included) and its ratio to plain; the bytes written by the
# last run (gmon.out + .gmon.out.process; perf.data); and heavy's share of
# the samples in work, summed over the rounds (from gprof --folded; from
# perf script), beside the truth, 99.0%.
# Not a test: timings depend on the machine.
#
# usage: bench/runtime/gprof-run-vs-perf.sh [ROUNDS]   (default 11)
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"
rounds=${1:-11}
bench_setup gprof-run-vs-perf.sh run/gprof-run run runtime-vs-perf
[ -x "$top/gprof/gprof" ] || { echo "gprof-run-vs-perf.sh: build gprof first (make)" >&2; exit 1; }
if ! perf record -q -o perf.probe true >/dev/null 2>&1; then
	echo "gprof-run-vs-perf.sh: perf record does not work here (perf_event_open refused?)" >&2
	exit 1
fi
gcc -O2 -fomit-frame-pointer -I"$top/tests" -o stacks "$top/tests/runtime/progs/stacks/stacks.c" -pthread

# counts VARIANT: "HEAVY LIGHT", the samples in work under each
counts() {
	case $1 in
	gprof-run*)
		"$top/gprof/gprof" --folded ./stacks gmon.out 2>/dev/null |
			awk '$1 ~ /;heavy;work$/ { h += $2 } $1 ~ /;light;work$/ { l += $2 }
				END { print h + 0, l + 0 }' ;;
	perf*)
		# one sample: its frames one a line (address, function), a blank line
		perf script -i perf.data -F ip,sym 2>/dev/null |
			awk 'NF == 0 { top = ""; next }
				top == "" { top = $2; next }
				top == "work" { if ($2 == "heavy") h++; else if ($2 == "light") l++; top = "-" }
				END { print h + 0, l + 0 }' ;;
	esac
}

# bytes VARIANT: what the last run wrote
bytes() {
	case $1 in
	gprof-run*) stat -c %s gmon.out .gmon.out.process | awk '{ s += $1 } END { print s }' ;;
	perf*) stat -c %s perf.data ;;
	*) echo 0 ;;
	esac
}

measure() {
	local v=$2
	case $v in
	plain) cpu_ms ./stacks heavylight ;;
	gprof-run) cpu_ms "$top/run/gprof-run" ./stacks heavylight ;;
	gprof-run-1k) cpu_ms "$top/run/gprof-run" --rate 1000 ./stacks heavylight ;;
	perf) cpu_ms perf record -q -e cpu-clock --call-graph dwarf -F 100 -o perf.data ./stacks heavylight ;;
	perf-1k) cpu_ms perf record -q -e cpu-clock --call-graph dwarf -F 1000 -o perf.data ./stacks heavylight ;;
	esac
	counts "$v" >>"$1.$v.counts"
	bytes "$v" >"$1.$v.bytes"
	rm -f perf.data
}

variants=(plain gprof-run perf gprof-run-1k perf-1k)
for v in "${variants[@]}"; do : >"skew.$v.counts"; done
rotate "$rounds" measure skew "${variants[@]}"

base=$(median <skew.plain.ms)
echo "skew workload (stacks heavylight, gcc -O2 -fomit-frame-pointer, no -pg), $rounds rounds"
printf '%-13s %8s %7s %10s %12s %12s\n' variant cpu_ms ratio bytes heavy/work samples
for v in "${variants[@]}"; do
	ms=$(median <"skew.$v.ms")
	awk -v v="$v" -v ms="$ms" -v b="$base" -v by="$(cat "skew.$v.bytes")" '
		{ h += $1; l += $2 }
		END { share = (h + l) ? sprintf("%.2f%%", 100 * h / (h + l)) : "-"
		      printf "%-13s %8d %7.3f %10d %12s %12d\n", v, ms, ms / b, by, share, h + l }' "skew.$v.counts"
done
echo "truth: heavy/work 99.00%"
