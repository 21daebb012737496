#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/cli/t-exports.sh: the exports name what the profile knows, the
# same way in every view (issue 38).  The program is
# tests/cli/data/exports.cc built -O2 (its two lambdas inlined: one into
# main, one into std::function's _M_invoke), run once without work; its
# call stacks are written by tests/cli/craft_process.py, so that every
# figure is known: 10 samples in the first lambda, 20 in the second, 5 in
# sin@plt, 7 in lib_hot and 3 in allocate(long) of libexpo.so (a library
# built here with -g), 4 in the program's own allocate(long).
#   exports.folded.*   names with their spaces, a library's function with
#                      its object ("allocate(long) [libexpo.so]" beside the
#                      program's "allocate(long)"); --flame spells them the
#                      same
#   exports.index.*    a whole-process call graph numbers its entries 1..N
#   exports.html.*     the header's stacks cut short (the page's data, and as
#                      a browser shows the header)
#   exports.source.*   the --html source view by address: a function's
#                      lines hold its own code's samples, inlined code's
#                      included (whitelist's lines, below sweepgen's in the
#                      file, under enterinc), and each line the calls it
#                      made (3 and 5, not 8 on both); in the page's data
#                      and as a browser shows it
#   exports.pprof.*    with go: two lambdas, two functions with files and
#                      lines (-top, -list); a library's function has its
#                      file (-list) and its code (-disasm); the program's
#                      code (-disasm); -weblist on a PLT stub and on a
#                      library's function writes its page; mappings at the
#                      objects' own addresses with the code's file offset
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
cd "${KEEP:-$SCRATCH}" || exit 2
craft=$TOP/tests/cli/craft_process.py
src=$TOP/tests/cli/data/exports.cc

command -v g++ >/dev/null || { echo "ok exports # skipped: no g++"; exit 0; }
cat >expo.cc <<'C'
static volatile long sink;
extern "C" void lib_hot(long n)
{
	for (long i = 0; i < n; i++)
		sink += i;
}
void allocate(long n) { sink += n; }
C
if ! g++ -pg -O2 -g -o ex "$src" "$TOP/libgmon/libgmon.a" -pthread ||
	! g++ -O1 -g -fPIC -shared -o libexpo.so expo.cc ||
	! (GMON_PROCESS=0 ./ex 0 >/dev/null) || [ ! -s gmon.out ]; then
	fail exports.setup "cannot build and run $src"
	exit 0
fi
cp gmon.out gmon.orig

# an address of source line $2 in code inlined there (addr2line -i: the
# line first, then where it was inlined)
inlined_at() {
	local a
	for a in $(objdump --dwarf=decodedline "$1" |
		awk -v l="$2" '$1 == "exports.cc" && $2 == l && $3 ~ /^0x/ { print $3 }' | sort -u); do
		if addr2line -i -e "$1" "$a" | awk -v l="$2" 'NR == 1 { ok = $0 ~ ("/exports\\.cc:" l "( |$)") }
			END { exit !(ok && NR >= 2) }'; then
			echo "$a"
			return
		fi
	done
}
line1=$(grep -n 'auto first = ' "$src" | cut -d: -f1)
line2=$((line1 + 2))
L1=$(inlined_at ex "$line1")
L2=$(inlined_at ex "$line2")
M=$(symbol_address ex main)
ALLOC=$(nm ex | awk '$3 == "_ZL8allocatel" { print "0x" $1 }')
PLT=0x$(objdump -d ex | awk '/<sin@plt>:/ { print $1 }')
HOT=$(symbol_address libexpo.so lib_hot)
LALLOC=$(nm libexpo.so | awk '$3 == "_Z8allocatel" { print "0x" $1 }')
if [ -z "$L1" ] || [ -z "$L2" ] || [ -z "$M" ] || [ -z "$ALLOC" ] || [ "$PLT" = 0x ] ||
	[ -z "$HOT" ] || [ -z "$LALLOC" ]; then
	fail exports.setup "addresses not found: lambdas [$L1] [$L2] main [$M] allocate [$ALLOC] plt [$PLT] lib [$HOT] [$LALLOC]"
	exit 0
