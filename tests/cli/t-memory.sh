#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# t-memory.sh: gprof's memory on huge profiles.  A file is read through a
# bounded window, never whole: a 3 GB file of garbage (sparse, made here)
# is refused at its header with the usual one-line message and status 1,
# and a large valid profile costs what its records add, not its size.
# Peak memory is measured with /usr/bin/time (%M, KiB) against generous
# bounds: outcomes, not timings.  The large profile comes from the
# benchmark's generator (bench/gen/bigarcs.c), for the corpus fixture
# "tiny".
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
D=$SCRATCH
FIX=$TOP/tests/corpus/fixtures
cp "$FIX/tiny/prog" "$D/prog"

# Under AddressSanitizer (make check-sanitize) memory is the sanitizer's:
# its shadow needs more address space than the limit below allows, and
# its allocator's peaks are not gprof's.  The messages and statuses are
# still checked; the memory bounds are not.
sanitized=false
nm "$GPROF" 2>/dev/null | grep -q __asan_init && sanitized=true
$sanitized && echo "# under AddressSanitizer: memory bounds not checked"
address_limit() { if $sanitized; then echo unlimited; else echo 262144; fi; }

# under_kib NAME PEAK BOUND WHY: pass when PEAK < BOUND (KiB), unless sanitized
under_kib() {
	$sanitized && return
	if [ "$2" -lt "$3" ]; then pass "$1"; else fail "$1" "peak RSS $2 KiB, expected $4"; fi
}

# peak_kib FILE: the peak RSS that /usr/bin/time -f %M wrote last
peak_kib() { tail -n 1 "$1"; }

# refused NAME FILE EXPECTED_STDERR: gprof -b prog FILE must fail with
# exactly that line, status 1, nothing on stdout, under 100 MB
refused() {
	local name=$1 file=$2 expected=$3 rc got peak
	(cd "$D" && /usr/bin/time -o time.txt -f %M "$GPROF" -b prog "$file" >stdout 2>stderr)
	rc=$?
	got=$(cat "$D/stderr")
	if [ $rc -ne 1 ]; then
		fail "$name" "exit status $rc, expected 1 (stderr: $got)"
	elif [ "$got" != "$expected" ]; then
		fail "$name" "stderr [$got], expected [$expected]"
	elif [ -s "$D/stdout" ]; then
		fail "$name" "stdout not empty"
	else
		pass "$name"
	fi
	peak=$(peak_kib "$D/time.txt")
	under_kib "$name.peak-memory" "$peak" 102400 "expected under 100 MiB"
}

# ---------------------------------------------------------------- garbage
truncate -s 3G "$D/zero.out"
refused format.read.huge-zero-file zero.out \
	"gprof: zero.out: not a profile data file: no GNU magic, and not a valid BSD profile (its size field 0 is smaller than the 20-byte header)"

# the GNU header, then zeros: a histogram record with no bins
{ printf 'gmon\001\000\000\000'; head -c 12 /dev/zero; } >"$D/magic-zero.out"
truncate -s 3G "$D/magic-zero.out"
refused format.read.huge-magic-then-zeros magic-zero.out \
	"gprof: magic-zero.out: histogram record has no bins"

# a histogram declaring 2^32-1 bins (8 GiB) in a 3 GiB file
python3 - "$D/declared.out" <<'EOF'
import struct, sys
with open(sys.argv[1], 'wb') as f:
    f.write(b'gmon' + struct.pack('<I', 1) + bytes(12))
    f.write(b'\0' + struct.pack('<QQII', 0x1000, 0x2000, 0xffffffff, 100) + b'seconds'.ljust(15, b'\0') + b's')
EOF
truncate -s 3G "$D/declared.out"
refused format.read.huge-declared-histogram declared.out \
	"gprof: declared.out: histogram record at offset 20 declares 4294967295 bins (8589934590 bytes) but only $((3 * 1024 * 1024 * 1024 - 61)) bytes remain"

# with -s, under a 256 MiB address-space limit: -s sizes a filter by the
# file's size (gprof/gmon/stream_sum.c), but only once a record has
# made sense, so the messages are the same
for f in zero magic-zero; do
	(cd "$D" && ulimit -v "$(address_limit)" && "$GPROF" -s prog $f.out >stdout 2>stderr)
	rc=$?
	expect_eq sum.read.huge-$f-file "1 $(
		[ $f = zero ] && echo "gprof: zero.out: not a profile data file: no GNU magic, and not a valid BSD profile (its size field 0 is smaller than the 20-byte header)"
		[ $f = magic-zero ] && echo "gprof: magic-zero.out: histogram record has no bins")" \
		"$rc $(cat "$D/stderr")"
