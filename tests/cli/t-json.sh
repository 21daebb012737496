#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# t-json.sh: gprof --json, checked against our own -b text reports.
#
# For every corpus fixture and a list of option sets (the common ones and
# the fixture's own symspecs), run `gprof -b OPTIONS` and `gprof --json
# OPTIONS`, parse the JSON with Python's json module (and jq for
# well-formedness), parse the text, and compare: the flat profile's rows
# (order, name, self time, percent, calls), every call-graph entry (time
# %, self, children, calls, recursive calls), every cycle (figures and
# members) and every arc the text lists (count, and the time it carries).
# Then the emitter alone: symbol names with quotes, backslashes, control
# characters and invalid UTF-8 must still give valid JSON.
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
list=$SCRATCH/runs
: >"$list"

# option sets worth comparing: -T changes the text layout, -i/-s/-r/-R/-A/-C
# print other reports, so they are left out
common_sets=("default" "-p" "-q" "-z" "-a" "-D" "-c" "-P" "-Q" "-P -Q" "-p -z" "-q -z"
	"-c -z" "-a -q" "--no-demangle" "-C" "-C -z" "-p -C" "-l -C")

# each run's text and JSON, queued for one check_each below (each run in
# the fixture's directory: a cd, not a subshell, as this loop starts some
# 2,600 gprofs)
jsons=() # the test name and file of every JSON, for jq below
while IFS=$'\t' read -r -u 3 dir fixture n set; do
	cd "$dir" || exit 2
	args=()
	[ "$set" != default ] && read -ra args <<<"$set"
	base=$SCRATCH/$fixture.$n
	"$GPROF" -b "${args[@]}" prog gmon.out >"$base.txt" 2>"$base.txt.err"
	text_rc=$?
	"$GPROF" --json "${args[@]}" prog gmon.out >"$base.json" 2>"$base.json.err"
	json_rc=$?
	name="json.$fixture.$(option_set_name "$set")"
	# the JSON must refuse what the text refuses
	printer_exit "$name" --json "$text_rc" "$json_rc" "$base.json.err" || continue
	jsons+=("$name" "$base.json" "$base.txt")
done 3< <(fixture_runs "-T -i -L" "${common_sets[@]}")
cd "$SCRATCH" || exit 2

