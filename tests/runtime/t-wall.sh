#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-wall.sh: wall-clock profiles (GMON_CLOCK=wall,
# gprof-run --clock wall; doc/runtime.md, "Wall-clock time").  A program
# that computes 0.5 s and waits 1 s in poll and 1 s in sleep: each part
# credited its share of the time within 3 points, under the function
# that waits, with its callers; poll and sleep last as long as they
# should and do not fail.
#   runtime.wall.durations.*     what the program saw of its own waits
#   runtime.wall.shares.*        compute, wait_in_poll, wait_in_sleep
#   runtime.wall.stacks.*        the waits' stacks name their callers
#   runtime.wall.busy.*          the same waits while two threads spin
#   runtime.wall.cpu.*           the default clock counts no waiting
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.wall
runtime_scratch
# GNU gprof is the oracle here: the main program's samples stay in
# gmon.out's bins, where it reads them (doc/runtime.md, "Sparse samples")
export GMON_SPARSE=0
build_tools
cd "$SCRATCH" || exit 2
$RT_CC -O1 -g -fno-omit-frame-pointer -fno-inline -o waits "$PROGS/waits.c" -pthread

# durations NAME: poll timed out (0, no errno) and sleep slept it all,
# each between 1.0 and 1.5 s by the program's own clock
durations() {
	local name=$1 poll sleep
	poll=$(awk '$1 == "poll" { print $2, $3, ($4 >= 995 && $4 <= 1500) ? "1s" : $4 " ms" }' out)
	sleep=$(awk '$1 == "sleep" { print $2, ($3 >= 995 && $3 <= 1500) ? "1s" : $3 " ms" }' out)
	expect_eq "$name.poll" "0 0 1s" "$poll"
	expect_eq "$name.sleep" "0 1s" "$sleep"
}

# share NAME FUNCTION MS TOTAL_MS: FUNCTION's share of the samples (GNU
# gprof's self seconds) is MS/TOTAL_MS within 3 points
share() {
	local name=$1 fn=$2 ms=$3 total=$4 got all
	all=$("$GNU_GPROF" -b -p waits gmon.out | awk '$1 ~ /^[0-9.]+$/ && NF >= 4 { s += $3 } END { print s * 1000 }')
	got=$("$GNU_GPROF" -b -p waits gmon.out | awk -v f="$fn" '$NF == f { print $3 * 1000 }')
	if [ -z "$got" ] || [ -z "$all" ] || [ "$all" = 0 ]; then
		fail "$name" "no samples for $fn"
	elif [ $((got * total * 100 / all)) -ge $(((ms - 3 * total / 100) * 100)) ] &&
		[ $((got * total * 100 / all)) -le $(((ms + 3 * total / 100) * 100)) ]; then
		pass "$name"
	else
		fail "$name" "$fn: $got of $all ms sampled, for $ms of $total ms"
	fi
}

GMON_CLOCK=wall GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./waits 500 >out 2>err
expect_eq runtime.wall.quiet "" "$(cat err)"
durations runtime.wall.durations
compute=$(awk '$1 == "compute" { print $2 }' out)
poll=$(awk '$1 == "poll" { print $4 }' out)
sleep=$(awk '$1 == "sleep" { print $3 }' out)
total=$((compute + poll + sleep))
share runtime.wall.shares.compute compute "$compute" $total
share runtime.wall.shares.poll wait_in_poll "$poll" $total
share runtime.wall.shares.sleep wait_in_sleep "$sleep" $total
gprof_reads runtime.wall.gnu-reads waits gmon.out
"$GPROF" --folded waits gmon.out >folded 2>err
expect_eq runtime.wall.stacks.poll 1 "$(grep -c ';main;wait_in_poll [0-9]*$' folded)"
expect_eq runtime.wall.stacks.sleep 1 "$(grep -c ';main;wait_in_sleep [0-9]*$' folded)"

# gprof-run --clock wall does the same
rm -f gmon.out .gmon.out.process
"$TOP/run/gprof-run" --clock wall ./waits 100 >out 2>err
durations runtime.wall.gprof-run.durations
compute=$(awk '$1 == "compute" { print $2 }' out)
poll=$(awk '$1 == "poll" { print $4 }' out)
sleep=$(awk '$1 == "sleep" { print $3 }' out)
share runtime.wall.gprof-run.shares.poll wait_in_poll "$poll" $((compute + poll + sleep))

# two threads spin all along: the clock's signals keep coming, and the
# waits of the main thread are neither cut short nor broken
GMON_CLOCK=wall GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./waits 100 2 >out 2>err
durations runtime.wall.busy.durations
GMON_CLOCK=process GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./waits 100 2 >out 2>err
durations runtime.wall.busy.process-clock.durations

