#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# t-pictures.sh: readable pictures of big programs (doc/dot.md,
# "Pruning, names, part of the graph"; gprof(1), --strip to --depth).
#
#  pictures.strip.*   a C++ program with long template names
#                     (tests/cli/data/wide.cc): every --strip label is the
#                     demangled name (from --json, by index) shortened by
#                     an independent Python version of the rules; three
#                     known names exactly; Graphviz's SVG of every node is
#                     at most a third as wide as without --strip
#  pictures.wrap.*    --wrap=N: every line at most N characters, the lines
#                     joined are the unwrapped label
#  pictures.flame.*   --flame --strip / --wrap of the same program's
#                     recorded stacks: the same names as the stacks'
#  pictures.root.*    a call graph of known shape: --root, --leaf, --depth
#  pictures.leaf.*    and both together draw exactly the functions (and
#                     arcs) within reach; a symspec matching nothing is
#                     one line and exit status 1
#  pictures.flame.root*, .leaf*  the same program's recorded stacks:
#                     --flame with them draws the stacks --folded lists,
#                     cut as the options say
#  pictures.cycle.*   a cycle with one hot member and two without time is
#                     drawn whole, at any threshold and under --root
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
cd "$SCRATCH" || exit 2

# nodes FILE.dot: "INDEX<TAB>NAME" per node, the label's name lines
# joined by "|"; edges FILE.dot: "CALLER CALLEE" per edge
nodes() {
	sed -n 's/^ *f\([0-9]*\) \[label="\(.*\)\\n[0-9.]*%\\n(.*/\1\t\2/p' "$1" | sed 's/\\n/|/g'
}
edges() {
	sed -n 's/^ *f\([0-9]*\) -> f\([0-9]*\) .*/\1 \2/p' "$1" | sort
}
# names FILE.dot: the node names, sorted, space-separated
names() {
	nodes "$1" | cut -f2 | sort | tr '\n' ' ' | sed 's/ $//'
}
svg_width() {
	dot -Tsvg "$1" | sed -n 's/^<svg width="\([0-9.]*\)pt".*/\1/p' | head -1
}

# ---------------------------------------------------------------- --strip

if ! g++ -pg -O1 -o wide "$TOP/tests/cli/data/wide.cc" 2>cc.err || ! ./wide || [ ! -s gmon.out ]; then
	fail pictures.strip.setup "cannot build and run the C++ program: $(head -1 cc.err)"
else
	# every node (no threshold): which nodes pass one depends on samples
	"$GPROF" --dot --node-threshold=0 --edge-threshold=0 wide gmon.out >full.dot
	"$GPROF" --dot --strip --node-threshold=0 --edge-threshold=0 wide gmon.out >strip.dot
	"$GPROF" --dot --strip --node-threshold=0 --edge-threshold=0 wide gmon.out >strip-all.dot
	"$GPROF" --dot --strip --wrap=20 --node-threshold=0 --edge-threshold=0 wide gmon.out >wrap.dot
	"$GPROF" --json -q wide gmon.out >wide.json
	nodes strip-all.dot >strip-all.nodes
	nodes wrap.dot >wrap.nodes
	python3 - <<'EOF'
import json, re
def check(name, good, why):
    print(("ok " + name) if good else ("not ok %s: %s" % (name, why)))

# gprof2dot's rules, written again: parameter lists (and what follows
# them: const, &, noexcept), template arguments, a return type; operators
# and "(anonymous namespace)" kept
def strip(name):
    keep = {}
    def hold(m):
        keep["\0%d\0" % len(keep)] = m.group(0)
        return "\0%d\0" % (len(keep) - 1)
    name = re.sub(r"\(anonymous namespace\)|operator(\(\)|[<>=!+\-*/%^&|~,\[\]]+)", hold, name)
    while True:
        name, n = re.subn(r"\([^()]*\)((\s+(const|volatile|&&|&|noexcept))*)", "", name)
        if not n:
            break
    while True:
        name, n = re.subn(r"<[^<>]*>", "", name)
        if not n:
            break
    parts = [p for p in re.split(r"(?<!operator) (?!namespace\))", name) if p]
    name = parts[-1] if parts else name
    for k, v in keep.items():
        name = name.replace(k, v)
    return name

