#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-callgrind.sh: --callgrind's costs by source line.  A real
# -pg -g run gives the arcs and the line table; its samples are replaced
# by fixed ones (set_samples.py) and its call stacks written by
# craft_process.py, at addresses read from the program's own line table
# (objdump --dwarf=decodedline) and calls (objdump -d), so that every
# cost line of the file is known:
#
#   work   line 4: 50   line 5: 300   line 6: 100
#   heavy  line 10: 40, its calls of work from line 10 (350) and 11 (100)
#   main   line 16: 10, its call of heavy from line 15 (490)
#
# With stacks the calls are on their call sites' lines; without
# (a classic gmon.out) the self costs still are on their lines.  Code
# inlined from a header is on the header's line, under fi=.
# callgrind_annotate reads it: its total is the flat profile's, and its
# annotated source shows the costs on those lines.
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
cd "${KEEP:-$SCRATCH}" || exit 2

cat >lc.c <<'C'
static volatile unsigned long sink;
void work(int n)
{
	for (volatile int i = 0; i < n; i++)
		sink += i;
	sink *= 3;
}
void heavy(void)
{
	work(900);
	work(100);
}
int main(void)
{
	heavy();
	return 0;
}
C
if [ ! -f "$TOP/libgmon/libgmon.a" ] ||
	! cc -pg -g -O0 -no-pie -o lc lc.c "$TOP/libgmon/libgmon.a" 2>err || ! ./lc || [ ! -s gmon.out ]; then
	fail callgrind.setup "cannot build and run a -pg -g program with libgmon: $(head -3 err)"
	exit 0
fi
rm -f .gmon.out.process
# line N's first address (is_stmt rows of the line table, in lc.c)
line_address() {
	objdump --dwarf=decodedline lc | awk -v n="$1" '$1 == "lc.c" && $2 == n { print $3; exit }'
}
# the return address of the K-th call (1, 2...) from function FROM to TO
# (in lc, or the program PROGRAM names)
PROGRAM=lc
return_address() {
	objdump -d --no-show-raw-insn "$PROGRAM" | awk -v from="$1" -v to="$2" -v k="$3" '
		/^[0-9a-f]+ <.*>:$/ { inside = ($2 == "<" from ">:"); next }
		inside && found { sub(":", "", $1); print "0x" $1; exit }
		inside && /call/ && $NF == "<" to ">" { if (++seen == k) found = 1 }'
}
# an even address of line N whose 2-byte histogram bin holds line N alone
bin_address() {
	objdump --dwarf=decodedline lc | python3 -c '
import sys
rows = [(int(f[1]), int(f[2], 16)) for f in (l.split() for l in sys.stdin)
        if len(f) >= 3 and f[0] == "lc.c" and f[1].isdigit() and f[2].startswith("0x")]
for (line, a), (_, end) in zip(rows, rows[1:]):
    e = a + a % 2
    if line == int(sys.argv[1]) and e + 2 <= end:
        print(hex(e)); break' "$1"
}
L4=$(line_address 4) L5=$(line_address 5) L6=$(line_address 6)
L10=$(line_address 10) L16=$(line_address 16)
R10=$(return_address heavy work 1) R11=$(return_address heavy work 2)
R15=$(return_address main heavy 1)
read -r text size < <(text_section lc)
if [ -z "$L4" ] || [ -z "$L5" ] || [ -z "$L6" ] || [ -z "$L10" ] || [ -z "$L16" ] ||
	[ -z "$R10" ] || [ -z "$R11" ] || [ -z "$R15" ]; then
	fail callgrind.setup "cannot read lc's lines or calls: $L4 $L5 $L6 $L10 $L16 $R10 $R11 $R15"
	exit 0
fi
cp gmon.out plain.out
B4=$(bin_address 4) B5=$(bin_address 5) B6=$(bin_address 6) B10=$(bin_address 10)
B16=$(bin_address 16)
python3 "$TOP/tests/cli/set_samples.py" plain.out "$B4=50" "$B5=300" "$B6=100" "$B10=40" \
	"$B16=10" || fail callgrind.setup "set_samples.py failed"
