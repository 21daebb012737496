#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (c) 2026 The gprof/libgmon authors.
#
# t-regressions.sh: replay what the fuzzers found, with the ordinary gprof
# (or, under make check-sanitize, the sanitized one).  Each input is
#   regressions/NAME.out     the profile file
#   regressions/NAME.args    optional: gprof's options, one line (word-split)
#   regressions/NAME.exe     optional: the executable, relative to the top
#                            of the tree (default: the debug_g fixture)
#   regressions/NAME.process optional: the profile's process file (written
#                            as .NAME.out.process beside it; fuzz-stacks)
#   regressions/NAME.expect  "status N" on its first line, then the exact
#                            standard error ("FILE" stands for the input)
# and must give exactly that: a clean one-line error, or success, never a
# crash, and no sanitizer report.
set -u
. "$(dirname "$0")/../lib.sh"
scratch
cd "$TOP/tests/fuzz/regressions" || exit 2

n=0
for input in *.out; do
	[ -e "$input" ] || continue
	name=${input%.out}
	n=$((n + 1))
	args=
	[ -f "$name.args" ] && args=$(cat "$name.args")
	exe=tests/corpus/fixtures/debug_g/prog
	[ -f "$name.exe" ] && exe=$(cat "$name.exe")
	cp "$input" "$SCRATCH/$input"
	rm -f "$SCRATCH/.$input.process"
	[ -f "$name.process" ] && cp "$name.process" "$SCRATCH/.$input.process"
	# shellcheck disable=SC2086
	(cd "$SCRATCH" && "$GPROF" $args "$TOP/$exe" "$input") >"$SCRATCH/stdout" 2>"$SCRATCH/stderr"
	status=$?
	want_status=$(head -1 "$name.expect" | sed -n 's/^status //p')
	tail -n +2 "$name.expect" | sed "s|^gprof: FILE:|gprof: $input:|" >"$SCRATCH/want"
	if [ $status -ge 128 ]; then
		fail "fuzz.regression.$name" "crashed (status $status)"
	elif [ "$status" != "$want_status" ]; then
		fail "fuzz.regression.$name" "status $status, expected $want_status: $(head -3 "$SCRATCH/stderr")"
	elif ! cmp -s "$SCRATCH/want" "$SCRATCH/stderr"; then
		fail "fuzz.regression.$name" "stderr differs: $(head -3 "$SCRATCH/stderr")"
	else
		pass "fuzz.regression.$name"
	fi
done
[ $n -gt 0 ] || fail fuzz.regression.inputs "no inputs in tests/fuzz/regressions"
