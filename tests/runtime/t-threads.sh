#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-threads.sh: counts are exact under threads, and every
# thread is sampled, at the default rate and at a high one.
#   runtime.threads.exact-counts        4 threads x 2,000,000 calls
#   runtime.threads.exact-counts.shared the same through LD_PRELOAD
#   runtime.sampler.*                   rates, sample totals, saturation
#   runtime.clock.thread.*              each thread sampled by its own CPU time:
#                                       4 threads spinning 1:2:3:4 credited so
#   runtime.threads.view.*              which thread each stack came from
#                                       (gprof --threads, --folded --threads,
#                                       --pprof's labels): 4 named threads and
#                                       the main one, each by id and name;
#                                       GMON_THREADS=0 writes tag 5
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.threads
runtime_scratch
build_tools
cd "$SCRATCH" || exit 2

build_ours threads "$PROGS/threads.c"
./threads >/dev/null
expect_eq runtime.threads.exact-counts "leaf 8000000" "$(flat_calls threads gmon.out | grep '^leaf ')"
gprof_reads runtime.format.gnu-reads.threads threads gmon.out

# Threads racing to insert the same new arcs: no count lost, no arc twice.
build_ours race "$PROGS/race.c"
for run in 1 2 3; do
	./race >/dev/null
	counts=$(flat_calls race gmon.out | awk '$1 ~ /^f[0-9]+$/ { print $2 }' | sort | uniq -c | xargs)
	expect_eq "runtime.threads.insert-race.exact-counts.$run" "256 4000" "$counts"
	arcs=$(gmon_dump gmon.out | awk '/^arc/ { print $2, $3 }')
	expect_eq "runtime.threads.insert-race.no-duplicate-arcs.$run" \
		"$(echo "$arcs" | sort -u | wc -l)" "$(echo "$arcs" | wc -l)"
done

# An existing -pg binary, linked against glibc, profiled by preloading us.
rm -f gmon.out
build_glibc threads.glibc "$PROGS/threads.c"
LD_PRELOAD=$LIBGMON_SO ./threads.glibc >/dev/null
expect_eq runtime.threads.exact-counts.shared "leaf 8000000" \
	"$(flat_calls threads.glibc gmon.out | grep '^leaf ')"

