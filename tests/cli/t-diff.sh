#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# t-diff.sh: gprof --diff, two profiles of one program compared
# (doc/manual.md, "What changed").
#
#  diff.self.*      a profile against itself: no change at all, in the
#                   table, --json and --dot
#  diff.tuned.*     a program before and after making one function twice
#                   as fast (half the loop): that function first, faster,
#                   its self time's ratio 0.5 (and 2 the other way round);
#                   a function only the new build calls appeared (vanished
#                   the other way); --dot colours the faster function green
#                   and renders
#  diff.union.*     two builds where a function exists only in the old
#                   one (gone) and another only in the new one (fresh):
#                   --dot draws both runs' graphs in one, the exact nodes
#                   with their marks (dashed: old run only, bold: new run
#                   only), the exact edges with calls before and after
#                   (dashed: one run only), the cycles as clusters
#                   (ping/pong, and x/y whose arcs are one in each run); --root, --leaf and --depth select exactly the
#                   reachable part of that union; --wrap still applies;
#                   the marks swap when the runs do; dot renders it
#  diff.overhead.*  the profiler's own time (samples in mcount) stated on
#                   its run's line, in --json and in --dot, as every view
#                   states it, and not for a run that has none
#  diff.refuse.*    two different programs, a profile of another program,
#                   a file that is not a profile, different sampling
#                   rates, bad operands: one line on stderr, exit status
#                   1, nothing on stdout
#
# The runs are real (their arcs and calls are the programs'), but their
# samples are set by the test (tests/cli/set_samples.py): a run's samples
# depend on the CPU, the load and chance, and a ratio measured from them
# was 0.61 or 1.63 on a busy machine.  Old: tuned 600, steady 200; new:
# tuned 300, steady 200, extra 20; at 1000 Hz as the runs recorded.
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
cd "$SCRATCH" || exit 2

cat >p.c <<'C'
static volatile unsigned long sink;
#ifndef TUNED_WORK
#define TUNED_WORK 60000
#endif
__attribute__((noinline)) void tuned(void) { for (volatile long i = 0; i < TUNED_WORK; i++) sink += i; }
__attribute__((noinline)) void steady(void) { for (volatile long i = 0; i < 20000; i++) sink += i; }
#ifdef EXTRA
__attribute__((noinline)) void extra(void) { for (volatile long i = 0; i < 2000; i++) sink += i; }
#endif
int main(void)
{
	tuned();
	steady();
#ifdef EXTRA
	extra();
#endif
	return 0;
}
C
lib=$TOP/libgmon/libgmon.a
export GMON_PROCESS=0 GMON_RATE=1000
if ! cc -pg -O1 -o old p.c "$lib" || ! cc -pg -O1 -DTUNED_WORK=30000 -DEXTRA -o new p.c "$lib"; then
	fail diff.setup "cannot build the program"
	exit 0
fi
for side in old new; do
	./$side && mv gmon.out $side.gmon
done
python3 "$TOP/tests/cli/set_samples.py" old.gmon "$(symbol_address old tuned)=600" "$(symbol_address old steady)=200"
python3 "$TOP/tests/cli/set_samples.py" new.gmon "$(symbol_address new tuned)=300" "$(symbol_address new steady)=200" \
	"$(symbol_address new extra)=20"
GMON_RATE=100 ./old && mv gmon.out old-100.gmon
unset GMON_PROCESS GMON_RATE

# refuse NAME EXPECTED-STDERR ARGS...: exit status 1, exactly this line
# on stderr, nothing on stdout
refuse() {
	local name=$1 want=$2
	shift 2
	expect_refusal "diff.refuse.$name" "$want" . "$@"
}

# ---------------------------------------------------------------- itself

"$GPROF" -b --diff old old.gmon old.gmon >self.txt 2>self.err
expect_eq diff.self.status "0:" "$?:$(cat self.err)"
n=$(awk 'NR > 6' self.txt | wc -l)
expect_eq diff.self.summary "functions: 0 slower, 0 faster, 0 appeared, 0 vanished, $n unchanged" \
	"$(sed -n 3p self.txt)"
expect_eq diff.self.changes "" "$(awk 'NR > 6 && ($3 != "+0.000" || $8 != "+0.000" || $9 != $10)' self.txt)"
"$GPROF" --json --diff old old.gmon old.gmon >self.json
expect_eq diff.self.json "true" "$(jq '[.diff.functions[] | .self_change == 0 and .total_change == 0
	and .status == "unchanged" and .old == .new] | all and length > 1' self.json)"
"$GPROF" --dot --diff old old.gmon old.gmon >self.dot
expect_eq diff.self.dot "" "$(grep -o 'fillcolor="#[0-9a-f]*"' self.dot | grep -v '#ffffff')"

