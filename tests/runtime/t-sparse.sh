#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-sparse.sh: a program without hooks (GMON_START,
# gprof-run) keeps its samples sparse, (address, count) in the process
# file's samples record, beside a gmon.out of one histogram bin: the
# profile grows with the samples, not with the program (doc/format.md,
# "Sparse samples"; doc/runtime.md, "Sparse samples").
#   runtime.sparse.files.*     gmon.out is 63 bytes; the process file is
#                              as long as the format says, at most 16
#                              bytes a sample more than without samples
#   runtime.sparse.exact.*     every sample taken is in the files, once
#   runtime.sparse.dense.*     GMON_SPARSE=0: the bins, as before; a
#                              value it does not know: one line
#   runtime.sparse.no-clock.*  no clock can start (RLIMIT_SIGPENDING):
#                              one line says the profile has no samples
#   runtime.sparse.same.*      gprof prints the same report from a run's
#                              bins and from the same samples kept sparse
#   runtime.sparse.gnu.*       GNU gprof reads the sparse gmon.out: exit 0,
#                              nothing on stderr (and no time shown)
#   runtime.sparse.sum.*       gprof -s keeps the sum sparse, and it reads
#                              as the files read together; a run with
#                              the bins sums with a sparse one
#   runtime.sparse.full.*      a full sample table: the rest in the bins,
#                              none lost
#   runtime.sparse.pg.*        a -pg program: the bins, as before
#   runtime.sparse.bad.*       damaged samples records: one line, status 1
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.sparse
runtime_scratch
cd "$SCRATCH" || exit 2
SPARSE="python3 $TOP/tests/runtime/sparse.py"
$RT_CC -O2 -fno-omit-frame-pointer -fno-inline -o plain "$PROGS/plain.c"

# run NAME [VAR=VALUE...]: plain 100 under the runtime, its files moved
# to NAME and .NAME.process
run() {
	local name=$1
	shift
	rm -f gmon.out .gmon.out.process
	env "$@" GMON_START=1 LD_PRELOAD="$LIBGMON_SO" ./plain 100 >out 2>err
	mv gmon.out "$name" && mv .gmon.out.process ".$name.process"
}

# field NAME CHECK-LINE: the number after NAME= in sparse.py check's line
field() {
	sed -nE "s/.*(^| )$1=([0-9a-zA-Z]+).*/\2/p" <<<"$2"
}

# the files: 20 bytes of header, one histogram record of one bin (1 + 8
# + 8 + 4 + 4 + 16 + 2 bytes), nothing else
run s1
expect_eq runtime.sparse.files.quiet "" "$(cat err)"
expect_eq runtime.sparse.files.gmon-out 63 "$(stat -c %s s1)"
c=$($SPARSE check s1)
expect_eq runtime.sparse.files.bounded "1 0 0 ok" \
	"$(field bins "$c") $(field hist "$c") $(field lost "$c") $(field size "$c")"
expect_eq runtime.sparse.exact.taken "$(field taken "$c")" \
	"$(($(field main "$c") + $(field other "$c")))"
if [ "$(field main "$c")" -gt 0 ]; then
	pass runtime.sparse.exact.main-sampled
else
	fail runtime.sparse.exact.main-sampled "no sample in the main program: $c"
fi

# a program whose executable segment starts with its headers, not its
# code (-z noseparate-code, as aarch64 links by default): the one bin is
# the entry point's, code, and gprof takes it for this program's
$RT_CC -O2 -Wl,-z,noseparate-code -o plainns "$PROGS/plain.c"
rm -f gmon.out .gmon.out.process
GMON_START=1 LD_PRELOAD="$LIBGMON_SO" ./plainns 20 >out 2>err
"$GPROF" -b -p plainns gmon.out >/dev/null 2>ns.err
expect_eq runtime.sparse.files.entry-bin "0|$(nm plainns | awk '$3 == "_start" { print $1 }' | sed 's/^0*//')" \
	"$?$(cat ns.err)|$(python3 -c 'import struct, sys
print("%x" % struct.unpack_from("<Q", open("gmon.out", "rb").read(), 21)[0])')"

# GMON_SPARSE=0: the bins over the whole text, no main sample in the
# process file; anything but 0 or 1: one line, and sparse
run d1 GMON_SPARSE=0
c=$($SPARSE check d1)
if [ "$(field bins "$c")" -gt 1 ] && [ "$(field main "$c")" = 0 ] &&
	[ "$(field hist "$c")" -gt 0 ] && [ "$(field size "$c")" = ok ]; then
	pass runtime.sparse.dense.bins
