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

# ---------------------------------------------------------------- what paths name
# objects NAME PATH...: a process file naming each PATH as an object (no
# build-id, one segment each), read by gprof -b -p within 20 seconds
objects() {
	local name=$1 k=0 list="" p
	shift
	for p; do
		k=$((k + 1))
		list="$list${list:+, }{\"number\": $k, \"bias\": 0, \"segments\": [[$((0x10000000 + k * 0x10000)), $((0x10000000 + k * 0x10000 + 4096))]], \"path\": \"$p\"}"
	done
	crafted "$name" "\"objects\": [$list]"
	timeout 20 "$GPROF" -b -p prog "$name.out" >"$name.txt" 2>"$name.err"
}
mkfifo fifo.so
ln -s /proc/self/status kernel.so
printf 'not an object' >text.so
objects paths /proc/self/status /dev/null "$PWD/fifo.so" "$PWD/kernel.so" /sys/kernel/notes
expect_eq process.hostile.object-paths "0|gprof: warning: /proc/self/status: under /proc, /dev or /sys, not an object file; its samples are shown as [status]|gprof: warning: /dev/null: under /proc, /dev or /sys, not an object file; its samples are shown as [null]|gprof: warning: $PWD/fifo.so: a FIFO, not a regular file; its samples are shown as [fifo.so]|gprof: warning: $PWD/kernel.so: a kernel file (proc, sysfs...), not an object file; its samples are shown as [kernel.so]|gprof: warning: /sys/kernel/notes: under /proc, /dev or /sys, not an object file; its samples are shown as [notes]|" \
	"$?|$(tr '\n' '|' <paths.err)"
# without a build-id, a file is the object only if it holds the code where
# the process file says it ran (prog's code is not at 0x10010000)
objects elsewhere "$PWD/prog"
expect_eq process.hostile.object-not-the-one "0|gprof: warning: $PWD/prog: not the file that ran (its code is not where it ran); its samples are shown as [prog]|" \
	"$?|$(tr '\n' '|' <elsewhere.err)"

# a FIFO in the process file's place: refused in one line, never waited on
crafted fifo
rm .fifo.out.process && mkfifo .fifo.out.process
timeout 20 "$GPROF" -b prog fifo.out >fifo.txt 2>fifo.err
expect_eq process.hostile.process-file-fifo "1|gprof: .fifo.out.process: a FIFO, not a regular file|" \
	"$?|$(tr '\n' '|' <fifo.err)"
