#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# t-dlopen-loop.sh: a plugin dlopened and dlclosed 10,000 times, each
# load at an address no load before had (issue 37, fault 17;
# doc/runtime.md, "Plugins loaded and unloaded").  progs/dlopen-loop.c
# opens plug0.so and plug1.so (two copies of one -pg plugin) in turn,
# calls plugin_work 3 times per load, and puts an inaccessible mapping
# where each load was, so that the next lands elsewhere.  The runtime's
# arc tables are made small (512 keys each): 10,000 loads' arcs pass
# through them only if the slots of unloaded plugins serve again; its
# sample and stack tables (4,096 keys, some 40 s of samples), so that
# the pages the run's samples touch weigh little in its peak RSS.
#   dlopen-loop.distinct  the 10,000 loads had 10,000 addresses (else the
#                         loader keeps what dlclose closed, as musl's
#                         does: skip)
#   dlopen-loop.quiet     nothing on stderr: no "object table full", no
#                         call lost for want of room (before: both)
#   dlopen-loop.calls     gprof: plugin_work and plugin_step of each
#                         copy called 15,000 times, exactly
#   dlopen-loop.graph     run (the loop) calls each copy's plugin_work
#                         15000/15000
#   dlopen-loop.records   the process file names 2 retired objects, one
#                         per file, and fewer than 10 in all (before:
#                         4,096, and then none)
#   dlopen-loop.rss       the peak resident set of 10,000 loads is within
#                         1 MiB of that of 100 loads
#   dlopen-loop.gnu       GNU gprof reads gmon.out, and counts the main
#                         program's first_time 10,000 times (its arc
#                         table held the plugins' 30,000 calls in turn)
#   dlopen-loop.threads   4 threads at once, 500 loads each (5,000 with
#                         MATRIX=full: make check-stress) of a copy of
#                         their own (plug0.so ... plug3.so): exit 0,
#                         nothing on stderr, plugin_work's calls in all
#                         copies 4 x 3 x the loads (which copy a call is credited to
#                         may differ where one thread's load lands where
#                         another's was while the two run: doc/runtime.md;
#                         before: SIGSEGV, the new objects' headers read
#                         after another thread unmapped them)
#   dlopen-loop.windows   2,000 loads with GMON_INTERVAL=0.05: however
#                         many windows there are, their plugin_work calls
#                         add up to 6,000 (before: what a retired plugin's
#                         keys moved was counted again by the next window;
#                         on main the windows ran into the file size limit)
#   dlopen-loop.epoch     libgmon/epoch.c step by step (progs/epoch-check.c):
#                         a grace period waits for the readers who came in
#                         before it, not those after, and never blocks
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.dlopen-loop
runtime_scratch
cd "$SCRATCH" || exit 2

$RT_CC -pg -O1 -fPIC -shared -o plug0.so "$PROGS/dlopen-loop-plugin.c" || exit 2
cp plug0.so plug1.so
$RT_CC -pg -O1 -rdynamic -o loop "$PROGS/dlopen-loop.c" "$LIBGMON_A" -ldl -pthread || exit 2
if $RT_CC -O1 -I"$TOP/libgmon" -o epoch-check "$PROGS/epoch-check.c" "$TOP/libgmon/epoch.c"; then
	expect_eq runtime.dlopen-loop.epoch "free busy busy free busy free busy free" "$(./epoch-check)"
else
	fail runtime.dlopen-loop.epoch "epoch-check does not build"
fi

export GMON_ARCS=512 GMON_PROCESS_ARCS=512 GMON_PROCESS_SAMPLES=4096 GMON_STACKS=4096

mkdir small threads && (cd small && ../loop 100 3 ../plug0.so ../plug1.so >out 2>err)
./loop 10000 3 ./plug0.so ./plug1.so >out 2>err
if ! grep -q '^loads 10000 distinct 10000 calls 30000 ' out; then
	for c in distinct quiet calls graph records rss gnu threads windows; do
		echo "ok runtime.dlopen-loop.$c # skipped: the loads were not at 10,000 places ($(head -1 out))"
	done
	exit 0
