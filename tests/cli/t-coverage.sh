#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-coverage.sh: the flat profile's header says when the
# samples cover less than 90% of the process's CPU time, with the reasons
# the runtime recorded (doc/format.md, the times record's last field), on
# process files written by tests/cli/craft_process.py beside the cycle2
# fixture's gmon.out (27 samples at 100 Hz: 0.27 s).
#   coverage.reasons.*    every reason, named in order, text and --json
#   coverage.no-reason    no reason recorded: said so
#   coverage.noise        a shortfall within sampling's noise: no line
#   coverage.enough       90% or more: no line
#   coverage.old-file     a file that does not say its clock: no line
#   coverage.wall         a wall-clock profile: no line
#   coverage.sum.*        gprof -s keeps the reasons of every run
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
cd "${KEEP:-$SCRATCH}" || exit 2
fixture=$TOP/tests/corpus/fixtures/cycle2
craft=$TOP/tests/cli/craft_process.py
cp "$fixture/prog" "$fixture/gmon.out" .
cp gmon.out gmon.orig
read -r main_text main_size < <(text_section prog)
B0=0x555555554000

# profile CPU_NS [CLOCK_MEMBER]: gmon.out and its process file, the
# process's user time CPU_NS
profile() {
	cp gmon.orig gmon.out
	cat >spec.json <<JSON
{"run_id": "0x1122334455667788",
 "objects": [
  {"number": 0, "flags": 1, "bias": "$B0", "segments": [[$((main_text + B0)), $((main_text + main_size + B0))]],
   "build_id": "$(build_id prog)", "path": "$PWD/prog"}],
 "rate": 100, "samples": [],
 "times": [$1, 0, 27, 0, 0]${2:+, $2}}
JSON
	"$craft" spec.json gmon.out
}
line() { "$GPROF" -b -p prog "${1:-gmon.out}" 2>&1 | grep '^The samples miss' || true; }

profile 1000000000 '"clock": [2000000000, 3, 31]'
expect_eq coverage.reasons.text "The samples miss more than 10% of the CPU time: threads started before the profile were not sampled; the system time (0.00 seconds) is not sampled (the perf clock counts user time only where perf_event_paranoid is above 1); the program set the clock's signal with the system call itself, and its handler got the samples; more than 65536 threads ran at once: the newest were not sampled; the program closed the perf clock's descriptor, which ended it." "$(line)"
expect_eq coverage.reasons.json '["threads_before_start", "system_time", "signal_taken", "too_many_threads", "clock_closed"]' \
	"$("$GPROF" --json prog gmon.out | python3 -c 'import json, sys; print(json.dumps(json.load(sys.stdin)["process"]["missing"]))')"
expect_eq coverage.reasons.json-note "$(line)" \
	"$("$GPROF" --json prog gmon.out | python3 -c 'import json, sys; print(json.load(sys.stdin)["process"]["coverage_note"])')"

profile 1000000000 '"clock": [2000000000, 1]'
expect_eq coverage.no-reason "The samples miss more than 10% of the CPU time: the run did not record why (a profile switched off for a while, or threads the profiler did not see)." "$(line)"
expect_eq coverage.no-reason.json-missing "absent" \
	"$("$GPROF" --json prog gmon.out | python3 -c 'import json, sys; print(json.load(sys.stdin)["process"].get("missing", "absent"))')"

# 33 samples expected, 27 taken (82%): 6 short, within three standard
# deviations (17)
profile 330000000 '"clock": [2000000000, 1, 2]'
expect_eq coverage.noise "" "$(line)"
profile 290000000 '"clock": [2000000000, 1, 2]'
expect_eq coverage.enough "" "$(line)"
profile 1000000000
expect_eq coverage.old-file "" "$(line)"
profile 1000000000 '"clock": [2000000000, 4, 2]'
expect_eq coverage.wall "" "$(line)"

# two runs of one clock, each with its own reason: the sum has both
profile 1000000000 '"clock": [2000000000, 3, 1]'
mkdir a b && mv gmon.out .gmon.out.process a/
profile 1000000000 '"clock": [2000000000, 3, 2]'
mv gmon.out .gmon.out.process b/
"$GPROF" -s prog a/gmon.out b/gmon.out 2>&1
expect_eq coverage.sum.reasons '["threads_before_start", "system_time"]' \
	"$("$GPROF" --json prog gmon.sum | python3 -c 'import json, sys; print(json.dumps(json.load(sys.stdin)["process"]["missing"]))')"
