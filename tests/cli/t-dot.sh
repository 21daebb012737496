#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# t-dot.sh: gprof --dot, checked against our own -b call graph.
#
# For every corpus fixture, plain, with -z and with -l at five pruning
# thresholds, and with every other one of the fixture's own symspecs at
# one (the defaults and 0 by turns):
# Graphviz must render the DOT (dot -Tsvg, nothing on stderr); the nodes
# must be the call graph's entries whose total time is at least
# --node-threshold percent (all of them at 0, or when the profile holds
# no time), and every other member of a cycle one of whose members is
# drawn, with the text's name, calls and cycle (as a cluster); the
# edges must be the text's arcs between kept nodes that carry at least
# --edge-threshold percent (arcs within a cycle or a function judged by
# their ends alone), with the text's counts.  Exact percentages come from
# --json (which t-json.sh checks against the text); the sets and counts
# from the text.  Labels: name, total and self share, calls; edges: the
# share carried and the count.
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof

thresholds=("default" "0 0" "5 1" "30 10" "100 100")

list=$SCRATCH/runs
: >"$list"
dots=() # every DOT written, with its test name, rendered below
# every fixture with the plain option sets and its own (only symspecs that
# shape the call graph, and the graph shown); each run in the fixture's
# directory (a cd, not a subshell: this loop starts some 3,000 gprofs)
while IFS=$'\t' read -r -u 3 dir fixture n set; do
	# every other symspec of the fixture's own (t-json and t-compare
	# read each of them: here they only shape graphs to draw)
	[ "$n" -gt 3 ] && [ $((n % 2)) -eq 1 ] && continue
	cd "$dir" || exit 2
	args=()
	[ "$set" != default ] && read -ra args <<<"$set"
	base=$SCRATCH/$fixture.$n
	name="dot.$fixture.$(option_set_name "$set")"
	"$GPROF" -b -q "${args[@]}" prog gmon.out >"$base.txt" 2>/dev/null
	text_rc=$?
	"$GPROF" --json -q "${args[@]}" prog gmon.out >"$base.json" 2>/dev/null
	# every threshold pair for the plain runs; for the symspecs (which
	# shape the same node sets again) the defaults and 0 by turns
	ths=("${thresholds[@]}")
	if [ "$n" -gt 3 ]; then
		ths=("default")
		[ $((n % 4)) -eq 0 ] && ths=("0 0")
	fi
	for th in "${ths[@]}"; do
		targs=()
		tname=default
		if [ "$th" != default ]; then
			read -r node edge <<<"$th"
			targs=("--node-threshold=$node" "--edge-threshold=$edge")
			tname="n$node-e$edge"
		fi
		out=$base.$tname.dot
		"$GPROF" --dot "${targs[@]}" "${args[@]}" prog gmon.out >"$out" 2>"$out.err"
		rc=$?
		# no call graph in the text: --dot must refuse, in one line
		printer_exit "$name.$tname" --dot "$text_rc" "$rc" "$out.err" || continue
		dots+=("$name.$tname" "$out")
		add_check "$list" "$name.$tname" "$base.txt" "$base.json" "$out" "$th"
	done
done 3< <(fixture_runs "-T -i -L -p -P -q -Q" default -z -l)
cd "$SCRATCH" || exit 2

