#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-invisible-waits.sh: the wait wrappers, the object
# table and the maps reader change nothing the program does (issue 37,
# faults 2, 5, 11, 12, 17 and the /proc/self/maps line; DESIGN.md,
# "Invisible").  Each case runs a program without the profiler and
# under it (libgmon.so preloaded, GMON_START=1, the clock named), and
# compares the exit status or terminating signal, stdout and stderr
# byte for byte; the programs print the results and errno values of
# their calls and their signal masks.
#   runtime.invisible.locks.CLOCK.CASE     robust, process-shared,
#        recursive, error-checking, timed locks; cancellation in waits
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.invisible
runtime_scratch
cd "$SCRATCH" || exit 2

# same_run NAME CLOCK PROGRAM [ARGS...]: PROGRAM behaves alike without
# the profiler and under it with GMON_CLOCK=CLOCK (exit status, stdout,
# stderr); with GMON_UNWIND set in the environment, that unwinder
same_run() {
	local name=$1 clock=$2 plain prof
	shift 2
	rm -rf run && mkdir run || exit 2
	(cd run && exec "$@") >plain.out 2>plain.err
	plain=$?
	rm -rf run && mkdir run || exit 2
	(cd run && GMON_START=1 GMON_CLOCK=$clock LD_PRELOAD=$LIBGMON_SO exec "$@") >prof.out 2>prof.err
	prof=$?
	if [ "$plain" != "$prof" ]; then
		fail "$name" "status $prof under the profiler, $plain without"
	elif ! cmp -s plain.out prof.out; then
		fail "$name" "stdout differs: $(diff plain.out prof.out | head -4 | tr '\n' ' ')"
	elif ! cmp -s plain.err prof.err; then
		fail "$name" "stderr differs: $(diff plain.err prof.err | head -4 | tr '\n' ' ')"
	else
		pass "$name"
	fi
}

# fault 2: with the wall clock, a lock that cannot be taken at once is
# timed; a robust mutex whose owner died must still give EOWNERDEAD
$RT_CC -O1 -g -o locks "$PROGS/locks.c" -pthread
for c in robust-normal robust-errorcheck robust-recursive notrecoverable pshared \
	recursive errorcheck timed rwlock cancel; do
	same_run "runtime.invisible.locks.wall.$c" wall "$SCRATCH/locks" $c
done
