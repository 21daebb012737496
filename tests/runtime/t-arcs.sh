#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-arcs.sh: the arc table keyed by (call site, callee),
# crowded: one dispatch site with 3072 callees in a table of 4096 slots
# (GMON_ARCS=3500), so that arcs sit far from their first slot, past the
# stub's probes and round the table's end, claimed by racing threads.
#   runtime.arcs.crowded.*        counts exact, each arc once, as glibc's
#   runtime.arcs.crowded-full.*   a table too small: the arcs in it exact
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.arcs
runtime_scratch
build_tools
cd "$SCRATCH" || exit 2

build_ours crowded "$PROGS/crowded.c"

# counted EXE GMON: "N functions called C times" lines, for the f* callees
counted() {
	flat_calls "$1" "$2" | awk '$1 ~ /^f[0-9]+$/ { print $2 }' | sort | uniq -c | xargs
}

# One thread: the same call counts as glibc's runtime gives, read by GNU gprof.
GMON_ARCS=3500 ./crowded 1 >/dev/null
expect_eq runtime.arcs.crowded.one-thread "3072 50" "$(counted crowded gmon.out)"
build_glibc crowded.glibc "$PROGS/crowded.c"
./crowded.glibc 1 >/dev/null
mv gmon.out gmon.glibc
expect_eq runtime.arcs.crowded.as-glibc "$(call_arcs crowded.glibc gmon.glibc)" \
	"$(GMON_ARCS=3500 ./crowded 1 >/dev/null && call_arcs crowded gmon.out)"
gprof_reads runtime.format.gnu-reads.crowded crowded gmon.out

for run in 1 2 3; do
	GMON_ARCS=3500 ./crowded 4 >/dev/null
	expect_eq "runtime.arcs.crowded.threads.exact-counts.$run" "3072 200" \
		"$(counted crowded gmon.out)"
	arcs=$(gmon_dump gmon.out | awk '/^arc/ { print $2, $3 }')
	expect_eq "runtime.arcs.crowded.threads.no-duplicate-arcs.$run" \
		"$(echo "$arcs" | sort -u | wc -l)" "$(echo "$arcs" | wc -l)"
done

# Room for 2000 arcs: main -> work and work -> dispatch, then the first
# 1998 callees get in (all in the first round) and count every call; one
# line says the rest are not counted.
err=$(GMON_ARCS=2000 ./crowded 1 2>&1 >/dev/null)
expect_eq runtime.arcs.crowded-full.message \
	"libgmon: arc table full at 2000 arcs; calls along new arcs are not counted (set GMON_ARCS)" \
	"$err"
expect_eq runtime.arcs.crowded-full.counts "1998 50" "$(counted crowded gmon.out)"