else
	fail runtime.sparse.dense.bins "$c $(cat err)"
fi
# no clock can start (timer_create's EAGAIN: the user's pending signals
# at RLIMIT_SIGPENDING, here a limit of 0): the program runs as ever and
# the runtime says in one line that the profile has no samples
rm -f gmon.out .gmon.out.process
(ulimit -i 0 && GMON_START=1 LD_PRELOAD="$LIBGMON_SO" ./plain 20 >out 2>err)
rc=$?
expect_eq runtime.sparse.no-clock.said "0|pid GMON_START=[]|libgmon: no clock could start (timer_create refused: the user's RLIMIT_SIGPENDING reached?): call counts only, no samples" \
	"$rc|$(sed 's/^pid [0-9]*/pid/' out)|$(cat err)"
run y1 GMON_SPARSE=yes
expect_eq runtime.sparse.dense.refused "libgmon: ignoring GMON_SPARSE=yes: not 0 or 1|63" \
	"$(cat err)|$(stat -c %s y1)"

# the same samples, sparse: the dense run rewritten as a sparse one
# (sparse.py to-sparse) reads the same, every report of -b
$SPARSE to-sparse d1 d1s
expect_eq runtime.sparse.same.converted 63 "$(stat -c %s d1s)"
"$GPROF" -b plain d1 >dense.txt 2>dense.err
"$GPROF" -b plain d1s >sparse.txt 2>sparse.err
if cmp -s dense.txt sparse.txt && [ ! -s dense.err ] && [ ! -s sparse.err ] &&
	grep -q ' burn$' sparse.txt; then
	pass runtime.sparse.same.report
else
	fail runtime.sparse.same.report "$(diff dense.txt sparse.txt | head -5; cat dense.err sparse.err)"
fi

