#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-conservation.sh: every view keeps the profile's own figures
# for the calls no runtime counted and for each call site.  A -pg program
# calls a library built without -pg (libplain.so, standing for libm: its
# outer function calls an inner one), main calls area from two sites (7
# calls and 1); the call stacks are crafted (tests/cli/craft_process.py)
# with the real return addresses, so that every figure is known:
#   conservation.graph.*      the text call graph links the library's
#                             functions to their callers, count empty
#   conservation.json.*       such an arc says "count": null, "counted": false
#   conservation.dot.*, .html.*  the same arcs in --dot and --html, no count
#   conservation.sites.*      --callgrind writes each call site's count, as
#                             `gprof -l -q` prints it, and its measured cost
#   conservation.callgrind.*  in the file, calls in = self + calls out for
#                             every function (calls=1, marked, for the
#                             uncounted)
#   conservation.annotate.*   callgrind_annotate: the same for every
#                             function, each site's count = `gprof -l -q`'s,
#                             no warning (tests/cli/conservation.py)
#   conservation.cxx.*        the same on a C++ program run for real
#   conservation.runtime.*    the runtime's functions are the profiler's,
#                             libgmon.a's static ones wherever the link put
#                             them, and no function of the program
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
cd "${KEEP:-$SCRATCH}" || exit 2
craft=$TOP/tests/cli/craft_process.py

cat >plain.c <<'C'
volatile double lsink;
static __attribute__((noinline)) double lib_inner(double x)
{
	for (int i = 0; i < 100; i++)
		lsink += x * i;
	return lsink;
}
double lib_outer(double x) { return lib_inner(x) + 1.0; }
C
cat >prog.c <<'C'
double lib_outer(double);
static volatile double sink;
double area(int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += lib_outer(i);
	return s;
}
int main(void)
{
	for (int i = 0; i < 7; i++)
		sink += area(3);
	sink += area(4);
	return 0;
}
C
if ! cc -O0 -g -shared -fPIC -o libplain.so plain.c 2>err ||
	! cc -pg -O0 -g -no-pie -o prog prog.c -L. -lplain -Wl,-rpath,"$PWD" 2>>err ||
	! ./prog || [ ! -s gmon.out ]; then
	fail conservation.setup "cannot build and run the program: $(head -3 err)"
	exit 0
fi
cp gmon.out gmon.orig

# the return address of the K-th call from FROM to TO in FILE
return_address() {
	objdump -d --no-show-raw-insn "$1" | awk -v from="$2" -v to="$3" -v k="$4" '
		/^[0-9a-f]+ <.*>:$/ { inside = ($2 == "<" from ">:"); next }
		inside && found { sub(":", "", $1); print "0x" $1; exit }
		inside && /call/ && ($NF == "<" to ">" || $NF == "<" to "@plt>") { if (++seen == k) found = 1 }'
}
A1=$(return_address prog main area 1) A2=$(return_address prog main area 2)
O1=$(return_address prog area lib_outer 1) I1=$(return_address libplain.so lib_outer lib_inner 1)
AREA=$(symbol_address prog area) MAIN=$(symbol_address prog main)
OUTER=$(symbol_address libplain.so lib_outer) INNER=$(symbol_address libplain.so lib_inner)
if [ -z "$A1" ] || [ -z "$A2" ] || [ -z "$O1" ] || [ -z "$I1" ] || [ -z "$AREA" ] || [ -z "$INNER" ]; then
	fail conservation.setup "cannot find the calls: '$A1' '$A2' '$O1' '$I1' '$AREA' '$INNER'"
	exit 0
fi
read -r main_text main_size < <(text_section prog)
read -r lib_text lib_size < <(text_section libplain.so)
B1=0x7f0000000000
# main's first site (7 calls) on few samples, its second (1 call) on
# many: a count shared by samples would not give 7 and 1
cat >spec.json <<JSON
{"objects": [
  {"number": 0, "flags": 1, "bias": 0, "segments": [[$((main_text)), $((main_text + main_size))]],
   "path": "$PWD/prog"},
  {"number": 1, "flags": 0, "bias": "$B1", "segments": [[$((lib_text + B1)), $((lib_text + lib_size + B1))]],
   "path": "$PWD/libplain.so"}],
 "rate": 100,
 "stacks": {"entries": [
  [6, [$((INNER + 4 + B1)), $((I1 + B1)), $((O1)), $((A1))]],
  [4, [$((AREA + 4)), $((A1))]],
  [50, [$((INNER + 4 + B1)), $((I1 + B1)), $((O1)), $((A2))]],
  [20, [$((OUTER + 4 + B1)), $((O1)), $((A2))]],
  [10, [$((AREA + 4)), $((A2))]],
  [3, [$((MAIN + 4))]]]}}
