#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# t-format.sh: the profile file format end to end, against GNU gprof, in
# address sizes and byte orders this machine cannot build programs for.
# data/mkelf.py writes small ELF executables (32/64-bit, little/big
# endian: only sections and symbols, nothing to run) and data/mkgmon.py
# writes GNU-format gmon.out files for them, or byte-swaps any GNU file.
#
#   format.LAYOUT.report        our -b report equals GNU's
#   format.LAYOUT.file-info     -i equals GNU's
#   format.LAYOUT.other-order   a gmon.out in the other byte order reads as
#                               the native one (GNU gprof refuses it: shown)
#   format.LAYOUT.sum.*         -s both ways, and 4.4BSD conversion
#   format.wide.*               arc counts past 32 bits and bins past 16
#   format.corpus.NAME.swapped  every corpus fixture, byte-swapped
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
DATA=$TOP/tests/cli/data
FIX=$TOP/tests/corpus/fixtures
# compare reports byte for byte: our deliberate index deviation off
export GPROF_GNU_QUIRKS=index,plt

cd "$SCRATCH" || exit 2
for bits in 32 64; do
	for order in little big; do
		L=$bits.$order
		mkdir "$L" && cd "$L" || exit 2
		python3 "$DATA/mkelf.py" prog $bits $order
		python3 "$DATA/mkgmon.py" gmon.out $bits $order
		python3 "$DATA/mkgmon.py" --swap gmon.out swapped.out $bits

		"$GNU_GPROF" -b prog gmon.out >gnu.txt 2>&1
		"$GPROF" -b prog gmon.out >ours.txt 2>&1
		if grep -q '^Flat profile:' gnu.txt; then
			expect_same "format.$L.report" gnu.txt ours.txt
		else
			fail "format.$L.report" "GNU gprof printed no report: $(head -1 gnu.txt)"
		fi
		"$GNU_GPROF" -i prog gmon.out >gnu-i.txt 2>&1
		"$GPROF" -i prog gmon.out >ours-i.txt 2>&1
		expect_same "format.$L.file-info" gnu-i.txt ours-i.txt

		# the other byte order: the same report from us; GNU reads the
		# version field in the executable's order and gives up
		"$GPROF" -b prog swapped.out >ours-swapped.txt 2>&1
		expect_same "format.$L.other-order" gnu.txt ours-swapped.txt
		"$GNU_GPROF" -b prog swapped.out >gnu-swapped.txt 2>&1
		rc=$?
		expect_eq "format.$L.other-order.gnu-refuses" \
			"1 $GNU_GPROF: file \`swapped.out' has unsupported version 16777216" \
			"$rc $(cat gnu-swapped.txt)"

		# -s: GNU reads ours, we read GNU's, both as the original
		"$GPROF" -s prog gmon.out && mv gmon.sum ours.sum
		"$GNU_GPROF" -s prog gmon.out && mv gmon.sum gnu.sum
		"$GNU_GPROF" -b prog ours.sum >gnu-ours.txt 2>&1
		expect_same "format.$L.sum.gnu-reads-ours" gnu.txt gnu-ours.txt
		"$GPROF" -b prog gnu.sum >ours-gnu.txt 2>&1
		expect_same "format.$L.sum.ours-reads-gnus" gnu.txt ours-gnu.txt
		# one input with nothing to merge: our gmon.sum holds the input's
		# records, the same size, its arcs in GNU's order (doc/compat.md:
		# callers by address, each caller's callees in the reverse of the
		# order read).  The input's callers come in address order, so the
		# sum of the sum is the input again, byte for byte; the sum of the
		# input in the other byte order is the same file as ours.sum.
		expect_eq "format.$L.sum.identity.size" "$(stat -c %s gmon.out)" \
			"$(stat -c %s ours.sum)"
		mkdir again && (cd again && "$GPROF" -s ../prog ../ours.sum)
		expect_same "format.$L.sum.twice-is-input" gmon.out again/gmon.sum
		"$GPROF" -s prog swapped.out && mv gmon.sum swapped.sum
		expect_same "format.$L.sum.from-other-order" ours.sum swapped.sum
		# converted to 4.4BSD (arc counts become address-sized)
		"$GPROF" -O 4.4bsd -s prog gmon.out && mv gmon.sum bsd.sum
		"$GNU_GPROF" -b prog bsd.sum >gnu-bsd.txt 2>&1
		expect_same "format.$L.sum.4.4bsd.gnu-reads-ours" gnu.txt gnu-bsd.txt
		"$GPROF" -b prog bsd.sum >ours-bsd.txt 2>&1
		expect_same "format.$L.sum.4.4bsd.ours-reads-ours" gnu.txt ours-bsd.txt
		# the old BSD header (no rate: both assume the clock's, 100 here)
		"$GPROF" -O bsd -s prog gmon.out && mv gmon.sum oldbsd.sum
		# header (12 or 20 bytes), 128 bins, 5 arcs of 3 addresses
		a=$((bits / 8))
		expect_eq "format.$L.sum.bsd.size" $(((a == 8 ? 20 : 12) + 256 + 15 * a)) \
			"$(stat -c %s oldbsd.sum)"
		"$GNU_GPROF" -b prog oldbsd.sum >gnu-oldbsd.txt 2>&1
		expect_same "format.$L.sum.bsd.gnu-reads-ours" gnu.txt gnu-oldbsd.txt
		"$GPROF" -b prog oldbsd.sum >ours-oldbsd.txt 2>&1
		expect_same "format.$L.sum.bsd.ours-reads-ours" gnu.txt ours-oldbsd.txt
		# GNU's own 4.4BSD file made from ours, read by both
		"$GNU_GPROF" -O 4.4bsd -s prog bsd.sum && mv gmon.sum gnu-bsd.sum
		"$GPROF" -b prog gnu-bsd.sum >ours-gnu-bsd.txt 2>&1
		expect_same "format.$L.sum.4.4bsd.ours-reads-gnus" gnu.txt ours-gnu-bsd.txt
		cd "$SCRATCH" || exit 2
	done