# Graphviz renders each distinct graph once (many option sets draw the
# same one): one md5sum over every DOT, then dot -Tsvg per distinct sum;
# the same bytes get the same verdict
declare -A rendered  # a graph's md5: "" if it rendered, else why not
declare -A sum_of    # a DOT file's md5
firsts=()            # the first DOT file of each md5
if [ ${#dots[@]} -gt 0 ]; then
	declare -A seen=()
	while read -r sum file; do
		sum_of[$file]=$sum
		[ -n "${seen[$sum]+set}" ] && continue
		seen[$sum]=1
		firsts+=("$file")
	done < <(for ((i = 1; i < ${#dots[@]}; i += 2)); do echo "${dots[i]}"; done | xargs -d '\n' md5sum)
fi
# all of them by one dot (-O: each FILE to FILE.svg), as long as it
# succeeds, says nothing on stderr and writes every SVG whole; otherwise
# each one again by a dot of its own below, to name the graph that fails
if [ ${#firsts[@]} -gt 0 ] &&
	printf '%s\n' "${firsts[@]}" | xargs -d '\n' dot -Tsvg -O 2>"$SCRATCH/dot-all.err" &&
	[ ! -s "$SCRATCH/dot-all.err" ] &&
	[ -z "$(printf '%s.svg\n' "${firsts[@]}" | xargs -d '\n' grep -L '</svg>' 2>&1)" ]; then
	for file in "${firsts[@]}"; do
		rendered[${sum_of[$file]}]=
	done
fi
for ((i = 0; i < ${#dots[@]}; i += 2)); do
	test=${dots[i]} out=${dots[i + 1]}
	sum=${sum_of[$out]-}
	if [ -z "$sum" ]; then
		fail "$test.renders" "md5sum did not read $out"
		continue
	fi
	if [ -z "${rendered[$sum]+set}" ]; then
		if dot -Tsvg "$out" -o "$out.svg" 2>"$out.svg.err" && [ ! -s "$out.svg.err" ] &&
			grep -q '</svg>' "$out.svg"; then
			rendered[$sum]=
		else
			rendered[$sum]="dot -Tsvg: $(head -1 "$out.svg.err")"
		fi
	fi
	if [ -z "${rendered[$sum]}" ]; then
		pass "$test.renders"
	else
		fail "$test.renders" "${rendered[$sum]}"
	fi
done

PYTHONPATH=$TOP/tests/cli python3 - "$list" <<'EOF'
import json, re, sys
from gprof_text import ok, bad, verdict, check_each, parse_text

NODE = re.compile(r'^\s*f(\d+) \[label="((?:[^"\\]|\\.)*)"')
EDGE = re.compile(r'^\s*f(\d+) -> f(\d+) \[label="((?:[^"\\]|\\.)*)"')
CLUSTER = re.compile(r'^\s*subgraph cluster_(\d+) \{')

def label_lines(label):
    """The label's lines, DOT escapes undone."""
    out, i = [""], 0
    while i < len(label):
        c = label[i]
        if c == "\\" and i + 1 < len(label):
            i += 1
            if label[i] == "n":
                out.append("")
            else:
                out[-1] += label[i]
        else:
            out[-1] += c
        i += 1
    return out

def parse_dot(path):
    nodes, edges, cluster = {}, {}, 0
    for line in open(path, encoding="utf-8"):
        m = CLUSTER.match(line)
        if m:
            cluster = int(m.group(1))
            continue
        if line.strip() == "}":
            cluster = 0
            continue
        m = EDGE.match(line)
        if m:
            key = (int(m.group(1)), int(m.group(2)))
            if key in edges:
                raise ValueError("edge %r twice" % (key,))
            edges[key] = label_lines(m.group(3))
            continue
        m = NODE.match(line)
        if m:
            index = int(m.group(1))
            if index in nodes:
                raise ValueError("node %d twice" % index)
            nodes[index] = (label_lines(m.group(2)), cluster)
    return nodes, edges

def check(name, text_path, json_path, dot_path, thresholds):
    node_th, edge_th = (0.5, 0.1) if thresholds == "default" else map(float, thresholds.split())
    _, graph = parse_text(text_path)
    doc = json.load(open(json_path, encoding="utf-8"))
    jgraph = doc["call_graph"]
    exact = {f["index"]: f["percent_time"] for f in jgraph["functions"]}
    self_share = {f["index"]: 100.0 * f["self_time"] / jgraph["total_time"] if jgraph["total_time"] else 0.0
                  for f in jgraph["functions"]}
    carried = {(a["caller"], a["callee"]): a["percent_time"] for a in jgraph["arcs"]}
    no_time = jgraph["total_time"] == 0
    nodes, edges = parse_dot(dot_path)

    entries = graph["entries"]
    if set(exact) != set(entries):
        bad(name + ".setup", "JSON and text disagree on the entries")
        return
    want = {i for i in entries if no_time or exact[i] >= node_th}
    # a cycle is drawn whole: every member of a cycle one member of which is drawn
    drawn_cycles = {entries[i]["cycle"] for i in want} - {0}
    want |= {i for i in entries if entries[i]["cycle"] in drawn_cycles}
    if set(nodes) == want:
        ok(name + ".nodes")
    else:
        bad(name + ".nodes", "missing %r, unexpected %r" % (sorted(want - set(nodes))[:5], sorted(set(nodes) - want)[:5]))
    if (node_th, edge_th) == (0.0, 0.0) and set(nodes) != set(entries):
        bad(name + ".nodes.all", "threshold 0 must draw every entry")

    problems = []
    for i, (lines, cluster) in nodes.items():
        e = entries.get(i)
        if e is None:
            continue
        calls = "%d+%d\u00d7" % (e["calls"], e["recursive"]) if e["recursive"] else "%d\u00d7" % e["calls"]
        want_lines = [e["name"], "%.2f%%" % exact[i]]
        got_lines = lines[:2]
        # with -l the text adds where the function starts; the label does not
        text_name = re.sub(r" \([^()]*:\d+ @ [0-9a-f]+\)$", "", e["name"])
        want_lines = [text_name, "%.2f%%" % exact[i]]
        if lines[0] != text_name or lines[1] != "%.2f%%" % exact[i]:
            problems.append("node %d label %r, want %r" % (i, got_lines, want_lines))
        m = re.match(r"^\(([\d.]+)%\)$", lines[2]) if len(lines) > 2 else None
        if not m or abs(float(m.group(1)) - self_share[i]) > 0.0051:
            problems.append("node %d self share %r, want %.2f%%" % (i, lines[2:3], self_share[i]))
        if (e["calls"] or e["recursive"]) and lines[-1] != calls:
            problems.append("node %d calls %r, want %r" % (i, lines[-1], calls))
        if cluster != e["cycle"]:
            problems.append("node %d in cluster %d, its cycle is %d" % (i, cluster, e["cycle"]))
    verdict(name + ".labels", problems)

    want = set()
    for key, arc in graph["arcs"].items():
        if key[0] not in nodes or key[1] not in nodes:
            continue
        if no_time or arc["self"] is None or carried[key] >= edge_th:
            want.add(key)
    if set(edges) == want:
        ok(name + ".edges")
    else:
        bad(name + ".edges", "missing %r, unexpected %r" % (sorted(want - set(edges))[:5], sorted(set(edges) - want)[:5]))
    problems = []
    for key, lines in edges.items():
        arc = graph["arcs"].get(key)
        if arc and lines[-1] != "%d\u00d7" % arc["count"]:
            problems.append("edge %r count %r, want %d" % (key, lines[-1], arc["count"]))
        if arc and arc["self"] is not None and lines[0] != "%.2f%%" % carried[key]:
            problems.append("edge %r share %r, want %.2f%%" % (key, lines[0], carried[key]))
    verdict(name + ".edge-labels", problems)

check_each(sys.argv[1], check)
EOF

# ---- names that need escaping, and a program without time
if gcc -pg -O0 -o "$SCRATCH/weird" "$TOP/tests/cli/data/odd-names.c" 2>"$SCRATCH/cc.err"; then
	(cd "$SCRATCH" && ./weird && "$GPROF" --dot -z weird gmon.out >weird.dot 2>weird.err)
	if dot -Tsvg "$SCRATCH/weird.dot" -o "$SCRATCH/weird.svg" 2>"$SCRATCH/weird.svg.err" &&
		[ ! -s "$SCRATCH/weird.svg.err" ]; then
		pass dot.escape.renders
	else
		fail dot.escape.renders "dot -Tsvg: $(head -1 "$SCRATCH/weird.svg.err")"
	fi
	# the SVG shows the names as they are (invalid byte as U+FFFD)
	if grep -qF 'we&quot;ird\name' "$SCRATCH/weird.svg" &&
		grep -qF "tab\\x09here\\x01$(printf '\357\277\275')bad" "$SCRATCH/weird.svg"; then
		pass dot.escape.names
	else
		fail dot.escape.names "names not shown as expected in $SCRATCH/weird.svg"
	fi
	# no time at all: nothing is pruned, whatever the thresholds
	nodes=$(grep -c '^ *f[0-9]* \[label=' "$SCRATCH/weird.dot")
	(cd "$SCRATCH" && "$GPROF" --dot -z --node-threshold=100 --edge-threshold=100 weird gmon.out >high.dot)
	expect_eq dot.zero-time.nothing-pruned "$nodes" "$(grep -c '^ *f[0-9]* \[label=' "$SCRATCH/high.dot")"
	if grep -q 'f[0-9]* -> f[0-9]*' "$SCRATCH/high.dot"; then
		pass dot.zero-time.edges-kept
	else
		fail dot.zero-time.edges-kept "main -> leaf is missing at threshold 100"
	fi
else
	fail dot.escape.build "cannot build the program with odd names: $(head -1 "$SCRATCH/cc.err")"
fi

# ---- bad thresholds are refused with one line
for bad in -1 101 abc ""; do
	(cd "$FIXTURES/cycle2" && "$GPROF" --dot "--node-threshold=$bad" prog gmon.out >/dev/null 2>"$SCRATCH/th.err")
	rc=$?
	if [ $rc -ne 0 ] && [ -s "$SCRATCH/th.err" ]; then
		pass "dot.threshold.refused[$bad]"
	else
		fail "dot.threshold.refused[$bad]" "rc $rc"
	fi
done

# ---- -i prints its text before the reports: never into the graph
first=$(cd "$FIXTURES/cycle2" && "$GPROF" --dot -i prog gmon.out | head -1)
expect_eq dot.file-info.left-out 'digraph "prog" {' "$first"