JSON
cp gmon.orig gmon.out
"$craft" spec.json gmon.out || { fail conservation.setup "craft_process.py failed"; exit 0; }

# ---------------------------------------------------------------- text
"$GPROF" -b -q prog gmon.out >graph.txt 2>err
expect_eq conservation.graph.status "0:" "$?:$(cat err)"
# the library's callee under area, its count column empty, its time
# measured (76 of the 93 samples go through the call)
# entry NAME: the lines of NAME's entry in graph.txt (awk has no {N})
entry() { awk -v n="$1" 'index($0, " " n " [") && /^\[/ { inside = 1; next } /^---/ { inside = 0 } inside' graph.txt; }
expect_eq conservation.graph.library-callee "1" \
	"$(entry area | grep -cE '^ +0\.20 +0\.56 {21}lib_outer \[libplain.so\] \[[0-9]+\]$')"
expect_eq conservation.graph.inside-library "1" \
	"$(entry 'lib_outer [libplain.so]' | grep -cE '^ +0\.56 +0\.00 {21}lib_inner \[libplain.so\] \[[0-9]+\]$')"
# the library's functions: no count (empty), not 0
expect_eq conservation.graph.entry-count-empty "1" \
	"$(grep -cE '^\[[0-9]+\] +[0-9.]+ +0\.20 +0\.56 {17}lib_outer \[libplain.so\] \[[0-9]+\]$' graph.txt)"
expect_eq conservation.graph.header "Times below are measured from 93 samples in 6 distinct call stacks." \
	"$(grep '^Times below' graph.txt)"

# ---------------------------------------------------------------- JSON
"$GPROF" --json prog gmon.out >out.json 2>err
expect_eq conservation.json.arcs "lib_outer None False|lib_inner None False|area 8 True" "$(python3 -c '
import json
arcs = json.load(open("out.json"))["call_graph"]["arcs"]
print("|".join("%s %s %s" % (n, a["count"], a.get("counted"))
               for n in ("lib_outer", "lib_inner", "area") for a in arcs if a["callee_name"] == n))')"

# ---------------------------------------------------------------- DOT and HTML
# the same arcs in the pictures: area -> lib_outer -> lib_inner, no count
"$GPROF" --dot prog gmon.out >out.dot 2>err
expect_eq conservation.dot.library-callees "area>lib_outer 81.72%|lib_outer>lib_inner 60.22%" \
	"$(awk -F'"' '/ \[label="/ && !/->/ { split($0, a, " "); n = $2; sub(/\\n.*/, "", n); sub(/ \[.*/, "", n); name[a[1]] = n }
		/->/ { split($0, a, " "); l = $2; gsub(/\\n/, " ", l); print name[a[1]] ">" name[a[3]], l }' out.dot |
		grep 'lib_' | sort | paste -sd'|')"
"$GPROF" --html prog gmon.out >out.html 2>err
expect_eq conservation.html.library-arcs "area>lib_outer None|lib_outer>lib_inner None" "$(python3 - out.html <<'PY'
import json, re, sys
page = open(sys.argv[1]).read()
d = json.loads(re.search(r'<script type="application/json" id="gprof-data">(.*?)</script>', page, re.S).group(1))
prof = d["profiles"][0] if "profiles" in d else d
fn = [f[0] for f in prof["fn"]]
print("|".join(sorted("%s>%s %s" % (fn[a[0]], fn[a[1]], a[2]) for a in prof["arcs"] if fn[a[1]].startswith("lib_"))))
PY
)"

