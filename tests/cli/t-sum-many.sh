#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-sum-many.sh: gprof -s over many whole-process profiles named
# in a response file (gprof -s prog @list), as profiles from many machines
# are summed.  One real run of a program linked with libgmon (with call
# stacks and their threads, which a sum joins by name) becomes 400 runs
# (bench/gen/manyruns: own run ids, counts
# scaled); checked:
#   sum.many.response-file   @list names the files; a missing list or a
#                            missing file in it: one line, status 1, no sum
#   sum.many.report*         the report of gmon.sum is the report of the
#                            400 files, ours and GNU's
#   sum.many.process.*       .gmon.sum.process holds each sample address
#                            and each arc once, the inputs' totals summed,
#                            and is no larger for 400 files than for 40
#                            (merged as read: bounded memory; bench/sum/run
#                            measures it at 10,000 files)
#   sum.many.progress.*      the progress line on a terminal after 1 s,
#                            erased at the end; none when stderr is a file
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
cd "${KEEP:-$SCRATCH}" || exit 2
export GPROF_GNU_QUIRKS=index

cat >m.c <<'C'
#include <string.h>
static volatile unsigned long sink;
static int compare(const void *a, const void *b) { return memcmp(a, b, 4); }
void leaf(int n) { for (volatile int i = 0; i < n; i++) sink += i; }
void mid(int n) { for (int i = 0; i < 20; i++) leaf(n); }
int main(void)
{
	static unsigned v[20000];
	for (int i = 0; i < 20000; i++) v[i] = (unsigned)i * 2654435761u;
	for (int k = 0; k < 30; k++) {
		mid(40000);
		qsort(v, 20000, 4, compare);
		v[k] ^= 1;
	}
	return 0;
}
C
sed -i '1i #include <stdlib.h>' m.c
if ! cc -pg -O0 -no-pie -fno-omit-frame-pointer -o m m.c "$TOP/libgmon/libgmon.a" -pthread ||
	! cc -O2 -o manyruns "$TOP/bench/gen/manyruns.c" ||
	! (mkdir -p run && cd run && GMON_RATE=1000 ../m) || [ ! -s run/.gmon.out.process ]; then
	fail sum.many.setup "cannot build and run the test program with libgmon"
	exit 0
fi
mkdir -p many few
./manyruns run/gmon.out run/.gmon.out.process 400 many
./manyruns run/gmon.out run/.gmon.out.process 40 few
(cd many && ls gmon.* | sort -t. -k2 -n >../list)
(cd few && ls gmon.* >../list-few)

# ---------------------------------------------------------------- response files
(cd many && "$GPROF" -s ../m @../list 2>../err)
expect_eq sum.many.response-file "0:" "$?:$(cat err)"
expect_eq sum.many.sum-written "yes yes" \
	"$([ -s many/gmon.sum ] && echo yes) $([ -s many/.gmon.sum.process ] && echo yes)"
(cd few && "$GPROF" -s ../m @../list-few 2>../err)
expect_eq sum.many.few "0:" "$?:$(cat err)"

mkdir -p bad && cp many/gmon.1 many/.gmon.1.process bad/ && printf 'gmon.1\nnot-there\n' >bad/list
(cd bad && "$GPROF" -s ../m @list >../out 2>../err)
expect_eq sum.many.missing-file "1:0:gprof: not-there: No such file or directory:no" \
	"$?:$(wc -c <out):$(sed "s#^$GPROF:#gprof:#" err):$([ -e bad/gmon.sum ] && echo yes || echo no)"
(cd bad && "$GPROF" -s ../m @no-list >../out 2>../err)
expect_eq sum.many.missing-list "1:0:1:no" \
	"$?:$(wc -c <out):$(wc -l <err):$([ -e bad/gmon.sum ] && echo yes || echo no)"

# ---------------------------------------------------------------- the reports
(cd many && "$GPROF" -b ../m gmon.sum >../sum.txt 2>&1 && "$GPROF" -b ../m @../list >../all.txt 2>&1)
expect_same sum.many.report all.txt sum.txt
# GNU reads the main program's part: our gmon.sum as the 400 files
(cd many && "$GNU_GPROF" -b ../m gmon.sum >../gnu-sum.txt 2>&1 &&
	"$GNU_GPROF" -b ../m @../list >../gnu-all.txt 2>&1)
expect_same sum.many.report-gnu gnu-all.txt gnu-sum.txt