# jq must parse every file: all at once, and one by one only if that
# fails (to name the file)
all_parse=no
if [ ${#jsons[@]} -gt 0 ] &&
	for ((i = 1; i < ${#jsons[@]}; i += 3)); do echo "${jsons[i]}"; done |
	xargs -d '\n' jq -e . >/dev/null 2>&1; then
	all_parse=yes
fi
for ((i = 0; i < ${#jsons[@]}; i += 3)); do
	name=${jsons[i]} json=${jsons[i + 1]} text=${jsons[i + 2]}
	if [ $all_parse = yes ] || jq -e . "$json" >/dev/null 2>&1; then
		pass "$name.jq"
	else
		fail "$name.jq" "jq cannot parse $json"
		continue
	fi
	add_check "$list" "$name" "$text" "$json"
done

# basic-block counts (no compiler writes them today): debug_g's profile
# with a block record added, read with -l as -C needs
bb=$SCRATCH/bb.gmon.out
cp "$FIXTURES/debug_g/gmon.out" "$bb"
python3 -c '
import struct, sys
blocks = [(0x1236, 1000), (0x1254, 2000), (0x1216, 5), (0x121c, 7)]
record = bytes([2]) + struct.pack("<I", len(blocks))
record += b"".join(struct.pack("<QQ", a, c) for a, c in blocks)
open(sys.argv[1], "ab").write(record)' "$bb"
for set in "-l -C" "-l -C -z"; do
	read -ra args <<<"$set"
	base=$SCRATCH/bb.$(echo "$set" | tr -d ' -')
	(cd "$FIXTURES/debug_g" && "$GPROF" -b "${args[@]}" prog "$bb" >"$base.txt" 2>/dev/null &&
		"$GPROF" --json "${args[@]}" prog "$bb" >"$base.json" 2>/dev/null)
	if [ "$(grep -c ' executions$' "$base.txt")" -ge 4 ]; then
		add_check "$list" "json.bb-counts.$(option_set_name "$set")" "$base.txt" "$base.json"
	else
		fail "json.bb-counts.setup" "gprof -b $set printed no block counts"
	fi
done

PYTHONPATH=$TOP/tests/cli python3 - "$list" <<'EOF'
import json, re, sys
from gprof_text import ok, bad, verdict, check_each, parse_text, parse_exec_counts

def f2(x):
    return "%.2f" % x

def shown_name(doc, f):
    """The flat profile's name column: with -l, where the line is."""
    if doc["granularity"] == "line" and f["file"] is not None:
        return "%s (%s:%d @ %x)" % (f["demangled"], f["file"].rsplit("/", 1)[-1], f["line"], int(f["address"], 16))
    return f["demangled"]

def check(name, text_path, json_path):
    doc = json.load(open(json_path, encoding="utf-8"))
    if doc.get("format_version") != 1:
        bad(name + ".format-version", "format_version is %r" % doc.get("format_version"))
    try:
        flat, graph = parse_text(text_path)
    except ValueError as e:
        bad(name + ".text", str(e))
        return

    # the histogram's figures the text headers print
    text = open(text_path, encoding="utf-8", errors="replace").read()
    hist = doc["histogram"]
    problems = []
    m = re.search(r"Each sample counts as (\S+) (\w+)\.", text)
    if m and (m.group(1), m.group(2)) != ("%g" % hist["sample_period"], hist["dimension"]):
        problems.append("sample period %s %s, JSON %r" % (m.group(1), m.group(2), hist))
    m = re.search(r"each sample hit covers (\d+) byte\(s\)(?: for [\d.]+% of ([\d.]+) seconds)?", text)
    if m and int(m.group(1)) != hist["granularity_bytes"]:
        problems.append("granularity %s, JSON %r" % (m.group(1), hist["granularity_bytes"]))
    if m and m.group(2) and f2(doc["call_graph"]["total_time"]) != m.group(2):
        problems.append("call graph total %s, JSON %r" % (m.group(2), doc["call_graph"]["total_time"]))
    if problems:
        bad(name + ".histogram", "; ".join(problems))
    else:
        ok(name + ".histogram")

    # flat profile: same rows in the same order
    jflat = doc.get("flat_profile")
    if (flat is None) != (jflat is None):
        bad(name + ".flat.present", "text has flat profile: %s, JSON: %s" % (flat is not None, jflat is not None))
    elif flat is not None:
        want = [(r["name"], r["self"], r["percent"], r["calls"]) for r in flat]
        got = [(shown_name(doc, f), f2(f["self_time"]), f2(f["self_percent"]), f["calls"]) for f in jflat["functions"]]
        if want == got:
            ok(name + ".flat.rows")
        else:
            diff = [(w, g) for w, g in zip(want, got) if w != g][:2]
            bad(name + ".flat.rows", "%d text rows, %d JSON; first differences %r" % (len(want), len(got), diff))

    # execution counts (-C): the same lines in the same order
    want = parse_exec_counts(text_path)
    jcounts = doc.get("execution_counts")
    if jcounts is None:
        if want:
            bad(name + ".exec-counts", "text has %d -C lines, JSON none" % len(want))
    else:
        got = [(c["file"], c["line"], c["name"], int(c["address"], 16), c["count"]) for c in jcounts]
        if want == got:
            ok(name + ".exec-counts")
        else:
            diff = [(w, g) for w, g in zip(want, got) if w != g][:2]
            bad(name + ".exec-counts", "%d text lines, %d JSON; first differences %r" % (len(want), len(got), diff))

    jgraph = doc.get("call_graph")
    if (graph is None) != (jgraph is None):
        bad(name + ".graph.present", "text has call graph: %s, JSON: %s" % (graph is not None, jgraph is not None))
        return
    if graph is None:
        return

    # call-graph entries: figures as printed, keyed by index
    want = {i: (e["name"], e["percent"], e["self"], e["children"], e["calls"], e["recursive"])
            for i, e in graph["entries"].items()}
    got = {f["index"]: (shown_name(doc, f), "%.1f" % f["percent_time"], f2(f["self_time"]),
                        f2(f["child_time"]), f["calls"], f["recursive_calls"])
           for f in jgraph["functions"]}
    if want == got:
        ok(name + ".graph.functions")
    else:
        keys = sorted(set(want) | set(got))
        diff = [(k, want.get(k), got.get(k)) for k in keys if want.get(k) != got.get(k)][:2]
        bad(name + ".graph.functions", "differences %r" % diff)

    want = {i: (c["number"], c["percent"], c["self"], c["children"], c["calls"], c["recursive"], c["members"])
            for i, c in graph["cycles"].items()}
    got = {c["index"]: (c["number"], "%.1f" % c["percent_time"], f2(c["self_time"]), f2(c["child_time"]),
                        c["calls"], c["inner_calls"], sorted(m["index"] for m in c["members"]))
           for c in jgraph["cycles"]}
    if want == got:
        ok(name + ".graph.cycles")
    else:
        bad(name + ".graph.cycles", "text %r, JSON %r" % (want, got))

    # arcs: the same set, the same counts, the same time carried
    got = {}
    for a in jgraph["arcs"]:
        key = (a["caller"], a["callee"])
        if key in got:
            bad(name + ".arcs.unique", "arc %r twice" % (key,))
        got[key] = a
    if set(got) != set(graph["arcs"]):
        bad(name + ".arcs.set", "only in text %r, only in JSON %r" %
            (sorted(set(graph["arcs"]) - set(got))[:3], sorted(set(got) - set(graph["arcs"]))[:3]))
        return
    ok(name + ".arcs.set")
    names = {f["index"]: f["name"] for f in jgraph["functions"]}
    wrong = [k for k, a in got.items()
             if names.get(a["caller"], a["caller_name"]) != a["caller_name"]
             or names.get(a["callee"], a["callee_name"]) != a["callee_name"]]
    if wrong:
        bad(name + ".arcs.names", "arcs %r name other functions than their indexes" % wrong[:3])
    else:
        ok(name + ".arcs.names")
    problems = []
    for key, t in graph["arcs"].items():
        a = got[key]
        if a["count"] != t["count"]:
            problems.append("%r count %d != %d" % (key, a["count"], t["count"]))
        if t["self"] is not None and (f2(a["self_time"]), f2(a["child_time"])) != (t["self"], t["children"]):
            problems.append("%r time %s/%s != %s/%s" % (key, f2(a["self_time"]), f2(a["child_time"]), t["self"], t["children"]))
        inside = t["self"] is None
        if inside != (a["recursive"] or a["within_cycle"]):
            problems.append("%r recursive/within_cycle wrong" % (key,))
    verdict(name + ".arcs.figures", problems)

check_each(sys.argv[1], check)
EOF

# ---- the emitter: names no C identifier could have
if gcc -pg -O0 -o "$SCRATCH/weird" "$TOP/tests/cli/data/odd-names.c" 2>"$SCRATCH/cc.err"; then
	(cd "$SCRATCH" && ./weird && "$GPROF" --json -z weird gmon.out >weird.json 2>weird.err)
	if python3 - "$SCRATCH/weird.json" <<'EOF'; then
import json, sys
doc = json.load(open(sys.argv[1], encoding="utf-8"))
names = {f["name"] for f in doc["flat_profile"]["functions"]}
want = {'we"ird\\name', "tab\there\x01\ufffdbad", "caf\u00e9", "bad" + "\ufffd" * 6}
missing = want - names
if missing:
    print("# missing names %r in %r" % (missing, names))
    sys.exit(1)
EOF
		pass json.escape.names
	else
		fail json.escape.names "names with special bytes did not come back intact"
	fi
else
	fail json.escape.build "cannot build the program with odd names: $(head -1 "$SCRATCH/cc.err")"
fi

# ---- arcs carry demangled names (c++filt is the oracle); "sources" names
# each profile file read with its size and modification time; "build_id"
# is the executable's note, as readelf prints it
dir=$FIXTURES/cxx
(cd "$dir" && "$GPROF" --json prog gmon.out gmon.out >"$SCRATCH/cxx.json" 2>"$SCRATCH/cxx.err")
build_id=$(readelf -n "$dir/prog" | sed -n 's/.*Build ID: *//p')
python3 - "$SCRATCH/cxx.json" "$dir" "$build_id" <<'EOF'
import datetime, json, os, subprocess, sys
doc = json.load(open(sys.argv[1], encoding="utf-8"))
directory, build_id = sys.argv[2], sys.argv[3]
def check(name, good, why):
    print(("ok " + name) if good else ("not ok %s: %s" % (name, why)))
arcs = doc["call_graph"]["arcs"]
names = sorted({a["caller_name"] for a in arcs} | {a["callee_name"] for a in arcs})
out = subprocess.run(["c++filt"], input="\n".join(names) + "\n", capture_output=True,
                     text=True).stdout.split("\n")
demangled = dict(zip(names, out))
wrong = [(a["caller_demangled"], a["callee_demangled"]) for a in arcs
         if a["caller_demangled"] != demangled[a["caller_name"]]
         or a["callee_demangled"] != demangled[a["callee_name"]]]
check("json.arcs.demangled", not wrong and len(arcs) > 100, "%d arcs, %r" % (len(arcs), wrong[:2]))
cxx = [a for a in arcs if a["callee_demangled"] != a["callee_name"]]
check("json.arcs.demangled-cxx", len(cxx) > 50, "only %d arcs with a C++ callee" % len(cxx))
functions = {f["index"]: f["demangled"] for f in doc["call_graph"]["functions"]}
wrong = [a for a in arcs if functions.get(a["callee"], a["callee_demangled"]) != a["callee_demangled"]]
check("json.arcs.demangled-as-functions", not wrong, repr(wrong[:1]))
st = os.stat(os.path.join(directory, "gmon.out"))
when = datetime.datetime.fromtimestamp(st.st_mtime_ns // 10**9, datetime.timezone.utc)
mtime = when.strftime("%Y-%m-%dT%H:%M:%S") + ".%09dZ" % (st.st_mtime_ns % 10**9)
want = [{"path": "gmon.out", "size": st.st_size, "mtime": mtime}] * 2
check("json.sources", doc.get("sources") == want, "%r != %r" % (doc.get("sources"), want))
check("json.build-id", len(build_id) == 40 and doc.get("build_id") == build_id,
      "%r != readelf's %r" % (doc.get("build_id"), build_id))
EOF
# an executable without a build-id: null
if gcc -pg -O0 -Wl,--build-id=none -x c -o "$SCRATCH/noid" - <<<'int main(void) { return 0; }' &&
	(cd "$SCRATCH" && ./noid && "$GPROF" --json noid gmon.out >noid.json) &&
	[ "$(jq -c .build_id "$SCRATCH/noid.json")" = null ]; then
	pass json.build-id.none
else
	fail json.build-id.none "build_id of an executable without one is not null"
fi

# ---- options the JSON printer refuses
(cd "$FIXTURES/cycle2" && "$GPROF" --json --dot prog gmon.out >/dev/null 2>"$SCRATCH/both.err")
rc=$?
if refused_in_one_line $rc "$SCRATCH/both.err"; then
	pass json.refuse.with-dot
else
	fail json.refuse.with-dot "--json --dot: rc $rc, stderr $(cat "$SCRATCH/both.err")"
fi

# ---- -i prints its text before the reports: never into the JSON
if (cd "$FIXTURES/cycle2" && "$GPROF" --json -i prog gmon.out) | jq -e .format_version >/dev/null 2>&1; then
	pass json.file-info.left-out
else
	fail json.file-info.left-out "gprof --json -i is not one JSON document"
fi
