#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/runtime/unwind.sh: what the CFI unwinder costs, against the frame
# pointers and against copying the stack for later (perf --call-graph
# dwarf's way; doc/runtime.md, "Which unwinder").
#  1. bench/runtime/unwind.c: one walk of a 20-frame stack (libc's qsort
#     in the middle), ns a walk and a frame, for each unwinder (the
#     frame-pointer walk on a build with frame pointers, where it finds
#     what it can), and the handler's cost of an 8 KiB copy instead.
#  2. the mixed workload (bench/runtime/mixed.c 40, -O2 -pg, qsort and
#     libm among it; GMON_RATE=1000): the bytes of stacks the runtime
#     writes (aggregated) beside what an 8 KiB copy a sample would write.
#  3. where perf works: the same run under perf record, the share of its
#     samples in the runtime's handler (libgmon's functions but the
#     hooks), by unwinder: what the handler costs, free of the other
#     tenants' noise (CPU times of whole runs moved by 10-25% on the
#     shared machine, more than the handler costs).
# Not a test: timings depend on the machine; the ratios are the point.
#
# usage: bench/runtime/unwind.sh
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"
bench_setup unwind.sh libgmon/libgmon.a libgmon runtime-unwind
inc=(-I"$top/libgmon" -I"$top/libgmon/arch/$(uname -m)")
gcc -O2 -fomit-frame-pointer "${inc[@]}" -o walk "$top/bench/runtime/unwind.c" "$lib" -pthread -ldl
gcc -O2 -fno-omit-frame-pointer "${inc[@]}" -o walk.fp "$top/bench/runtime/unwind.c" "$lib" -pthread -ldl
gcc -O2 -pg -o mixed "$top/bench/runtime/mixed.c" "$lib"

echo "== one walk (bench/runtime/unwind.c, best of 7 x 200000)"
echo "-- built -fno-omit-frame-pointer:"
./walk.fp | tee walk.fp.txt
echo "-- built -fomit-frame-pointer:"
./walk | tee walk.txt
awk '/^fp/ { fp = $8 } /^cfi/ { cfi = $8; walk = $4 } /^copy/ { copy = $10 }
	END { printf "ratios: a CFI frame %.1f frame-pointer frames; a CFI walk of 20 frames %.1f 8 KiB copies\n",
		cfi / fp, walk / copy }' walk.fp.txt

GMON_RATE=1000 ./mixed 40 >/dev/null
samples=$(python3 "$top/tests/runtime/progs/stacks/stacks.py" dump .gmon.out.process mixed 2>/dev/null |
	awk '/^depth/ { print $NF }')
bytes=$(python3 -c '
import sys
sys.path.insert(0, sys.argv[1])
from check import read_process
st = read_process(".gmon.out.process")["stacks"]
print(sum(16 + 8 * len(f) for _, _, f in st["entries"]))' "$top/tests/runtime/progs/process")
echo "== mixed 40, GMON_RATE=1000: what is written"
printf 'stacks written (cfi): %d bytes for %d samples (%.0f a sample); an 8 KiB copy a sample: %d bytes\n' \
	"$bytes" "$samples" "$(awk -v b="$bytes" -v s="$samples" 'BEGIN { print b / s }')" $((samples * (8192 + 184)))

if perf record -q -o perf.probe true >/dev/null 2>&1; then
	nm "$lib" 2>/dev/null | awk '$2 ~ /[tT]/ { print $3 }' |
		grep -vxE 'mcount|_mcount|__fentry__|__cyg_profile_func_(enter|exit)' | sort -u >handler.syms
	echo "== mixed 40 under perf record, GMON_RATE=1000: the handler's share of the samples"
	for u in fp cfi; do
		GMON_UNWIND=$u GMON_RATE=1000 perf record -q -o "perf.$u" ./mixed 40 >/dev/null 2>&1
		perf report -i "perf.$u" --stdio --sort sym 2>/dev/null | grep -v '^#' |
			awk -v u="$u" 'NR == FNR { g[$1] = 1; next }
				{ p = $1; sub(/%/, "", p); n = $3; sub(/\.(constprop|part|isra).*/, "", n)
				  if (n in g) s += p }
				END { printf "%-4s %.2f%%\n", u, s }' handler.syms -
	done
fi