# check_rate NAME RATE TOTAL_MS [CLOCK_MS] MIN_PERCENT: the histogram
# records RATE, and holds about TOTAL_MS of samples (the CPU time of all
# threads): at least MIN_PERCENT of them, at most 105% of the time the
# clock itself measured, and 5 samples (at most one partial period per
# thread).  Had only one thread been sampled, there would be a quarter
# of them, or none; had any thread been sampled twice, twice as many.
# The clock's time: for the per-thread CPU-time timers (RATE 100) the
# CPU time itself, whose expiries (overruns included) they count
# exactly; for the perf clock (RATE above 100) CLOCK_MS, perf's
# task-clock of the same threads (spin's third argument), which is the
# time a thread is on a CPU: on a virtual machine that includes the time
# the hypervisor gave the CPU to another guest (steal time), which the
# kernel leaves out of the CPU time.  So the perf clock's samples may
# pass the CPU time by the steal of a loaded host (20% once: 492
# samples for 408 ms) but never the clock's own time.
check_rate() {
	local name=$1 rate=$2 ms=$3 clock_ms min hist got want most
	if [ $# = 5 ]; then
		clock_ms=$4 min=$5
	else
		clock_ms=$3 min=$4
	fi
	[ "$clock_ms" = - ] && clock_ms=$ms # no task-clock to read: the CPU time
	[ "$clock_ms" -lt "$ms" ] && clock_ms=$ms
	hist=$(gmon_dump gmon.out | grep '^hist')
	got=$(echo "$hist" | awk '{ print $6 }')
	expect_eq "$name.rate-recorded" "$rate" "$(echo "$hist" | awk '{ print $5 }')"
	want=$((ms * rate / 1000))
	most=$((clock_ms * rate * 105 / 100000 + 5))
	if [ "$got" -ge $((want * min / 100)) ] && [ "$got" -le "$most" ]; then
		pass "$name.samples"
	else
		fail "$name.samples" "$got samples for $ms ms of CPU time ($clock_ms ms by the clock) at $rate Hz (want about $want, at most $most)"
	fi
}

build_ours spin "$PROGS/spin.c"
# Signals merged on a loaded machine come back as the timer's overrun
# count, so the default clock is close to exact too.
ms=$(./spin 4 250)
check_rate runtime.sampler.default-100hz.all-threads 100 "$ms" 85
read -r ms clock_ms <<<"$(GMON_RATE=1000 ./spin 4 100 task-clock)"
check_rate runtime.sampler.rate-1000.all-threads 1000 "$ms" "$clock_ms" 75
read -r ms clock_ms <<<"$(GMON_RATE=4000 ./spin 0 100 task-clock)"
check_rate runtime.sampler.rate-4000 4000 "$ms" "$clock_ms" 75
gprof_reads runtime.format.gnu-reads.rate-4000 spin gmon.out
# samples land in the function that burns the time
top=$("$GNU_GPROF" -b -p spin gmon.out | awk '$1 ~ /^[0-9.]+$/ { print $NF; exit }')
expect_eq runtime.sampler.rate-4000.attributed burn "$top"

# 70,000 samples in one bin: it stays at 65535 instead of wrapping
build_ours saturate "$PROGS/saturate.c"
./saturate
expect_eq runtime.sampler.bin-saturates 65535 "$(gmon_dump gmon.out | awk '/^hist/ { print $7 }')"

# Per-thread CPU-time timers (clock_thread.c): 4 threads spinning 1, 2,
# 3 and 4 units of 300 ms at once, each sampled by its own CPU time.
# What a test can hold on any machine: every thread's spin function is
# credited, and spin4 (4 units) gets more than twice spin1's samples.
# How close each comes to its thread's CPU time (issue 29: within 20%)
# is measured by bench/runtime/threads.sh: a thread's timer credits its
# CPU time within a sample (bench/runtime/short-threads.sh), but which
# function a sample lands in is decided at the kernel's tick, and on a
# loaded machine a loop's ticks fall on the same few instructions run
# after run, so a bound on one function's share would fail by luck.
# check_credit NAME EXE: the samples of the stacks that run spinK (10 ms
# each; the stacks, not spinK's self time, which a share of samples in
# clock_gettime's system call takes), against the thread's own measure
# (out: "spinK MS" lines)
check_credit() {
	local name=$1 exe=$2 k ms got credit=()
	"$TOP/gprof/gprof" --folded "$exe" gmon.out >credit.folded 2>&1
	for k in 1 2 3 4; do
		ms=$(awk -v f="spin$k" '$1 == f { print $2 }' out)
		got=$(awk -v own="spin$k" '{ l = $0; sub(/ [0-9]+$/, "", l); n = split(l, f, ";"); for (i = 1; i <= n; i++) if (f[i] == own) { s += $NF; break } }
			END { print s * 10 }' credit.folded)
		credit[k]=$got
		if [ -n "$ms" ] && [ "$got" -gt 0 ]; then
			pass "$name.spin$k"
		else
			fail "$name.spin$k" "credited ${got:-nothing} ms for ${ms:-?} ms of the thread's CPU time"
		fi
	done
	if [ "${credit[4]}" -gt $((2 * credit[1])) ]; then
		pass "$name.ratio"
	else
		fail "$name.ratio" "spin4 credited ${credit[4]} ms, spin1 ${credit[1]} ms (4 units to 1)"
	fi
}
$RT_CC -O2 -I"$TOP/tests" -o spin4 "$PROGS/spin4.c" -pthread
rm -f gmon.out
GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./spin4 300 >out
check_credit runtime.clock.thread.preloaded spin4
# the same, -pg with libgmon.a (its pthread_create is the executable's)
build_ours spin4.pg "$PROGS/spin4.c"
./spin4.pg 300 >out
check_credit runtime.clock.thread.pg spin4.pg

# a thread's timer goes with it: 2000 threads made and ended one after
# the other leave the process with one timer, the main thread's
GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./spin4 1 2000 >out
expect_eq runtime.clock.thread.timers-deleted "timers 1 tid" "$(grep '^timers' out)"
# and GMON_CLOCK=process (one timer for the process) is one timer too
GMON_CLOCK=process GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./spin4 1 20 >out
expect_eq runtime.clock.process.one-timer "timers 1 pid" "$(grep '^timers' out)"
GMON_CLOCK=sundial GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./spin4 1 >out 2>err
expect_eq runtime.clock.unknown "libgmon: ignoring GMON_CLOCK=sundial: not cpu, process or wall" "$(cat err)"

# as an ordinary user (no privilege: no perf_event_open below 101 Hz)
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1 && command -v setpriv >/dev/null; then
	mkdir -p nobody && cp spin4 nobody/ && chmod 777 nobody
	(cd nobody && setpriv --reuid=nobody --regid=nogroup --clear-groups \
		env GMON_START=1 LD_PRELOAD="$LIBGMON_SO" ./spin4 300 >../out 2>../err)
	cp nobody/gmon.out nobody/.gmon.out.process . 2>/dev/null
	expect_eq runtime.clock.thread.nobody.quiet "" "$(cat err)"
	check_credit runtime.clock.thread.nobody spin4
else
	echo "# runtime.clock.thread.nobody skipped: needs root (to become nobody) and setpriv"
fi

# ---------------------------------------------------------------- per-thread view
# 4 threads spinning 1, 2, 3 and 4 units of their own CPU time, named
# after they started (two by themselves, two by the main thread): the
# profile names each by its kernel id and name, and each thread's stacks
# run its own spin function.  (The counts are the CPU
# clock's, set by each thread's own time; bench/runtime/threads.sh prints
# their ratios.)
# check_view NAME: the report of gmon.out against out ("spinK TID MS",
# "main PID")
check_view() {
	local name=$1 exe=$2 k tid pid heads counts
	"$TOP/gprof/gprof" -b -P -Q --threads "$exe" gmon.out >threads.txt 2>threads.err
	expect_eq "$name.quiet" "0:" "$?:$(cat threads.err)"
	"$TOP/gprof/gprof" --folded --threads "$exe" gmon.out >folded-view.txt 2>&1
	heads=$(grep -c '^Flat profile of thread ' threads.txt)
	expect_eq "$name.sections" 5 "$heads"
	pid=$(awk '$1 == "main" { print $2 }' out)
	expect_eq "$name.main" 1 "$(grep -c "^Flat profile of thread $pid \"${exe:0:15}\" (main thread):\$" threads.txt)"
	for k in 1 2 3 4; do
		tid=$(awk -v f="spin$k" '$1 == f { print $2 }' out)
		expect_eq "$name.named.spin$k" 1 "$(grep -c "^Flat profile of thread $tid \"spin-$k\":\$" threads.txt)"
		# the thread's stacks run its own spin function and no other's
		# (which function is on top of its flat profile depends on where
		# the samples land: clock_gettime's system call, or the loop)
		expect_eq "$name.own.spin$k" "yes 0" "$(awk -v t="spin-$k-$tid;" -v own="spin$k" '
			index($0, t) != 1 { next }
			{ l = $0; sub(/ [0-9]+$/, "", l); n = split(l, f, ";"); mine = 0; other = 0
			  for (i = 1; i <= n; i++) { if (f[i] == own) mine = 1; else if (f[i] ~ /^spin[1-4]$/) other = 1 }
			  if (mine) s += $NF; if (other) o += $NF }
			END { print (s > 0 ? "yes" : "no"), o + 0 }' folded-view.txt)"
	done
	# the documented order: samples, most first
	counts=$(awk '/^[0-9]+ samples, / { print $1 }' threads.txt | tr '\n' ' ')
	if [ "$(echo "$counts" | tr ' ' '\n' | sed '/^$/d' | sort -rn | tr '\n' ' ')" = "$counts" ]; then
		pass "$name.order"
	else
		fail "$name.order" "samples in the order printed: $counts"
	fi
	# --folded --threads: each line's first frame is its thread's
	"$TOP/gprof/gprof" --folded --threads "$exe" gmon.out >folded.txt 2>&1
	for k in 1 2 3 4; do
		tid=$(awk -v f="spin$k" '$1 == f { print $2 }' out)
		expect_eq "$name.folded.spin$k" 0 \
			"$(grep ";spin$k [0-9]*\$" folded.txt | grep -vc "^spin-$k-$tid;")"
	done
	expect_eq "$name.folded.every-line" 0 "$(grep -vcE '^(spin-[1-4]|'"${exe:0:15}"')-[0-9]+;' folded.txt)"
	expect_eq "$name.folded.off-by-default" 0 \
		"$("$TOP/gprof/gprof" --folded "$exe" gmon.out | grep -cE '^(spin-|'"${exe:0:15}"'-)')"
}
$RT_CC -O2 -I"$TOP/tests" -o named4 "$PROGS/named4.c" -pthread
rm -f gmon.out
GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./named4 100 >out
check_view runtime.threads.view.preloaded named4
# the thread stack record as the format says (progs/process/check.py)
if python3 - "$PROGS/process" .gmon.out.process out <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
import check
p = check.read_process(sys.argv[2])
st = p["stacks"]
names = sorted(n for _, _, n in st["threads"])
mains = [t for t, f, _ in st["threads"] if f & 1]
ids = dict(l.split()[:2] for l in open(sys.argv[3]))
want_main = [int(ids["main"])]
assert names == ["named4", "spin-1", "spin-2", "spin-3", "spin-4"], names
assert mains == want_main, (mains, want_main)
assert p["times"]["clock"] == 1 and p["times"]["elapsed_ns"] > 0, p["times"]
PY
then pass runtime.threads.view.record; else fail runtime.threads.view.record "see above"; fi
if command -v go >/dev/null 2>&1; then
	mkdir -p gohome
	"$TOP/gprof/gprof" --pprof named4 gmon.out >prof.pb.gz
	HOME=$PWD/gohome GOCACHE=$PWD/gohome/cache go tool pprof -tags -sample_index=samples prof.pb.gz >tags.txt 2>/dev/null
	for k in 1 2 3 4; do
		tid=$(awk -v f="spin$k" '$1 == f { print $2 }' out)
		expect_eq "runtime.threads.view.pprof.spin$k" 1 "$(grep -c "): spin-$k $tid\$" tags.txt)"
	done
