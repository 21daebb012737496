#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# t-sum.sh: gprof -s (gmon.sum) against GNU gprof.  Profiles come from
# running corpus programs several times.  Checked: GNU reads our gmon.sum
# as it reads the original files; we read GNU's gmon.sum as we read the
# originals; gmon.sum as an input accumulates; a failed write leaves the
# old gmon.sum byte for byte and no temporary file; -O bsd / -O 4.4bsd sums
# read the same in both tools; -i agrees on both tools' sums.
#
# GNU's -s records one arc per (caller, callee) pair, the caller's address
# being that of its line symbol (its -s implies --line); ours keeps the
# call sites.  The files differ for that reason, and the reports must not:
# our arcs come in GNU's order (gprof/analysis/sumorder.c), so that arcs of equal
# counts print in the same order (sum.arc-order.*).
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
chmod 755 "$SCRATCH" # the read-only-directory case runs as nobody
FIX=$TOP/tests/corpus/fixtures

# Our deliberate deviations from GNU's report (doc/compat.md) are switched
# off, so that reports compare byte for byte: the index then leaves out
# what GNU's leaves out.
export GPROF_GNU_QUIRKS=index

# same NAME FILE_A FILE_B (expect_same, with the name first)
same() { expect_same "$1" "$2" "$3"; }

for prog in cycle3 diamond; do
	W=$SCRATCH/$prog
	mkdir -p "$W"
	cp "$FIX/$prog/prog" "$W/prog"
	# three fresh runs, and the committed fixture as a fourth
	for i in 1 2 3; do
		(cd "$W" && ./prog >/dev/null 2>&1 && mv gmon.out "g$i")
	done
	cp "$FIX/$prog/gmon.out" "$W/g4"
	inputs=(g1 g2 g3 g4)
	cd "$W" || exit 2

	# the reports from the original files
	"$GNU_GPROF" -b prog "${inputs[@]}" >gnu-orig.txt 2>&1
	"$GPROF" -b prog "${inputs[@]}" >our-orig.txt 2>&1
	same "sum.$prog.original-files.ours-matches-gnu" gnu-orig.txt our-orig.txt

	# both tools' gmon.sum
	"$GNU_GPROF" -s prog "${inputs[@]}" >gnu-s.out 2>&1 && mv gmon.sum gnu.sum
	"$GPROF" -s prog "${inputs[@]}" >our-s.out 2>&1
	rc=$?
	expect_eq "sum.$prog.write.status" 0 "$rc"
	same "sum.$prog.write.stdout-as-gnu" gnu-s.out our-s.out
	mv gmon.sum our.sum
	expect_eq "sum.$prog.write.no-temporary-file" "" "$(find . -maxdepth 1 -name '.gmon.sum.*')"

	# (a) GNU reading our gmon.sum prints what it prints from the originals
	"$GNU_GPROF" -b prog our.sum >gnu-our.txt 2>&1
	same "sum.$prog.gnu-reads-ours" gnu-orig.txt gnu-our.txt
	# (b) ours reading GNU's gmon.sum, and our own
	"$GPROF" -b prog gnu.sum >our-gnu.txt 2>&1
	same "sum.$prog.ours-reads-gnus" our-orig.txt our-gnu.txt
	"$GPROF" -b prog our.sum >our-our.txt 2>&1
	same "sum.$prog.ours-reads-ours" our-orig.txt our-our.txt
	same "sum.$prog.ours-reads-gnus.matches-gnu" gnu-orig.txt our-gnu.txt

	# (f) -i on either tool's gmon.sum
	"$GNU_GPROF" -i prog our.sum >gnu-i-our.txt 2>&1
	"$GPROF" -i prog our.sum >our-i-our.txt 2>&1
	same "sum.$prog.file-info.our-sum" gnu-i-our.txt our-i-our.txt
	"$GNU_GPROF" -i prog gnu.sum >gnu-i-gnu.txt 2>&1
	"$GPROF" -i prog gnu.sum >our-i-gnu.txt 2>&1
	same "sum.$prog.file-info.gnu-sum" gnu-i-gnu.txt our-i-gnu.txt

	# (c) gmon.sum as an input accumulates: three runs of the same file
	rm -f gmon.sum
	"$GPROF" -s prog g1 && "$GPROF" -s prog g1 gmon.sum && "$GPROF" -s prog g1 gmon.sum
	"$GPROF" -b -p prog gmon.sum >acc.txt 2>&1
	"$GNU_GPROF" -b -p prog g1 g1 g1 >gnu-acc.txt 2>&1
	same "sum.$prog.accumulate.matches-gnu-three-times" gnu-acc.txt acc.txt
	# calls column (4th of 7 fields) name by name, once and accumulated
	calls() { awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $7, $4 }' "$1" | sort; }
	"$GPROF" -b -p prog g1 >once.txt 2>&1
	calls once.txt | awk '{ print $1, 3 * $2 }' >once-x3.txt
	calls acc.txt >acc-calls.txt
	if [ -s once-x3.txt ]; then
		same "sum.$prog.accumulate.calls-tripled" once-x3.txt acc-calls.txt
	else
		fail "sum.$prog.accumulate.calls-tripled" "no call counts in the flat profile"
	fi

	# (e) BSD layouts: both tools read our file the same, and as the originals
	for fmt in bsd 4.4bsd; do
		rm -f gmon.sum
		"$GPROF" -O "$fmt" -s prog "${inputs[@]}" 2>"err-$fmt.txt"
		expect_eq "sum.$prog.$fmt.write" "" "$(cat "err-$fmt.txt")"
		"$GNU_GPROF" -b prog gmon.sum >"gnu-$fmt.txt" 2>&1
		"$GPROF" -b prog gmon.sum >"our-$fmt.txt" 2>&1
		same "sum.$prog.$fmt.gnu-reads-ours" gnu-orig.txt "gnu-$fmt.txt"
		same "sum.$prog.$fmt.ours-reads-ours" our-orig.txt "our-$fmt.txt"
		"$GNU_GPROF" -i prog gmon.sum >"gnu-i-$fmt.txt" 2>&1
		"$GPROF" -i prog gmon.sum >"our-i-$fmt.txt" 2>&1
		same "sum.$prog.$fmt.file-info" "gnu-i-$fmt.txt" "our-i-$fmt.txt"
	done
	# the 4.4BSD header is there when asked for: version 0x51879 at 20
	expect_eq "sum.$prog.4.4bsd.version-field" "79180500" \
		"$(od -An -tx1 -j20 -N4 gmon.sum | tr -d ' \n')"
