#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (c) 2026 The gprof/libgmon authors.
#
# t-limits.sh: limits that must hold against hostile or extreme files.
#   limits.deep-chain.*    a 100,000-deep call chain f0 -> f1 -> ... -> f99999
#                          in a generated 100,000-function executable, read
#                          with a 1 MiB stack: numbering and propagation
#                          must not recurse
#   limits.deep-cycle.*    the same chain closed into one 100,000-member cycle
#   limits.counts.*        call counts that overflow 64 bits when summed
#                          saturate (GNU gprof wraps: shown too)
#   limits.huge-count.*    histogram, arc and block counts far larger than
#                          the file: one line, before any allocation
set -u
. "$(dirname "$0")/../lib.sh"
scratch
cd "$SCRATCH" || exit 2
FUNCTIONS=100000

# ---------------------------------------------------------------- deep chain
# Each function is 16 bytes (a call site and padding), typed and sized as a
# compiler would, so that gprof takes every one as a function.
awk -v n=$FUNCTIONS 'BEGIN {
	print "\t.text"
	print "\t.globl main"
	print "\t.type main, @function"
	print "main:\n\txorl %eax, %eax\n\tret\n\t.size main, .-main"
	for (i = 0; i < n; i++) {
		printf "\t.p2align 4\n\t.globl f%d\n\t.type f%d, @function\nf%d:\n", i, i, i
		printf "\tnop\n\tnop\n\tnop\n\tnop\n\tret\n\t.size f%d, .-f%d\n", i, i
	}
}' >chain.s
if ! gcc -no-pie -o chain chain.s 2>cc.err; then
	fail limits.deep-chain.build "gcc: $(head -1 cc.err)"
	exit 0
fi
nm chain | awk '$2 == "T" && $3 ~ /^f[0-9]+$/ { print substr($3, 2), $1 }' | sort -n >addresses
if [ "$(wc -l <addresses)" -ne $FUNCTIONS ]; then
	fail limits.deep-chain.build "expected $FUNCTIONS functions, nm lists $(wc -l <addresses)"
	exit 0
fi

# write_chain OUT CYCLE: a GNU gmon.out with arcs f(i)+2 -> f(i+1), one
# call each, 7 samples in the last function, and with CYCLE=1 an arc from
# the last function back to f0
write_chain() {
	python3 - "$1" "$2" <<'PY'
import struct, sys
out, cycle = sys.argv[1], sys.argv[2] == "1"
addr = [int(line.split()[1], 16) for line in open("addresses")]
low, high = addr[-1], addr[-1] + 16
parts = [b"gmon" + struct.pack("<I", 1) + bytes(12)]
parts.append(b"\0" + struct.pack("<QQII", low, high, 8, 100) + b"seconds".ljust(15, b"\0") + b"s")
parts.append(struct.pack("<8H", 0, 7, 0, 0, 0, 0, 0, 0))
for i in range(len(addr) - 1):
    parts.append(b"\1" + struct.pack("<QQI", addr[i] + 2, addr[i + 1], 1))
if cycle:
    parts.append(b"\1" + struct.pack("<QQI", addr[-1] + 2, addr[0], 1))
open(out, "wb").write(b"".join(parts))
PY
}
write_chain chain.out 0
write_chain cycle.out 1

# run_limited TEST NAME ARGS...: gprof with a 1 MiB stack, its output in
# NAME.stdout and NAME.stderr; "ok TEST" and true when it exits with 0
run_limited() {
	local test=$1 name=$2 status
	shift 2
	(ulimit -s 1024 && exec "$GPROF" "$@") >"$name.stdout" 2>"$name.stderr"
	status=$?
	if [ $status -ne 0 ]; then
		fail "$test" "exit status $status: $(head -1 "$name.stderr")"
		return 1
	fi
	pass "$test"
}

# entry NAME FILE: the fields of NAME's own line in the call graph (an
# index of six digits loses its "]", as in GNU gprof: "[10000 100.0 ...")
entry() {
	grep -E "^\[[0-9]+\]? +[0-9.]+ .* $1( <cycle [0-9]+>)? \[" "$2" |
		sed -E 's/^\[[0-9]+\]? +//'
}

if run_limited limits.deep-chain.runs chain -b chain chain.out; then
	# all of the leaf's 0.07 s reaches the root, 99,999 calls up
	expect_eq limits.deep-chain.root "100.0 0.00 0.07 f0 [100000]" \
		"$(entry f0 chain.stdout | tr -s ' ')"
	expect_eq limits.deep-chain.leaf "100.0 0.07 0.00 1 f99999 [99999]" \
		"$(entry f99999 chain.stdout | tr -s ' ')"
	expect_eq limits.deep-chain.entries $FUNCTIONS "$(grep -cE '^\[[0-9]+\]? +[0-9.]+ ' chain.stdout)"
fi

if run_limited limits.deep-cycle.runs cycle -b chain cycle.out; then
	# one cycle of every function; never entered from outside, so that
	# (as in GNU gprof) it has no "as a whole" entry, and the leaf, with
	# all the time, comes first
	expect_eq limits.deep-cycle.leaf "100.0 0.07 0.00 1 f99999 <cycle 1> [1]" \
		"$(entry f99999 cycle.stdout | tr -s ' ')"
	expect_eq limits.deep-cycle.no-whole-entry 0 "$(grep -c 'as a whole' cycle.stdout)"
	expect_eq limits.deep-cycle.members $FUNCTIONS \
		"$(grep -cE '^\[[0-9]+\]? +[0-9.]+ .* f[0-9]+ <cycle 1> \[' cycle.stdout)"
