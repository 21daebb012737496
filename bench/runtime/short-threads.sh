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
#     and a last partial period).
# Printed: the samples' seconds against the threads' CPU time, and the
# ratio (asked: within 10%).  Statistical, so not a test: the suite
# (tests/runtime/t-invisible-clocks.sh) checks what cannot fail by luck.
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

# the last run's samples (the flat profile's seconds) against the
# threads' nominal CPU time and the process's CPU time (the main thread's
# too: it starts and joins them)
report() {
	"$top/gprof/gprof" --json ours gmon.out | python3 -c '
import json, sys
d = json.load(sys.stdin)
got = d["histogram"]["total_time"]
cpu = d["process"]["user_time"] + d["process"]["system_time"]
want = float(sys.argv[2])
print("%-42s %6.3f s: %5.1f%% of %.3f s, %5.1f%% of the process'"'"'s %.3f s"
      % (sys.argv[1], got, 100 * got / want, want, 100 * got / cpu, cpu))' "$1" "$2"
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
	report "1 thread of 303 ms, 2 busy loops per CPU" 0.303
done