fi
read -r text size < <(objdump -h ex | awk '$2 == ".plt" { print "0x" $4 } $2 == ".fini" { print "0x" $4, "0x" $3 }' |
	xargs | awk '{ printf "%d %d\n", $1, $2 + $3 - $1 }')
read -r ltext lsize < <(text_section libexpo.so)
B=$((0x7f0000000000))
R=$((M + 9)) # a return address in main
# make_profile [STACKS-EXTRA]: the run, with its stacks
make_profile() {
	cp gmon.orig gmon.out
	cat >spec.json <<JSON
{"objects": [{"number": 0, "flags": 1, "bias": 0, "segments": [[$text, $((text + size))]],
   "path": "$PWD/ex", "build_id": "$(build_id ex)"},
  {"number": 1, "flags": 0, "bias": $B, "segments": [[$((B + ltext)), $((B + ltext + lsize))]],
   "path": "$PWD/libexpo.so", "build_id": "$(build_id libexpo.so)"}],
 "stacks": {${1:-}"entries": [[10, [$((L1)), $R]], [20, [$((L2)), $R]], [5, [$((PLT)), $R]],
   [7, [$((B + HOT + 4)), $R]], [3, [$((B + LALLOC)), $R]], [4, [$((ALLOC + 4)), $R]]]}}
JSON
	"$craft" spec.json gmon.out
}
make_profile

# ---------------------------------------------------------------- names
"$GPROF" --folded ex gmon.out >folded 2>err
expect_eq exports.folded.status "0:" "$?:$(cat err)"
expect_eq exports.folded.lines "main;allocate(long) 4
main;allocate(long) [libexpo.so] 3
main;lib_hot [libexpo.so] 7
main;main 10
main;sin@plt 5
main;std::_Function_handler<void (long), main::{lambda(long)#2}>::_M_invoke(std::_Any_data const&, long&&) 20" \
	"$(cat folded)"
# --flame: the same names (its titles, less " (N samples, P%)")
"$GPROF" --flame ex gmon.out >flame.svg 2>err
expect_eq exports.flame.names "$(sed 's/ [0-9]*$//' folded | tr ';' '\n' | sort -u)" \
	"$(sed -n 's/.*<title>\(.*\) ([0-9]* samples, [0-9.]*%)<\/title>.*/\1/p' flame.svg |
		sed 's/&lt;/</g; s/&gt;/>/g; s/&amp;/\&/g' | sort -u)"

# ---------------------------------------------------------------- index numbers
"$GPROF" -b -q ex gmon.out >graph 2>err
numbers=$(grep -o '^\[[0-9]*\]' graph | tr -d '[]' | sort -n)
expect_eq exports.index.dense "$(seq 1 "$(echo "$numbers" | wc -l)" | xargs)" "$(echo "$numbers" | xargs)"

# ---------------------------------------------------------------- html header
make_profile '"at_limit": 3, "cut_short": 4, '
"$GPROF" --html ex gmon.out >page.html 2>err
expect_eq exports.html.stacks "[6,49,0,3,4,128]" \
	"$(grep -o '"stacks":\[[0-9,]*\]' page.html | sed 's/"stacks"://')"
