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
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$TOP/tests/lib.sh"
scratch
export GPROF_GNU_QUIRKS=all
fixtures=$TOP/tests/corpus/fixtures

# compare NAME DIR ARGS...: GNU's and our stdout, stderr and exit status
compare() {
	local name=$1 dir=$2 rc_gnu rc_ours
	shift 2
	(cd "$dir" && "$GNU_GPROF" -b "$@" >"$SCRATCH/gnu.out" 2>"$SCRATCH/gnu.err")
	rc_gnu=$?
	(cd "$dir" && "$GPROF" -b "$@" >"$SCRATCH/ours.out" 2>"$SCRATCH/ours.err")
	rc_ours=$?
	sed -i "s#^$GNU_GPROF: #gprof: #" "$SCRATCH/gnu.err"
	sed -i "s#^$GPROF: #gprof: #" "$SCRATCH/ours.err"
	if [ $rc_gnu -ne $rc_ours ]; then
		fail "$name" "exit status $rc_ours, GNU's $rc_gnu"
	elif ! cmp -s "$SCRATCH/gnu.err" "$SCRATCH/ours.err"; then
		fail "$name" "stderr differs"
		diff "$SCRATCH/gnu.err" "$SCRATCH/ours.err" | head -5 | sed 's/^/#   /'
	else
		expect_same "$name" "$SCRATCH/gnu.out" "$SCRATCH/ours.out"
	fi
}

for dir in "$fixtures"/*/; do
	name=$(basename "$dir")
	[ -f "$dir/prog" ] || continue
	nm=$SCRATCH/$name.nm
	ksyms=$SCRATCH/$name.kallsyms
	nm "$dir/prog" >"$nm"
	# kallsyms: tab-separated module after the name, lower-case addresses
	awk 'NF == 3 { printf "%s %s %s\t[%s]\n", $1, $2, $3, "prog"; next } { print }' \
		"$nm" >"$ksyms"
	compare "extsyms.$name" "$dir" -S "$nm" prog gmon.out
	compare "extsyms.$name.long" "$dir" "--external-symbol-table=$nm" prog gmon.out
	compare "extsyms.$name.kallsyms" "$dir" -S "$ksyms" prog gmon.out
	compare "extsyms.$name.flat-z" "$dir" -S "$nm" -p -z prog gmon.out
	compare "extsyms.$name.graph-z" "$dir" -S "$ksyms" -q -z prog gmon.out
	compare "extsyms.$name.ordering" "$dir" -S "$nm" -r prog gmon.out
	compare "extsyms.$name.symspec" "$dir" -S "$nm" -Pmain -Qmain prog gmon.out
done

# A listing in address order with extra lines GNU skips: nm's "FILE:"
# header, undefined symbols, blank lines, data symbols, a 0x prefix.
d=$fixtures/diamond
{
	echo "prog:"
	echo
	nm -n "$d/prog" | sed '3s/^0*/0x/'
	echo "                 U nothing_here"
} >"$SCRATCH/mixed.nm"
compare extsyms.mixed-lines "$d" -S "$SCRATCH/mixed.nm" prog gmon.out
# only some functions: the others' samples and calls go to their neighbours
nm "$d/prog" | grep -E ' (main|top|left|_init|_fini)$' >"$SCRATCH/few.nm"
compare extsyms.few "$d" -S "$SCRATCH/few.nm" -z prog gmon.out
# a line longer than GNU's 1022-byte piece is read in pieces, as GNU does
{
	nm "$d/prog"
	printf '%s T %s\n' 0000000000001000 "$(printf 'n%.0s' $(seq 1500))"
} >"$SCRATCH/longline.nm"
compare extsyms.long-line "$d" -S "$SCRATCH/longline.nm" prog gmon.out

# bad_listing NAME CONTENT EXPECTED: one line on stderr, exit 1, no report
bad_listing() {
	local file=$SCRATCH/$1.nm rc
	printf '%b' "$2" >"$file"
	(cd "$d" && "$GPROF" -b -S "$file" prog gmon.out) >"$SCRATCH/out" 2>"$SCRATCH/err"
	rc=$?
	sed -i "s#$SCRATCH/##" "$SCRATCH/err"
	if [ $rc -ne 1 ]; then
		fail "extsyms.error.$1" "exit status $rc, not 1"
	elif [ -s "$SCRATCH/out" ]; then
		fail "extsyms.error.$1" "a report was printed"
	else
		expect_eq "extsyms.error.$1" "$3" "$(cat "$SCRATCH/err")"
	fi
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
(cd "$d" && "$GPROF" -b -S "$SCRATCH/nosuch.nm" prog gmon.out) >/dev/null 2>"$SCRATCH/err"
rc=$?
expect_eq extsyms.error.unreadable \
	"1 gprof: $SCRATCH/nosuch.nm: cannot open the symbol table: No such file or directory" \
	"$rc $(cat "$SCRATCH/err")"
(cd "$d" && "$GPROF" -b -S "$SCRATCH" prog gmon.out) >/dev/null 2>"$SCRATCH/err"
rc=$?
if [ $rc -eq 1 ] && [ "$(wc -l <"$SCRATCH/err")" -eq 1 ] && grep -q "^gprof: $SCRATCH: " "$SCRATCH/err"; then
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