doc = json.load(open("wide.json"))
demangled = {f["index"]: f["demangled"] for f in doc["call_graph"]["functions"]}
drawn = dict(line.rstrip("\n").split("\t", 1) for line in open("strip-all.nodes"))
wrong = [(demangled[int(i)], label) for i, label in drawn.items() if strip(demangled[int(i)]) != label]
check("pictures.strip.labels", drawn and not wrong, "%d nodes; %r" % (len(drawn), wrong[:3]))
wanted = {"analytics::pipeline::detail::Ledger::total", "analytics::pipeline::detail::reduce_all",
          "analytics::pipeline::make_series", "analytics::pipeline::detail::Ledger::record", "main"}
check("pictures.strip.known", wanted <= set(drawn.values()), "missing %r" % (wanted - set(drawn.values())))
long_names = [d for d in demangled.values() if "<" in d or "(" in d]
check("pictures.strip.has-long-names", len(long_names) > 20, "only %d" % len(long_names))

wrapped = dict(line.rstrip("\n").split("\t", 1) for line in open("wrap.nodes"))
wrong = [(i, w) for i, w in wrapped.items()
         if w.replace("|", "") != drawn[i] or max(len(x) for x in w.split("|")) > 20]
check("pictures.wrap.lines", wrapped.keys() == drawn.keys() and not wrong, repr(wrong[:3]))
check("pictures.wrap.wraps", sum("|" in w for w in wrapped.values()) >= 5, "few labels wrapped")
EOF
	full=$(svg_width full.dot) stripped=$(svg_width strip.dot)
	echo "# C++ picture: ${full}pt wide, ${stripped}pt with --strip"
	if [ -n "$full" ] && [ -n "$stripped" ] && awk -v f="$full" -v s="$stripped" 'BEGIN { exit !(3 * s <= f) }'; then
		pass pictures.strip.third-of-width
	else
		fail pictures.strip.third-of-width "--strip: ${stripped}pt, not a third of ${full}pt"
	fi
fi

# ---------------------------------------------------------------- --flame

if ! g++ -pg -O1 -fno-omit-frame-pointer -o wide-stacks "$TOP/tests/cli/data/wide.cc" \
	"$TOP/libgmon/libgmon.a" 2>cc.err || ! GMON_STACK_DEPTH=64 GMON_RATE=1000 ./wide-stacks; then
	fail pictures.flame.setup "cannot build and run the C++ program with stacks: $(head -1 cc.err)"
else
	"$GPROF" --flame wide-stacks gmon.out >flame.svg
	"$GPROF" --flame --strip wide-stacks gmon.out >flame-strip.svg
	"$GPROF" --flame --strip --wrap=16 wide-stacks gmon.out >flame-wrap.svg
	python3 - <<'EOF'
import re
import xml.etree.ElementTree as ET
def check(name, good, why):
    print(("ok " + name) if good else ("not ok %s: %s" % (name, why)))
def boxes(path):
    out = []
    for g in ET.parse(path).getroot().iter("{http://www.w3.org/2000/svg}g"):
        if g.get("class") == "frame":
            title = g.find("{http://www.w3.org/2000/svg}title").text
            out.append((re.sub(r" \([0-9]+ samples, [0-9.]+%\)$", "", title), g.get("data-depth"),
                        g.get("data-samples")))
    return out
full, stripped, wrapped = boxes("flame.svg"), boxes("flame-strip.svg"), boxes("flame-wrap.svg")
check("pictures.flame.long-names", any("<" in n for n, _, _ in full), "no template names in the stacks")
bad = [n for n, _, _ in stripped if "<" in n or ("(" in n and "(anonymous namespace)" not in n)]
check("pictures.flame.strip", len(stripped) == len(full) and not bad, repr(bad[:3]))
check("pictures.flame.strip-shape", sorted(b[1:] for b in full) == sorted(b[1:] for b in stripped),
      "boxes differ in depth or samples")
bad = [n for n, _, _ in wrapped if max(len(x) for x in n.split("\n")) > 16]
check("pictures.flame.wrap", sorted(n.replace("\n", "") for n, _, _ in wrapped) ==
      sorted(n for n, _, _ in stripped) and not bad and any("\n" in n for n, _, _ in wrapped),
      repr(bad[:3]))
EOF
	if xmllint --noout flame-wrap.svg 2>err; then
		pass pictures.flame.valid-xml
	else
		fail pictures.flame.valid-xml "$(head -2 err)"
	fi
fi

# ---------------------------------------------------------------- --root, --leaf

