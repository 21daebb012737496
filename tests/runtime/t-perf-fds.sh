#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# t-perf-fds.sh: the perf clock's descriptors (GMON_RATE above 100,
# gprof-run --rate) stay out of the program's way (issue 37, N2;
# doc/runtime.md, "Histogram and clocks": perf).  progs/perf-fds.c,
# -pg with libgmon.a (pg-a) and built plain under gprof-run --rate 1000
# (gprof-run), against the same program without the profiler:
#   perf-fds.first.START       the first open() and pipe() get the numbers
#                              they get without the profiler (3, 4 5)
#   perf-fds.low-limit.START   the same under a soft RLIMIT_NOFILE of 8 at
#                              start
#   perf-fds.nofile.START      a program that lowers its RLIMIT_NOFILE to
#                              16 opens as many files as without the
#                              profiler
#   perf-fds.dup2-3.START      a dup2 onto descriptor 3 leaves the clock
#                              running: the profile does not say it ended
#   perf-fds.dup2-event.START  an eventfd dup2()ed onto the clock's own
#                              descriptor: the profile says the clock
#                              ended ("clock_closed")
# Skipped, each in one line, where perf events are not to be had.
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.perf-fds
runtime_scratch
cd "$SCRATCH" || exit 2

$RT_CC -pg -O1 -o ours "$PROGS/perf-fds.c" "$LIBGMON_A" -pthread || exit 2
$RT_CC -O1 -o plain "$PROGS/perf-fds.c" || exit 2

cases=(first low-limit nofile dup2-3 dup2-event)
if GMON_RATE=1000 ./ours first 2>&1 | grep -q 'perf_event_open'; then
	for c in "${cases[@]}"; do
		for start in pg-a gprof-run; do
			echo "ok perf-fds.$c.$start # skipped: perf_event_open refused"
		done
	done
	exit 0
fi

# profiled START DIR ARGS...: the program under the perf clock, in DIR
profiled() {
	local start=$1 dir=$2
	shift 2
	mkdir -p "$dir"
	case $start in
	pg-a) (cd "$dir" && GMON_RATE=1000 ../ours "$@" 2>/dev/null) ;;
	gprof-run) (cd "$dir" && "$TOP/run/gprof-run" --rate 1000 ../plain "$@" 2>/dev/null) ;;
	esac
}

# missing START DIR: the reasons the profile gives for what it misses
missing() {
	local exe=ours
	[ "$1" = gprof-run ] && exe=plain
	"$GPROF" --json "$exe" "$2/gmon.out" 2>/dev/null |
		python3 -c 'import json, sys; print(" ".join(json.load(sys.stdin)["process"].get("missing", [])))'
}

for start in pg-a gprof-run; do
	expect_eq "perf-fds.first.$start" "$(./plain first)" "$(profiled "$start" "first-$start" first)"
	expect_eq "perf-fds.low-limit.$start" "$(ulimit -n 8 && ./plain first)" \
		"$(ulimit -n 8 && profiled "$start" "low-$start" first)"
	expect_eq "perf-fds.nofile.$start" "$(./plain nofile 16)" \
		"$(profiled "$start" "nofile-$start" nofile 16)"
	out=$(profiled "$start" "dup2-3-$start" dup2-3)
	expect_eq "perf-fds.dup2-3.$start" "dup2 onto 3 / " "$out / $(missing "$start" "dup2-3-$start")"
	out=$(profiled "$start" "dup2-event-$start" dup2-event)
	expect_eq "perf-fds.dup2-event.$start" " / clock_closed" \
		"$out / $(missing "$start" "dup2-event-$start")"
done
