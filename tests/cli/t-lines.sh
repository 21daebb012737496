#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# t-lines.sh: line-level reports from the line table read once
# (gprof/symtab/lineindex.c), against GNU gprof 2.40, which asks BFD for every
# byte of the text.
#
#   lines.BUILD.OPTS    the corpus's clones program (and its C++ one) built
#                       -pg with debug information in many forms (DWARF 5
#                       and 4, -gz compressed, split, gc-sections, -O0,
#                       clang, C++, none), run once; our report with
#                       GPROF_GNU_QUIRKS=all equals GNU's, byte for byte:
#                       line symbols, their names (a .part/.constprop
#                       clone's code without a DWARF function is named by
#                       GNU after the clone's symbol), their files and
#                       lines, -A and -x, the call graph and its [N]
#   lines.million.*     a program of 1,000,000 line rows (1,000 functions
#                       of 1,000 two-byte rows, assembled from .loc
#                       directives) and a profile with one sample in every
#                       row: every row is one line symbol at its own
#                       address with its own line, and its samples; in a
#                       few seconds (the time per row is in bench/lines)
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
SRC=$TOP/tests/corpus/src
cd "$SCRATCH" || exit 2

# build NAME COMPILER SOURCE FLAGS...: NAME/prog and NAME/gmon.out
build() {
	local name=$1 cc=$2 source=$3
	shift 3
	mkdir -p "$name"
	cp "$source" "$name/"
	if ! (cd "$name" && "$cc" -pg "$@" -o prog "$(basename "$source")" 2>build.err); then
		fail "lines.$name.build" "$(head -1 "$name/build.err")"
		return 1
	fi
	(cd "$name" && ./prog >/dev/null 2>&1)
	[ -s "$name/gmon.out" ] || { fail "lines.$name.run" "no gmon.out"; return 1; }
}

clones=$SRC/clones_o2/clones.c
builds=(
	"gcc-O2 gcc $clones -O2 -g"
	"gcc-dwarf4 gcc $clones -O2 -gdwarf-4"
	"gcc-gz gcc $clones -O2 -g -gz"
	"gcc-split gcc $clones -O2 -g -gsplit-dwarf"
	"gcc-gc-sections gcc $clones -O2 -g -ffunction-sections -Wl,--gc-sections"
	"gcc-O0 gcc $clones -O0 -g"
	"gcc-no-debug gcc $clones -O2"
	"clang-O2 clang $clones -O2 -g"
	"cxx-O2 g++ $SRC/cxx/shapes.cc -O2 -g"
)
for b in "${builds[@]}"; do
	# shellcheck disable=SC2086
	set -- $b
	name=$1
	build "$@" || continue
	cd "$name" || exit 2
	for opts in "-b -l" "-b -l -p" "-b" "-b -l -A -x" "-b -l -C"; do
		# shellcheck disable=SC2086
		"$GNU_GPROF" $opts prog gmon.out >gnu.txt 2>&1
		# shellcheck disable=SC2086
		GPROF_GNU_QUIRKS=all "$GPROF" $opts prog gmon.out >ours.txt 2>&1
		expect_same "lines.$name.$(echo "$opts" | tr ' ' '_')" gnu.txt ours.txt
	done
	cd ..
done

# the clone case fails without the right names: make sure it has clones
expect_eq lines.gcc-O2.has-part-clone 1 \
	"$(nm gcc-O2/prog | grep -c ' t maybe\.part\.0$')"

# A million rows: 1,000 functions f0..f999 of 1,000 rows, row j of fK at
# line K*1000+j+1, two bytes each, and a ret and a nop that the last row
# of each function covers as well; a histogram of two-byte bins from f0 to
# main, one sample in each.
mkdir million && cd million || exit 2
python3 - >rows.s <<'GEN'
out = ['\t.file 1 "rows.c"', "\t.text"]
for k in range(1000):
    out += ["\t.globl f%d" % k, "\t.type f%d, @function" % k, "\t.p2align 1", "f%d:" % k]
    for j in range(1000):
        out += ["\t.loc 1 %d" % (k * 1000 + j + 1), "\txchg %ax, %ax"]
    out += ["\tret", "\tnop", "\t.size f%d, .-f%d" % (k, k)]
out += ["\t.globl main", "\t.type main, @function", "main:", "\txor %eax, %eax", "\tret",
        "\t.size main, .-main", '\t.section .note.GNU-stack,"",@progbits']
print("\n".join(out))
GEN
if ! gcc -g -o rows rows.s 2>build.err; then
	fail lines.million.build "$(head -1 build.err)"
else
	python3 - <<'GMON'
import struct, subprocess
addr = {}
for line in subprocess.run(["nm", "rows"], capture_output=True, text=True).stdout.splitlines():
    f = line.split()
    if len(f) == 3:
        addr[f[2]] = int(f[0], 16)
low, high = addr["f0"], addr["main"]
bins = (high - low) // 2
hist = struct.pack("<QQII", low, high, bins, 100) + b"seconds".ljust(15, b"\0") + b"s"
open("gmon.out", "wb").write(b"gmon" + struct.pack("<I", 1) + bytes(12) + b"\0" + hist + b"\1\0" * bins)
GMON
	rows=$(objdump --dwarf=decodedline rows | awk 'NF >= 3 && $3 ~ /^0x/' | wc -l)
	expect_eq lines.million.rows-in-table 1000001 "$rows"
	"$GPROF" -b -l -p rows gmon.out >flat.txt 2>err.txt
	expect_eq lines.million.status-and-stderr "0 " "$? $(head -1 err.txt)"
	nm -t d rows | awk '$2 == "T" && $3 ~ /^f[0-9]+$/ { print substr($3, 2), $1 + 0 }' >starts.txt
	# every entry "fK (rows.c:L @ ADDR)": L in fK's lines, ADDR its row's
	awk 'function hex(s,  v, i) {
		v = 0
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	     }
	     NR == FNR { start[$1] = $2; next }
	     /\(rows\.c:/ {
		name = $(NF - 3); line = $(NF - 2); address = $NF
		sub(/^\(rows\.c:/, "", line); sub(/\)$/, "", address)
		k = substr(name, 2)
		entries++
		if (int((line - 1) / 1000) != k || hex(address) != start[k] + 2 * ((line - 1) % 1000))
			wrong++
		if ($3 == "0.02") twice++
	     }
	     END { printf "%d %d %d\n", entries, wrong, twice }' starts.txt flat.txt >check.txt
	# a million entries, none misplaced, and the last row of each
	# function has the ret's bin too
	expect_eq lines.million.entries-placed "1000000 0 1000" "$(cat check.txt)"
fi
