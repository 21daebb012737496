#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-compat.sh: each deliberate deviation from GNU gprof 2.40
# (doc/compat.md), shown both ways: with GPROF_GNU_QUIRKS restoring GNU's
# behaviour our output equals /usr/bin/gprof's byte for byte; without it,
# it differs exactly where GNU is wrong.
. "$(dirname "$0")/../lib.sh"
scratch
fixtures=$TOP/tests/corpus/fixtures

# run DIR OUTFILE ARGS...: our gprof in a fixture directory
ours() { (cd "$fixtures/$1" && "$GPROF" -b "${@:3}" prog gmon.out) >"$SCRATCH/$2" 2>&1; }
gnu() { (cd "$fixtures/$1" && "$GNU_GPROF" -b "${@:3}" prog gmon.out) >"$SCRATCH/$2" 2>&1; }
quirk() { (cd "$fixtures/$1" && GPROF_GNU_QUIRKS=$3 "$GPROF" -b "${@:4}" prog gmon.out) >"$SCRATCH/$2" 2>&1; }

# has NAME FILE REGEX: a line of FILE matches
has() { if grep -qE -- "$3" "$SCRATCH/$2"; then pass "$1"; else fail "$1" "no line matching /$3/ in $2"; fi; }
lacks() { if grep -qE -- "$3" "$SCRATCH/$2"; then fail "$1" "a line matches /$3/ in $2"; else pass "$1"; fi; }

# --- compiler clones (clones_o2: -O2 made .constprop/.isra/.part/.cold)
gnu clones_o2 gnu.txt
quirk clones_o2 quirk.txt clones,index
ours clones_o2 ours.txt
expect_same compat.clones.quirk-equals-gnu "$SCRATCH/gnu.txt" "$SCRATCH/quirk.txt"
# GNU: frame_dummy "called" 4,000,000 times, first() looks recursive
has compat.clones.gnu-blames-frame_dummy gnu.txt '^ *[0-9.]+ +[0-9.]+ +[0-9.]+ +4000000 .*frame_dummy$'
has compat.clones.gnu-false-recursion gnu.txt '750000\+2500000 +first'
# ours: each clone has its own calls; frame_dummy is never called
has compat.clones.ours-part-calls ours.txt '^ *[0-9.]+ +[0-9.]+ +[0-9.]+ +250000 .* maybe\.part\.0$'
has compat.clones.ours-constprop-calls ours.txt '^ *[0-9.]+ +[0-9.]+ +[0-9.]+ +3500000 .* scaled\.constprop\.0$'
has compat.clones.ours-isra-calls ours.txt '^ *[0-9.]+ +[0-9.]+ +[0-9.]+ +500000 .* sum_ab\.isra\.0$'
lacks compat.clones.ours-no-false-recursion ours.txt 'first.*\+|\+[0-9]+ +first'
lacks compat.clones.ours-frame_dummy-uncalled ours.txt '^ *[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9.]+ +[0-9.]+ +frame_dummy$'
lacks compat.clones.ours-cold-not-shown ours.txt 'checked\.cold'

# --- -c: calls to lower addresses (never_called: unused_a lies below main)
gnu never_called gnu.txt -c -q
quirk never_called quirk.txt static-calls,index,plt -c -q
ours never_called ours.txt -c -q
expect_same compat.static-calls.quirk-equals-gnu "$SCRATCH/gnu.txt" "$SCRATCH/quirk.txt"
lacks compat.static-calls.gnu-misses-backward gnu.txt '0/0 +unused_a '
has compat.static-calls.ours-finds-backward ours.txt '0/0 +unused_a '

# --- the index lists every call-graph entry (threads: main and the
# thread start routine have entries but no calls and no self time)
gnu threads gnu.txt -q
quirk threads quirk.txt index -q
ours threads ours.txt -q
expect_same compat.index.quirk-equals-gnu "$SCRATCH/gnu.txt" "$SCRATCH/quirk.txt"
has compat.index.graph-has-main gnu.txt '^\[[0-9]+\] .* main \[[0-9]+\]$'
lacks compat.index.gnu-omits-main gnu.txt '\[[0-9]+\] main( |$)'
has compat.index.ours-lists-main ours.txt '\[[0-9]+\] main( |$)'
has compat.index.ours-lists-worker ours.txt '\[[0-9]+\] worker( |$)'

# --- samples in a PLT stub go to name@plt (GNU: to _init, the symbol
# before the PLT, as BFD makes no stub symbols without the dynamic ones).
# A program spending a sixth of its time in strlen's stub, run here with
# our runtime (exact bins) and the main program alone.
if cc -pg -O1 -o "$SCRATCH/plt" -x c - -x none "$TOP/libgmon/libgmon.a" <<'C'
#include <string.h>
int main(void)
{
	volatile size_t s = 0;
	char b[4] = "ab";
	for (long i = 0; i < 300000000; i++)
		s += strlen(b);
	return (int)(s & 1);
}
C
then
	(cd "$SCRATCH" && GMON_PROCESS=0 ./plt)
	(cd "$SCRATCH" && "$GNU_GPROF" -b -p plt gmon.out >gnu-plt.txt 2>&1)
	(cd "$SCRATCH" && GPROF_GNU_QUIRKS=plt "$GPROF" -b -p plt gmon.out >quirk-plt.txt 2>&1)
	(cd "$SCRATCH" && "$GPROF" -b -p plt gmon.out >ours-plt.txt 2>&1)
	expect_same compat.plt.quirk-equals-gnu "$SCRATCH/gnu-plt.txt" "$SCRATCH/quirk-plt.txt"
	has compat.plt.gnu-credits-init gnu-plt.txt ' [0-9.]+ +_init$'
	has compat.plt.ours-credits-the-stub ours-plt.txt \
		'^ +[0-9.]+ +[0-9.]+ +(0\.0[1-9]|0\.[1-9][0-9]|[1-9][0-9]*\.[0-9][0-9]) +strlen@plt$'
	lacks compat.plt.ours-not-init ours-plt.txt ' _init$'
else
	fail compat.plt.build "cannot build the PLT program"
fi

# --- a bad quirk name is an error
out=$(GPROF_GNU_QUIRKS=nosuch "$GPROF" "$fixtures/threads/prog" "$fixtures/threads/gmon.out" 2>&1 >/dev/null)
rc=$?
expect_eq compat.quirks.unknown-status 1 "$rc"
expect_eq compat.quirks.unknown-message \
	"gprof: GPROF_GNU_QUIRKS: unknown quirk 'nosuch' (static-calls, clones, index, plt, estimate-children, dwarf5-lines, sum-arcs, main-only, runtime-functions or all)" "$out"

# --- -s with a report: GNU switches to line granularity, we do not
d=$SCRATCH/sum
mkdir -p "$d" && cp "$fixtures/debug_g/prog" "$fixtures/debug_g/gmon.out" "$d/"
(cd "$d" && "$GNU_GPROF" -s -b -p prog gmon.out) >"$SCRATCH/gnu.txt" 2>&1
(cd "$d" && "$GPROF" -s -b -p prog gmon.out) >"$SCRATCH/ours.txt" 2>&1
(cd "$d" && "$GPROF" -b -p prog gmon.out) >"$SCRATCH/plain.txt" 2>&1
has compat.sum-reports.gnu-by-line gnu.txt '^ .* evaluate \(lines\.c:[0-9]+ @ [0-9a-f]+\)$'
expect_same compat.sum-reports.ours-as-asked "$SCRATCH/plain.txt" "$SCRATCH/ours.txt"