# ---------------------------------------------------------------- callgrind
"$GPROF" --callgrind prog gmon.out >out.callgrind 2>err
expect_eq conservation.callgrind.status "0:" "$?:$(cat err)"
# each of main's call sites of area: the count `gprof -l -q` prints for
# it, on its line
lines_of() { awk -v f="$1" '/^fn=/ { fn = substr($0, 4) } /^cfn=/ { cfn = substr($0, 5) }
	/^calls=/ { split($0, c, "[= ]"); calls = c[2]; getline; if (fn == f && cfn == "area") print $1 ":" calls }' out.callgrind | sort; }
"$GPROF" -b -l -q prog gmon.orig >lines.txt 2>/dev/null
from_lines=$(awk '/^\[[0-9]+\]/ { entry = $0 } !/^\[/ && / area \(prog\.c:[0-9]+ @/ { next }
	!/^\[/ && /main \(prog\.c:[0-9]+ @ [0-9a-f]+\)/ && $3 ~ /\// {
		split($3, n, "/"); match($0, /prog\.c:[0-9]+/); key = substr($0, RSTART + 7, RLENGTH - 7) ":" n[1]
		if (!(key in seen)) { seen[key] = 1; print key } }' lines.txt | sort)
expect_eq conservation.sites.counts "$from_lines" "$(lines_of main)"
expect_eq conservation.sites.two "2" "$(lines_of main | wc -l | tr -d ' ')"
# the costs at main's sites: 10 samples through the first, 80 the second
expect_eq conservation.sites.costs "10 80" "$(awk '/^fn=/ { fn = substr($0, 4) } /^cfn=/ { cfn = substr($0, 5) }
	/^calls=/ { getline; if (fn == "main" && cfn == "area") { printf "%s%s", s, $2; s = " " } }' out.callgrind)"
# the uncounted calls: calls=1 after a line "# uncounted" (at least
# one; calls=0 would make callgrind_annotate count the cost as the
# caller's own), their cost measured
expect_eq conservation.callgrind.uncounted-marked "2" "$(grep -c '^# uncounted$' out.callgrind)"
expect_eq conservation.callgrind.uncounted "area>lib_outer 1 76|lib_outer>lib_inner 1 56" \
	"$(awk '/^fn=/ { fn = substr($0, 4) } /^cfn=/ { cfn = substr($0, 5) }
	/^calls=/ { split($0, c, "[= ]"); calls = c[2]; getline
		if (cfn ~ /^lib_/) { printf "%s%s>%s %s %s", s, fn, cfn, calls, $2; s = "|" } }' out.callgrind)"
# calls in = self + calls out, for every function but the root
expect_eq conservation.callgrind.balanced "" "$(python3 - out.callgrind <<'PY'
import sys, collections
self_cost, out, into = collections.Counter(), collections.Counter(), collections.Counter()
fn = cfn = None; call = False
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    if line.startswith("fn="): fn = line[3:]; self_cost[fn] += 0
    elif line.startswith("cfn="): cfn = line[4:]
    elif line.startswith("calls="): call = True
    elif line and line[0].isdigit() and fn:
        cost = int(line.split()[1])
        if call: out[fn] += cost; into[cfn] += cost; call = False
        else: self_cost[fn] += cost
for f in self_cost:
    if f in into and into[f] != self_cost[f] + out[f]:
        print(f, into[f], self_cost[f], out[f])
PY
)"

# ---------------------------------------------------------------- callgrind_annotate
# tests/cli/conservation.py: in callgrind_annotate, for every function,
# the calls into it = its self cost + its calls out; every call site's
# count = `gprof -l -q`'s; no warning; main alone has no caller
"$GPROF" -b -l -q prog gmon.out >lines-now.txt 2>/dev/null
if command -v callgrind_annotate >/dev/null 2>&1; then
	expect_eq conservation.annotate.crafted "functions 4 unbalanced 0
roots main
sites 2 callees 1 (0 with sites -l shows together) differing 0
warnings 0" "$(python3 "$TOP/tests/cli/conservation.py" out.callgrind lines-now.txt 2>&1)"
else
	pass conservation.annotate.skipped
fi

# a C++ program run for real (tests/cli/data/exports.cc: templates,
# lambdas, std::function, std::thread, an exception, libm, malloc), -O2,
# linked with libgmon.a: wherever its samples land, every function
# balances in callgrind_annotate, each call site has `gprof -l -q`'s
# count, and only the process's and the thread's entry points (_start,
# clone3) have no caller
if command -v g++ >/dev/null 2>&1 && command -v callgrind_annotate >/dev/null 2>&1 &&
	mkdir cxx && (cd cxx && g++ -pg -O2 -g -o ex "$TOP/tests/cli/data/exports.cc" \
		"$TOP/libgmon/libgmon.a" -pthread && GMON_RATE=1000 ./ex 1) 2>err; then
	(cd cxx && "$GPROF" --callgrind ex gmon.out >out.callgrind && "$GPROF" -b -l -q ex gmon.out >lines.txt) 2>err
	expect_eq conservation.cxx.status "0:" "$?:$(cat err)"
	python3 "$TOP/tests/cli/conservation.py" cxx/out.callgrind cxx/lines.txt >cxx.txt 2>&1
	expect_eq conservation.cxx.balanced "unbalanced 0" "$(sed -n 1p cxx.txt | cut -d' ' -f3-)"
	expect_eq conservation.cxx.roots "roots _start,clone3" "$(sed -n 2p cxx.txt)"
	expect_eq conservation.cxx.sites "differing 0" "$(sed -n 3p cxx.txt | awk '{ print $(NF - 1), $NF }')"
	expect_eq conservation.cxx.warnings "warnings 0" "$(sed -n 4p cxx.txt)"
	[ "$(sed -n 5p cxx.txt)" = "" ] || echo "# $(sed -n 5,9p cxx.txt)"
else
	pass conservation.cxx.skipped
fi

# ---------------------------------------------------------------- the runtime's own
# a -pg program linked with libgmon.a, its samples replaced: 50 in work,
# 40 in gmon_arc_count (the arc lookup on mcount's slow path), 10 in the
# sampler's static on_sample: those 50 are the profiler's, not the
# program's (analysis/overhead.c)
cat >own.c <<'C'
static volatile unsigned long sink;
void work(int n) { for (volatile int i = 0; i < n; i++) sink += i; }
int main(void) { for (int i = 0; i < 1000; i++) work(100); return 0; }
C
if [ -f "$TOP/libgmon/libgmon.a" ] &&
	cc -pg -O0 -no-pie -o own own.c "$TOP/libgmon/libgmon.a" 2>err && ./own && [ -s gmon.out ]; then
	rm -f .gmon.out.process
	ARC=$(symbol_address own gmon_arc_count) ON=$(symbol_address own on_sample) W=$(symbol_address own work)
	if python3 "$TOP/tests/cli/set_samples.py" gmon.out "$((ARC + 4))=40" "$((ON + 4))=10" "$((W + 4))=50"; then
		"$GPROF" -b -p --main-only own gmon.out >own.txt 2>err
		expect_eq conservation.runtime.flat "0:0.50 100.00 work" \
			"$?:$(awk '$1 ~ /^[0-9.]+$/ { print $3, $1, $NF }' own.txt)$(cat err)"
		expect_eq conservation.runtime.overhead "The profiler's own work took 0.50 seconds (50.0% of the samples), not counted below." \
			"$(grep "^The profiler's own" own.txt)"
		# --with-overhead: counted, by their names
		"$GPROF" -b -p --main-only --with-overhead own gmon.out >own2.txt 2>err
		expect_eq conservation.runtime.counted "gmon_arc_count 0.40|on_sample 0.10|work 0.50" \
			"$(awk '$1 ~ /^[0-9.]+$/ { print $NF, $3 }' own2.txt | sort | tr '\n' '|' | sed 's/|$//')"
	else
		fail conservation.runtime.setup "set_samples.py failed"
	fi
else
	fail conservation.runtime.setup "cannot build and run a -pg program with libgmon.a: $(head -3 err)"
fi

# libgmon.a's static functions wherever the link put them: start.c's
# lie below its lowest public function (self_start, the constructor, in
# .text.startup; __monstartup's cold part, where gcc makes one); and a
# function the program keeps hidden, which a PIE link makes local beside
# the runtime's hidden ones: the program's (30 samples), not the
# profiler's (the runtime's 50 are)
cat >part.c <<'C'
static volatile unsigned long psink;
__attribute__((visibility("hidden"))) void part_work(int n) { for (volatile int i = 0; i < n; i++) psink += i; }
C
cat >own2.c <<'C'
static volatile unsigned long sink;
void part_work(int n);
void work(int n) { for (volatile int i = 0; i < n; i++) sink += i; part_work(n); }
int main(void) { for (int i = 0; i < 1000; i++) work(100); return 0; }
C
if [ -f "$TOP/libgmon/libgmon.a" ] && cc -pg -O0 -fPIE -pie -o own2 own2.c part.c "$TOP/libgmon/libgmon.a" 2>err &&
	./own2 && [ -s gmon.out ]; then
	rm -f .gmon.out.process
	SS=$(symbol_address own2 self_start) COLD=$(symbol_address own2 __monstartup.cold)
	W=$(symbol_address own2 work) P=$(symbol_address own2 part_work)
	if [ -n "$COLD" ]; then cold="$((COLD + 4))=10" own=40; else cold= own=50; fi
	if [ -n "$SS" ] && python3 "$TOP/tests/cli/set_samples.py" gmon.out "$((SS + 4))=$own" $cold \
		"$((W + 4))=20" "$((P + 4))=30"; then
		"$GPROF" -b -p --main-only own2 gmon.out >own3.txt 2>err
		expect_eq conservation.runtime.statics-and-hidden "0:part_work 0.30|work 0.20" \
			"$?:$(awk '$1 ~ /^[0-9.]+$/ { print $NF, $3 }' own3.txt | sort | tr '\n' '|' | sed 's/|$//')$(cat err)"
		expect_eq conservation.runtime.statics-overhead "The profiler's own work took 0.50 seconds (50.0% of the samples), not counted below." \
			"$(grep "^The profiler's own" own3.txt)"
	else
		fail conservation.runtime.statics-setup "no self_start in own2, or set_samples.py failed"
	fi
else
	fail conservation.runtime.statics-setup "cannot build and run a PIE -pg program with libgmon.a: $(head -3 err)"
fi

# libgmon.so (gprof-run preloads it): its wrapper of read is the
# runtime's, its own samples the profiler's, and a call of the C
# library's read through it is the program's call (here libplain's
# lib_outer stands for the C library's read): the stacks lose the
# wrapper's frame
if [ -f "$TOP/libgmon/libgmon.so" ]; then
	cp "$TOP/libgmon/libgmon.so" .
	RD=$(nm -D --defined-only libgmon.so | awk '$3 == "read" { print "0x" $1 }')
	read -r gmon_text gmon_size < <(text_section libgmon.so)
	B2=0x7f1000000000
	cat >spec2.json <<JSON
{"objects": [
  {"number": 0, "flags": 1, "bias": 0, "segments": [[$((main_text)), $((main_text + main_size))]],
   "path": "$PWD/prog"},
  {"number": 1, "flags": 0, "bias": "$B1", "segments": [[$((lib_text + B1)), $((lib_text + lib_size + B1))]],
   "path": "$PWD/libplain.so"},
  {"number": 2, "flags": 0, "bias": "$B2", "segments": [[$((gmon_text + B2)), $((gmon_text + gmon_size + B2))]],
   "path": "$PWD/libgmon.so"}],
 "rate": 100,
 "samples": [[$((RD + 4 + B2)), 30], [$((OUTER + 4 + B1)), 20]],
 "stacks": {"entries": [
  [30, [$((RD + 4 + B2)), $((A2))]],
  [15, [$((OUTER + 4 + B1)), $((RD + 8 + B2)), $((A2))]],
  [5, [$((OUTER + 4 + B1)), $((A2))]]]}}
JSON
	cp gmon.orig gmon.out
	"$craft" spec2.json gmon.out || fail conservation.runtime.wrapper-setup "craft_process.py failed"
	"$GPROF" -b prog gmon.out >wrap.txt 2>err
	expect_eq conservation.runtime.wrapper-status "0:" "$?:$(cat err)"
	expect_eq conservation.runtime.wrapper-not-program "0" "$(grep -c 'libgmon.so' wrap.txt)"
	expect_eq conservation.runtime.wrapper-overhead "The profiler's own work took 0.30 seconds (60.0% of the samples), not counted below." \
		"$(grep -m1 "^The profiler's own" wrap.txt)"
	# the two stacks through lib_outer differ by the wrapper's frame only
	expect_eq conservation.runtime.wrapper-one-stack "Times below are measured from 20 samples in 1 distinct call stacks." \
		"$(grep '^Times below' wrap.txt)"
	expect_eq conservation.runtime.wrapper-transparent "1" \
		"$(awk 'index($0, " main [") && /^\[/ { inside = 1; next } /^---/ { inside = 0 } inside' wrap.txt |
			grep -cE '^ +0\.20 +0\.00 +lib_outer \[libplain.so\] \[[0-9]+\]$')"
else
	fail conservation.runtime.wrapper-setup "no libgmon/libgmon.so"
fi