cp plain.out gmon.out
cat >spec.json <<JSON
{"objects": [{"number": 0, "flags": 1, "bias": 0, "segments": [[$((text)), $((text + size))]],
   "path": "$PWD/lc"}],
 "stacks": {"entries": [
  [300, [$((L5)), $((R10)), $((R15))]],
  [50, [$((L4)), $((R10)), $((R15))]],
  [100, [$((L6)), $((R11)), $((R15))]],
  [40, [$((L10)), $((R15))]],
  [10, [$((L16))]]]}}
JSON
python3 "$TOP/tests/cli/craft_process.py" spec.json gmon.out || fail callgrind.setup "craft_process.py failed"
rm -f .plain.out.process

# The cost part of the file: from the first fn= on, the object's path
# left out.
costs() { sed -n '/^fn=\|^fl=\|^ob=/,$p' "$1" | grep -v '^c\?ob='; }

"$GPROF" --callgrind lc gmon.out >stacks.callgrind 2>err
expect_eq callgrind.lines.stacks.status-quiet "0:" "$?:$(cat err)"
expect_eq callgrind.lines.stacks "fl=$PWD/lc.c
fn=work
4 50
5 300
6 100

fl=$PWD/lc.c
fn=heavy
10 40
cfi=$PWD/lc.c
cfn=work
calls=1 3
10 350
cfi=$PWD/lc.c
cfn=work
calls=1 3
11 100

fl=$PWD/lc.c
fn=main
16 10
cfi=$PWD/lc.c
cfn=heavy
calls=1 9
15 490" "$(costs stacks.callgrind)"
expect_eq callgrind.lines.stacks.summary "summary: 500" "$(grep '^summary:' stacks.callgrind)"

"$GPROF" --callgrind --main-only lc plain.out >plain.callgrind 2>err
expect_eq callgrind.lines.histogram.status-quiet "0:" "$?:$(cat err)"
# the self costs on their lines; the calls on the lines of their call
# sites, each with the count the runtime recorded there, the estimate
# shared among them by those counts
expect_eq callgrind.lines.histogram "fl=$PWD/lc.c
fn=work
4 50
5 300
6 100

fl=$PWD/lc.c
fn=heavy
10 40
cfi=$PWD/lc.c
cfn=work
calls=1 3
10 225
cfi=$PWD/lc.c
cfn=work
calls=1 3
11 225

fl=$PWD/lc.c
fn=main
16 10
cfi=$PWD/lc.c
cfn=heavy
calls=1 9
15 490" "$(costs plain.callgrind)"

# callgrind_annotate: the total is the flat profile's (5.00 s, 500
# samples at 100 a second), and the annotated source has the costs on
# their lines
# annotated_lines FILE REGEX: callgrind_annotate's annotated source
# lines of FILE matching REGEX, each "COST SOURCE"
annotated_lines() {
	callgrind_annotate --auto=yes "$1" 2>/dev/null |
		RE=$2 awk '$0 ~ ENVIRON["RE"] { c = $1; gsub(",", "", c); sub(/^[^)]*\)[ \t]+/, ""); print c, $0 }'
}
if command -v callgrind_annotate >/dev/null 2>&1; then
	flat=$("$GPROF" -b -p lc gmon.out | awk '/^ *[0-9.]+ +[0-9.]+ +[0-9.]+/ { t = $2 } END { print t }')
	expect_eq callgrind.annotate.total "5.00 500" \
		"$flat $(callgrind_annotate stacks.callgrind 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')"
	for f in stacks plain; do
		expect_eq "callgrind.annotate.$f.lines" "50 for (volatile int i = 0; i < n; i++)
300 sink += i;
100 sink *= 3;" "$(annotated_lines "$f.callgrind" 'for \(volatile|sink \+= i|sink \*= 3')"
	done
	expect_eq callgrind.annotate.inclusive "heavy 490