# main -> a, b, h;  a -> c, d;  b -> d, e;  d -> f;  e -> g
cat >shape.c <<'C'
static volatile unsigned long sink;
#define WORK(n) for (volatile int i = 0; i < (n); i++) sink += i
void f(void) { WORK(60000); }
void g(void) { WORK(60000); }
void c(void) { WORK(60000); }
void d(void) { WORK(60000); f(); }
void e(void) { WORK(60000); g(); }
void a(void) { c(); d(); }
void b(void) { d(); e(); }
void h(void) { WORK(60000); }
int main(void)
{
	for (int i = 0; i < 100; i++) {
		a();
		b();
		h();
	}
	return 0;
}
C
if ! cc -pg -g -O0 -o shape shape.c || ! ./shape; then
	fail pictures.root.setup "cannot build and run the program"
else
	mv gmon.out shape.gmon
	# pick NAME EXPECTED-NAMES OPTIONS... (both --root and --leaf: what is
	# within --depth of the one and within --depth of the other)
	pick() {
		local name=$1 want=$2
		shift 2
		"$GPROF" --dot --node-threshold=0 --edge-threshold=0 "$@" shape shape.gmon >"$name.dot" 2>"$name.err"
		expect_eq "pictures.$name" "0:$want" "$?:$(names "$name.dot")$(cat "$name.err")"
	}
	pick root.all "a b c d e f g h main"
	pick root.a "a c d f" --root=a
	pick root.a-depth-1 "a c d" --root=a --depth=1
	pick root.main-depth-0 "main" --root=main --depth=0
	pick root.b-depth-2 "b d e f g" --root=b --depth=2
	pick root.two "a c d e f g" --root=a --root=e
	pick root.file-function "a c d f" --root=shape.c:a
	pick root.line "e g" --root=shape.c:7
	pick leaf.d "a b d main" --leaf=d
	pick leaf.f-depth-1 "d f" --leaf=f --depth=1
	pick leaf.g "b e g main" --leaf=g
	pick root.b-leaf.f "b d f" --root=b --leaf=f
	pick root.main-leaf.c-depth-1 "a" --root=main --leaf=c --depth=1
	# the arcs: exactly those between the drawn functions
	index() { nodes root.a.dot | awk -F'\t' -v n="$1" '$2 == n { print $1 }'; }
	want=$(printf '%s %s\n' "$(index a)" "$(index c)" "$(index a)" "$(index d)" \
		"$(index d)" "$(index f)" | sort)
	expect_eq pictures.root.a.edges "$want" "$(edges root.a.dot)"
	# no function matches: one line, exit 1, nothing on stdout
	"$GPROF" --dot --root=nosuch shape shape.gmon >none.out 2>none.err
	rc=$?
	expect_eq pictures.root.no-match "1:gprof: --root=nosuch: no function of the program matches:0" \
		"$rc:$(sed "s#^$GPROF#gprof#" none.err):$(wc -c <none.out)"
	"$GPROF" --dot --leaf=nosuch.c: shape shape.gmon >none.out 2>none.err
	rc=$?
	if refused_in_one_line $rc none.err && [ ! -s none.out ]; then
		pass pictures.leaf.no-match
	else
		fail pictures.leaf.no-match "rc $rc, $(cat none.err)"
	fi
	"$GPROF" --dot --depth=-1 shape shape.gmon >none.out 2>none.err
	expect_eq pictures.depth.negative "1:0" "$?:$(wc -c <none.out)"
fi

# the same shape with call stacks: --flame --root/--leaf/--depth draw the
# stacks --folded lists, cut as the options say (Python cuts them again)
if ! cc -pg -g -O0 -fno-omit-frame-pointer -o shape-stacks shape.c "$TOP/libgmon/libgmon.a" ||
	! GMON_STACK_DEPTH=32 GMON_RATE=1000 ./shape-stacks; then
	fail pictures.flame.root.setup "cannot build and run the program with stacks"
else
	"$GPROF" --folded shape-stacks gmon.out >shape.folded
	for set in "--root=b" "--root=b --depth=1" "--leaf=d" "--leaf=f --depth=1" \
		"--root=a --leaf=f" "--root=a --root=e --depth=0"; do
		read -ra args <<<"$set"
		"$GPROF" --flame "${args[@]}" shape-stacks gmon.out >shape-flame.svg 2>shape-flame.err
		python3 - "flame.$(echo "$set" | sed 's/--//g; s/ /_/g; s/=/./g')" "$set" <<'EOF'