else
	echo "ok runtime.threads.view.pprof # skipped: go not installed"
fi
# the same with -pg and libgmon.a (pthread_create is the executable's)
build_ours named4.pg "$PROGS/named4.c"
rm -f gmon.out
./named4.pg 100 >out
check_view runtime.threads.view.pg named4.pg
# a wall-clock profile says so, rather than a share of the CPU time
rm -f gmon.out
GMON_CLOCK=wall GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./named4 20 >out
expect_eq runtime.threads.view.wall-header 1 \
	"$("$TOP/gprof/gprof" -b -p named4 gmon.out | grep -c '^A wall-clock profile: the samples cover ')"
# GMON_THREADS=0: the stack record of before (tag 5), and --threads refuses it
rm -f gmon.out .gmon.out.process
GMON_THREADS=0 GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./named4 20 >out 2>err
expect_eq runtime.threads.view.off.record "5:" \
	"$(python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import check; print(max(t for t in check.read_process(".gmon.out.process")["records"] if t in (5, 6)))' "$PROGS/process"):$(cat err)"
"$TOP/gprof/gprof" --threads named4 gmon.out >/dev/null 2>err
expect_eq runtime.threads.view.off.refused "1" "$(grep -c 'does not say which thread' err)"
GMON_THREADS=2 GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./named4 1 >out 2>err
expect_eq runtime.threads.view.off.bad-value "libgmon: ignoring GMON_THREADS=2: not 0 or 1" "$(cat err)"
