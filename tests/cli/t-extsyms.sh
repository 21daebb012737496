#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/cli/t-extsyms.sh: -S/--external-symbol-table FILE against GNU gprof
# 2.40 on every corpus fixture, with the listing made by nm (and the same
# listing in /proc/kallsyms form, a "[module]" after each name), and the
# errors for bad listings.
#
# Our deliberate deviations (doc/compat.md) are switched off with
# GPROF_GNU_QUIRKS=all so that only the symbol table is compared.
set -u
. "$(dirname "$0")/../lib.sh"
scratch
export GPROF_GNU_QUIRKS=all

for dir in "$FIXTURES"/*/; do
	name=$(basename "$dir")
	[ -f "$dir/prog" ] || continue
	nm=$SCRATCH/$name.nm
	ksyms=$SCRATCH/$name.kallsyms
	nm "$dir/prog" >"$nm"
	# kallsyms: tab-separated module after the name, lower-case addresses
	awk 'NF == 3 { printf "%s %s %s\t[%s]\n", $1, $2, $3, "prog"; next } { print }' \
		"$nm" >"$ksyms"
	expect_as_gnu "extsyms.$name" "$dir" -S "$nm" prog gmon.out
	expect_as_gnu "extsyms.$name.long" "$dir" "--external-symbol-table=$nm" prog gmon.out
	expect_as_gnu "extsyms.$name.kallsyms" "$dir" -S "$ksyms" prog gmon.out
	expect_as_gnu "extsyms.$name.flat-z" "$dir" -S "$nm" -p -z prog gmon.out
	expect_as_gnu "extsyms.$name.graph-z" "$dir" -S "$ksyms" -q -z prog gmon.out
	expect_as_gnu "extsyms.$name.ordering" "$dir" -S "$nm" -r prog gmon.out
	expect_as_gnu "extsyms.$name.symspec" "$dir" -S "$nm" -Pmain -Qmain prog gmon.out
done

# A listing in address order with extra lines GNU skips: nm's "FILE:"
# header, undefined symbols, blank lines, data symbols, a 0x prefix.
d=$FIXTURES/diamond
{
	echo "prog:"
	echo
	nm -n "$d/prog" | sed '3s/^0*/0x/'
	echo "                 U nothing_here"
} >"$SCRATCH/mixed.nm"
expect_as_gnu extsyms.mixed-lines "$d" -S "$SCRATCH/mixed.nm" prog gmon.out
# only some functions: the others' samples and calls go to their neighbours
nm "$d/prog" | grep -E ' (main|top|left|_init|_fini)$' >"$SCRATCH/few.nm"
expect_as_gnu extsyms.few "$d" -S "$SCRATCH/few.nm" -z prog gmon.out
# a line longer than GNU's 1022-byte piece is read in pieces, as GNU does
{
	nm "$d/prog"
	printf '%s T %s\n' 0000000000001000 "$(printf 'n%.0s' $(seq 1500))"
} >"$SCRATCH/longline.nm"
expect_as_gnu extsyms.long-line "$d" -S "$SCRATCH/longline.nm" prog gmon.out

# bad_listing NAME CONTENT EXPECTED: one line on stderr, exit 1, no report
bad_listing() {
	printf '%b' "$2" >"$SCRATCH/$1.nm"
	expect_refusal "extsyms.error.$1" "$3" "$d" -b -S "$SCRATCH/$1.nm" prog gmon.out
}
bad_listing empty '' \
	"gprof: empty.nm: no function symbols (no lines of type 't' or 'T')"
bad_listing data-only '0000000000004010 D table\n0000000000004018 B other\n' \
	"gprof: data-only.nm: no function symbols (no lines of type 't' or 'T')"
bad_listing bad-address '0000000000001000 T _init\nzz12 T main\n' \
	"gprof: bad-address.nm:2: 'zz12' is not a hexadecimal address"
bad_listing trailing-garbage '12g4 t local\n' \
	"gprof: trailing-garbage.nm:1: '12g4' is not a hexadecimal address"
bad_listing negative '-1000 T main\n' \
	"gprof: negative.nm:1: '-1000' is not a hexadecimal address"
# (in a subdirectory: expect_refusal leaves "$SCRATCH/" out, the rest of
# the path must be in the message)
expect_refusal extsyms.error.unreadable \
	"gprof: no/such.nm: cannot open the symbol table: No such file or directory" \
	"$d" -b -S "$SCRATCH/no/such.nm" prog gmon.out
(cd "$d" && "$GPROF" -b -S "$SCRATCH" prog gmon.out) >/dev/null 2>"$SCRATCH/err"
rc=$?
if refused_in_one_line $rc "$SCRATCH/err" && grep -q "^gprof: $SCRATCH: " "$SCRATCH/err"; then
	pass extsyms.error.directory
else
	fail extsyms.error.directory "exit $rc, stderr: $(head -c 200 "$SCRATCH/err")"
fi

# Plain nm output lists undefined symbols with blanks for the address
# ("                 U timer_create@GLIBC_2.34"): such lines are skipped,
# so the report equals the one from nm --defined-only.
nm "$d/prog" >"$SCRATCH/plain.nm"
printf '                 U timer_create@GLIBC_2.34\n                 U tolower\n' >>"$SCRATCH/plain.nm"
nm --defined-only "$d/prog" >"$SCRATCH/defined.nm"
(cd "$d" && "$GPROF" -b -S "$SCRATCH/plain.nm" prog gmon.out) >"$SCRATCH/plain.out" 2>&1
(cd "$d" && "$GPROF" -b -S "$SCRATCH/defined.nm" prog gmon.out) >"$SCRATCH/defined.out" 2>&1
expect_same extsyms.nm-undefined-lines-skipped "$SCRATCH/defined.out" "$SCRATCH/plain.out"