if command -v node >/dev/null && [ -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
	node "$TOP/tests/cli/html/source.js" page.html header >facts 2>&1
	expect_eq exports.html.header-shown \
		"stacks cut: 3 at the depth limit (128 frames), 4 cut short by a frame that could not be followed" \
		"$(grep '^stacks cut' facts)"
else
	echo "ok exports.html.header-shown # skipped: node or chromium missing"
fi
make_profile

# ---------------------------------------------------------------- source view
# enterinc calls mark from two lines (3 and 5 times) and has whitelist
# inlined, whose lines lie below sweepgen's in the file; samples set on
# a line of each (the bins of one address each)
mkdir -p src && cd src || exit 2
cat >inl.c <<'C'
static volatile int sink;
static inline __attribute__((always_inline)) void whitelist(int n);
__attribute__((noinline)) void mark(int k) { sink += k; }
__attribute__((noinline)) void enterinc(void)
{
	for (int i = 0; i < 3; i++)
		mark(1);
	for (int i = 0; i < 5; i++)
		mark(2);
	whitelist(1000);
}
__attribute__((noinline)) void sweepgen(void)
{
	sink++;
}
static inline __attribute__((always_inline)) void whitelist(int n)
{
	for (volatile int i = 0; i < n; i++)
		sink += i;
}
int main(void)
{
	enterinc();
	sweepgen();
	return 0;
}
C
# an even address of line $2 in $1's line table (a bin of 2 bytes holds it)
line_address() {
	local a
	a=$(objdump --dwarf=decodedline "$1" | awk -v l="$2" '$1 == "inl.c" && $2 == l && $3 ~ /^0x/ { print $3; exit }')
	printf '0x%x\n' $((a + a % 2))
}
if gcc -pg -O1 -g -o inl inl.c "$TOP/libgmon/libgmon.a" -pthread && (GMON_PROCESS=0 ./inl) &&
	python3 "$TOP/tests/cli/set_samples.py" gmon.out "$(line_address inl 5)=5" \
		"$(line_address inl 19)=40" "$(line_address inl 14)=7"; then
	"$GPROF" --html inl gmon.out >source.html 2>err
	# the page's data: each function's lines, samples and calls by site
	python3 - source.html >rows <<'PY'
import json, re, sys
page = open(sys.argv[1]).read()
def block(name):
    return json.loads(re.search(r'<script type="application/json" id="%s">(.*?)</script>' % name, page, re.S).group(1))
data = block("gprof-data")
prof = data["profiles"][0] if "profiles" in data else data
fn, files = prof["fn"], prof["files"]
for f, rows in block("gprof-source-0")["rows"]:
    cells = []
    for file, line, ticks, calls in rows:
        c = ",".join("%s x%d" % (fn[calls[i]][0], calls[i + 1]) for i in range(0, len(calls), 2))
        cells.append("%s:%d %g%s" % (files[file].rsplit("/", 1)[-1], line, ticks, " " + c if c else ""))
    print(fn[f][0] + ": " + "; ".join(cells))
print("ids", " ".join(str(i) for n in ("enterinc", "sweepgen") for i, r in enumerate(fn) if r[0] == n))
PY
	expect_eq exports.source.rows "enterinc: inl.c:5 5; inl.c:7 0 mark x3; inl.c:9 0 mark x5; inl.c:19 40
sweepgen: inl.c:14 7
main: inl.c:23 0 enterinc x1; inl.c:24 0 sweepgen x1" "$(grep -v '^ids' rows)"
	# as a browser shows them (tests/cli/html/source.js)
	if command -v node >/dev/null && [ -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
		# shellcheck disable=SC2046
		node "$TOP/tests/cli/html/source.js" source.html $(sed -n 's/^ids //p' rows) >shown 2>&1
		expect_eq exports.source.shown "enterinc
0|5|5|called 1 time|{
0|7||mark ×3|		mark(1);
0|9||mark ×5|		mark(2);
0|19|40||		sink += i;
sweepgen
0|13||called 1 time|{
0|14|7||	sink++;" "$(cat shown)"
	else
		echo "ok exports.source.shown # skipped: node or chromium missing"
	fi
else
	fail exports.source.setup "cannot build, run and set the samples of inl.c"
fi
cd .. || exit 2

# ---------------------------------------------------------------- pprof
if ! command -v go >/dev/null 2>&1; then
	echo "ok exports.pprof # skipped: go not installed"
	exit 0
fi
export HOME=$PWD/home GOCACHE=$PWD/gocache GOPATH=$PWD/gopath GOFLAGS=-mod=mod BROWSER=true
mkdir -p "$HOME"
"$GPROF" --pprof ex gmon.out >p.pb.gz 2>err
expect_eq exports.pprof.status "0:" "$?:$(cat err)"
pp() { go tool pprof -sample_index=samples "$@" p.pb.gz 2>pprof.err; }
pp -top >top
lambda() { echo "main::{lambda at exports.cc:$1}::operator() (inline)"; }
expect_eq exports.pprof.top.lambdas "10 $(lambda "$line1")|20 $(lambda "$line2")" \
	"$(awk '/lambda at/ { $2 = $3 = $4 = $5 = ""; print }' top | sed 's/  */ /g' | sort | paste -sd'|')"
# pprof groups functions by name (-top): the two allocate(long) are one
# line there, and two by file (-filefunctions)
pp -top -filefunctions >top-files
expect_eq exports.pprof.top.by-file "3 allocate(long) expo.cc|4 allocate(long) exports.cc|7 lib_hot expo.cc|5 sin@plt" \
	"$(awk '$6 == "lib_hot" || $6 == "sin@plt" || $6 == "allocate(long)" { f = $7; sub(/.*\//, "", f); print $1, $6 (f == "" ? "" : " " f) }' top-files |
		sort -k2,2 -k3,3 | paste -sd'|')"
pp -list "lambda at exports.cc:$line1" >list1
expect_eq exports.pprof.list.lambda-file \
	"ROUTINE ======================== $(lambda "$line1" | sed 's/ (inline)//') in $src|10 $line1" \
	"$(awk '/^ROUTINE/ { print } $3 ~ /^[0-9]+:$/ && $1 != "." { sub(":", "", $3); print $1, $3 }' list1 | paste -sd'|')"
pp -list '^lib_hot$' >list2
expect_eq exports.pprof.list.library-file "ROUTINE ======================== lib_hot in $PWD/expo.cc" \
	"$(grep '^ROUTINE' list2)"
# (-disasm's regular expression must match both the location's name and
# the symbol in the file: unanchored)
pp -disasm 'lib_hot' >disasm1
expect_eq exports.pprof.disasm.library "ROUTINE ======================== lib_hot|7 7" \
	"$(awk '/^ROUTINE/ { print } /\(flat, cum\)/ { print $1, $2 }' disasm1 | paste -sd'|')"
pp -disasm 'allocate' >disasm2
expect_eq exports.pprof.disasm.program-and-library \
	"ROUTINE ======================== _Z8allocatel|3 3|ROUTINE ======================== _ZL8allocatel|4 4" \
	"$(awk '/^ROUTINE/ { print } /\(flat, cum\)/ { print $1, $2 }' disasm2 | paste -sd'|')"
for f in 'sin@plt' '^lib_hot$'; do
	pp -weblist "$f" -output web.html
	rc=$?
	expect_eq "exports.pprof.weblist.${f//[^a-z_]/}" "0::yes" \
		"$rc:$(grep -c panic pprof.err | sed 's/^0$//'):$(grep -q "${f//[\^\$]/}" web.html && echo yes)"
done
# the mappings: each object's code, at its own addresses, with the file
# offset of .plt (the program's) or .text (the library's)
pp -raw | sed -n '/^Mappings/,$p' >mappings
expect_eq exports.pprof.mappings \
	"$(printf '1: 0x%x/0x%x/0x%x ex %s [FN][FL][LN]|2: 0x%x/0x%x/0x%x %s %s [FN][FL][LN]' \
		$((text & ~4095)) $((text + size)) $((text & ~4095)) "$(build_id ex)" \
		$((ltext & ~4095)) $((ltext + lsize)) $((ltext & ~4095)) "$PWD/libexpo.so" "$(build_id libexpo.so)")" \
	"$(sed 1d mappings | paste -sd'|')"
