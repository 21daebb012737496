#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/runtime/short-threads.sh: every thread's CPU time in the samples
# (issue 37, fault 10), with the per-thread clock (the default, 100 Hz).
# tests/runtime/progs/invisible-clocks.c, -pg with libgmon.a:
#   600 threads of 4 ms, one after the other (each shorter than the
#     10 ms period: a first expiry of a whole period never fires);
#   one thread of 303 ms under two busy loops per CPU (expiries merged
#     and a last partial period);
# and the perf clock (GMON_RATE=1000), tests/runtime/progs/spin.c: 4
# threads of 100 ms, against the CPU time and against perf's task-clock
# of the same threads, with the steal time /proc/stat counted meanwhile
# (the hypervisor's: the task-clock counts it, the CPU time does not).
# Printed per run, each against the process's CPU time (the threads'
# own and the main thread's few ms that start and join them):
#   taken    every sample the clock credited (the accounting: within a
#            sample of the CPU time per thread, whatever the load);
#   program  the samples of the program's functions, which the flat
#            profile's total shows: taken less the runtime's own row
#            (mostly the -pg hook of cpu_ns, which spin calls about a
#            million times a second);
#            also against the threads' nominal CPU time (asked: within
#            10%);
#   runtime  the runtime's own row.
# Then, per case, the range of each ratio over the runs.  Statistical,
# so not a test: the suite (tests/runtime/t-expiries.sh) checks what
# cannot fail by luck.
# LIBGMON_A=path compares another build of the runtime (the code before).
#
# usage: bench/runtime/short-threads.sh [ROUNDS]   (default 3)
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"
rounds=${1:-3}
bench_setup short-threads.sh libgmon/libgmon.a libgmon runtime-short-threads
archive=${LIBGMON_A:-$lib}
src=$top/tests/runtime/progs
gcc -O1 -shared -fPIC -o libinvisible-early.so "$src/invisible-early.c"
gcc -pg -O1 -fno-inline -o ours "$src/invisible-clocks.c" "$archive" -pthread \
	-L. -linvisible-early -Wl,-rpath,"$PWD"
gcc -pg -O1 -fno-inline -o spin "$src/spin.c" "$archive" -pthread

# steal: the steal time of every CPU so far, in ms (/proc/stat's eighth
# figure, in hundredths of a second)
steal() { awk '$1 == "cpu" { print $9 * 10 }' /proc/stat; }

# report CASE NOMINAL-SECONDS: the last run's figures, one line, also
# appended to $log
log=runs.log
: >"$log"
: >perf.log
report() {
	"$top/gprof/gprof" --json ours gmon.out | python3 -c '
import json, sys
d = json.load(sys.stdin)
p, h = d["process"], d["histogram"]
cpu = p["user_time"] + p["system_time"]
taken = p["samples_taken"] * h["sample_period"]
program, want = h["total_time"], float(sys.argv[2])
print("%-26s taken %5.1f%%  program %5.1f%% (%5.1f%% of %.3f s)  runtime %.2f s  cpu %.3f s"
      % (sys.argv[1], 100 * taken / cpu, 100 * program / cpu, 100 * program / want, want,
         taken - program, cpu))' "$1" "$2" | tee -a "$log"
}

for ((r = 0; r < rounds; r++)); do
	./ours short-threads 600 4 >/dev/null
	report "600 threads of 4 ms" 2.4
	busy=()
	for ((i = 0; i < 2 * $(nproc); i++)); do
		(while :; do :; done) &
		busy+=($!)
	done
	./ours short-threads 1 303 >/dev/null
	kill "${busy[@]}"
	wait "${busy[@]}" 2>/dev/null || true
	report "303 ms, 2 busy loops/CPU" 0.303
	before=$(steal)
	read -r ms clock_ms <<<"$(GMON_RATE=1000 ./spin 4 100 task-clock)"
	after=$(steal)
	"$top/gprof/gprof" --json spin gmon.out | python3 -c '
import sys, json
taken = json.load(sys.stdin)["process"]["samples_taken"]
ms, clock = float(sys.argv[1]), sys.argv[2]
print("%-26s taken %5.1f%% of the CPU time %d ms, %s of the task-clock %s ms, steal %s ms"
      % ("perf clock, 4 x 100 ms", 100 * taken / ms, ms,
         "-" if clock == "-" else "%5.1f%%" % (100 * taken / float(clock)), clock, sys.argv[3]))' \
		"$ms" "$clock_ms" $((after - before)) | tee -a perf.log
done

# per case: each ratio's range over the runs, and how many runs were
# within 10% of the nominal time; the perf clock's ranges
python3 - "$log" perf.log <<'PY'
import re, sys
cases = {}
for line in open(sys.argv[1]):
    name = line[:26].strip()
    taken, program, nominal = (float(x) for x in re.findall(r"([0-9.]+)%", line)[:3])
    cases.setdefault(name, []).append((taken, program, nominal))
perf = []
for line in open(sys.argv[2]):
    clock = re.findall(r", +([0-9.]+)% of the task", line)
    perf.append((float(re.findall(r"taken +([0-9.]+)%", line)[0]), float(clock[0]) if clock else 0.0))
for name, runs in cases.items():
    col = lambda i: [r[i] for r in runs]
    within = sum(1 for r in runs if abs(r[2] - 100) <= 10)
    print("%-26s %d runs: taken %.1f-%.1f%%, program %.1f-%.1f%% of the CPU, "
          "%.1f-%.1f%% of nominal (%d of %d within 10%%)"
          % (name, len(runs), min(col(0)), max(col(0)), min(col(1)), max(col(1)),
             min(col(2)), max(col(2)), within, len(runs)))
if perf:
    print("%-26s %d runs: taken %.1f-%.1f%% of the CPU time, %.1f-%.1f%% of the task-clock"
          % ("perf clock, 4 x 100 ms", len(perf), min(r[0] for r in perf), max(r[0] for r in perf),
             min(r[1] for r in perf), max(r[1] for r in perf)))
PY
