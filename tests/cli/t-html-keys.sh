#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-html-keys.sh: gprof --html's page worked from the keyboard
# and read by a screen reader (issue 41), in Debian's chromium as
# t-html.sh drives it: a long flat profile draws only the rows near the
# window, every row reachable by scrolling, filter and keys; headers sort
# with Enter and say their order (aria-sort); the running sums follow the
# order and the filter; small figures do not read 0.00; the flame graph's
# frames are reached with the arrows and zoomed with Enter, its zoom and
# search are history steps, it is redrawn on resize and a deep one opens
# at its root; '/' goes to the filter; counts are live regions; axe-core
# finds no violation on the flat, entry, flame, source and threads views,
# light or dark; the object list names no object without functions; a
# page without threads or stacks says so, with advice that fits.
#
# Only behaviour is asserted (what the page shows, its attributes, exact
# counts), never a time: bench/html/run measures those.
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
cd "${KEEP:-$SCRATCH}" || exit 2
. "$TOP/tests/cli/html/setup.sh"
browser_ready html-keys axe || exit 0

# debug_g (a PIE, loaded at $B): main -> evaluate -> polynomial
B=$((0x555555554000))
fx=$FIXTURES/debug_g
read -r text size < <(text_section "$fx/prog")
P=$(($(symbol_address "$fx/prog" polynomial) + B)) E=$(($(symbol_address "$fx/prog" evaluate) + B)) M=$(($(symbol_address "$fx/prog" main) + B))
object0() { echo "{\"number\": 0, \"flags\": 1, \"bias\": $B, \"segments\": [[$((B + text)), $((B + text + size))]], \"path\": \"$PWD/$1/prog\"}"; }
# make_run DIR STACKS [OBJECTS [SAMPLES]]: the fixture's run with these
# stacks (and more objects, and samples in them)
make_run() {
	mkdir -p "$1"
	cp "$fx/prog" "$fx/gmon.out" "$1/"
	echo "{\"objects\": [$(object0 "$1")${3:+, $3}],${4:+ \"rate\": 100, \"samples\": $4,} \"stacks\": {\"entries\": [$2]}}" >"$1/spec.json"
	"$craft" "$1/spec.json" "$1/gmon.out"
}
make_run prof "[40, [$((P + 4)), $((E + 8)), $((M + 8))]], [25, [$((E + 4)), $((M + 8))]], [5, [$((M + 4))]]"
cp "$TOP/tests/corpus/src/debug_g/lines.c" .
"$GPROF" --html -I "$PWD" prof/prog prof/gmon.out >prof.html
"$GPROF" -b -p prof/prog prof/gmon.out >prof.txt

# a stack 61 frames deep: main, then evaluate and polynomial by turns
deep=$((M + 8))
for i in $(seq 30); do deep="$((E + 8)), $deep" && deep="$((P + 4)), $deep"; done
make_run deep "[7, [$deep]]"
"$GPROF" --html deep/prog deep/gmon.out >deep.html

# a whole-process profile: a library with samples, and the vdso (an
# object of no function)
cat >work.c <<'C'
int hot(int n) { int s = 0; for (int i = 0; i < n; i++) s += i * i; return s; }
C
cc -O1 -shared -fPIC -o libwork.so work.c || fail html-keys.setup "cannot build libwork.so"
L=$((0x7f0000000000)) V=$((0x7fff00000000))
read -r ltext lsize < <(text_section libwork.so)
make_run objs "[5, [$((M + 4))]]" "{\"number\": 1, \"flags\": 0, \"bias\": $L,
   \"segments\": [[$((L + ltext)), $((L + ltext + lsize))]], \"path\": \"$PWD/libwork.so\"},
  {\"number\": 2, \"flags\": 0, \"bias\": $V, \"segments\": [[$V, $((V + 4096))]], \"path\": \"linux-vdso.so.1\"}" \
	"[[$((L + $(symbol_address libwork.so hot) + 4)), 300]]"
"$GPROF" --html objs/prog objs/gmon.out >objs.html 2>/dev/null

# threads: two named threads
mkdir -p thr
cp "$fx/prog" "$fx/gmon.out" thr/
cat >thr/spec.json <<JSON
{"objects": [$(object0 thr)],
 "stacks": {"entries": [[9, [$((P + 4)), $((E + 8)), $((M + 8))], 0, null, 0], [3, [$((E + 4)), $((M + 8))], 0, null, 1]],
  "threads": [[4242, 1, "prog"], [4243, 0, "worker-1"]]}}
JSON
"$craft" thr/spec.json thr/gmon.out
"$GPROF" --html thr/prog thr/gmon.out >threads.html

# glibc's -pg runtime: a histogram and arcs, no stacks, no threads
(cd "$FIXTURES/cycle3" && "$GPROF" --html prog gmon.out) >glibc.html
# a long flat profile (192 functions), its text to compare
(cd "$FIXTURES/many_functions" && "$GPROF" --html prog gmon.out) >long.html
(cd "$FIXTURES/many_functions" && "$GPROF" -b -p prog gmon.out) >long.txt
(cd "$FIXTURES/cxx" && "$GPROF" --html prog gmon.out) >cxx.html

node "$TOP/tests/cli/html/keys.js" "$PWD"