# ---------------------------------------------------------------- tuned

"$GPROF" -b --diff old old.gmon new new.gmon >tuned.txt 2>tuned.err
expect_eq diff.tuned.status "0:" "$?:$(cat tuned.err)"
expect_eq diff.tuned.first-row tuned "$(awk 'NR == 7 { print $NF }' tuned.txt)"
"$GPROF" --json --diff old old.gmon new new.gmon >tuned.json
"$GPROF" --json --diff new new.gmon old old.gmon >back.json
python3 - <<'EOF'
import json
def check(name, good, why):
    print(("ok " + name) if good else ("not ok %s: %s" % (name, why)))
for doc_name, status, truth, appeared in (("tuned.json", "faster", 0.5, "appeared"),
                                          ("back.json", "slower", 2.0, "vanished")):
    d = json.load(open(doc_name))["diff"]
    f = d["functions"][0]
    name = "diff.tuned.%s" % status
    print("# %s: %s ratio %.3f (truth %.1f), self %.3f -> %.3f s" % (
        doc_name, f["name"], f["self_ratio"] or 0, truth, f["old"]["self_time"], f["new"]["self_time"]))
    check(name + ".first", f["name"] == "tuned", "first is %s" % f["name"])
    check(name + ".sign", f["status"] == status and (f["self_change"] < 0) == (status == "faster")
          and f["self_change"] == f["new"]["self_time"] - f["old"]["self_time"], repr(f))
    check(name + ".ratio", f["self_ratio"] == truth,
          "ratio %r, truth %r" % (f["self_ratio"], truth))
    extra = [g for g in d["functions"] if g["name"] == "extra"]
    check(name + ".extra", len(extra) == 1 and extra[0]["status"] == appeared, repr(extra))
    s = d["summary"]
    counts = {k: sum(g["status"] == k for g in d["functions"]) for k in s}
    check(name + ".summary", counts == s, "%r != %r" % (counts, s))
    check(name + ".shares", all(abs(g[r]["self_percent"] - 100 * g[r]["self_time"] / d[r]["total_time"]) < 1e-9
                               for g in d["functions"] for r in ("old", "new")), "shares do not add up")