done

# the same garbage through a pipe: refused as soon as its header is read
# (head then dies of SIGPIPE, which is what it should do)
(cd "$D" && head -c 3G /dev/zero | /usr/bin/time -o time.txt -f %M "$GPROF" -b prog /dev/stdin \
	>stdout 2>stderr)
rc=$?
expect_eq format.read.huge-zero-pipe \
	"1 gprof: /dev/stdin: not a profile data file: no GNU magic, and not a valid BSD profile (its size field 0 is smaller than the 20-byte header)" \
	"$rc $(cat "$D/stderr")"
peak=$(peak_kib "$D/time.txt")
under_kib "format.read.huge-zero-pipe.peak-memory" "$peak" 102400 "expected under 100 MiB"
rm -f "$D"/*.out

# ---------------------------------------------------------------- large
# 2,000,000 distinct arcs (42 MB) for tiny's functions, and a histogram
cc=${CC:-gcc}
if ! "$cc" -O2 -I"$TOP/include" -o "$D/bigarcs" "$TOP/bench/gen/bigarcs.c"; then
	fail format.read.large.build "cannot build bench/gen/bigarcs.c"
	exit 0
fi
read -r vma size < <(objdump -h "$D/prog" | awk '$2 == ".text" { print $4, $3 }')
# shellcheck disable=SC2046 # one argument per function address
"$D/bigarcs" "$vma" "$(printf '%x' $((0x$vma + 0x$size)))" 2000000 "$D/big.out" \
	$(nm "$D/prog" | awk '$2 ~ /^[tT]$/ { print $1 }')
file_kib=$(($(stat -c %s "$D/big.out") / 1024))

# the report: arcs are charged as they are read, so a fraction of the size
(cd "$D" && GPROF_GNU_QUIRKS=plt /usr/bin/time -o time.txt -f %M "$GPROF" -b prog big.out >ours.txt 2>ours.err)
peak=$(peak_kib "$D/time.txt")
if [ "$peak" -lt $((file_kib / 2)) ]; then
	pass format.read.large.report-peak-memory
else
	fail format.read.large.report-peak-memory "peak RSS $peak KiB for a file of $file_kib KiB"
fi
(cd "$D" && "$GNU_GPROF" -b prog big.out >gnu.txt 2>/dev/null)
expect_same format.read.large.report-same-as-gnu "$D/gnu.txt" "$D/ours.txt"

# -s merges arcs by call site; distinct ones are streamed from the file
# to gmon.sum rather than kept (gprof/gmon/stream_sum.c): 2,000,000
# took 113 MiB when the file was held whole and the arcs kept as 24-byte
# triples, 60 MiB kept in 16 bytes each, 8 MiB streamed
(cd "$D" && /usr/bin/time -o time.txt -f %M "$GPROF" -s prog big.out >/dev/null 2>sum.err)
peak=$(peak_kib "$D/time.txt")
under_kib "sum.write.large.peak-memory" "$peak" 40960 "expected under 40 MiB"
# the file holds one histogram and distinct arcs, in the order gmon.sum
# has them: summing it alone gives it back byte for byte
expect_same sum.write.large.canonical-input-unchanged "$D/big.out" "$D/gmon.sum"

# the same file twice: every arc of the second is a duplicate, and past a
# point -s keeps them in memory instead of streaming; the sum must be what
# keeping them from the start gives (a pipe first: nothing is streamed);
# 78 MiB, 113 MiB before
(cd "$D" && /usr/bin/time -o time.txt -f %M "$GPROF" -s prog big.out big.out >/dev/null 2>sum.err &&
	mv gmon.sum twice.sum)
peak=$(peak_kib "$D/time.txt")
under_kib "sum.write.large.repeated-peak-memory" "$peak" 102400 "expected under 100 MiB"
# shellcheck disable=SC2002 # a pipe, not a redirected file, on purpose
(cd "$D" && cat big.out | "$GPROF" -s prog /dev/stdin big.out >/dev/null 2>>sum.err)
expect_same sum.write.large.repeated-same-as-kept "$D/gmon.sum" "$D/twice.sum"
expect_eq sum.write.large.nothing-said "" "$(cat "$D/sum.err")"