# the default clock measures CPU time: a second of waiting is (nearly)
# no sample at all
GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./waits 100 >out 2>err
durations runtime.wall.cpu.durations
waited=$("$GNU_GPROF" -b -p waits gmon.out | awk '$NF ~ /^wait_in_/ { s += $3 } END { print s * 100 + 0 }')
if [ "$waited" -le 2 ]; then
	pass runtime.wall.cpu.waits-not-counted
else
	fail runtime.wall.cpu.waits-not-counted "$waited samples in the waits at GMON_CLOCK=cpu"
fi

# a static link cannot wrap the C library's calls: one line, CPU time
build_ours waits.pg "$PROGS/waits.c"
GMON_CLOCK=wall ./waits.pg 10 >out 2>err
expect_eq runtime.wall.static-refused \
	"libgmon: GMON_CLOCK=wall needs libgmon.so (gprof-run, LD_PRELOAD), libgmon.a cannot wrap the waiting calls: sampling CPU time only" \
	"$(cat err)"
durations runtime.wall.static-refused.durations

# Every other wait libgmon.so wraps (progs/morewaits.c): the program sees
# the same results, errno names and lengths with the profiler as without
# (timeouts last at least what was asked, events end the waits), at
# 1 kHz, with the wall clock and with the CPU clock; with the wall clock
# each wait is credited to the function that waited: a timeout of 100 ms
# at least 100 samples, an event at least one.
#   runtime.wall.more.*
$RT_CC -O1 -g -fno-omit-frame-pointer -fno-inline -o morewaits "$PROGS/morewaits.c" -pthread
cat >more.expected <<'END'
poll 0 - long
ppoll 0 - long
select 0 - long
pselect 0 - long
epoll_wait 0 - long
epoll_pwait 0 - long
epoll_pwait2 0 - long
nanosleep 0 - long
clock_nanosleep 0 - long
usleep 0 - long
sigtimedwait -1 EAGAIN long
recvfrom -1 EAGAIN long
recvmsg -1 EAGAIN long
connect -1 EAGAIN long
pause -1 EINTR event
sigsuspend -1 EINTR event
sigwaitinfo 14 - event
pthread_rwlock_rdlock 0 - event
pthread_rwlock_wrlock 0 - event
pthread_barrier_wait 0 - event
write 1 - event
recv 1 - event
END
./morewaits >more.plain 2>&1
expect_same runtime.wall.more.plain more.expected more.plain
rm -f gmon.out .gmon.out.process
GMON_CLOCK=wall GMON_RATE=1000 GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./morewaits >more.wall 2>&1
expect_same runtime.wall.more.wall.behaviour more.expected more.wall
"$GNU_GPROF" -b -p morewaits gmon.out >more.flat 2>&1
while read -r call _ _ kind; do
	fn=wait_in_$call
	case $call in
	pthread_rwlock_rdlock) fn=wait_in_rdlock ;;
	pthread_rwlock_wrlock) fn=wait_in_wrlock ;;
	pthread_barrier_wait) fn=wait_in_barrier ;;
	esac
	# self seconds, in ms (the histogram's unit is 1 ms at 1 kHz)
	got=$(awk -v f="$fn" '$NF == f && NF >= 4 { printf "%d\n", $3 * 1000 + 0.5 }' more.flat)
	want=1
	[ "$kind" = long ] && want=100
	if [ -n "$got" ] && [ "$got" -ge "$want" ]; then
		pass "runtime.wall.more.credited.$call"
	else
		fail "runtime.wall.more.credited.$call" "$fn: ${got:-no} samples, want at least $want"
	fi
done <more.expected
rm -f gmon.out .gmon.out.process
GMON_RATE=1000 GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./morewaits >more.cpu 2>&1
expect_same runtime.wall.more.cpu.behaviour more.expected more.cpu
# the same where the guard is taken (the process clock; the wall clock on
# a kernel that looks older than 5.11): the masks that ppoll, pselect,
# epoll_pwait(2) and sigsuspend install get SIGPROF added, nothing else
GMON_CLOCK=process GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./morewaits >more.process 2>&1
expect_same runtime.wall.more.process.behaviour more.expected more.process
if command -v setarch >/dev/null; then
	rm -f gmon.out .gmon.out.process
	setarch "$(uname -m)" --uname-2.6 env GMON_CLOCK=wall GMON_RATE=1000 GMON_START=1 \
		LD_PRELOAD="$LIBGMON_SO" ./morewaits >more.old 2>&1
	expect_same runtime.wall.more.old-kernel.behaviour more.expected more.old
	# and it was profiled: the waits are there
	expect_eq runtime.wall.more.old-kernel.profiled wait_in_ppoll \
		"$("$GNU_GPROF" -b -p morewaits gmon.out 2>&1 | awk '$NF == "wait_in_ppoll" && $3 >= 0.1 { print $NF }')"