# line by line, without stacks: the views that share the program's
# samples among its lines (--callgrind through histogram_by_line,
# --html's source view) take the sparse samples at their own addresses,
# and agree
$RT_CC -O2 -g -fno-omit-frame-pointer -fno-inline -o plaing "$PROGS/plain.c"
rm -f gmon.out .gmon.out.process
GMON_STACK_DEPTH=0 GMON_START=1 LD_PRELOAD="$LIBGMON_SO" ./plaing 100 >out 2>err
callgrind=$("$GPROF" --callgrind plaing gmon.out |
	awk '/^ob=/ { o = $0 } o == "ob=plaing" && /^[0-9]+ [0-9]+$/ { c[$1] += $2 }
		END { for (l in c) print l, c[l] }' | sort | xargs)
# (the page's source blocks: rows of [function, [[file, line, samples,
# calls]...]], summed by line)
html=$("$GPROF" --html plaing gmon.out | python3 -c 'import json, re, sys
page, by_line = sys.stdin.read(), {}
data = json.loads(re.search(r"<script type=\"application/json\" id=\"gprof-data\">(.*?)</script>", page, re.S).group(1))
files = (data["profiles"][0] if "profiles" in data else data)["files"]
for block in re.findall(r"<script type=\"application/json\" id=\"gprof-source-[0-9]+\">(.*?)</script>", page, re.S):
    for function, rows in json.loads(block)["rows"]:
        for file, line, samples, calls in rows:
            # the lines of plain.c, as callgrind ob=plaing (a
            # sample in libc has lines of its own, in its own files)
            if samples and files[file].endswith("/plain.c"):
                by_line[line] = by_line.get(line, 0) + samples
print(" ".join(sorted("%d %g" % kv for kv in by_line.items())))')
if [ -n "$callgrind" ] && [ "$callgrind" = "$html" ]; then
	pass runtime.sparse.same.lines
else
	fail runtime.sparse.same.lines "callgrind [$callgrind], html [$html]"
fi

# GNU gprof reads the sparse gmon.out without a word; it finds no sample
"$GNU_GPROF" -b -p plain s1 >gnu.txt 2>gnu.err
expect_eq runtime.sparse.gnu.reads "0||1" \
	"$?|$(cat gnu.err)|$(grep -c 'no time accumulated' gnu.txt)"

# gprof -s: the sum is sparse too, and reads as the files together
run s2
"$GPROF" -s plain s1 s2 2>sum.err
expect_eq runtime.sparse.sum.sparse "0|63" "$?$(cat sum.err)|$(stat -c %s gmon.sum)"
c1=$($SPARSE check s1) c2=$($SPARSE check s2) cs=$($SPARSE check gmon.sum)
expect_eq runtime.sparse.sum.samples "$(($(field main "$c1") + $(field main "$c2")))" \
	"$(field main "$cs")"
"$GPROF" -b plain s1 s2 >two.txt 2>&1
"$GPROF" -b plain gmon.sum >sum.txt 2>&1
if cmp -s two.txt sum.txt && grep -q ' burn$' sum.txt; then
	pass runtime.sparse.sum.report
else
	fail runtime.sparse.sum.report "$(diff two.txt sum.txt | head -5)"
fi

# a run with the bins (GMON_SPARSE=0) and a sparse one: the one bin
# lies on the whole histogram's first bin and adds there, read in either
# order, summed or not; as if both were sparse (d1s is d1 made sparse)
"$GPROF" -b plain d1s s1 >want.txt 2>&1
ok=1 why=
for files in "d1 s1" "s1 d1"; do
	# shellcheck disable=SC2086
	"$GPROF" -b plain $files >got.txt 2>&1 || ok=0
	cmp -s want.txt got.txt || { ok=0; why="$files: $(diff want.txt got.txt | head -3)"; }
	# shellcheck disable=SC2086
	"$GPROF" -s plain $files 2>&1 && "$GPROF" -b plain gmon.sum >got.txt 2>&1 || ok=0
	cmp -s want.txt got.txt || { ok=0; why="-s $files: $(diff want.txt got.txt | head -3)"; }
done
if [ $ok = 1 ] && grep -q ' burn$' want.txt; then
	pass runtime.sparse.sum.with-bins
else
	fail runtime.sparse.sum.with-bins "$why"
fi

# a sample table of one address: the main program's other samples go to
# the bins (a second histogram record), and every sample is somewhere
run f1 GMON_PROCESS_SAMPLES=1
c=$($SPARSE check f1)
expect_eq runtime.sparse.full.exact "$(field taken "$c") ok" \
	"$(($(field hist "$c") + $(field main "$c") + $(field other "$c") + $(field lost "$c"))) $(field size "$c")"
"$GPROF" -b -p plain f1 >full.txt 2>full.err
expect_eq runtime.sparse.full.reads "0|" "$?|$(cat full.err)"
"$GNU_GPROF" -b -p plain f1 >full.txt 2>full.err
expect_eq runtime.sparse.full.gnu-reads "0|" "$?|$(cat full.err)"

# a -pg program: the bins over its text, as before
build_ours pgplain "$PROGS/plain.c"
rm -f gmon.out .gmon.out.process
./pgplain 100 >out 2>err
c=$($SPARSE check gmon.out)
if [ "$(field bins "$c")" -gt 1 ] && [ "$(field main "$c")" = 0 ] && [ "$(field hist "$c")" -gt 0 ]; then
	pass runtime.sparse.pg.bins
else
	fail runtime.sparse.pg.bins "$c"
fi

# damaged samples records: one line naming the process file, status 1;
# an address in no object is not damage (code no object holds, as a
# JIT's): [unknown]
bad() {
	local kind=$1 want=$2
	cp s1 b1 && cp .s1.process .b1.process
	$SPARSE damage "$kind" b1
	"$GPROF" -b -p plain b1 >bad.txt 2>bad.err
	# offsets and lengths depend on the objects' paths: N
	expect_eq "runtime.sparse.bad.$kind" "1|$want|" \
		"$?|$(sed -E 's/(record of|at offset) [0-9]+/\1 N/g' bad.err)|$(cat bad.txt)"
}
bad truncate "gprof: .b1.process: record of N bytes at offset N runs past the end"
bad count "gprof: .b1.process: 4294967295 samples do not fit their record"
bad overflow "gprof: .b1.process: the samples' counts add up to more than 2^64-1 (entry 1)"
cp s1 b1 && cp .s1.process .b1.process
$SPARSE damage outside b1
"$GPROF" -b -p plain b1 >bad.txt 2>bad.err
expect_eq runtime.sparse.bad.outside "0||0.05" \
	"$?|$(cat bad.err)|$(awk '$NF == "[unknown]" { print $3 }' bad.txt)"
