#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-threads.sh: counts are exact under threads, and every
# thread is sampled, at the default rate and at a high one.
#   runtime.threads.exact-counts        4 threads x 2,000,000 calls
#   runtime.threads.exact-counts.shared the same through LD_PRELOAD
#   runtime.sampler.*                   rates, sample totals, saturation
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.threads
runtime_scratch
build_tools
cd "$SCRATCH" || exit 2

build_ours threads "$PROGS/threads.c"
./threads >/dev/null
expect_eq runtime.threads.exact-counts "leaf 8000000" "$(flat_calls threads gmon.out | grep '^leaf ')"
gprof_reads runtime.format.gnu-reads.threads threads gmon.out

# Threads racing to insert the same new arcs: no count lost, no arc twice.
build_ours race "$PROGS/race.c"
for run in 1 2 3; do
	./race >/dev/null
	counts=$(flat_calls race gmon.out | awk '$1 ~ /^f[0-9]+$/ { print $2 }' | sort | uniq -c | xargs)
	expect_eq "runtime.threads.insert-race.exact-counts.$run" "256 4000" "$counts"
	arcs=$(gmon_dump gmon.out | awk '/^arc/ { print $2, $3 }')
	expect_eq "runtime.threads.insert-race.no-duplicate-arcs.$run" \
		"$(echo "$arcs" | sort -u | wc -l)" "$(echo "$arcs" | wc -l)"
done

# An existing -pg binary, linked against glibc, profiled by preloading us.
rm -f gmon.out
build_glibc threads.glibc "$PROGS/threads.c"
LD_PRELOAD=$LIBGMON_SO ./threads.glibc >/dev/null
expect_eq runtime.threads.exact-counts.shared "leaf 8000000" \
	"$(flat_calls threads.glibc gmon.out | grep '^leaf ')"

# check_rate NAME RATE TOTAL_MS MIN_PERCENT: the histogram records RATE,
# and holds about TOTAL_MS of samples (user-mode CPU time of all threads):
# at least MIN_PERCENT of them, at most 120%.  Had only one thread been
# sampled, there would be a quarter of them, or none.
check_rate() {
	local name=$1 rate=$2 ms=$3 min=$4 hist got want
	hist=$(gmon_dump gmon.out | grep '^hist')
	got=$(echo "$hist" | awk '{ print $6 }')
	expect_eq "$name.rate-recorded" "$rate" "$(echo "$hist" | awk '{ print $5 }')"
	want=$((ms * rate / 1000))
	if [ "$got" -ge $((want * min / 100)) ] && [ "$got" -le $((want * 12 / 10)) ]; then
		pass "$name.samples"
	else
		fail "$name.samples" "$got samples for $ms ms of CPU time at $rate Hz (want about $want)"
	fi
}

build_ours spin "$PROGS/spin.c"
# Signals merged on a loaded machine come back as the timer's overrun
# count, so the default clock is close to exact too.
ms=$(./spin 4 250)
check_rate runtime.sampler.default-100hz.all-threads 100 "$ms" 85
ms=$(GMON_RATE=1000 ./spin 4 100)
check_rate runtime.sampler.rate-1000.all-threads 1000 "$ms" 75
ms=$(GMON_RATE=4000 ./spin 0 100)
check_rate runtime.sampler.rate-4000 4000 "$ms" 75
gprof_reads runtime.format.gnu-reads.rate-4000 spin gmon.out
# samples land in the function that burns the time
top=$("$GNU_GPROF" -b -p spin gmon.out | awk '$1 ~ /^[0-9.]+$/ { print $NF; exit }')
expect_eq runtime.sampler.rate-4000.attributed burn "$top"

# 70,000 samples in one bin: it stays at 65535 instead of wrapping
build_ours saturate "$PROGS/saturate.c"
./saturate
expect_eq runtime.sampler.bin-saturates 65535 "$(gmon_dump gmon.out | awk '/^hist/ { print $7 }')"