fi
pass runtime.dlopen-loop.distinct
expect_eq runtime.dlopen-loop.quiet "" "$(cat err)"

# "name calls" of the flat profile's functions of the plugins
plugin_calls() {
	"$GPROF" -b -p loop gmon.out 2>&1 | awk '/^ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9]+ / {
		n = $4; $1 = $2 = $3 = $4 = $5 = $6 = ""; sub(/^ +/, ""); print $0, n }' |
		grep 'plug[01]\.so' | sort | paste -sd';' | sed 's/;/; /g'
}
expect_eq runtime.dlopen-loop.calls "plugin_step [plug0.so] 15000; plugin_step [plug1.so] 15000; plugin_work [plug0.so] 15000; plugin_work [plug1.so] 15000" \
	"$(plugin_calls)"
expect_eq runtime.dlopen-loop.graph "15000/15000 plugin_work [plug0.so]; 15000/15000 plugin_work [plug1.so]" \
	"$("$GPROF" -b -q loop gmon.out 2>/dev/null | awk '/^\[[0-9]+\] .* run \[/ { on = 1; next }
		on && /^---/ { exit } on && /plugin_work/ { $1 = $2 = ""; sub(/^ +/, ""); sub(/ \[[0-9]+\]$/, ""); print }' |
		sort | paste -sd';' | sed 's/;/; /g')"

# "retired N objects M": the process file's object records
records=$(python3 - .gmon.out.process <<'PY'
import struct, sys
b = open(sys.argv[1], 'rb').read()
retired = objects = 0
pos = 32
while pos < len(b):
	tag, length = struct.unpack_from('<II', b, pos)
	if tag == 1:
		objects += 1
		retired += (struct.unpack_from('<I', b, pos + 12)[0] & 8) != 0
	pos += 8 + length
print('retired', retired, 'objects', 'fewer than 10' if objects < 10 else objects)
PY
)
expect_eq runtime.dlopen-loop.records "retired 2 objects fewer than 10" "$records"

few=$(awk '/^maxrss/ { print $2 }' small/out)
many=$(awk '/^maxrss/ { print $2 }' out)
if [ -n "$few" ] && [ -n "$many" ] && [ "$many" -le $((few + 1024)) ]; then
	pass runtime.dlopen-loop.rss
else
	fail runtime.dlopen-loop.rss "peak RSS ${many:-?} KiB after 10,000 loads, ${few:-?} KiB after 100"
fi

if err=$("$GNU_GPROF" -b loop gmon.out 2>&1 >/dev/null) && [ -z "$err" ]; then
	expect_eq runtime.dlopen-loop.gnu 10000 "$(calls_of loop gmon.out first_time)"
else
	fail runtime.dlopen-loop.gnu "GNU gprof: $(echo "$err" | head -1)"
fi

cp plug0.so plug2.so && cp plug0.so plug3.so
each=$([ "${MATRIX:-fast}" = full ] && echo 5000 || echo 500)
(cd threads && ../loop -t 4 "$each" 3 ../plug0.so ../plug1.so ../plug2.so ../plug3.so >out 2>err)
status=$?
expect_eq runtime.dlopen-loop.threads "exit 0, stderr [], calls $((12 * each))" "exit $status, stderr [$(cat threads/err)], calls $(cd threads &&
	"$GPROF" -b -p ../loop gmon.out 2>&1 | awk '/ plugin_work \[plug[0-3]\.so\]$/ { n += $4 } END { print n }')"

mkdir windows
(cd windows && ulimit -f 102400 && GMON_INTERVAL=0.05 ../loop 2000 3 ../plug0.so ../plug1.so >out 2>err)
status=$?
sum=0
for f in windows/gmon.out.*; do
	case $f in *.process) continue ;; esac
	n=$(cd windows && "$GPROF" -b -p ../loop "${f#windows/}" 2>/dev/null |
		awk '/ plugin_work \[plug[01]\.so\]$/ { n += $4 } END { print n + 0 }')
	sum=$((sum + n))
done
expect_eq runtime.dlopen-loop.windows "exit 0, stderr [], calls 6000" "exit $status, stderr [$(cat windows/err)], calls $sum"