done

# ---------------------------------------------------------------- atomicity
W=$SCRATCH/cycle3
cd "$W" || exit 2
old='an earlier gmon.sum'

# list DIR: its entries, dot files included, on one line
list() { find "$1" -mindepth 1 -maxdepth 1 -printf '%P\n' | sort | tr '\n' ' '; }

# unchanged NAME: gmon.sum still holds $old and nothing else appeared
unchanged() {
	local listing
	listing=$(list "$1")
	if [ "$(cat "$1/gmon.sum")" != "$old" ]; then
		fail "$2" "gmon.sum was changed"
	elif [ "$listing" != "$3" ]; then
		fail "$2" "directory holds [$listing], expected [$3]"
	else
		pass "$2"
	fi
}

# a directory we may not write in (root may write anywhere: run as nobody)
if command -v setpriv >/dev/null && id nobody >/dev/null 2>&1; then
	mkdir -p ro && chmod 755 ro
	printf '%s\n' "$old" >ro/gmon.sum
	chmod 644 ro/gmon.sum
	(cd ro && setpriv --reuid=nobody --regid=nogroup --clear-groups \
		"$GPROF" -s ../prog ../g1 ../g2 >../ro.out 2>../ro.err)
	rc=$?
	expect_eq sum.atomic.read-only-directory.status 1 "$rc"
	expect_eq sum.atomic.read-only-directory.message \
		"gprof: gmon.sum: cannot create a temporary file in the current directory: Permission denied" \
		"$(cat ro.err)"
	unchanged ro sum.atomic.read-only-directory.untouched "gmon.sum "
else
	pass "sum.atomic.read-only-directory # skip: no setpriv or no user nobody"
fi

# the file-size limit reached half-way through the write
mkdir -p fsz
printf '%s\n' "$old" >fsz/gmon.sum
(cd fsz && ulimit -f 1 && "$GPROF" -s ../prog ../g1 ../g2 >../fsz.out 2>../fsz.err)
rc=$?
expect_eq sum.atomic.file-too-large.status 1 "$rc"
expect_eq sum.atomic.file-too-large.message "gprof: gmon.sum: write failed: File too large" \
	"$(cat fsz.err)"
unchanged fsz sum.atomic.file-too-large.untouched "gmon.sum "

# a corrupt second input: nothing is written at all
mkdir -p bad
printf '%s\n' "$old" >bad/gmon.sum
head -c 100 g2 >bad/cut.out
(cd bad && "$GPROF" -s ../prog ../g1 cut.out >../bad.out 2>../bad.err)
rc=$?
expect_eq sum.atomic.corrupt-input.status 1 "$rc"
expect_eq sum.atomic.corrupt-input.message \
	"gprof: cut.out: histogram record at offset 20 declares 1252 bins (2504 bytes) but only 39 bytes remain" \
	"$(cat bad.err)"
unchanged bad sum.atomic.corrupt-input.untouched "cut.out gmon.sum "

# success replaces the file, honouring the umask
mkdir -p ok
printf '%s\n' "$old" >ok/gmon.sum
(cd ok && umask 022 && "$GPROF" -s ../prog ../g1)
"$GPROF" -s prog g1 && mv gmon.sum g1.sum
expect_same sum.atomic.replaced-content g1.sum ok/gmon.sum
expect_eq sum.atomic.mode-umask-022 644 "$(stat -c %a ok/gmon.sum)"
(cd ok && umask 077 && "$GPROF" -s ../prog ../g1)
expect_eq sum.atomic.mode-umask-077 600 "$(stat -c %a ok/gmon.sum)"
expect_eq sum.atomic.replaced.listing "gmon.sum " "$(list ok)"