# ---------------------------------------------------------------- the process file
# totals and distinct keys of tags 2 (samples), 3 (arcs), 5 and 6 (stacks)
cat >totals.py <<'PY'
import struct, sys
def totals(path):
    d = open(path, "rb").read()
    at, out = 32, {}
    while at + 8 <= len(d):
        tag, length = struct.unpack_from("<II", d, at)
        b = d[at + 8:at + 8 + length]
        if tag == 2:
            n = struct.unpack_from("<I", b, 4)[0]
            e = [struct.unpack_from("<QQ", b, 8 + 16 * i) for i in range(n)]
            out["samples"] = (sum(c for _, c in e), n, len({a for a, _ in e}))
        elif tag == 3:
            n = struct.unpack_from("<I", b, 0)[0]
            e = [struct.unpack_from("<QQQ", b, 4 + 24 * i) for i in range(n)]
            out["arcs"] = (sum(c for _, _, c in e), n, len({(f, t) for f, t, _ in e}))
        elif tag in (5, 6):  # tag 6: each stack's thread after its flags
            n, s, i = struct.unpack_from("<I", b, 4)[0], 0, 32
            for _ in range(n):
                c, depth = struct.unpack_from("<QI", b, i)
                s += c
                i += (16 if tag == 5 else 20) + 8 * depth
            out["stacks"] = (s,)
        at += 8 + length
    return out
if sys.argv[1] == "sum":
    t = totals(sys.argv[2])
    for k in ("samples", "arcs", "stacks"):
        print(k, *t.get(k, ("none",)))
else:  # the inputs' totals
    s = {"samples": 0, "arcs": 0, "stacks": 0}
    for p in sys.argv[2:]:
        for k, v in totals(p).items():
            s[k] += v[0]
    for k in ("samples", "arcs", "stacks"):
        print(k, s[k])
PY
python3 totals.py sum many/.gmon.sum.process >sum-totals
(cd many && python3 ../totals.py inputs .gmon.[0-9]*.process) >input-totals
expect_eq sum.many.process.samples-summed "$(awk '$1 == "samples" { print $2 }' input-totals)" \
	"$(awk '$1 == "samples" { print $2 }' sum-totals)"
expect_eq sum.many.process.samples-once yes "$(awk '$1 == "samples" { print ($3 == $4 && $3 > 0) ? "yes" : "no: " $0 }' sum-totals)"
expect_eq sum.many.process.arcs-summed "$(awk '$1 == "arcs" { print $2 }' input-totals)" \
	"$(awk '$1 == "arcs" { print $2 }' sum-totals)"
expect_eq sum.many.process.arcs-once yes "$(awk '$1 == "arcs" { print ($3 == $4 && $3 > 0) ? "yes" : "no: " $0 }' sum-totals)"
expect_eq sum.many.process.stacks-summed "$(awk '$1 == "stacks" { print $2 }' input-totals)" \
	"$(awk '$1 == "stacks" { print $2 }' sum-totals)"
expect_eq sum.many.process.bounded "$(wc -c <few/.gmon.sum.process)" "$(wc -c <many/.gmon.sum.process)"

# the progress line: on a terminal (script(1) gives gprof one), once the
# sum has taken a second; a FIFO among the files holds the sum up until
# the test writes it, 1.3 s in.  The line is erased at the end, and
# nothing is written when stderr is not a terminal.
mkdir -p progress && cd progress || exit 2
cat >p.c <<'C'
void f(void) { for (volatile int i = 0; i < 1000; i++); }
int main(void) { for (int i = 0; i < 100; i++) f(); return 0; }
C
if ! command -v script >/dev/null; then
	echo "# script(1) missing (util-linux): sum.many.progress.* skipped"
elif ! cc -pg -o p p.c || ! ./p || [ ! -s gmon.out ]; then
	fail sum.many.progress.setup "cannot build and run a -pg program"
else
	for i in 1 2 3 4 5; do cp gmon.out "g$i"; done
	cp gmon.out fifo.want
	rm -f fifo && mkfifo fifo
	printf '%s\n' g1 fifo g2 g3 g4 g5 >list
	(sleep 1.3; cat fifo.want >fifo) &
	script -qec "$GPROF -s p @list" /dev/null >tty.out </dev/null
	wait
	cp gmon.sum with-fifo.sum
	cp gmon.out g6
	"$GPROF" -s p g1 g6 g2 g3 g4 g5 2>err
	expect_eq sum.many.progress.same-sum "0:" "$(cmp -s gmon.sum with-fifo.sum; echo $?):$(cat err)"
	# the FIFO is the second file: the line appears once it is read; the
	# last bytes are the erasing "\r ESC [K"
	expect_eq sum.many.progress.line "gprof: summing: 2 of 6 files (33%)|0d1b5b4b" \
		"$(tr '\r' '\n' <tty.out | grep -a 'summing' | head -1 | tr -d '\n')|$(tail -c 4 tty.out | od -An -tx1 | tr -d ' \n')"
	(sleep 1.3; cat fifo.want >fifo) &
	"$GPROF" -s p @list 2>err.notty
	wait
	expect_eq sum.many.progress.not-on-a-file "" "$(cat err.notty)"
fi
