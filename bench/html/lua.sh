#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/html/lua.sh: issue 41's views of --html (focus, ignore, hide,
# show-from; the sandwich; the call-graph picture; short names) on a
# real interpreter, in chromium.  Builds Lua 5.4.7 (bench/third_party/lua/src) with
# -O2 -g -pg against libgmon.a (as bench/views/lua.sh), runs
# bench/views/bench.lua at 1000 samples a second, writes its --html page
# and has bench/html/lua.js check each view against figures it computes
# itself from the page's data, and axe-core on each.  Not a test of
# make check: the samples land where the run puts them (so it checks
# what must hold whatever they are), and it takes some 20 s.
#
# usage: bench/html/lua.sh [ROUNDS]   (default 4)
set -eu
cd "$(dirname "$0")/../.."
top=$PWD
. "$top/bench/lib.sh"
rounds=${1:-4}
lib=$top/libgmon/libgmon.a
gprof=${GPROF:-$top/gprof/gprof}
[ -f "$lib" ] && [ -x "$gprof" ] || { echo "lua.sh: build the tree first (make)" >&2; exit 1; }
"$top/build-aux/deps.sh" check || exit 1
out=$top/bench/out/html-lua
mkdir -p "$out/obj"
cd "$out"
build_lua "$top" "$lib"
rm -f gmon.out .gmon.out.process
GMON_RATE=1000 nice ./lua "$top/bench/views/bench.lua" "$rounds" >/dev/null
"$gprof" --html lua gmon.out >lua.html
echo "== Lua 5.4.7, bench/views/bench.lua $rounds rounds: $out/lua.html"
node "$top/bench/html/lua.js" "$out/lua.html"
