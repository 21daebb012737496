#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/runtime/nopg-whole.sh: a whole-process workload built without -pg
# anywhere (issue 29): tests/runtime/progs/process (its own code, its own
# shared library, a plugin it dlopens, libc's memcpy and qsort, libm),
# compiled gcc -O2 -fomit-frame-pointer, run under gprof-run at the
# default rate.  Printed: each part's seconds in gprof's flat profile
# against what the program measured itself (asked: within 20%), the share
# of the process's CPU time the samples cover (asked: 90-110%), and the
# share of memcpy's stacks that keep the program's caller (libc_part).
# Not a test: where the samples land varies from run to run; the
# figures go to doc/performance.md ("Runtime overhead").
#
# usage: bench/runtime/nopg-whole.sh [MS]   (each part's time, default 1000)
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"
ms=${1:-1000}
bench_setup nopg-whole.sh libgmon/libgmon.so libgmon runtime-nopg-whole
src=$top/tests/runtime/progs/process
flags=(-O2 -fomit-frame-pointer -fno-inline)
gcc "${flags[@]}" -fPIC -shared -o libwork.so "$src/work.c" &&
	gcc "${flags[@]}" -fPIC -shared -o plugin.so "$src/plugin.c" &&
	gcc "${flags[@]}" -o prog "$src/main.c" -L. -lwork -ldl -Wl,--export-dynamic -lm -pthread ||
	exit 1
if nm prog libwork.so plugin.so | grep -q 'mcount'; then
	echo "nopg-whole.sh: a -pg hook in the build" >&2
	exit 1
fi
rm -f gmon.out .gmon.out.process
LD_LIBRARY_PATH=. "$top/run/gprof-run" ./prog all "$ms" >run.out 2>&1 || { cat run.out; exit 1; }
"$top/gprof/gprof" -b -p prog gmon.out >flat.txt
"$top/gprof/gprof" --folded prog gmon.out >folded.txt

# seconds REGEX: the self seconds of the flat profile's lines whose name
# matches (summed)
seconds() {
	awk -v re="$1" 'NR > 5 && NF >= 4 {
		name = ""; for (i = (NF >= 7 && $4 ~ /^[0-9]+$/ ? 7 : 4); i <= NF; i++) name = name (name ? " " : "") $i
		if (name ~ re) s += $3 } END { printf "%.2f", s }' flat.txt
}
printf '%-8s %10s %10s %7s  %s\n' part "measured" "gprof" ratio verdict
for part in main:'^main_part$' work:'^work_burn \[libwork.so\]$' plugin:'^plugin_burn \[plugin.so\]$' \
	libc:'\[libc.so.6\]$' libm:'\[libm.so.6\]$'; do
	name=${part%%:*}
	measured=$(awk -v k="${name}_ms" '$1 == k { print $2 }' parts.txt)
	got=$(seconds "${part#*:}")
	awk -v n="$name" -v m="$measured" -v g="$got" 'BEGIN {
		r = m > 0 ? g * 1000 / m : 0
		printf "%-8s %8.0f ms %8.0f ms %7.2f  %s\n", n, m, g * 1000, r, (r >= 0.8 && r <= 1.2) ? "within 20%" : "OFF" }'
done
covered=$(sed -n 's/.*CPU time (\([0-9.]*\)%.*/\1/p' flat.txt)
echo "samples cover ${covered:-?}% of the process's CPU time (asked: 90-110%)"
awk '{ n = split($1, f, ";")
	if (f[n] ~ /mem(cpy|move)/) { all += $NF; if ($1 ~ /;libc_part;/) kept += $NF } }
	END { printf "memcpy samples with libc_part above them: %d of %d (%.1f%%)\n", kept, all, all ? 100 * kept / all : 0 }' folded.txt
