#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-autostart.sh: libgmon.so preloaded into a program built
# without -pg starts by itself when GMON_START asks (gprof-run sets it),
# profiles the whole process, and keeps to the rule for its children
# (doc/runtime.md, "Starting without -pg").
#   runtime.autostart.off.*          no GMON_START: nothing written, as before
#   runtime.autostart.start.*        GMON_START=1: gmon.out (no arcs) and the process file;
#                                    gprof's header says that counts need -pg; the
#                                    call graph comes from the stacks, without counts
#   runtime.autostart.pid.*          GMON_START=PID: only the process PID names
#   runtime.autostart.refused.*      a value it does not know: one line, nothing written
#   runtime.autostart.exec.*         a program execed from it is not profiled (all: it is)
#   runtime.autostart.fork.*         a forked child writes its own file
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.autostart
runtime_scratch
build_tools
cd "$SCRATCH" || exit 2
# frame pointers: the stacks (and so the call graph) come from them
$RT_CC -O2 -fno-omit-frame-pointer -fno-inline -o plain "$PROGS/plain.c"

# count_files PATTERN: how many files in . match the shell pattern
count_files() {
	local n=0 f
	for f in $1; do [ -e "$f" ] && n=$((n + 1)); done
	echo $n
}

# no GMON_START: a program without hooks is left alone, as before
LD_PRELOAD=$LIBGMON_SO ./plain 20 >out 2>err
expect_eq runtime.autostart.off.nothing-written 0 "$(count_files 'gmon.out* .gmon.out*')"
expect_eq runtime.autostart.off.quiet "" "$(cat err)"

# GMON_START=1: the whole process, gmon.out with a histogram and no arcs
GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./plain 300 >out 2>err
expect_eq runtime.autostart.start.variable-removed "GMON_START=[]" "$(awk '{ print $3 }' out)"
expect_eq runtime.autostart.start.quiet "" "$(cat err)"
expect_eq runtime.autostart.start.files "gmon.out .gmon.out.process" \
	"$(ls -A | grep 'gmon\.out' | sort -r | xargs)"
expect_eq runtime.autostart.start.no-arcs 0 "$(gmon_dump gmon.out | grep -c '^arc')"
# the samples are kept sparse, in the process file (t-sparse.sh)
samples=$("$GPROF" -b -p plain gmon.out | awk '$NF == "burn" { print $3 * 100 }')
if [ "${samples:-0}" -gt 0 ]; then
	pass runtime.autostart.start.samples
else
	fail runtime.autostart.start.samples "no sample in 300 ms of CPU time: $("$GPROF" -b -p plain gmon.out 2>&1 | head -8)"
fi
gprof_reads runtime.autostart.start.gnu-reads plain gmon.out
# GNU gprof: a flat profile with the calls column empty (no record of calls)
expect_eq runtime.autostart.start.gnu-no-calls 0 \
	"$("$GNU_GPROF" -b -p plain gmon.out | awk '$1 ~ /^[0-9.]+$/ && NF > 4' | wc -l)"
# our gprof pairs the two files of the run (the coverage line comes
# from the process file's times) and reads them without a word
"$GPROF" -p plain gmon.out >report 2>err
expect_eq runtime.autostart.start.process-file-read "1|" \
	"$(grep -c '^The samples cover' report)|$(cat err)"
# and its header says why the calls column is empty
expect_eq runtime.autostart.start.header-says-no-calls \
	"No call was counted: call counts need a program compiled with -pg." \
	"$(grep '^No call' report)"

# the call graph comes from the stacks: main calls burn, with its time,
# and the called column is empty (nothing was counted)
"$GPROF" -b -q plain gmon.out >graph 2>err
expect_eq runtime.autostart.start.graph-from-stacks "main|" \
	"$(awk '/^\[[0-9]+\].* burn \[[0-9]+\]$/ { print prev } { prev = $0 }' graph |
		sed -nE 's/^ +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+ +(main) \[[0-9]+\]$/\1/p')|$(cat err)"
expect_eq runtime.autostart.start.graph-no-counts 0 "$(grep -c '[0-9]/[0-9]' graph)"

# GMON_START=PID: the process with that id only; the variable goes away
rm -f gmon.out .gmon.out.process
sh -c "export GMON_START=\$\$ LD_PRELOAD=$LIBGMON_SO; exec ./plain 20" >out 2>err
expect_eq runtime.autostart.pid.own "GMON_START=[] 2" \
	"$(awk '{ print $3 }' out) $(count_files 'gmon.out .gmon.out.process')"
rm -f gmon.out .gmon.out.process
# pid_max is at most 2^22: this id is nobody's
GMON_START=4194305 LD_PRELOAD=$LIBGMON_SO ./plain 20 >out 2>err
expect_eq runtime.autostart.pid.other "GMON_START=[] 0|" \
	"$(awk '{ print $3 }' out) $(count_files 'gmon.out* .gmon.out*')|$(cat err)"

# values it does not know: one line, not started, the variable kept
for value in yes 12x -1; do
	GMON_START=$value LD_PRELOAD=$LIBGMON_SO ./plain 5 >out 2>err
	expect_eq "runtime.autostart.refused.$value" \
		"libgmon: ignoring GMON_START=$value: not 1, all, 0 or a process id|0|GMON_START=[$value]" \
		"$(cat err)|$(count_files 'gmon.out* .gmon.out*')|$(awk '{ print $3 }' out)"
done
GMON_START=0 LD_PRELOAD=$LIBGMON_SO ./plain 5 >out 2>err
expect_eq runtime.autostart.refused.zero "|0" "$(cat err)|$(count_files 'gmon.out* .gmon.out*')"

# a program the profiled one execs (in a forked child) is not profiled:
# one file, the parent's; with GMON_START=all it is, in a file of its own
GMON_OUT_PREFIX=p GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./plain 20 exec ./plain 20 >out 2>err
parent=$(awk 'NR == 1 { print $2 }' out)
expect_eq runtime.autostart.exec.not-profiled "p.$parent|GMON_START=[]" \
	"$(ls p.* | xargs)|$(awk 'NR == 2 { print $3 }' out)"
rm -f p.* .p.*
GMON_OUT_PREFIX=p GMON_START=all LD_PRELOAD=$LIBGMON_SO ./plain 20 exec ./plain 20 >out 2>err
parent=$(awk 'NR == 1 { print $2 }' out)
child=$(awk 'NR == 2 { print $2 }' out)
expect_eq runtime.autostart.exec.all "$(printf 'p.%s\n' "$parent" "$child" | sort | xargs)|GMON_START=[all]" \
	"$(ls p.* | sort | xargs)|$(awk 'NR == 2 { print $3 }' out)"
rm -f p.* .p.*

# a forked child (no exec) profiles on, into gmon.out.<pid>, as with -pg
GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./plain 20 fork >out 2>err
expect_eq runtime.autostart.fork.own-file 1 "$(count_files 'gmon.out.[0-9]*')"
expect_eq runtime.autostart.fork.parent-file 1 "$(count_files gmon.out)"
