#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-hostile.sh: gprof against process files made to hurt it
# (issue 24, "Hardening II"): many object records (linear time, memory
# bounded by the file), object paths that name what is not an object
# (/proc, devices, FIFOs), control bytes in paths and names, model
# ranges that would collide, and the files -s writes.  The process files
# are written by tests/cli/craft_process.py.
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
cd "${KEEP:-$SCRATCH}" || exit 2
fixture=$TOP/tests/corpus/fixtures/cycle2
craft=$TOP/tests/cli/craft_process.py
cp "$fixture/prog" "$fixture/gmon.out" .
cp gmon.out gmon.orig

# Under AddressSanitizer (make check-sanitize) the address space is the
# sanitizer's: the memory bound is not checked there.
sanitized=false
nm "$GPROF" 2>/dev/null | grep -q __asan_init && sanitized=true

# crafted NAME JSON-MEMBERS: NAME.out and .NAME.out.process from the spec
crafted() {
	cp gmon.orig "$1.out"
	echo "{\"run_id\": \"0x1122334455667788\"${2:+, $2}}" >"$1.json"
	"$craft" "$1.json" "$1.out"
}

# ---------------------------------------------------------------- many objects
# 60,000 minimal object records (4.5 MB): each used to cost 37 KiB (a
# table inline in struct object) and two comparisons with every object
# before it.  Memory: under a 200 MB address-space limit (it took 2.2 GB).
crafted many '"many_objects": {"count": 60000}'
if $sanitized; then
	echo "# under AddressSanitizer: process.scale.objects-memory not checked"
else
	(ulimit -v 200000 && exec "$GPROF" -b -p prog many.out) >many.txt 2>many.err
	rc=$?
	expect_eq process.scale.objects-memory "0:60000:" \
		"$rc:$(grep -c '^gprof: warning: /nonexistent/lib[0-9]*\.so: No such file' many.err):$(grep -v '^gprof: warning: /nonexistent/' many.err)"
fi
# Time: instructions counted by valgrind (exact, whatever the machine):
# four times the records must cost less than 5.5 times the instructions
# (linear: about 4; the all-pairs checks made it 9.7)
if ! command -v valgrind >/dev/null; then
	echo "# valgrind missing: process.scale.objects-linear skipped"
elif $sanitized; then
	echo "# under AddressSanitizer: process.scale.objects-linear skipped"
else
	instructions() {
		valgrind --tool=callgrind --callgrind-out-file=/dev/null "$GPROF" -b -p prog "$1" 2>&1 >/dev/null |
			sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p'
	}
	crafted small '"many_objects": {"count": 2000}'
	crafted large '"many_objects": {"count": 8000}'
	small=$(instructions small.out)
	large=$(instructions large.out)
	if [ -n "$small" ] && [ -n "$large" ] && [ $((large * 2)) -lt $((small * 11)) ]; then
		pass process.scale.objects-linear
	else
		fail process.scale.objects-linear "2,000 objects: ${small:-?} instructions, 8,000: ${large:-?} (ratio over 5.5)"
	fi
fi
