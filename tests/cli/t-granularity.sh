#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-granularity.sh: a histogram whose range reaches the top of
# the address space (a corrupt file) is still read and printed like GNU
# gprof prints it, with no arithmetic overflow in the granularity line.
. "$(dirname "$0")/../lib.sh"
scratch
fixture=$TOP/tests/corpus/fixtures/tiny
cp "$fixture/gmon.out" "$SCRATCH/gmon.out"
# GNU header (20 bytes), tag (1), low_pc (8): high_pc starts at offset 29
printf '\377\377\377\377\377\377\377\377' |
	dd of="$SCRATCH/gmon.out" bs=1 seek=29 conv=notrunc status=none
"$GPROF" -b -q "$fixture/prog" "$SCRATCH/gmon.out" >"$SCRATCH/out" 2>"$SCRATCH/err"
expect_eq granularity.huge-range.status 0 "$?"
"$GNU_GPROF" -b -q "$fixture/prog" "$SCRATCH/gmon.out" >"$SCRATCH/gnu" 2>/dev/null
expect_eq granularity.huge-range.same-as-gnu "$(grep '^granularity' "$SCRATCH/gnu")" \
	"$(grep '^granularity' "$SCRATCH/out")"
