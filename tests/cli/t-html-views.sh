#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-html-views.sh: gprof --html's views of issue 41's second
# half, in Debian's chromium as t-html.sh drives it: focus, ignore, hide
# and show-from by regular expression on every view, kept in the URL,
# an invalid one said; the sandwich of a function; the call-graph
# picture; short names; --diff --html in the text's words.  Each new
# view checked by axe-core.
#
# The profile: the committed C++ fixture (templates, operators,
# overloads: tests/corpus/src/cxx/shapes.cc) and its gmon.out as
# recorded, with call stacks written by craft_process.py along its real
# call paths, so that nothing depends on where samples land.
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
cd "${KEEP:-$SCRATCH}" || exit 2
. "$TOP/tests/cli/html/setup.sh"
browser_ready html-views axe || exit 0

# the C++ fixture, a PIE loaded at $B
B=$((0x555555554000))
fx=$FIXTURES/cxx
mkdir -p cxx
cp "$fx/prog" "$fx/gmon.out" cxx/
read -r text size < <(text_section cxx/prog)
at() { echo $(($(symbol_address cxx/prog "$1") + B + $2)); }
main=$(at main 8) circle=$(at _ZNK3geo6Circle4areaEv 4) rect=$(at _ZNK3geo4Rect4areaEv 4)
accd=$(at _ZN3geo6detail10accumulateIdEET_RKSt6vectorIS2_SaIS2_EE 4)
accv=$(at _ZN3geo6detail10accumulateI4Vec2EET_RKSt6vectorIS3_SaIS3_EE 8)
plus=$(at _ZNK4Vec2plERKS_ 4)
base=$(at _ZNK9__gnu_cxx17__normal_iteratorIPPN3geo5ShapeESt6vectorIS3_SaIS3_EEE4baseEv 4)
neq=$(at _ZN9__gnu_cxxneIPPN3geo5ShapeESt6vectorIS3_SaIS3_EEEEbRKNS_17__normal_iteratorIT_T0_EESD_ 8)
minus=$(at _ZN9__gnu_cxxmiIPPN3geo5ShapeESt6vectorIS3_SaIS3_EEEENS_17__normal_iteratorIT_T0_E15difference_typeERKSB_SE_ 8)
realloc=$(at _ZNSt6vectorIPN3geo5ShapeESaIS2_EE17_M_realloc_insertIJS2_EEEvN9__gnu_cxx17__normal_iteratorIPS2_S4_EEDpOT_ 8)
emplace=$(at _ZNSt6vectorIPN3geo5ShapeESaIS2_EE12emplace_backIJS2_EEERS2_DpOT_ 8)
push=$(at _ZNSt6vectorIPN3geo5ShapeESaIS2_EE9push_backEOS2_ 8)
cat >cxx/spec.json <<JSON
{"objects": [{"number": 0, "flags": 1, "bias": $B, "segments": [[$((B + text)), $((B + text + size))]], "path": "$PWD/cxx/prog"}],
 "stacks": {"entries": [[40, [$circle, $main]], [10, [$rect, $main]], [20, [$accd, $main]], [8, [$plus, $accv, $main]],
   [3, [$base, $neq, $main]], [2, [$base, $minus, $realloc, $emplace, $push, $main]],
   [1, [$base, $realloc, $emplace, $push, $main]], [2, [$((main - 4))]]]}}
JSON
"$craft" cxx/spec.json cxx/gmon.out
"$GPROF" --html cxx/prog cxx/gmon.out >cxx.html 2>err
expect_eq html-views.make.status "0:" "$?:$(cat err)"
"$GPROF" -b -q cxx/prog cxx/gmon.out >cxx-graph.txt
# two threads' stacks
mkdir -p thr
cp cxx/prog "$fx/gmon.out" thr/
cat >thr/spec.json <<JSON
{"objects": [{"number": 0, "flags": 1, "bias": $B, "segments": [[$((B + text)), $((B + text + size))]], "path": "$PWD/thr/prog"}],
 "stacks": {"entries": [[40, [$circle, $main], 0, null, 0], [10, [$rect, $main], 0, null, 1], [20, [$accd, $main], 0, null, 1]],
  "threads": [[4242, 1, "prog"], [4243, 0, "worker"]]}}
JSON
"$craft" thr/spec.json thr/gmon.out
"$GPROF" --html thr/prog thr/gmon.out >threads.html
# a cycle (cycle3: glibc's runtime, no stacks)
(cd "$FIXTURES/cycle3" && "$GPROF" --html prog gmon.out) >cycle.html
(cd "$FIXTURES/cycle3" && "$GPROF" -b -q prog gmon.out) >cycle.txt
# --diff of two runs: the fixture's with other stacks (fewer in
# Circle::area), and a function in each run's stacks only (vanished,
# appeared)
for side in old new; do
	mkdir -p $side
	cp cxx/prog "$fx/gmon.out" $side/
done
only_old=$(at deregister_tm_clones 4) only_new=$(at frame_dummy 4)
sed -e "s|$PWD/cxx/prog|$PWD/old/prog|" -e "s/]]]}}\$/]], [1, [$only_old]]]}}/" cxx/spec.json >old/spec.json
sed -e 's/\[40, \[/[10, [/' -e "s|$PWD/cxx/prog|$PWD/new/prog|" -e "s/]]]}}\$/]], [1, [$only_new]]]}}/" cxx/spec.json >new/spec.json
"$craft" old/spec.json old/gmon.out
"$craft" new/spec.json new/gmon.out
"$GPROF" --diff old/prog old/gmon.out new/gmon.out >diff.txt 2>err
"$GPROF" --diff --html old/prog old/gmon.out new/gmon.out >diff.html 2>>err
expect_eq html-views.make.diff "" "$(cat err)"

node "$TOP/tests/cli/html/views.js" "$PWD"