fi

# The wrappers find the C library's definitions when libgmon.so is
# loaded (dlsym is not async-signal-safe, and a first call may come in
# a signal handler): from main on, no wait calls dlsym or dlvsym.
#   runtime.wall.resolved-at-load
if command -v gdb >/dev/null; then
	GMON_CLOCK=wall GMON_START=1 gdb -nx -batch -ex "set environment LD_PRELOAD=$LIBGMON_SO" \
		-ex 'set breakpoint pending on' -ex 'break main' -ex run -ex 'break dlsym' \
		-ex 'break dlvsym' -ex continue -ex 'bt 4' --args ./waits 10 >gdb.out 2>&1
	if grep -q 'exited normally' gdb.out && ! grep -q '^Breakpoint [23],' gdb.out; then
		pass runtime.wall.resolved-at-load
	else
		fail runtime.wall.resolved-at-load "dlsym called after main (gdb.out: $(grep -A3 '^Breakpoint [23],' gdb.out | tr '\n' ' '))"
	fi
else
	echo "ok runtime.wall.resolved-at-load # skip: needs gdb"
fi

# A thread that blocks every signal computes while main waits: the
# process-wide CPU clock's SIGPROF, due while that thread runs, goes to
# a thread that does not block it, main, waiting in poll or nanosleep.
# The guard (SIGPROF blocked in those calls) keeps it from breaking them:
# not one EINTR under any clock (without the guard, about 1 call in 10
# failed under GMON_CLOCK=process: bench/runtime/wait-cost.sh).
#   runtime.wall.guard.*
$RT_CC -O1 -o eintr "$PROGS/eintr.c" -pthread
for clock in process cpu wall; do
	GMON_CLOCK=$clock GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./eintr 300 1 >out 2>err
	expect_eq "runtime.wall.guard.$clock" "poll 0 nanosleep 0" "$(cat out err)"
done

# The guard costs two system calls a call (bench/runtime/wait-cost.sh):
# it is taken where a signal of ours could break a wait, the process
# clock always, the per-thread clocks only on kernels that send a
# thread's CPU-time signal from the tick (before 5.11 on x86-64; setarch
# --uname-2.6 makes this one look so).  Counted with strace: 5000 polls
# make 10000 rt_sigprocmask calls more, or none (beside a few per sample,
# which a loaded machine multiplies: 110 were seen for 1000 polls, so
# the line between the two is drawn at half the guard's).
#   runtime.wall.guard.syscalls.*
guarded() { # guarded CLOCK [SETARCH...]: "guarded" or "unguarded"
	local clock=$1 n
	shift
	n=$(GMON_CLOCK=$clock GMON_START=1 "$@" strace -f -qq -e trace=rt_sigprocmask \
		-E LD_PRELOAD="$LIBGMON_SO" ./pollloop 5000 2>&1 >/dev/null | grep -c rt_sigprocmask)
	if [ "$n" -ge 10000 ]; then echo guarded; elif [ "$n" -lt 5000 ]; then echo unguarded; else echo "$n calls"; fi
}
if command -v strace >/dev/null && command -v setarch >/dev/null &&
	strace -qq -o /dev/null true 2>/dev/null; then
	$RT_CC -O1 -o pollloop "$TOP/bench/runtime/pollloop.c"
	release=$(uname -r)
	thread_clock=guarded
	if [ "$(uname -m)" = x86_64 ] && { [ "${release%%.*}" -gt 5 ] ||
		{ [ "${release%%.*}" = 5 ] && [ "$(echo "$release" | cut -d. -f2)" -ge 11 ]; }; }; then
		thread_clock=unguarded
	fi
	expect_eq runtime.wall.guard.syscalls.process guarded "$(guarded process)"
	expect_eq runtime.wall.guard.syscalls.cpu "$thread_clock" "$(guarded cpu)"
	expect_eq runtime.wall.guard.syscalls.wall "$thread_clock" "$(guarded wall)"
	expect_eq runtime.wall.guard.syscalls.cpu-old-kernel guarded "$(guarded cpu setarch "$(uname -m)" --uname-2.6)"
	expect_eq runtime.wall.guard.syscalls.wall-old-kernel guarded "$(guarded wall setarch "$(uname -m)" --uname-2.6)"
	rm -f gmon.out .gmon.out.process
else
	echo "ok runtime.wall.guard.syscalls # skip: needs strace (and ptrace allowed) and setarch"
fi
