#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# t-input.sh: bad input on the command line.  Each case must give exactly
# one line on stderr naming the file and the problem, exit status 1, an
# empty stdout, and (run with -s beside an existing gmon.sum) leave that
# gmon.sum as it was with no temporary file next to it.  The corrupt files
# are made here from the corpus fixture "tiny".  Every case is run again
# under an AddressSanitizer build of gprof, which must say the same.
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
chmod 755 "$SCRATCH" # the unreadable-file cases run as nobody
FIX=$TOP/tests/corpus/fixtures
D=$SCRATCH/in
mkdir -p "$D"
cp "$FIX/tiny/prog" "$D/prog"
cp "$FIX/tiny/gmon.out" "$D/gmon.out"
size=$(stat -c %s "$D/gmon.out")

# ---------------------------------------------------------------- inputs
: >"$D/empty.out"
mkdir "$D/dir.out"
cp "$D/gmon.out" "$D/locked.out"
chmod 000 "$D/locked.out"
cp "$D/prog" "$D/locked-prog"
chmod 000 "$D/locked-prog"
mkfifo "$D/fifo-prog"
# "xmon" for "gmon"
{ printf x; tail -c +2 "$D/gmon.out"; } >"$D/magic.out"
head -c 10 "$D/gmon.out" >"$D/short.out"
# the last arc record (21 bytes on x86-64) loses 5 bytes
head -c $((size - 5)) "$D/gmon.out" >"$D/cut.out"
{ cat "$D/gmon.out"; printf '\011'; } >"$D/tag.out"
# the histogram's bin count (at 20 + 1 + 8 + 8) becomes 0xffffffff
python3 - "$D/gmon.out" "$D/huge.out" <<'EOF'
import sys
b = bytearray(open(sys.argv[1], 'rb').read())
b[37:41] = b'\xff\xff\xff\xff'
open(sys.argv[2], 'wb').write(b)
EOF
# another program's profile: the same resolution over a larger range
cp "$FIX/many_functions/gmon.out" "$D/other.out"
# the same histogram moved up by 0x800: overlapping, not matching
python3 - "$D/gmon.out" "$D/overlap.out" <<'EOF'
import struct, sys
b = bytearray(open(sys.argv[1], 'rb').read())
low, high = struct.unpack_from('<QQ', b, 21)
struct.pack_into('<QQ', b, 21, low + 0x800, high + 0x800)
open(sys.argv[2], 'wb').write(b)
EOF
# a histogram of the same range at half the resolution
python3 - "$D/gmon.out" "$D/coarse.out" <<'EOF'
import struct, sys
b = open(sys.argv[1], 'rb').read()
bins = struct.unpack_from('<I', b, 37)[0]
half = bins // 2
out = bytearray(b[:37]) + struct.pack('<I', half) + b[41:61] + bytes(2 * half)
open(sys.argv[2], 'wb').write(out)
EOF
# stripped of its unwinding tables too: nothing names any of its code
# (with .eh_frame, its functions are named by address: t-stripped.sh)
cp "$D/prog" "$D/stripped"
strip -R .eh_frame -R .eh_frame_hdr "$D/stripped"

GPROF_UNDER_TEST=$GPROF
SUFFIX=""

# run NAME EXPECTED_STDERR ARGS...: gprof must fail with exactly that line
run() {
	local name=$1 expected=$2 rc
	shift 2
	rm -rf "$SCRATCH/run" && mkdir "$SCRATCH/run" && chmod 755 "$SCRATCH/run"
	(cd "$D" && "${RUNNER[@]}" "$GPROF_UNDER_TEST" "$@" >"$SCRATCH/run/stdout" 2>"$SCRATCH/run/stderr")
	rc=$?
	check "input$SUFFIX.$name" "$expected" "$rc"
}

RUNNER=()