EOF
"$GPROF" --dot --diff old old.gmon new new.gmon >tuned.dot
colour=$(sed -n 's/.*label="tuned\\n.*fillcolor="#\([0-9a-f]*\)".*/\1/p' tuned.dot)
if [ -n "$colour" ] && [ $((16#${colour:2:2})) -gt $((16#${colour:0:2})) ]; then
	pass diff.tuned.dot.green
else
	fail diff.tuned.dot.green "tuned's fill is '$colour'"
fi
if dot -Tsvg tuned.dot >/dev/null 2>dot.err && [ ! -s dot.err ]; then
	pass diff.tuned.dot.renders
else
	fail diff.tuned.dot.renders "$(head -2 dot.err)"
fi

# ---------------------------------------------------------------- overhead
# the new run with 100 samples in mcount: 0.10 s, 100 of the 620 samples
cp new.gmon over.gmon
python3 "$TOP/tests/cli/set_samples.py" over.gmon "$(symbol_address new tuned)=300" \
	"$(symbol_address new steady)=200" "$(symbol_address new extra)=20" \
	"$(symbol_address new mcount)=100"
"$GPROF" -b --diff old old.gmon new over.gmon >over.txt 2>over.err
expect_eq diff.overhead.status "0:" "$?:$(cat over.err)"
expect_eq diff.overhead.lines "old: old.gmon of old: 0.800 seconds at 1000 Hz
new: over.gmon of new: 0.520 seconds at 1000 Hz; the profiler's own work took 0.10 seconds (16.1% of the samples), not counted below" \
	"$(sed -n 1,2p over.txt)"
"$GPROF" -b --with-overhead --diff old old.gmon new over.gmon >over-with.txt 2>&1
expect_eq diff.overhead.with "new: over.gmon of new: 0.620 seconds at 1000 Hz; the profiler's own work took 0.10 seconds (16.1% of the samples), counted below under its callers" \
	"$(sed -n 2p over-with.txt)"
"$GPROF" --json --diff old old.gmon new over.gmon >over.json 2>&1
expect_eq diff.overhead.json "null 100 0.1 samples false" \
	"$(jq -r '[.diff.old.profiler_overhead, .diff.new.profiler_overhead.samples,
		.diff.new.profiler_overhead.time, .diff.new.profiler_overhead.percent_of,
		.diff.new.profiler_overhead.counted] | map(tostring) | join(" ")' over.json)"
"$GPROF" --dot --diff old old.gmon new over.gmon >over.dot 2>&1
expect_eq diff.overhead.dot "  // new: The profiler's own work took 0.10 seconds (16.1% of the samples), not counted below." \
	"$(grep '^  // ' over.dot)"
# --html: each run's header states it (the page's data, as the script
# reads it)
"$GPROF" --html --diff old old.gmon new over.gmon >over.html 2>&1
expect_eq diff.overhead.html "null|The profiler's own work took 0.10 seconds (16.1% of the samples), not counted below." \
	"$(python3 -c 'import json, re, sys
page = open(sys.argv[1]).read()
data = json.loads(re.search(r"id=\"gprof-data\">(.*?)</script>", page, re.S).group(1))
print("|".join(str(p.get("overhead")) if p.get("overhead") else "null" for p in data["profiles"]))' over.html)"

# ---------------------------------------------------------------- union

# mid calls gone (old build) or fresh (new build), both call leaf; ping
# and pong call each other; x calls y in the old build and y calls x in
# the new one, a cycle of the two graphs together.  At one sample per
# second of CPU time these runs of a millisecond hold no sample, and the
# test clears their histograms anyway: what is drawn is decided by the
# calls alone, and the same every time.
cat >u.c <<'C'
static volatile unsigned long sink;
__attribute__((noinline)) void leaf(void) { sink++; }
#ifdef NEW
__attribute__((noinline)) void fresh(void) { leaf(); }
#else
__attribute__((noinline)) void gone(void) { leaf(); leaf(); }
#endif
__attribute__((noinline)) void mid(void)
{
#ifdef NEW
	fresh();
#else
	gone();
#endif
}
__attribute__((noinline)) void pong(int n);
__attribute__((noinline)) void ping(int n) { sink++; if (n > 0) pong(n - 1); }
__attribute__((noinline)) void pong(int n) { sink++; if (n > 0) ping(n - 1); }
__attribute__((noinline)) void other(void) { sink += 2; }
__attribute__((noinline)) void y(int n);
#ifdef NEW
__attribute__((noinline)) void x(int n) { sink++; (void)n; }
__attribute__((noinline)) void y(int n) { sink++; if (n > 0) x(n - 1); }
#else
__attribute__((noinline)) void x(int n) { sink++; if (n > 0) y(n - 1); }
__attribute__((noinline)) void y(int n) { sink++; (void)n; }
#endif
int main(void)
{
	for (int i = 0; i < 3; i++)
		mid();
	ping(4);
	other();
	x(1);
	y(1);
	return 0;
}
C
if cc -pg -O1 -o u-old u.c "$lib" && cc -pg -O1 -DNEW -o u-new u.c "$lib"; then
	GMON_PROCESS=0 GMON_RATE=1 GMON_OUT_PREFIX=u-old.run ./u-old && mv u-old.run.* u-old.gmon
	GMON_PROCESS=0 GMON_RATE=1 GMON_OUT_PREFIX=u-new.run ./u-new && mv u-new.run.* u-new.gmon
	# and to be certain: no sample at all
	python3 "$TOP/tests/cli/set_samples.py" u-old.gmon
	python3 "$TOP/tests/cli/set_samples.py" u-new.gmon
else
	fail diff.union.setup "cannot build the programs"
fi
# the nodes of a --diff --dot picture, one a line: the name, its mark
# and its style, by name
union_nodes() {
	sed -n 's/^ *f[0-9]* \[label="\(.*\)\\nself .*fontcolor="#[0-9a-f]*"\(.*\)\];$/\1\2/p' "$1" |
		sed 's/\\n/ /g' | sort
}
# its edges: caller -> callee, the label and the style, by names
union_edges() {
	awk '/^ *f[0-9]+ \[label="/ { id = $1; sub(/^ */, "", id); name = $0
		sub(/^[^"]*"/, "", name); sub(/\\n.*/, "", name); names[id] = name }
	     / -> / { line = $0; sub(/^ *f[0-9]+ -> f[0-9]+ \[/, "", line); sub(/\];$/, "", line)
		print names[$1] " -> " names[$3] " " line }' "$1" | sort
}
"$GPROF" --dot --diff u-old u-old.gmon u-new u-new.gmon >union.dot 2>union.err
expect_eq diff.union.status "0:" "$?:$(cat union.err)"
expect_eq diff.union.nodes 'fresh (appeared), style="filled,rounded,bold"
gone (vanished), style="filled,rounded,dashed", color="#808080"
leaf
mid
other
ping
pong
x
y' "$(union_nodes union.dot)"
expect_eq diff.union.edges 'fresh -> leaf label="0 → 3×", style="dashed,bold", color="#404040"
gone -> leaf label="6 → 0×", style=dashed, color="#b0b0b0"
mid -> fresh label="0 → 3×", style="dashed,bold", color="#404040"
mid -> gone label="3 → 0×", style=dashed, color="#b0b0b0"
ping -> pong label="2 → 2×"
pong -> ping label="2 → 2×"
x -> y label="1 → 0×", style=dashed, color="#b0b0b0"
y -> x label="0 → 1×", style="dashed,bold", color="#404040"' "$(union_edges union.dot)"
# cluster_members N: the names in the picture's cycle N
cluster_members() {
	sed -n "/subgraph cluster_$1 {/,/^  }/s/.*label=\"\\([a-z]*\\)\\\\n.*/\\1/p" union.dot | sort | tr '\n' ' ' | sed 's/ $//'
}
expect_eq diff.union.cycle "ping pong|x y|2" "$(cluster_members 1)|$(cluster_members 2)|$(grep -c 'subgraph cluster_' union.dot)"
if dot -Tsvg union.dot >/dev/null 2>dot.err && [ ! -s dot.err ]; then
	pass diff.union.renders
else
	fail diff.union.renders "$(head -2 dot.err)"
fi
"$GPROF" --dot --diff u-new u-new.gmon u-old u-old.gmon >back-union.dot
expect_eq diff.union.swapped 'fresh (vanished), style="filled,rounded,dashed", color="#808080"
gone (appeared), style="filled,rounded,bold"' "$(union_nodes back-union.dot | grep -E '^(fresh|gone) ')"
# union_names OPTIONS...: the names of the nodes drawn, on one line
union_names() {
	"$GPROF" --dot "$@" --diff u-old u-old.gmon u-new u-new.gmon >selected.dot 2>selected.err
	echo "$?:$(cat selected.err):$(union_nodes selected.dot | cut -d' ' -f1 | tr '\n' ' ' | sed 's/ $//')"
}
expect_eq diff.union.root "0::fresh gone leaf mid" "$(union_names --root=mid)"
expect_eq diff.union.root-depth "0::fresh gone mid" "$(union_names --root=mid --depth=1)"
expect_eq diff.union.leaf "0::fresh gone leaf mid" "$(union_names --leaf=leaf)"
expect_eq diff.union.leaf-depth "0::fresh gone leaf" "$(union_names --leaf=leaf --depth=1)"
expect_eq diff.union.root-cycle "0::ping pong" "$(union_names --root=pong --depth=0)"
expect_eq diff.union.root-old-only "0::gone leaf" "$(union_names --root=gone)"
expect_eq diff.union.root-new-arc "0::x y" "$(union_names --root=y --depth=1)"
expect_eq diff.union.root-and-leaf "0::fresh gone leaf mid" "$(union_names --root=mid --leaf=leaf)"
expect_eq diff.union.wrap "fre sh (appeared), style=\"filled,rounded,bold\"" \
	"$("$GPROF" --dot --root=fresh --depth=0 --wrap=3 --diff u-old u-old.gmon u-new u-new.gmon >wrap.dot &&
		union_nodes wrap.dot)"
refuse root-no-match "gprof: --root=nope: no function of the program matches" \
	--dot --root=nope --diff u-old u-old.gmon u-new u-new.gmon

# ---------------------------------------------------------------- bad input

cycle2=$FIXTURES/cycle2 diamond=$FIXTURES/diamond
refuse different-programs "gprof: --diff: $cycle2/prog and $diamond/prog are different programs (0 of their 3 and 4 functions have the same name)" \
	--diff "$cycle2/prog" "$cycle2/gmon.out" "$diamond/prog" "$diamond/gmon.out"
refuse other-programs-profile "gprof: --diff: $cycle2/gmon.out and $diamond/gmon.out were not written by the same program (their histograms cover different addresses of $cycle2/prog)" \
	--diff "$cycle2/prog" "$cycle2/gmon.out" "$diamond/gmon.out"
printf 'These are notes, not a profile.\n' >notes.txt
refuse not-a-profile "gprof: notes.txt: not a profile data file: no GNU magic, and not a valid BSD profile (histogram of 1953459724 bytes but only 12 bytes follow the header)" \
	--diff old old.gmon notes.txt
refuse missing "gprof: nothing.gmon: No such file or directory" --diff old nothing.gmon old.gmon
refuse rates "gprof: --diff: old.gmon was sampled at 1000 Hz and old-100.gmon at 100 Hz; profiles taken at different rates are not compared" \
	--diff old old.gmon old-100.gmon
refuse operands "gprof: --diff takes [EXE] OLD NEW, or OLD_EXE OLD NEW_EXE NEW (given: 1)" --diff old.gmon
refuse flame "gprof: --diff prints a table, or one of --json, --dot and --html" --diff --flame old old.gmon old.gmon
refuse json-dot "gprof: --diff prints a table, or one of --json, --dot and --html" --diff --json --dot old old.gmon old.gmon
refuse html-json "gprof: --diff prints a table, or one of --json, --dot and --html" --diff --html --json old old.gmon old.gmon
