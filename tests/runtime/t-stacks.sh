#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-stacks.sh: the call stacks of the samples, the process
# file's tag 5 record (doc/format.md, "Tag 5, call stacks"; tag 6 with
# each stack's thread, as the runtime writes it by default), read back by
# progs/stacks/stacks.py, which names frames with nm.  The program is
# progs/stacks/stacks.c, at GMON_RATE=1000.  Every check also verifies
# that the record parses exactly, that no stack appears twice, and that
# the stacks hold every sample taken (tag 4) but those counted lost.
#   runtime.stacks.heavylight.*   work() under heavy() and light(): heavy
#                                 has 99% of work's samples within 2 points
#                                 (the call counts say 50%); under 1% cut short
#   runtime.stacks.recursion.*    rec() 21 frames deep, each frame recorded
#   runtime.stacks.mutual.*       even() and odd() alternating, 21 frames
#   runtime.stacks.threads.*      4 threads: thread_main -> thread_work
#   runtime.stacks.corrupt.*      garbage in %rbp: the program runs on, the
#                                 stacks are flagged and counted cut short,
#                                 and the walks after it are whole
#   runtime.stacks.garbage.*      300 random frame pointers (anywhere, and
#                                 within 8 MiB above the stack): no fault,
#                                 cut-short stacks counted
#   runtime.stacks.many.*         4 threads inserting hundreds of distinct
#                                 stacks at once: none twice, none lost
#   runtime.stacks.memcpy.*       copy_part calling libc's memcpy (a frameless
#                                 leaf): copy_part is memcpy's caller in 80%
#                                 of libc's samples at least
#   runtime.stacks.deep.*         300 calls deep: cut at 128 frames, flagged,
#                                 counted
#   runtime.stacks.fork-*         the child's stacks start empty; the parent
#                                 keeps its own; at 10 kHz (fork-fast) no
#                                 sample lands while the child empties them
#   runtime.stacks.snapshot.*     a snapshot (GMON_SNAPSHOT_SIGNAL) holds the
#                                 stacks so far
#   runtime.stacks.full.*         GMON_STACKS=1: one line, losses counted,
#                                 the samples still in the histogram
#   runtime.stacks.rate.*         GMON_RATE=10000, 4 threads
#   runtime.stacks.fentry.*       heavylight built with -pg -mfentry
#                                 -fno-omit-frame-pointer
#   runtime.stacks.preload.*      heavylight built against glibc's runtime,
#                                 run with LD_PRELOAD=libgmon.so
#   runtime.stacks.depth-zero.*   GMON_STACK_DEPTH=0: no stack record
#   runtime.stacks.process-off.*  GMON_PROCESS=0: no process file at all
#   runtime.stacks.environment.*  a bad GMON_STACK_DEPTH is named and ignored
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.stacks
runtime_scratch
cd "$SCRATCH" || exit 2
SRC=$PROGS/stacks
CHECK="python3 $SRC/stacks.py"
# the checks name frames from nm of the same objects: read once
export STACKS_NM_CACHE=$SCRATCH/nm-cache

if ! $RT_CC -pg -O1 -fno-inline -o prog "$SRC/stacks.c" "$LIBGMON_A" -pthread 2>build.err; then
	fail runtime.stacks.build "$(head -3 build.err | xargs)"
	exit 0
fi

# run DIR MODE: run the program in a fresh DIR, its stderr in DIR.err
run() {
	local dir=$1
	shift
	rm -rf "$dir" && mkdir "$dir" &&
		(cd "$dir" && GMON_RATE=${GMON_RATE:-1000} "$SCRATCH/prog" "$@" >/dev/null 2>"../$dir.err")
}

for mode in heavylight recursion mutual threads corrupt garbage many memcpy deep; do
	run "$mode" "$mode"
	$CHECK "$mode" "$mode/.gmon.out.process" prog
done
expect_eq runtime.stacks.corrupt.ran-on "" "$(cat corrupt.err)"
expect_eq runtime.stacks.garbage.ran-on "" "$(cat garbage.err)"

if $RT_CC -pg -mfentry -fno-omit-frame-pointer -O1 -fno-inline -o prog.fentry "$SRC/stacks.c" \
	"$LIBGMON_A" -pthread 2>build.err; then
	rm -rf fentry && mkdir fentry &&
		(cd fentry && GMON_RATE=1000 ../prog.fentry heavylight >/dev/null 2>../fentry.err)
	$CHECK heavylight fentry/.gmon.out.process prog.fentry runtime.stacks.fentry
else
	fail runtime.stacks.fentry.build "$(head -1 build.err)"
fi
if $RT_CC -pg -O1 -fno-inline -o prog.glibc "$SRC/stacks.c" -pthread 2>build.err; then
	rm -rf preload && mkdir preload &&
		(cd preload && GMON_RATE=1000 LD_PRELOAD="$LIBGMON_SO" ../prog.glibc heavylight \
			>/dev/null 2>../preload.err)
	$CHECK heavylight preload/.gmon.out.process prog.glibc runtime.stacks.preload
else
	fail runtime.stacks.preload.build "$(head -1 build.err)"
fi

run fork fork
$CHECK fork-parent fork/.gmon.out.process prog
child=$(cd fork && ls -A | grep '^\.gmon\.out\.[0-9]*\.process$')
if [ -n "$child" ]; then
	$CHECK fork-child "fork/$child" prog
else
	fail runtime.stacks.fork-child.written "no child process file: $(ls -A fork | xargs)"
fi

# at 10 kHz the parent's clock, which goes on in the child (an inherited
# perf event), fires while the child empties its tables: the stacks
# written must still parse (before the fix: 36 of 40 runs corrupt)
GMON_RATE=10000 run fork-fast fork
child=$(cd fork-fast && ls -A | grep '^\.gmon\.out\.[0-9]*\.process$')
if [ -n "$child" ]; then
	$CHECK fork-child "fork-fast/$child" prog runtime.stacks.fork-fast
else
	fail runtime.stacks.fork-fast.written "no child process file: $(ls -A fork-fast | xargs)"
fi

GMON_SNAPSHOT_SIGNAL=USR1 run snapshot snapshot
$CHECK snapshot snapshot/snap.process prog

GMON_STACKS=1 run full heavylight
$CHECK full full/.gmon.out.process prog
expect_eq runtime.stacks.full.message \
	"libgmon: stack table full: later samples' stacks are lost, the samples still count (set GMON_STACKS)" \
	"$(cat full.err)"

GMON_RATE=10000 run rate threads
$CHECK rate rate/.gmon.out.process prog

GMON_STACK_DEPTH=0 run depth0 recursion
$CHECK none depth0/.gmon.out.process prog
GMON_PROCESS=0 run off recursion
expect_eq runtime.stacks.process-off.no-file "gmon.out" "$(ls -A off | xargs)"

GMON_STACK_DEPTH=many run bad recursion
expect_eq runtime.stacks.environment.bad-depth \
	"libgmon: ignoring GMON_STACK_DEPTH=many: not a number from 0 to 512" "$(cat bad.err)"
$CHECK recursion bad/.gmon.out.process prog | grep -q '^not ok' &&
	fail runtime.stacks.environment.default-kept "the default depth did not record the stacks" ||
	pass runtime.stacks.environment.default-kept