# check NAME EXPECTED_STDERR STATUS
check() {
	local name=$1 expected=$2 rc=$3 got
	got=$(cat "$SCRATCH/run/stderr")
	if [ "$rc" -ne 1 ]; then
		fail "$name" "exit status $rc, expected 1 (stderr: $got)"
	elif [ "$got" != "$expected" ]; then
		fail "$name" "stderr [$got], expected [$expected]"
	elif [ -s "$SCRATCH/run/stdout" ]; then
		fail "$name" "stdout not empty: $(head -c 200 "$SCRATCH/run/stdout")"
	else
		pass "$name"
	fi
}

# sum_untouched NAME ARGS...: with -s, a failing run leaves gmon.sum as it
# was and no temporary file in the directory
sum_untouched() {
	local name=$1 before after
	shift
	printf 'an earlier gmon.sum\n' >"$D/gmon.sum"
	before=$(cd "$D" && find . -mindepth 1 -maxdepth 1 -printf '%P\n' | sort | tr '\n' ' ')
	(cd "$D" && "$GPROF_UNDER_TEST" -s "$@" >/dev/null 2>&1)
	after=$(cd "$D" && find . -mindepth 1 -maxdepth 1 -printf '%P\n' | sort | tr '\n' ' ')
	if [ "$(cat "$D/gmon.sum")" != "an earlier gmon.sum" ]; then
		fail "input$SUFFIX.sum-untouched.$name" "gmon.sum was changed"
	elif [ "$before" != "$after" ]; then
		fail "input$SUFFIX.sum-untouched.$name" "directory was [$before], now [$after]"
	else
		pass "input$SUFFIX.sum-untouched.$name"
	fi
	rm -f "$D/gmon.sum"
}

