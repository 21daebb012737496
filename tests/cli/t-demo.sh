#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# t-demo.sh: `make -C examples demo` builds the example with libgmon, runs
# it and profiles it with our gprof; its report must show what the
# example is there to show: the hot spot first in the flat profile, the
# mutual recursion as <cycle 1>, the calls into its own library; and the
# JSON and (with Graphviz) the SVG picture must be written.
#
# The hot spot has about twice the next function's time: at the default
# 100 samples a second (some 35 against 15) chance could swap the two
# about once in a few hundred runs, so the demo runs here at 1000 (350
# against 150: never).
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
out=$SCRATCH/out

if GMON_RATE=1000 make -s -C "$TOP/examples" demo OUT="$out" GPROF="$GPROF" >"$SCRATCH/demo.log" 2>&1; then
	pass demo.make
else
	fail demo.make "make -C examples demo failed: $(grep -v '^make' "$SCRATCH/demo.log" | tail -1)"
	exit 0
fi
report=$out/report.txt

# the first row of the flat profile (the line after its column heads)
first=$(awk '/^ time   seconds/ { getline; print $NF; exit }' "$report")
expect_eq demo.flat.hot-spot-first crc32_bitwise "$first"

if grep -q '^\[[0-9]*\] .* <cycle 1 as a whole> \[[0-9]*\]$' "$report"; then
	pass demo.graph.cycle-whole
else
	fail demo.graph.cycle-whole "no <cycle 1 as a whole> line in $report"
fi
members=$(grep -o '^\[[0-9]*\] .* \(parse_[a-z]*\) <cycle 1> \[[0-9]*\]$' "$report" |
	grep -o 'parse_[a-z]*' | sort | tr '\n' ' ')
expect_eq demo.graph.cycle-members "parse_factor parse_product parse_sum " "$members"

# libstats, linked as a static library built with -pg: its calls counted
if grep -q '^\[[0-9]*\] .* stats_add_bytes \[[0-9]*\]$' "$report" &&
	grep -A3 '^\[[0-9]*\] .* stats_add_bytes \[' "$report" | grep -q ' stats_add \['; then
	pass demo.graph.library-calls
else
	fail demo.graph.library-calls "stats_add_bytes -> stats_add missing from $report"
fi

# no entry with time in its children lacks the lines saying where it
# went (_start's time goes to __libc_start_main, a call no runtime counted)
expect_eq demo.graph.children-shown "" "$(awk '
	/^\[[0-9]+\]/ { if (pending) print pending; pending = ($4 != "0.00" && $0 !~ /<cycle [0-9]+ as a whole>/) ? $0 : ""; next }
	/^---/ { if (pending) print pending; pending = ""; next }
	{ pending = "" }' "$report" | head -3)"

# the report printed is the report kept
if grep -qF "$(sed -n '/^ time   seconds/{n;p;q}' "$report")" "$SCRATCH/demo.log"; then
	pass demo.printed
else
	fail demo.printed "the flat profile was not printed by make demo"
fi

if python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
top = doc["flat_profile"]["functions"][0]["name"]
cycles = doc["call_graph"]["cycles"]
sys.exit(0 if top == "crc32_bitwise" and len(cycles) == 1 else 1)' "$out/profile.json"; then
	pass demo.json
else
	fail demo.json "$out/profile.json: not the hot spot first and one cycle"
fi

# the page: the hot spot and the parser's sources, inside it
if grep -q '"crc32_bitwise"' "$out/report.html" && grep -q 'parse_factor(const char' "$out/report.html"; then
	pass demo.html
else
	fail demo.html "$out/report.html missing, or without the hot spot and the sources"
fi

if command -v dot >/dev/null 2>&1; then
	if [ -s "$out/callgraph.svg" ] && grep -q '</svg>' "$out/callgraph.svg" &&
		grep -q '>crc32_bitwise<' "$out/callgraph.svg" &&
		grep -q '>&lt;cycle 1&gt;' "$out/callgraph.svg"; then
		pass demo.svg
	else
		fail demo.svg "$out/callgraph.svg missing, or without the hot spot and the cycle"
	fi
else
	fail demo.svg "Graphviz (dot) is not installed (build-aux/deps.sh check installs it)"
fi