# A signal while gmon.sum is being written (raised from inside fsync by a
# preloaded shim): the run dies of it, but only after removing its
# temporary file, and the old gmon.sum stays.  An ignored signal (nohup)
# does not interrupt the write.  (The shim's constructor gives the signal
# its default action first, as a terminal would: a make check started in
# the background, or under nohup, hands gprof SIGINT or SIGHUP ignored,
# which a shell cannot undo.)
cat >shim.c <<'SHIM'
#include <signal.h>
#ifdef RESET
__attribute__((constructor)) static void reset(void)
{
	signal(SIGNUM, SIG_DFL);
}
#endif
int fsync(int fd)
{
	(void)fd;
	raise(SIGNUM);
	return 0;
}
SHIM
for sig in TERM INT HUP; do
	num=$(kill -l "$sig")
	if ! gcc -shared -fPIC -DSIGNUM="$num" -DRESET -o "shim-$sig.so" shim.c 2>/dev/null ||
		! gcc -shared -fPIC -DSIGNUM="$num" -o "shim-$sig-as-is.so" shim.c 2>/dev/null; then
		fail "sum.atomic.signal-$sig" "cannot build the fsync shim"
		continue
	fi
	mkdir -p "sig-$sig"
	printf '%s\n' "$old" >"sig-$sig/gmon.sum"
	(cd "sig-$sig" && LD_PRELOAD=$W/shim-$sig.so "$GPROF" -s ../prog ../g1 >/dev/null 2>&1)
	rc=$?
	expect_eq "sum.atomic.signal-$sig.status" $((128 + num)) "$rc"
	unchanged "sig-$sig" "sum.atomic.signal-$sig.untouched" "gmon.sum "
done
mkdir -p sig-ignored
printf '%s\n' "$old" >sig-ignored/gmon.sum
(cd sig-ignored && trap '' TERM && LD_PRELOAD=$W/shim-TERM-as-is.so "$GPROF" -s ../prog ../g1)
rc=$?
expect_eq sum.atomic.signal-ignored.status 0 "$rc"
expect_same sum.atomic.signal-ignored.written g1.sum sig-ignored/gmon.sum

# Arcs of equal counts print in the order they were read: a gmon.sum
# whose arcs come in another order than GNU's gives other reports.  A
# program of many equal-count arcs, called from lines in another order
# than their callees' addresses, two runs summed; every report from our
# gmon.sum equals the one from GNU's, read by either gprof, with or
# without the quirks.
W=$SCRATCH/order
mkdir -p "$W"
cd "$W" || exit 2
python3 - >order.c <<'GEN'
import random
random.seed(17)
n = 40
print("volatile int sink;")
print("__attribute__((noinline)) void leaf(int x) { sink += x; }")
print("__attribute__((noinline)) void leaf2(int x) { sink -= x; }")
for i in range(n):
    calls = ["leaf(x);", "leaf2(x);", "if (x > 1)\n\t\tleaf(x + 1);"]
    random.shuffle(calls)
    print("__attribute__((noinline)) void f%d(int x)\n{\n\t%s\n}" % (i, "\n\t".join(calls)))
order = list(range(n))
random.shuffle(order)
print("int main(int argc, char **argv)\n{\n\t(void)argv;")
for i in order:
    print("\tf%d(argc);" % i)
for i in order[:12]:
    print("\tf%d(argc + 1);" % i)
print("\tfor (long k = 0; k < 20000000; k++)\n\t\tsink += (int)k;\n\treturn 0;\n}")
GEN
if ! gcc -pg -O1 -g -o order order.c 2>gcc.err; then
	fail sum.arc-order.build "$(head -1 gcc.err)"
else
	./order && mv gmon.out g1 && ./order 2 && mv gmon.out g2
	"$GNU_GPROF" -s order g1 g2 >/dev/null 2>&1 && mv gmon.sum gnu.sum
	"$GPROF" -s order g1 g2 >/dev/null 2>&1 && mv gmon.sum our.sum
	for quirks in index all; do
		for opts in "-b" "-b -l" "-b -q" "-b -l -q" ""; do
			name=$(echo "$quirks ${opts:-default}" | tr ' ' '_')
			for tool in gnu ours; do
				[ $tool = gnu ] && g=$GNU_GPROF || g=$GPROF
				# shellcheck disable=SC2086
				GPROF_GNU_QUIRKS=$quirks "$g" $opts order gnu.sum >"$tool-from-gnu.txt" 2>&1
				# shellcheck disable=SC2086
				GPROF_GNU_QUIRKS=$quirks "$g" $opts order our.sum >"$tool-from-ours.txt" 2>&1
				same "sum.arc-order.$tool-reads.$name" "$tool-from-gnu.txt" "$tool-from-ours.txt"
			done
		done
	done
fi
