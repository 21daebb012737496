#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-views.sh: one accounting in every view.  One profile, made
# deterministic by the test (a real -pg run linked with libgmon for the
# arcs; its samples replaced by set_samples.py, its call stacks and
# process times written by craft_process.py), rendered as text, --json,
# --folded, --flame, --dot, --pprof (decoded by `go tool pprof -raw`)
# and --callgrind (read by callgrind_annotate), with the profiler's own
# time left out (the default) and counted (--with-overhead): the totals,
# the shares and each function's total agree, and the runtime's time is
# stated with the same seconds everywhere.
#
# The profile (100 samples a second), in samples:
#   histogram: work 600, heavy 100, light 50, main 50, mcount 200
#   stacks:    main;heavy;work 500  main;light;work 100  main;heavy 100
#              main;light 50  main 50
#              main;heavy;work;mcount 150  main;heavy;mcount 50
#   process:   10 s of CPU time
# so the program's own time is 8 s, the profiler's 2 s (20%).
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
cd "${KEEP:-$SCRATCH}" || exit 2

cat >hl.c <<'C'
static volatile unsigned long sink;
void work(int n) { for (volatile int i = 0; i < n; i++) sink += i; }
void heavy(void) { for (int i = 0; i < 100; i++) work(990); }
void light(void) { for (int i = 0; i < 50; i++) work(10); }
int main(void) { heavy(); light(); return 0; }
C
if [ ! -f "$TOP/libgmon/libgmon.a" ] ||
	! cc -pg -O0 -no-pie -o hl hl.c "$TOP/libgmon/libgmon.a" 2>err || ! ./hl || [ ! -s gmon.out ]; then
	fail views.setup "cannot build and run a -pg program with libgmon: $(head -3 err)"
	exit 0
fi
W=$(symbol_address hl work) H=$(symbol_address hl heavy) L=$(symbol_address hl light)
M=$(symbol_address hl main) MC=$(symbol_address hl mcount)
if [ -z "$MC" ]; then
	fail views.setup "no mcount in the program linked with libgmon.a"
	exit 0
fi
read -r text size < <(text_section hl)
pc() { echo $(($1 + 4)); }
ret() { echo $(($1 + 8)); }
cp gmon.out gmon.run
rm -f .gmon.out.process

# the profile with stacks (gmon.out) and without (plain.out)
cp gmon.run plain.out
python3 "$TOP/tests/cli/set_samples.py" plain.out "$(pc "$W")=600" "$(pc "$H")=100" \
	"$(pc "$L")=50" "$(pc "$M")=50" "$(pc "$MC")=200" || fail views.setup "set_samples.py failed"
cp plain.out gmon.out
cat >spec.json <<JSON
{"objects": [{"number": 0, "flags": 1, "bias": 0, "segments": [[$((text)), $((text + size))]],
   "path": "$PWD/hl"}],
 "times": [10000000000, 0, 1000, 0, 0],
 "stacks": {"entries": [
  [500, [$(pc "$W"), $(ret "$H"), $(ret "$M")]],
  [100, [$(pc "$W"), $(ret "$L"), $(ret "$M")]],
  [100, [$(pc "$H"), $(ret "$M")]],
  [50, [$(pc "$L"), $(ret "$M")]],
  [50, [$(pc "$M")]],
  [150, [$(pc "$MC"), $(ret "$W"), $(ret "$H"), $(ret "$M")]],
  [50, [$(pc "$MC"), $(ret "$H"), $(ret "$M")]]]}}
JSON
python3 "$TOP/tests/cli/craft_process.py" spec.json gmon.out || fail views.setup "craft_process.py failed"
# plain.out keeps no process file: a classic profile
rm -f .plain.out.process

# ------------------------------------------------------------ the views