fi

# ---------------------------------------------------------------- counts
# Old BSD layout (8-byte counts) for debug_g: two call sites in main each
# call evaluate 2^64-1 times; evaluate calls polynomial 5 times.
exe=$TOP/tests/corpus/fixtures/debug_g/prog
python3 - <<'PY'
import struct
bins = [0] * 8
data = struct.pack("<QQi", 0x11c0, 0x11d0, 20 + 2 * len(bins)) + struct.pack("<8H", *bins)
for frm, to, count in ((0x12c0, 0x121c, 2**64 - 1), (0x12d0, 0x121c, 2**64 - 1),
                       (0x1230, 0x11c9, 5)):
    data += struct.pack("<QQQ", frm, to, count)
open("wide.out", "wb").write(data)
PY
called() {
	# the "called" column of evaluate's own entry
	grep -E '^\[[0-9]+\] .* evaluate \[' | awk '{ print $5 }'
}
"$GPROF" -b -q -Obsd "$exe" wide.out >wide.ours 2>wide.err
expect_eq limits.counts.saturate 18446744073709551615 "$(called <wide.ours)"
"$GNU_GPROF" -b -q "$exe" wide.out >wide.gnu 2>/dev/null
expect_eq limits.counts.gnu-wraps 18446744073709551614 "$(called <wide.gnu)"
# the same file read three times: the sum stays saturated
"$GPROF" -b -q -Obsd "$exe" wide.out wide.out wide.out >wide3.ours 2>wide3.err
expect_eq limits.counts.saturate-summed 18446744073709551615 "$(called <wide3.ours)"
# GNU-format arcs are 32-bit: 2^32-1 in each of three files needs 34 bits
python3 - <<'PY'
import struct
data = b"gmon" + struct.pack("<I", 1) + bytes(12)
data += b"\1" + struct.pack("<QQI", 0x12c0, 0x121c, 2**32 - 1)
open("u32.out", "wb").write(data)
PY
"$GPROF" -b -q "$exe" u32.out u32.out u32.out >u32.ours 2>u32.err
expect_eq limits.counts.wider-than-file $((3 * (2**32 - 1))) "$(called <u32.ours)"

# The call graph's and the flat profile's order by calls (no time: all
# equal) when a count needs more than 32 bits: polynomial, called 2^40 times, before evaluate,
# called 7 times, though evaluate comes first by name
python3 - <<'PY'
import struct
bins = [0] * 8
data = struct.pack("<QQi", 0x11c0, 0x11d0, 20 + 2 * len(bins)) + struct.pack("<8H", *bins)
for frm, to, count in ((0x12c0, 0x11c9, 2**40), (0x12d0, 0x121c, 7)):
    data += struct.pack("<QQQ", frm, to, count)
open("order.out", "wb").write(data)
PY
"$GPROF" -b -q -Obsd "$exe" order.out >order.ours 2>order.err
expect_eq limits.counts.order-past-32-bits "polynomial evaluate" \
	"$(grep -E '^\[[0-9]+\]' order.ours | awk '{ printf "%s%s", sep, $(NF - 1); sep = " " }')"
"$GPROF" -b -p -Obsd "$exe" order.out >order-flat.ours 2>order-flat.err
expect_eq limits.counts.flat-order-past-32-bits "polynomial evaluate" \
	"$(awk '$4 ~ /^[0-9]+$/ { printf "%s%s", sep, $NF; sep = " " }' order-flat.ours)"

# ---------------------------------------------------------------- huge counts
# Each declares far more than the file holds; the message is one line and
# comes before any allocation: run with a 64 MiB address-space limit.
python3 - <<'PY'
import struct
hdr = b"gmon" + struct.pack("<I", 1) + bytes(12)
hist = b"\0" + struct.pack("<QQII", 0x1000, 0x2000, 0xFFFFFFFF, 100) + b"seconds".ljust(15, b"\0") + b"s"
open("huge-hist.out", "wb").write(hdr + hist + b"\0\0")
open("huge-blocks.out", "wb").write(hdr + b"\2" + struct.pack("<I", 0xFFFFFFFF) + bytes(16))
bsd = struct.pack("<QQi", 0x1000, 0x2000, 0x7FFFFFFF) + bytes(8)
open("huge-bsd.out", "wb").write(bsd)
PY
# (AddressSanitizer reserves terabytes of address space: under
# make check-sanitize the limit is left out, and ASan's own allocator
# would report an allocation of that size)
vlimit=262144
ldd "$GPROF" 2>/dev/null | grep -q libasan && vlimit=unlimited
huge() {
	local name=$1 want=$2
	shift 2
	(ulimit -v $vlimit && exec "$GPROF" -b "$@" "$exe" "$name.out") >"$name.stdout" 2>"$name.stderr"
	local rc=$?
	expect_eq "limits.huge-count.$name" "1 $want" "$rc $(cat "$name.stderr")"
}
huge huge-hist "gprof: huge-hist.out: histogram record at offset 20 declares 4294967295 bins (8589934590 bytes) but only 2 bytes remain"
huge huge-blocks "gprof: huge-blocks.out: basic-block record at offset 20 declares 4294967295 blocks but only 16 bytes remain"
huge huge-bsd "gprof: huge-bsd.out: not a valid BSD profile: histogram of 2147483627 bytes but only 8 bytes follow the header" -Obsd