done

# ---------------------------------------------------------------- wide counts
# Three files whose arcs sum past 2^32 and whose busiest bin sums past
# 65535.  Arcs: our gmon.sum splits the count into several records and GNU
# reading it agrees with GNU reading the three files.  Bins: the file's
# 16-bit counter saturates in ours; GNU's -s keeps the low 16 bits.
mkdir wide && cd wide || exit 2
python3 "$DATA/mkelf.py" prog 64 little
python3 "$DATA/mkgmon.py" g1 64 little 0x0C000000 600
cp g1 g2 && cp g1 g3
"$GNU_GPROF" -b -q prog g1 g2 g3 >gnu-graph.txt 2>&1
"$GPROF" -s prog g1 g2 g3 && mv gmon.sum ours.sum
"$GNU_GPROF" -b -q prog ours.sum >gnu-ours-graph.txt 2>&1
expect_same format.wide.arcs.gnu-reads-ours gnu-graph.txt gnu-ours-graph.txt
"$GPROF" -b -q prog ours.sum >ours-graph.txt 2>&1
expect_same format.wide.arcs.ours-reads-ours gnu-graph.txt ours-graph.txt
# 5 arcs, each 3 * n * 0x0C000000 for n = 10, 5, 20, 7, 3: 0x1_6800_0000
# needs two 32-bit records, 0x2_D000_0000 three, the others one: 8
expect_eq format.wide.arcs.records "$(printf 'File `ours.sum'"'"' (version 1) contains:\n\t1 histogram record\n\t8 call-graph records\n\t0 basic-block count records')" \
	"$("$GPROF" -i prog ours.sum 2>&1)"
