#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-formats.sh: a report format describes itself in its row of
# gprof/report/formats.c.
#   - every refusal of a conflicting option comes from the table before
#     any file is read: the files named here do not exist, and gprof
#     refuses the options, never the files;
#   - doc/gprof.1 has an entry for each format --help lists;
#   - a new format is one file and one row: a toy format (toy.c, here,
#     not shipped) printing the flat profile's rows from the view, its
#     row added to a copy of formats.c (and its declaration), linked with
#     gprof's other objects, is an option, a line of --help, a name in
#     every refusal, and prints the flat profile's functions in the flat
#     profile's order.
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
cd "${KEEP:-$SCRATCH}" || exit 2
real_gprof=$GPROF

# --- refusals, before any file is read
expect_refusal formats.refuse.two-formats \
	"gprof: only one of --json, --dot, --folded, --callgrind, --flame, --pprof and --html may be given" \
	. --json --dot no-such-program no-such-gmon.out
expect_refusal formats.refuse.threads \
	"gprof: --threads goes with the text reports, --json, --folded and --pprof, not --dot" \
	. --threads --dot no-such-program no-such-gmon.out
expect_refusal formats.refuse.diff \
	"gprof: --diff prints a table, or one of --json, --dot and --html" \
	. --diff --folded no-such-program old.out new.out
expect_refusal formats.refuse.processes \
	"gprof: --processes goes with the text or --json, not --html" \
	. --processes --html no-such-gmon.out
expect_refusal formats.refuse.timeline \
	"gprof: --timeline goes with the text, --json or --html, not --flame" \
	. --timeline --flame no-such-program no-such-gmon.out

# --- a toy format: one file, one row
# gprof's objects: beside the sources, or under build/ (out of tree)
objects=
for dir in "$TOP/build/gprof" "$TOP/gprof"; do
	[ -f "$dir/report/formats.o" ] && [ -f "$dir/gprof.o" ] && { objects=$dir; break; }
done
if [ -z "$objects" ]; then
	fail formats.toy.setup "gprof's objects not found (run make)"
	exit 0
fi
cat >toy.c <<'C'
/* SPDX-License-Identifier: GPL-3.0-or-later
 * toy.c: a report format for the test: the flat profile's functions,
 * one a line, with their running sum of samples. */
#include "report/printers.h"

void print_toy(const struct view *v, struct report_out *out)
{
	size_t i;

	for (i = 0; i < v->flat.count; i++)
		fprintf(out->file, "%s %.0f\n", v->flat.rows[i].sym->name,
			v->flat.rows[i].cumulative_ticks);
}
C
# the row, and the printer's declaration (report/printers.h's line)
sed -e '/^const struct report_format report_formats\[\] = {/i\
void print_toy(const struct view *v, struct report_out *out);' \
	-e '/^const struct report_format report_formats\[\] = {/,/^};/s/^};/\t{ .name = "toy", .description = "a toy format (tests\/cli\/t-formats.sh)", .print = print_toy },\n};/' \
	"$TOP/gprof/report/formats.c" >formats.c
added=$(diff "$TOP/gprof/report/formats.c" formats.c | grep -c '^>')
removed=$(diff "$TOP/gprof/report/formats.c" formats.c | grep -c '^<')
expect_eq formats.toy.one-row "2 0" "$added $removed"
config=$TOP/build/config.mk
[ -f "$config" ] || config=$TOP/config.mk
mk() { sed -n "s/^$1 *= *//p" "$config"; }
flags="-I$TOP/include -I$TOP/gprof $(mk LIBIBERTY_CFLAGS)"
others=$(find "$objects" -name '*.o' ! -path '*/report/formats.o' | sort)
# shellcheck disable=SC2086 # word splitting of the flags is wanted
# (the tree's compiler and flags; under make check-sanitize gprof's
# objects are ASan's and UBSan's, and so must the toy's link be)
cc=$(mk CC) cflags=$(mk CFLAGS) ldflags=$(mk LDFLAGS)
if nm "$GPROF" 2>/dev/null | grep -q __asan_init; then
	cflags="$cflags -fsanitize=address,undefined"
	ldflags="$ldflags -fsanitize=address,undefined"
fi
if ! ${cc:-cc} $cflags -c $flags -o toy.o toy.c 2>err ||
	! ${cc:-cc} $cflags -c $flags -o formats.o formats.c 2>>err ||
	! ${cc:-cc} $cflags $ldflags -o toy-gprof toy.o formats.o $others $(mk BFD_LIBS) $(mk LIBDW_LIBS) \
		$(mk LIBIBERTY_LIBS) $(mk PROTOBUF_C_LIBS) $(mk ZLIB_LIBS) $(mk NETTLE_LIBS) \
		-lm 2>>err; then
	fail formats.toy.build "the toy format does not build: $(head -3 err)"
	exit 0
fi
pass formats.toy.build

fixture=$TOP/tests/corpus/fixtures/cycle3
# the flat profile's functions, in its order, and their running sums
"$GPROF" -b -p "$fixture/prog" "$fixture/gmon.out" >flat.txt 2>&1
awk 'NR > 5 && NF { print $NF }' flat.txt >flat.names
(cd "$fixture" && "$SCRATCH/toy-gprof" --toy prog gmon.out) >toy.out 2>toy.err
if [ $? -ne 0 ] || [ -s toy.err ]; then
	fail formats.toy.prints "exit $?: $(head -2 toy.err)"
elif [ ! -s flat.names ]; then
	fail formats.toy.prints "no flat profile to compare with"
else
	expect_same formats.toy.flat-order flat.names <(awk '{ print $1 }' toy.out)
fi
"$SCRATCH/toy-gprof" --help >help.out 2>&1
if grep -qx '  --toy                 a toy format (tests/cli/t-formats.sh)' help.out; then
	pass formats.toy.help
else
	fail formats.toy.help "--help has no line for --toy"
fi
GPROF=$SCRATCH/toy-gprof
expect_refusal formats.toy.refused-with-another \
	"gprof: only one of --json, --dot, --folded, --callgrind, --flame, --pprof, --html and --toy may be given" \
	. --toy --json no-such-program no-such-gmon.out
expect_refusal formats.toy.refused-with-threads \
	"gprof: --threads goes with the text reports, --json, --folded and --pprof, not --toy" \
	. --threads --toy no-such-program no-such-gmon.out
expect_refusal formats.toy.refused-with-diff \
	"gprof: --diff prints a table, or one of --json, --dot and --html" \
	. --diff --toy no-such-program old.out new.out

# --- the man page lists what the table lists: each format of --help's
# list has its entry (.TP, then .B \-\-NAME) in doc/gprof.1's section
# "Machine-readable output"
"$real_gprof" --help >real-help.out 2>&1
formats=$(sed -n '/^One format at most/,/^  --[a-z-]*=/s/^  --\([a-z]*\)  .*/\1/p' real-help.out)
tags=$(sed -n '/^\.SS Machine-readable output/,/^\.SS /p' "$TOP/doc/gprof.1" |
	awk 'prev == ".TP" && $1 == ".B" { sub(/^\\-\\-/, "", $2); print $2 } { prev = $0 }')
missing=
for name in $formats; do
	grep -qx "$name" <<<"$tags" || missing="$missing --$name"
done
if [ "$(wc -w <<<"$formats")" -lt 7 ]; then
	fail formats.man.every-format "could not read --help's formats: [$formats]"
elif [ -n "$missing" ]; then
	fail formats.man.every-format "doc/gprof.1's machine-readable output lacks$missing"
else
	pass formats.man.every-format
fi