all_cases() {
	# profile files
	run missing-file "gprof: nope.out: No such file or directory" -b prog nope.out
	run empty-file "gprof: empty.out: empty file, not a profile data file" -b prog empty.out
	run directory "gprof: dir.out: is a directory, not a profile data file" -b prog dir.out
	run device "gprof: /dev/zero: is a device, not a profile data file" -b prog /dev/zero
	run wrong-magic "gprof: magic.out: not a profile data file: no GNU magic, and not a valid BSD profile (its size field 0 is smaller than the 20-byte header)" \
		-b prog magic.out
	run wrong-magic-O-magic "gprof: magic.out: bad magic: not a GNU gmon.out file" \
		-b -O magic prog magic.out
	run truncated-header "gprof: short.out: file too short to be a profile (10 bytes)" \
		-b prog short.out
	run truncated-record "gprof: cut.out: truncated call-graph record at offset $((size - 21))" \
		-b prog cut.out
	run unknown-tag "gprof: tag.out: unknown record tag 9 at offset $size (file corrupted?)" \
		-b prog tag.out
	run histogram-beyond-file "gprof: huge.out: histogram record at offset 20 declares 4294967295 bins (8589934590 bytes) but only $((size - 61)) bytes remain" \
		-b prog huge.out
	run incompatible-overlap "gprof: overlap.out: histogram range 0x800-0x1a88 overlaps 0x0-0x1288 without matching it" \
		-b prog gmon.out overlap.out
	# glibc's bins are not exactly 4 bytes: 0x1288 bytes in 1188 bins
	run incompatible-scale "gprof: coarse.out: histogram resolution (7.98653 bytes per bin) differs from the first file's (3.99327)" \
		-b prog gmon.out coarse.out
	# a bad second file is fatal even after a good first one
	run bad-second-file "gprof: tag.out: unknown record tag 9 at offset $size (file corrupted?)" \
		-b prog gmon.out tag.out
	# executables
	run missing-executable "gprof: nope: No such file or directory" -b nope gmon.out
	run executable-directory "gprof: dir.out: is a directory, not an executable" -b dir.out gmon.out
	run executable-fifo "gprof: fifo-prog: not a regular file, not an executable" -b fifo-prog gmon.out
	run not-an-object "gprof: gmon.out: not an executable or object file (file format not recognized)" \
		-b gmon.out gmon.out
	run stripped "gprof: stripped: no function symbols (is it stripped?)" -b stripped gmon.out
	# root reads anything: the unreadable files are read as nobody
	if command -v setpriv >/dev/null && id nobody >/dev/null 2>&1; then
		RUNNER=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
		run unreadable-file "gprof: locked.out: Permission denied" -b prog locked.out
		run unreadable-executable "gprof: locked-prog: Permission denied" -b locked-prog gmon.out
		RUNNER=()
	else
		pass "input$SUFFIX.unreadable-file # skip: no setpriv or no user nobody"
		pass "input$SUFFIX.unreadable-executable # skip: no setpriv or no user nobody"
	fi

	# -s: nothing written when any input is bad
	sum_untouched empty-file prog gmon.out empty.out
	sum_untouched truncated-record prog gmon.out cut.out
	sum_untouched unknown-tag prog gmon.out tag.out
	sum_untouched histogram-beyond-file prog gmon.out huge.out
	sum_untouched incompatible prog gmon.out overlap.out
	sum_untouched missing-file prog gmon.out nope.out

	# another program's gmon.out: one warning, and the report still printed
	rm -rf "$SCRATCH/run" && mkdir "$SCRATCH/run"
	(cd "$D" && "$GPROF_UNDER_TEST" -b prog other.out >"$SCRATCH/run/stdout" 2>"$SCRATCH/run/stderr")
	rc=$?
	expected="gprof: warning: other.out: its histogram (0x0-0x8098) does not match the executable's code (0x1000-0x1285): is it another program's profile?"
	if [ $rc -ne 0 ]; then
		fail "input$SUFFIX.another-program" "exit status $rc"
	elif [ "$(cat "$SCRATCH/run/stderr")" != "$expected" ]; then
		fail "input$SUFFIX.another-program" "stderr [$(cat "$SCRATCH/run/stderr")]"
	elif ! grep -q '^Flat profile:' "$SCRATCH/run/stdout" || ! grep -q 'Call graph' "$SCRATCH/run/stdout"; then
		fail "input$SUFFIX.another-program" "no report on stdout"
	else
		pass "input$SUFFIX.another-program"
	fi
	# and none for the program's own
	(cd "$D" && "$GPROF_UNDER_TEST" -b prog gmon.out >/dev/null 2>"$SCRATCH/run/stderr")
	expect_eq "input$SUFFIX.own-program-no-warning" "" "$(cat "$SCRATCH/run/stderr")"

	# a pipe is read like a file
	# shellcheck disable=SC2002 # a pipe, not a redirected file, on purpose
	(cd "$D" && cat gmon.out | "$GPROF_UNDER_TEST" -b prog /dev/stdin >"$SCRATCH/run/pipe" 2>&1)
	(cd "$D" && "$GPROF_UNDER_TEST" -b prog gmon.out >"$SCRATCH/run/file" 2>&1)
	expect_same "input$SUFFIX.pipe" "$SCRATCH/run/file" "$SCRATCH/run/pipe"
}

all_cases

# The same under AddressSanitizer (and UBSan): any overflow aborts with a
# report on stderr, which the exact-stderr checks catch.  Built without
# optimization: at -O0 every access is instrumented as written, and the
# build takes less than half the CPU time of -O1's.
ASAN=$SCRATCH/gprof-asan
if gcc -g -O0 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
	-I"$TOP/include" -I/usr/include/libiberty -I"$TOP/gprof" -I"$TOP/build/gprof" -o "$ASAN" \
	"$TOP"/gprof/*.c "$TOP"/gprof/*/*.c "$TOP"/build/gprof/report/proto/profile.pb-c.c -lbfd -ldw -llzma -liberty -lprotobuf-c -lz -lnettle -lm \
	>"$SCRATCH/asan-build.log" 2>&1; then
	pass input.asan.build
	export ASAN_OPTIONS=detect_leaks=0
	GPROF_UNDER_TEST=$ASAN
	SUFFIX=.asan
	all_cases
else
	fail input.asan.build "$(head -5 "$SCRATCH/asan-build.log" | tr '\n' ' ')"
fi