# views MODE [OPTIONS...]: every view of gmon.out into MODE.*
views() {
	local mode=$1
	shift
	"$GPROF" -b "$@" hl gmon.out >"$mode.txt" 2>"$mode.err" &&
		"$GPROF" --json "$@" hl gmon.out >"$mode.json" 2>>"$mode.err" &&
		"$GPROF" --folded "$@" hl gmon.out >"$mode.folded" 2>>"$mode.err" &&
		"$GPROF" --flame "$@" hl gmon.out >"$mode.svg" 2>>"$mode.err" &&
		"$GPROF" --dot "$@" hl gmon.out >"$mode.dot" 2>>"$mode.err" &&
		"$GPROF" --pprof "$@" hl gmon.out >"$mode.pb.gz" 2>>"$mode.err" &&
		"$GPROF" --callgrind "$@" hl gmon.out >"$mode.callgrind" 2>>"$mode.err"
	expect_eq "views.$mode.status-quiet" "0:" "$?:$(cat "$mode.err")"
}

# The text call graph's entries: "NAME PERCENT SELF CHILDREN" per entry.
graph_entries() {
	awk '/^index/ { g = 1 } /^Index by/ { g = 0 }
	     g && /^\[[0-9]+\]/ { name = $5; if ($5 ~ /^[0-9]/) name = $6; print name, $2, $3, $4 }' "$1" | sort
}
# The flat profile's rows: "NAME SELF TOTAL/CALL" (the total blank
# without calls).
flat_rows() {
	awk '/^ *%/ { f = 1; next } /^ *time/ { next } f && NF == 0 { f = 0 }
	     /Call graph/ { f = 0 } f && NF >= 4 { print $NF, $3, (NF == 7 ? $6 : "-") }' "$1" | sort
}
# Each function's samples, inclusive (once per stack), from folded stacks.
folded_totals() {
	awk '{ n = split($1, f, ";"); delete seen
	       for (i = 1; i <= n; i++) if (!(f[i] in seen)) { seen[f[i]] = 1; t[f[i]] += $2 }
	       all += $2 }
	     END { for (k in t) print k, t[k]; print "ALL", all }' "$1" | sort
}
# The same from a pprof file (go tool pprof -raw), or nothing without go.
pprof_totals() {
	command -v go >/dev/null 2>&1 || return 0
	go tool pprof -raw "$1" 2>/dev/null | python3 -c '
import re, sys
loc, samples, part = {}, [], None
for line in sys.stdin:
    if line.startswith("Samples:"): part = "s"; continue
    if line.startswith("Locations"): part = "l"; continue
    if line.startswith("Mappings"): part = None; continue
    if line.startswith("Comment:"): print("COMMENT", line.split(":", 1)[1].strip()); continue
    if part == "s":
        m = re.match(r"\s*(\d+)\s+(\d+):((?:\s+\d+)+)\s*$", line)
        if m: samples.append((int(m.group(1)), m.group(3).split()))
    elif part == "l":
        m = re.match(r"\s*(\d+): 0x[0-9a-f]+ M=\d+ (\S+)", line)
        if m: loc[m.group(1)] = m.group(2)
tot, allv = {}, 0
for n, ids in samples:
    allv += n
    for f in set(loc[i] for i in ids): tot[f] = tot.get(f, 0) + n
for f in sorted(tot): print(f, tot[f])
print("ALL", allv)' | sort
}
# Inclusive costs as callgrind_annotate reads them: "NAME SAMPLES".
callgrind_totals() {
	command -v callgrind_annotate >/dev/null 2>&1 || return 0
	callgrind_annotate --inclusive=yes "$1" 2>/dev/null |
		awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print "ALL", $1 }
		     /\?\?\?:[^ ]+ \[hl\]/ { gsub(",", "", $1); n = $3; sub(/^\?\?\?:/, "", n); print n, $1 }' | sort
}
# The same for any program: callgrind_inclusive_of FILE PROGRAM.
callgrind_inclusive_of() {
	callgrind_annotate --inclusive=yes --threshold=100 "$1" 2>/dev/null |
		awk -v prog="[$2]" '/PROGRAM TOTALS/ { gsub(",", "", $1); print "ALL", $1 }
		     $NF == prog && $(NF - 1) ~ /:/ { gsub(",", "", $1); n = $(NF - 1); sub(/^.*:/, "", n); print n, $1 }' | sort
}
json_get() { python3 -c "import json, sys; d = json.load(open('$1')); print($2)"; }

# ------------------------------------------------------------ left out (the default)
views out
SAY_OUT="The profiler's own work took 2.00 seconds (20.0% of the process's CPU time), not counted below."
expect_eq views.out.text.flat-line "$SAY_OUT" "$(sed -n 5p out.txt)"
expect_eq views.out.text.graph-line "$SAY_OUT" \
	"$(awk '/^Times below/ { getline; print; exit }' out.txt)"
