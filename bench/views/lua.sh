#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/views/lua.sh: issue 27's acceptance measurement, on a real
# interpreter.  Builds Lua 5.4.7 (bench/third_party/lua/src) with -O2 -g
# -pg against libgmon.a, runs bench/views/bench.lua (a sort with a Lua
# comparator, string.format and gmatch, recursion, many small tables) at
# 1000 samples a second, renders the profile in every view (text,
# --json, --folded, --dot, --pprof, --callgrind; --with-overhead; --diff
# against a second run) and prints each figure of the issue's "Done when" with PASS or
# FAIL (bench/views/figures.py; GPROF2DOT=path/to/gprof2dot.py adds what
# gprof2dot makes of --callgrind, not judged).  Needs go (go tool pprof) and
# callgrind_annotate (valgrind).  Not a test: the samples land where the
# run puts them; the figures are shares, which hold run to run.
#
# usage: bench/views/lua.sh [ROUNDS]   (default 8: about 3 s of CPU)
# The build and the views stay in bench/out/views-lua.
set -eu
cd "$(dirname "$0")/../.."
top=$PWD
. "$top/bench/lib.sh"
rounds=${1:-8}
lib=$top/libgmon/libgmon.a
gprof=$top/gprof/gprof
[ -f "$lib" ] && [ -x "$gprof" ] || { echo "lua.sh: build the tree first (make)" >&2; exit 1; }
for tool in go callgrind_annotate; do
	command -v $tool >/dev/null || { echo "lua.sh: needs $tool" >&2; exit 1; }
done
out=$top/bench/out/views-lua
mkdir -p "$out/obj"
cd "$out"

# the interpreter, rebuilt when a source or libgmon.a is newer
build_lua "$top" "$lib"

run() {
	rm -f gmon.out .gmon.out.process
	GMON_RATE=1000 nice ./lua "$top/bench/views/bench.lua" "$rounds" >/dev/null
}
run
mv gmon.out old.out
mv .gmon.out.process .old.out.process
run
echo "== Lua 5.4.7 (bench/third_party/lua/src), bench/views/bench.lua $rounds rounds, GMON_RATE=1000"
"$gprof" -b lua gmon.out >out.txt
"$gprof" --json lua gmon.out >out.json
"$gprof" --folded lua gmon.out >out.folded
"$gprof" --dot lua gmon.out >out.dot
"$gprof" --pprof lua gmon.out >out.pb.gz
"$gprof" --callgrind lua gmon.out >out.callgrind
"$gprof" --folded --with-overhead lua gmon.out >with.folded
"$gprof" --json --with-overhead lua gmon.out >with.json
"$gprof" --callgrind --with-overhead lua gmon.out >with.callgrind
"$gprof" --diff lua old.out gmon.out >diff.txt
sed -n 3,5p out.txt
python3 "$top/bench/views/figures.py"
