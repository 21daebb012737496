#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/runtime/t-report.sh: whole-process profiles end to end: the
# program of t-process.sh (its own code, its -pg library, a -pg plugin it
# opens and closes, libc's memcpy and qsort, libm's sin and exp, each part
# timed by the program itself) run under libgmon, then reported by our
# gprof from gprof prog gmon.out alone: each part's seconds within 15% of
# what the program measured (or four standard deviations of the samples), 90-110% of the process's CPU time in the
# samples, the library's and plugin's call counts exact, qsort -> compare
# present, GNU gprof reading gmon.out silently.  Both ways in: the static
# link and LD_PRELOAD on a glibc -pg build.
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.report
runtime_scratch
cd "$SCRATCH" || exit 2
SRC=$PROGS/process
export LD_LIBRARY_PATH=.

if ! { $RT_CC -pg -O1 -fno-inline -fPIC -shared -o libwork.so "$SRC/work.c" &&
	$RT_CC -pg -O1 -fno-inline -fPIC -shared -o plugin.so "$SRC/plugin.c" &&
	$RT_CC -pg -O1 -fno-inline -o prog "$SRC/main.c" -L. -lwork -ldl "$LIBGMON_A" \
		-Wl,--export-dynamic -lm -pthread &&
	$RT_CC -pg -O1 -fno-inline -o prog.glibc "$SRC/main.c" -L. -lwork -ldl -lm -pthread; } 2>build.err; then
	fail runtime.report.build "$(head -3 build.err | xargs)"
	exit 0
fi

# part MS-NAME SECONDS: within 15% of what the program measured, or four
# standard deviations of the sample count if that is wider (samples
# arrive as a Poisson process: 300 ms at 1,000 Hz is 300 +- 17 samples,
# and 15% is only 2.6 of those; a wrong attribution is off by far more)
within() {
	local name=$1 measured=$2 got=$3
	if awk -v m="$measured" -v g="$got" 'BEGIN {
		n = m; tol = n > 0 ? 4 / sqrt(n) : 1; if (tol < 0.15) tol = 0.15
		exit !(g >= (1 - tol) * m / 1000 && g <= (1 + tol) * m / 1000) }'; then
		pass "$name"
	else
		fail "$name" "$got s, measured $measured ms"
	fi
}

# seconds REGEX: the self seconds of the flat profile's lines whose name
# matches (summed)
seconds() {
	awk -v re="$1" 'NR > 5 && NF >= 4 {
		name = ""; for (i = (NF >= 7 && $4 ~ /^[0-9]+$/ ? 7 : 4); i <= NF; i++) name = name (name ? " " : "") $i
		if (name ~ re) s += $3 } END { printf "%.2f", s }' flat.txt
}
calls() { awk -v n="$1" 'NR > 5 && NF >= 7 { name = $7; for (i = 8; i <= NF; i++) name = name " " $i; if (name == n) print $4 }' flat.txt; }

# check WAY: the whole battery on the profile in the current directory
check() {
	local way=$1 value
	"$GPROF" -b -p prog gmon.out >flat.txt 2>flat.err
	expect_eq "runtime.report.$way.quiet" "" "$(cat flat.err)"
	within "runtime.report.$way.main" "$(awk '$1 == "main_ms" { print $2 }' parts.txt)" "$(seconds '^main_part$')"
	within "runtime.report.$way.library" "$(awk '$1 == "work_ms" { print $2 }' parts.txt)" "$(seconds '^work_burn \\[libwork.so\\]$')"
	within "runtime.report.$way.plugin" "$(awk '$1 == "plugin_ms" { print $2 }' parts.txt)" "$(seconds '^plugin_burn \\[plugin.so\\]$')"
	within "runtime.report.$way.libc" "$(awk '$1 == "libc_ms" { print $2 }' parts.txt)" "$(seconds '\\[libc.so.6\\]$')"
	within "runtime.report.$way.libm" "$(awk '$1 == "libm_ms" { print $2 }' parts.txt)" "$(seconds '\\[libm.so.6\\]$')"
	value=$(sed -n 's/.*CPU time (\([0-9.]*\)%.*/\1/p' flat.txt)
	if awk -v v="${value:-0}" 'BEGIN { exit !(v >= 90 && v <= 110) }'; then
		pass "runtime.report.$way.cpu-time-covered"
	else
		fail "runtime.report.$way.cpu-time-covered" "the samples cover ${value:-no}% of the CPU time"
	fi
	expect_eq "runtime.report.$way.library-calls" 1234 "$(calls 'work_leaf [libwork.so]')"
	expect_eq "runtime.report.$way.plugin-calls" 4321 "$(calls 'plugin_leaf [plugin.so]')"
	expect_eq "runtime.report.$way.callback-calls" "$(awk '$1 == "back_calls" { print $2 }' parts.txt)" "$(calls called_back)"
	"$GPROF" -b -q prog gmon.out >graph.txt 2>&1
	# compare's entry names a caller in libc (qsort's sort), with every call
	if awk -v n="$(awk '$1 == "compare_calls" { print $2 }' parts.txt)" '
		/^\[[0-9]+\]/ && / compare \[/ { found = prev ~ ("^ +[0-9.]+ +[0-9.]+ +" n "/" n " +.*\\[libc.so.6\\] \\[") }
		{ prev = $0 } END { exit !found }' graph.txt; then
		pass "runtime.report.$way.qsort-compare"
	else
		fail "runtime.report.$way.qsort-compare" "no caller in libc.so.6 above compare with every call"
	fi
	"$GNU_GPROF" -b prog gmon.out >gnu.txt 2>gnu.err
	expect_eq "runtime.report.$way.gnu-reads-it" "0:" "$?:$(cat gnu.err)"
	"$GPROF" -b --main-only prog gmon.out >main-only.txt 2>&1
	if grep -q 'libc.so.6\|libwork.so' main-only.txt; then
		fail "runtime.report.$way.main-only" "libraries in the --main-only report"
	else
		pass "runtime.report.$way.main-only"
	fi
}

rm -f gmon.out .gmon.out.process
GMON_RATE=1000 ./prog all 300 >run.out 2>&1
check static
cp prog prog.static
rm -f gmon.out .gmon.out.process
cp prog.glibc prog
GMON_RATE=1000 LD_PRELOAD="$LIBGMON_SO" ./prog all 300 >run.out 2>&1
check preload