expect_eq views.out.text.flat "heavy 1.00
light 0.50
main 0.50
work 6.00" "$(flat_rows out.txt | cut -d' ' -f1,2)"
expect_eq views.out.text.graph "heavy 75.0 1.00 5.00
light 18.8 0.50 1.00
main 100.0 0.50 7.50
work 75.0 6.00 0.00" "$(graph_entries out.txt)"
# no runtime entry, so no hole in the numbering: [1]..[4] in the graph
# and in the index
expect_eq views.out.text.graph-numbers "1 2 3 4" \
	"$(grep -o '^\[[0-9]*\]' out.txt | tr -d '[]' | sort -n | tr '\n' ' ' | sed 's/ $//')"
expect_eq views.out.text.index-numbers "1 2 3 4" \
	"$(sed -n '/^Index by/,$p' out.txt | grep -o '\[[0-9]*\]' | tr -d '[]' | sort -n | tr '\n' ' ' | sed 's/ $//')"
expect_eq views.out.json.overhead \
	"{'samples': 200, 'time': 2, 'percent': 20, 'percent_of': 'cpu_time', 'counted': False}" \
	"$(json_get out.json 'd["profiler_overhead"]')"
expect_eq views.out.json.totals "8 8" \
	"$(json_get out.json 'd["histogram"]["total_time"], d["call_graph"]["total_time"]' | tr -d '(),')"
expect_eq views.out.json.no-runtime "[] []" \
	"$(json_get out.json '[f for f in d["flat_profile"]["functions"] if f["name"] == "mcount"], [f for f in d["call_graph"]["functions"] if f["name"] == "mcount"]')"
expect_eq views.out.folded "ALL 800
heavy 600
light 150
main 800
work 600" "$(folded_totals out.folded)"
expect_eq views.out.flame "800 samples in 5 stacks:1" \
	"$(grep -o '[0-9]* samples in [0-9]* stacks' out.svg):$(grep -c "<desc>The profiler&apos;s own work took 2.00 seconds\|<desc>The profiler's own work took 2.00 seconds" out.svg)"
"$GPROF" --html hl gmon.out >out.html 2>/dev/null
expect_eq views.out.html "1" "$(grep -c "\"overhead\":\"$SAY_OUT\"" out.html)"
expect_eq views.out.dot "0:1" \
	"$(grep -c '"mcount' out.dot):$(grep -c "// $SAY_OUT" out.dot)"
if command -v go >/dev/null 2>&1; then
	expect_eq views.out.pprof "ALL 800
COMMENT $SAY_OUT
COMMENT gprof: 5 recorded call stacks, each one sample
heavy 600
light 150
main 800
work 600" "$(pprof_totals out.pb.gz)"
fi
expect_eq views.out.callgrind.header "desc: Profiler overhead: 2.00 s (200 samples), not counted
# $SAY_OUT
summary: 800
fn=mcount:0" \
	"$(grep '^desc:\|^# The profiler\|^summary:' out.callgrind; echo "fn=mcount:$(grep -c '^c\?fn=mcount' out.callgrind)")"
if command -v callgrind_annotate >/dev/null 2>&1; then
	expect_eq views.out.callgrind.inclusive "ALL 800
heavy 600
light 150
main 800
work 600" "$(callgrind_totals out.callgrind)"
fi