"$GNU_GPROF" -s prog g1 g2 g3 && mv gmon.sum gnu.sum
bin() { python3 -c 'import struct,sys; b=open(sys.argv[1],"rb").read(); print(struct.unpack_from("<H", b, 61 + 2 * int(sys.argv[2]))[0])' "$1" "$2"; }
# gamma's sample at 0x1104 is bin 65: 3 * 50 * 600 = 90000
expect_eq format.wide.bins.ours-saturate 65535 "$(bin ours.sum 65)"
expect_eq format.wide.bins.gnu-wraps $((90000 - 65536)) "$(bin gnu.sum 65)"
cd "$SCRATCH" || exit 2

# ---------------------------------------------------------------- corpus
# every fixture's gmon.out byte-swapped reads exactly as the original
for dir in "$FIX"/*/; do
	name=$(basename "$dir")
	mkdir -p "swap/$name"
	python3 "$DATA/mkgmon.py" --swap "$dir/gmon.out" "swap/$name/gmon.out" 64
	(cd "$dir" && "$GPROF" -b prog gmon.out) >"swap/$name/orig.txt" 2>&1
	(cd "swap/$name" && "$GPROF" -b "$dir/prog" gmon.out) >"swap/$name/swapped.txt" 2>&1
	if cmp -s "$dir/gmon.out" "swap/$name/gmon.out"; then
		fail "format.corpus.$name.swapped" "the swapped copy is identical to the original"
	else
		expect_same "format.corpus.$name.swapped" "swap/$name/orig.txt" "swap/$name/swapped.txt"
	fi
done

# ---------------------------------------------------------------- sparse files
# A file may hold any subset of the record kinds: only the header, only
# arcs, only a histogram, only basic-block counts.  Each is compared with
# GNU for -b, -b -l and -i (stdout and exit status; stderr too except for
# the basic-block warning, whose wording is ours), and -s must write what
# GNU writes (GNU leaves the header's spare bytes uninitialized: they are
# compared as zeros; arcs-only sums differ by design, see t-sum.sh, so
# their reports are compared instead).
mkdir sparse && cd sparse || exit 2
cp "$FIX/tiny/prog" prog
T=$FIX/tiny/gmon.out
tsize=$(stat -c %s "$T")
head -c 20 "$T" >header.out
{ head -c 20 "$T" && tail -c 42 "$T"; } >arcs.out
head -c $((tsize - 42)) "$T" >hist.out
{ head -c 20 "$T" && python3 -c 'import struct, sys; sys.stdout.buffer.write(bytes([2]) + struct.pack("<IQQQQ", 2, 0x11d7, 5, 0x11f0, 7))'; } >bb.out
zero_spare() { python3 -c 'import sys; b = bytearray(open(sys.argv[1], "rb").read()); b[8:20] = bytes(12); sys.stdout.buffer.write(b)' "$1"; }
for kind in header arcs hist bb; do
	for opts in "-b" "-b -l" "-i"; do
		tag=$kind.${opts// /}
		read -ra args <<<"$opts"
		"$GNU_GPROF" "${args[@]}" prog "$kind.out" >gnu.out 2>gnu.err
		echo "status $?" >>gnu.out
		"$GPROF" "${args[@]}" prog "$kind.out" >ours.out 2>ours.err
		echo "status $?" >>ours.out
		expect_same "format.sparse.$tag.stdout" gnu.out ours.out
		if [ "$kind" != bb ]; then
			sed "s|^$GNU_GPROF:|gprof:|" gnu.err >gnu.err2
			expect_same "format.sparse.$tag.stderr" gnu.err2 ours.err
		fi
	done
	rm -f gmon.sum
	"$GNU_GPROF" -s prog "$kind.out" && zero_spare gmon.sum >gnu.sum
	"$GPROF" -s prog "$kind.out" && mv gmon.sum ours.sum
	if [ "$kind" = arcs ]; then
		"$GNU_GPROF" -b prog gnu.sum >gnu-sum.txt 2>&1
		"$GPROF" -b prog ours.sum >ours-sum.txt 2>&1
		expect_same "format.sparse.arcs.sum-report" gnu-sum.txt ours-sum.txt
	else
		expect_same "format.sparse.$kind.sum" gnu.sum ours.sum
	fi
done
cd "$SCRATCH" || exit 2