import sys, xml.etree.ElementTree as ET
from collections import Counter
name, options = sys.argv[1], sys.argv[2].split()
roots = {o.split("=")[1] for o in options if o.startswith("--root=")}
leaves = {o.split("=")[1] for o in options if o.startswith("--leaf=")}
depth = [int(o.split("=")[1]) for o in options if o.startswith("--depth=")]
want = Counter()
for line in open("shape.folded"):
    path, samples = line.rsplit(" ", 1)
    frames = path.split(";")
    if roots:
        at = [i for i, f in enumerate(frames) if f in roots]
        if not at:
            continue
        frames = frames[at[0]:]
    if leaves:
        at = [i for i, f in enumerate(frames) if f in leaves]
        if not at:
            continue
        frames = frames[:at[-1] + 1]
    if depth and roots:
        frames = frames[:depth[0] + 1]
    elif depth and leaves:
        frames = frames[-(depth[0] + 1):]
    for k in range(1, len(frames) + 1):
        want[tuple(frames[:k])] += int(samples)
want = Counter((p[-1], len(p), n) for p, n in want.items())
got = Counter()
for g in ET.parse("shape-flame.svg").getroot().iter("{http://www.w3.org/2000/svg}g"):
    if g.get("class") == "frame":
        title = g.find("{http://www.w3.org/2000/svg}title").text
        got[(title.split(" (")[0], int(g.get("data-depth")), int(g.get("data-samples")))] += 1
good = got == want and len(want) > 0
print(("ok pictures." + name) if good else ("not ok pictures.%s: got %r, want %r" % (name, sorted(got), sorted(want))))
EOF
	done
	"$GPROF" --flame --leaf=nosuch shape-stacks gmon.out >none.out 2>none.err
	expect_eq pictures.flame.leaf.no-match "1:gprof: --leaf=nosuch: no function of the program matches:0" \
		"$?:$(sed "s#^$GPROF#gprof#" none.err):$(wc -c <none.out)"
	"$GPROF" --flame --root=h --leaf=f shape-stacks gmon.out >none.out 2>none.err
	expect_eq pictures.flame.no-stack "1:gprof: --flame: no call stack goes through the functions --root and --leaf name:0" \
		"$?:$(sed "s#^$GPROF#gprof#" none.err):$(wc -c <none.out)"
fi

# ---------------------------------------------------------------- cycles

# main -> x;  x -> y -> z -> x: x holds all the time, y and z none
cat >cycle.c <<'C'
static volatile unsigned long sink;
void y(int n);
void z(int n);
void x(int n)
{
	for (volatile int i = 0; i < 4000; i++)
		sink += i;
	if (n > 0)
		y(n - 1);
}
void y(int n) { if (n > 0) z(n - 1); }
void z(int n) { if (n > 0) x(n - 1); }
int main(void)
{
	for (int i = 0; i < 60; i++)
		x(6);
	return 0;
}
C
if ! cc -pg -O0 -o cycle cycle.c || ! ./cycle; then
	fail pictures.cycle.setup "cannot build and run the program"
else
	mv gmon.out cycle.gmon
	# all the time in x, whatever the run sampled
	python3 "$TOP/tests/cli/set_samples.py" cycle.gmon \
		"$(nm cycle | sed -n 's/^\([0-9a-f]*\) T x$/0x\1/p')=50"
	if [ "$("$GPROF" --json cycle cycle.gmon | jq '.histogram.total_samples')" != 50 ]; then
		fail pictures.cycle.setup "the samples were not set"
	fi
	# cluster FILE: the names of the nodes inside the cycle's cluster
	cluster() {
		sed -n '/subgraph cluster_/,/^  }/p' "$1" >"$1.cluster"
		names "$1.cluster"
	}
	for th in default 50 100; do
		args=()
		[ $th != default ] && args=("--node-threshold=$th")
		"$GPROF" --dot "${args[@]}" cycle cycle.gmon >cycle-$th.dot
		expect_eq "pictures.cycle.whole.$th" "x y z" "$(cluster cycle-$th.dot)"
	done
	"$GPROF" --dot --root=x --depth=0 cycle cycle.gmon >cycle-root.dot
	expect_eq pictures.cycle.whole.root "x y z" "$(cluster cycle-root.dot)"
	# the arcs around the cycle are drawn with it
	expect_eq pictures.cycle.arcs 3 "$(grep -c 'style=dashed' cycle-default.dot)"
	# a symspec still removes a member, as in the text
	"$GPROF" --dot -e z cycle cycle.gmon >cycle-e.dot
	expect_eq pictures.cycle.symspec "x y" "$(cluster cycle-e.dot)"
fi