# ------------------------------------------------------------ counted (--with-overhead)
views with --with-overhead
SAY_WITH="The profiler's own work took 2.00 seconds (20.0% of the process's CPU time), counted below under its callers."
expect_eq views.with.text.flat-line "$SAY_WITH" "$(sed -n 5p with.txt)"
expect_eq views.with.text.flat "heavy 1.00
light 0.50
main 0.50
mcount 2.00
work 6.00" "$(flat_rows with.txt | cut -d' ' -f1,2)"
expect_eq views.with.text.graph "heavy 80.0 1.00 7.00
light 15.0 0.50 1.00
main 100.0 0.50 9.50
mcount 20.0 2.00 0.00
work 75.0 6.00 1.50" "$(graph_entries with.txt)"
# the runtime under the functions whose calls it counted, never a root
expect_eq views.with.text.runtime-callers "                0.50    0.00       1/151         heavy [2]
                1.50    0.00     150/151         work [3]" \
	"$(awk '/^-----/ { buf = ""; next } /^\[[0-9]+\].* mcount \[/ { printf "%s", buf; exit }
	        { buf = buf $0 "\n" }' with.txt)"
expect_eq views.with.json.overhead "True 10 10" \
	"$(json_get with.json 'd["profiler_overhead"]["counted"], d["histogram"]["total_time"], d["call_graph"]["total_time"]' | tr -d '(),')"
expect_eq views.with.folded "ALL 1000
heavy 800
light 150
main 1000
mcount 200
work 750" "$(folded_totals with.folded)"
expect_eq views.with.folded.leaves "main;heavy;mcount 50
main;heavy;work;mcount 150" "$(grep 'mcount' with.folded)"
if command -v go >/dev/null 2>&1; then
	expect_eq views.with.pprof "ALL 1000
COMMENT $SAY_WITH
COMMENT gprof: 7 recorded call stacks, each one sample
heavy 800
light 150
main 1000
mcount 200
work 750" "$(pprof_totals with.pb.gz)"
fi
if command -v callgrind_annotate >/dev/null 2>&1; then
	expect_eq views.with.callgrind.inclusive "ALL 1000
heavy 800
light 150
main 1000
mcount 200
work 750" "$(callgrind_totals with.callgrind)"
fi

# ------------------------------------------------------------ flat totals = call-graph totals
# The flat profile's "total s/call" times the calls is the call graph's
# total (self + children), measured from the stacks, in the text and in
# --json; --estimate-children turns both to the estimate together.
flat_vs_graph() { # TEXT JSON: "NAME FLAT-TOTAL GRAPH-TOTAL" per called function, in samples
	python3 - "$1" "$2" <<'PY'
import json, re, sys
text, doc = open(sys.argv[1]).read(), json.load(open(sys.argv[2]))
rate = doc["histogram"]["rate"]
graph = {f["name"]: f["self_time"] + f["child_time"] for f in doc["call_graph"]["functions"]}
out = []
for f in doc["flat_profile"]["functions"]:
    if f["calls"]:
        out.append("%s %.0f %.0f %.0f" % (f["name"], f["total_time_per_call"] * f["calls"] * rate,
                                          (f["self_time"] + f["child_time"]) * rate,
                                          graph[f["name"]] * rate))
# the text: total per call (s/call column) times calls, to the text's precision
for line in text.splitlines():
    m = re.match(r"\s*[\d.]+\s+[\d.]+\s+[\d.]+\s+(\d+)\s+[\d.]+\s+([\d.]+)\s+(\S+)$", line)
    if m:
        out.append("text %s %s" % (m.group(3), m.group(2)))
print("\n".join(sorted(out)))
PY
}
expect_eq views.out.flat-total-is-graph-total "heavy 600 600 600
light 150 150 150
text heavy 6.00
text light 1.50
text work 0.04
work 600 600 600" "$(flat_vs_graph out.txt out.json)"
expect_eq views.with.flat-total-is-graph-total "heavy 800 800 800
light 150 150 150
mcount 200 200 200
text heavy 8.00
text light 1.50
text mcount 0.01
text work 0.05
work 750 750 750" "$(flat_vs_graph with.txt with.json)"
# the estimate, everywhere at once: work's 600 samples shared 100:50 by
# calls (heavy 400 + 100 of its own, light 200 + 50)
"$GPROF" -b --estimate-children hl gmon.out >est.txt 2>err &&
	"$GPROF" --json --estimate-children hl gmon.out >est.json 2>>err
expect_eq views.estimate.status-quiet "0:" "$?:$(cat err)"
expect_eq views.estimate.flat-total-is-graph-total "heavy 500 500 500
light 250 250 250
text heavy 5.00
text light 2.50
text work 0.04
work 600 600 600" "$(flat_vs_graph est.txt est.json)"
expect_eq views.estimate.json-times "estimated" "$(json_get est.json 'd["call_graph"]["times"]')"
if command -v callgrind_annotate >/dev/null 2>&1; then
	"$GPROF" --callgrind --estimate-children hl gmon.out >est.callgrind 2>err
	expect_eq views.estimate.callgrind.inclusive "ALL 800
heavy 500
light 250
main 800
work 600" "$(callgrind_totals est.callgrind)"
fi

# ------------------------------------------------------------ shares and --diff
# Each function's share of the whole, as the text call graph, --json and
# --dot print it, and as the folded stacks give it: one figure.
shares() { # MODE: "NAME TEXT JSON DOT FOLDED" percentages, one decimal
	python3 - "$1" <<'PY'
import json, re, sys
mode = sys.argv[1]
text = {}
for line in open(mode + ".txt"):
    m = re.match(r"\[\d+\]\s+([\d.]+)\s+\S+\s+\S+\s+(?:[\d+]+\s+)?(\S+) \[", line)
    if m: text[m.group(2)] = float(m.group(1))
doc = json.load(open(mode + ".json"))
js = {f["name"]: f["percent_time"] for f in doc["call_graph"]["functions"]}
dot = {m.group(1): float(m.group(2)) for m in
       re.finditer(r'label="([^\\"]+)\\n([\d.]+)%', open(mode + ".dot").read())}
fold, total = {}, 0
for line in open(mode + ".folded"):
    stack, n = line.rsplit(" ", 1)
    total += int(n)
    for f in set(stack.split(";")): fold[f] = fold.get(f, 0) + int(n)
for f in sorted(text):
    print(f, "%.1f %.1f %.1f %.1f" % (text[f], js[f], dot.get(f, -1), 100.0 * fold[f] / total))
PY
}
expect_eq views.out.shares "heavy 75.0 75.0 75.0 75.0
light 18.8 18.8 18.8 18.8
main 100.0 100.0 100.0 100.0
work 75.0 75.0 75.0 75.0" "$(shares out)"
expect_eq views.with.shares "heavy 80.0 80.0 80.0 80.0
light 15.0 15.0 15.0 15.0
main 100.0 100.0 100.0 100.0
mcount 20.0 20.0 20.0 20.0
work 75.0 75.0 75.0 75.0" "$(shares with)"
# --diff of the profile with itself: the same totals, with or without
# the runtime
"$GPROF" --diff hl gmon.out hl gmon.out >diff-out.txt 2>err
expect_eq views.out.diff "8.000 seconds:heavy 6.000 light 1.500 main 8.000 work 6.000" \
	"$(grep -o '[0-9.]* seconds' diff-out.txt | head -1):$(awk 'NF == 12 && $1 ~ /^[0-9.]+$/ { printf "%s%s %s", sep, $12, $7; sep = " " }' diff-out.txt)"
"$GPROF" --diff --with-overhead hl gmon.out hl gmon.out >diff-with.txt 2>err
expect_eq views.with.diff "10.000 seconds:heavy 8.000 light 1.500 main 10.000 mcount 2.000 work 7.500" \
	"$(grep -o '[0-9.]* seconds' diff-with.txt | head -1):$(awk 'NF == 12 && $1 ~ /^[0-9.]+$/ { printf "%s%s %s", sep, $12, $7; sep = " " }' diff-with.txt)"

# ------------------------------------------------------------ no stacks: the estimate
# Without stacks the hook's time is shared out by calls: each call of a
# -pg function is one call of the hook (work 150, heavy 1, light 1).
"$GPROF" -b --main-only --with-overhead hl plain.out >plain-with.txt 2>err
expect_eq views.plain.with.status-quiet "0:" "$?:$(cat err)"
expect_eq views.plain.with.runtime-entry "mcount 20.0 2.00 0.00 152" \
	"$(awk '/^\[[0-9]+\].* mcount \[/ { print $6, $2, $3, $4, $5 }' plain-with.txt)"
expect_eq views.plain.with.not-spontaneous "0" \
	"$(awk '/<spontaneous>/ { s = 1; next } s && /^\[/ { print; s = 0 }' plain-with.txt | grep -c mcount)"
"$GPROF" -b --main-only hl plain.out >plain-out.txt 2>err
expect_eq views.plain.out.line \
	"The profiler's own work took 2.00 seconds (20.0% of the samples), not counted below." \
	"$(sed -n 4p plain-out.txt)"

# ------------------------------------------------------------ --callgrind inside a cycle
# a and b call each other (a cycle), b calls leaf; the stacks recurse.
# callgrind_annotate --inclusive=yes takes a function's total from its
# self cost and the costs of its calls.  A call's cost is valgrind's: the
# samples of the stacks it is in, once per call on the stack (a nested
# call counted again in the call around it), so that for every function
# the calls into it cost its self cost plus its calls out; in the cycle
# a and b then add up to more than the folded stacks' 500: a 100 self +
# 2 x 300 + 100 + 100 calls of b, b 100 self + 300 + 100 calls of a +
# 300 of leaf (the call graph gives calls inside a cycle no time).
cat >cyc.c <<'C'
int leaf(int n) { return n + 1; }
int b(int n);
int a(int n) { return n > 0 ? b(n - 1) : 0; }
int b(int n) { return n > 0 ? a(n - 1) : leaf(n); }
int eval(void) { int s = 0; for (int i = 0; i < 100; i++) s += a(5); return s; }
int main(void) { return eval() == 0; }
C
if cc -pg -O0 -no-pie -o cyc cyc.c "$TOP/libgmon/libgmon.a" 2>err && ./cyc && [ -s gmon.out ] &&
	command -v callgrind_annotate >/dev/null 2>&1; then
	rm -f .gmon.out.process
	CA=$(symbol_address cyc a) CB=$(symbol_address cyc b) CL=$(symbol_address cyc leaf)
	CE=$(symbol_address cyc eval) CM=$(symbol_address cyc main)
	read -r ctext csize < <(text_section cyc)
	python3 "$TOP/tests/cli/set_samples.py" gmon.out "$(pc "$CL")=300" "$(pc "$CA")=100" \
		"$(pc "$CB")=100" "$(pc "$CE")=50"
	cat >cyc.json <<JSON
{"objects": [{"number": 0, "flags": 1, "bias": 0, "segments": [[$((ctext)), $((ctext + csize))]],
   "path": "$PWD/cyc"}],
 "stacks": {"entries": [
  [300, [$(pc "$CL"), $(ret "$CB"), $(ret "$CA"), $(ret "$CB"), $(ret "$CA"), $(ret "$CE"), $(ret "$CM")]],
  [100, [$(pc "$CA"), $(ret "$CB"), $(ret "$CA"), $(ret "$CE"), $(ret "$CM")]],
  [100, [$(pc "$CB"), $(ret "$CA"), $(ret "$CE"), $(ret "$CM")]],
  [50, [$(pc "$CE"), $(ret "$CM")]]]}}
JSON
	python3 "$TOP/tests/cli/craft_process.py" cyc.json gmon.out
	"$GPROF" --callgrind cyc gmon.out >cyc.callgrind 2>err &&
		"$GPROF" --folded cyc gmon.out >cyc.folded 2>>err
	expect_eq views.cycle.status-quiet "0:" "$?:$(cat err)"
	expect_eq views.cycle.folded "ALL 550
a 500
b 500
eval 550
leaf 300
main 550" "$(folded_totals cyc.folded)"
	expect_eq views.cycle.callgrind.inclusive "ALL 550
a 900
b 800
eval 550
leaf 300
main 550" "$(callgrind_inclusive_of cyc.callgrind cyc)"
	# the call graph still shows the cycle as a whole, its inner calls
	# without time
	expect_eq views.cycle.graph "a 500 b 500" \
		"$("$GPROF" -b -q cyc gmon.out | awk '/^\[[0-9]+\].* (a|b) <cycle/ { printf "%s%s %.0f", sep, $6, 100 * ($3 + $4); sep = " " }')"
else
	fail views.cycle.setup "cannot build and run the cycle program, or no callgrind_annotate: $(head -3 err)"
fi

# ------------------------------------------------------------ GNU's text
# Under GPROF_GNU_QUIRKS=all the text is GNU gprof 2.40's, line for line.
if [ -x "$GNU_GPROF" ]; then
	"$GNU_GPROF" -b hl plain.out >gnu.txt 2>&1
	GPROF_GNU_QUIRKS=all "$GPROF" -b hl plain.out >quirks.txt 2>&1
	expect_same views.quirks.as-gnu gnu.txt quirks.txt
fi