main 500
work 450" "$(callgrind_annotate --inclusive=yes stacks.callgrind 2>/dev/null |
		awk '/:(main|heavy|work) \[lc\]$/ { c = $1; gsub(",", "", c); n = $(NF - 1); sub(/.*:/, "", n); print n, c }' | sort)"
	# callers without self samples still have a line in their file (of
	# cost 0): callgrind_annotate --inclusive=yes annotates their file
	# and warns about one without lines
	mkdir -p noself
	cp lc lc.c noself/
	cp plain.out noself/gmon.out
	cat >noself/spec.json <<JSON
{"objects": [{"number": 0, "flags": 1, "bias": 0, "segments": [[$((text)), $((text + size))]],
   "path": "$PWD/noself/lc"}],
 "stacks": {"entries": [
  [300, [$((L5)), $((R10)), $((R15))]],
  [50, [$((L4)), $((R10)), $((R15))]],
  [100, [$((L6)), $((R11)), $((R15))]]]}}
JSON
	python3 "$TOP/tests/cli/craft_process.py" noself/spec.json noself/gmon.out
	(cd noself && "$GPROF" --callgrind lc gmon.out >noself.callgrind 2>err)
	expect_eq callgrind.annotate.no-self.lines "9 0 14 0" \
		"$(awk '/^fn=(heavy|main)$/ { getline; printf "%s%s", sep, $0; sep = " " }' noself/noself.callgrind)"
	expect_eq callgrind.annotate.no-self.quiet "" \
		"$(cd noself && callgrind_annotate --inclusive=yes noself.callgrind 2>&1 >/dev/null)"
else
	pass callgrind.annotate.skipped
fi

# ------------------------------------------------------------ inlined code
# user() runs bump(), inlined from inl.h: its samples there are on
# inl.h's line, under fi= (as valgrind writes inlined code), and
# callgrind_annotate annotates both files.
mkdir -p inl
cd inl || exit 2
cat >inl.h <<'C'
static volatile unsigned long sink;
static inline __attribute__((always_inline)) void bump(int n)
{
	for (int i = 0; i < n; i++)
		sink += i;
}
C
cat >li.c <<'C'
#include "inl.h"
void user(int n)
{
	bump(n);
	sink *= 3;
}
int main(void)
{
	user(1000);
	return 0;
}
C
# an even address inside a row of FILE's line LINE (2 bytes past the
# row's start, away from rows that share its address)
inner_address() {
	objdump --dwarf=decodedline li | python3 -c '
import sys
rows = [(f[0], int(f[1]), int(f[2], 16)) for f in (l.split() for l in sys.stdin)
        if len(f) >= 3 and f[1].isdigit() and f[2].startswith("0x")]
for (name, line, a), (_, _, end) in zip(rows, rows[1:]):
    e = a + a % 2 + 2
    if name == sys.argv[1] and line == int(sys.argv[2]) and e + 2 <= end:
        print(hex(e)); break' "$1" "$2"
}
PROGRAM=li
if cc -pg -g -O1 -no-pie -o li li.c "$TOP/libgmon/libgmon.a" 2>err && ./li && [ -s gmon.out ]; then
	rm -f .gmon.out.process
	I5=$(inner_address inl.h 5) U5=$(inner_address li.c 5) RU=$(return_address main user 1)
	read -r text size < <(text_section li)
	[ -n "$I5" ] && [ -n "$U5" ] && [ -n "$RU" ] ||
		fail callgrind.inlined.setup "cannot find inl.h:5, li.c:5 or main's call in li: '$I5' '$U5' '$RU'"
	cat >spec.json <<JSON
{"objects": [{"number": 0, "flags": 1, "bias": 0, "segments": [[$((text)), $((text + size))]],
   "path": "$PWD/li"}],
 "stacks": {"entries": [[300, [$((I5)), $((RU))]], [100, [$((U5)), $((RU))]]]}}
JSON
	python3 "$TOP/tests/cli/craft_process.py" spec.json gmon.out
	"$GPROF" --callgrind li gmon.out >li.callgrind 2>err
	expect_eq callgrind.lines.inlined "fl=$PWD/li.c
fn=user
fi=$PWD/inl.h
5 300
fi=$PWD/li.c
5 100" "$(costs li.callgrind | sed -n 1,6p)"
	if command -v callgrind_annotate >/dev/null 2>&1; then
		expect_eq callgrind.annotate.inlined "100 sink *= 3;
300 sink += i;" "$(annotated_lines li.callgrind 'sink \+= i|sink \*= 3' | sort)"
	fi
else
	fail callgrind.inlined.setup "cannot build and run the inlining program: $(head -3 err)"
fi
