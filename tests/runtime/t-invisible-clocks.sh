#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# t-invisible-clocks.sh: the sampler's clocks do not show through (issue
# 37, faults 4, 10, 13, 14, 20, 21; doc/runtime.md, "The clock's signal").
# progs/invisible-clocks.c runs each shape without the profiler and with
# it (-pg and libgmon.a), under each clock: the thread clock (the
# default), the process clock (GMON_CLOCK=process) and the perf clock
# (GMON_RATE=1000); what it prints and its exit status must be the same.
#   invisible.reset-fork.CLOCK     a forked child sets every signal to
#                                  SIG_DFL and computes: not killed
#   invisible.own-sigprof.CLOCK    the program's SIGPROF handler sees
#                                  exactly its 49 signals, and sigaction
#                                  reports it
#   invisible.sysv-sigprof.CLOCK   its handler set with sysv_signal (once),
#                                  which sets itself again: its 10 signals
#   invisible.own-sigtrap.CLOCK    its SIGTRAP handler sees its 3 traps
#   invisible.raise-sigprof.CLOCK  a SIGPROF it sends itself, with the
#                                  default action, kills it
#   invisible.ignore-exec.CLOCK    SIGPROF ignored stays ignored in the
#                                  program it execs
#   invisible.early-sigtrap.perf   a SIGTRAP handler a library's
#                                  constructor installed before the
#                                  profiler started (gprof-run) gets its
#                                  traps
#   invisible.early-thread.perf    a thread that library started before
#                                  the profiler is sampled
#   invisible.short-threads.thread 100 threads of 2 ms each, shorter than
#                                  the 10 ms period: sampled
#   invisible.first-expiry.range   a timer's first expiry lies in
#                                  [1, period] ns and is spread over it
#   invisible.overruns.counted     a timer signal's overrun count is
#                                  counted as samples
#   invisible.raw-ignore.said      a program that ignores SIGPROF with the
#                                  system call itself: the profile says
#                                  the program took the signal
#   invisible.close-all.said       a program that closes every descriptor
#                                  under the perf clock: the profile says
#                                  its clock ended
#   invisible.system.*             the perf clock samples system time
#                                  where it may (root), and where it may
#                                  not (an unprivileged user, paranoid 2)
#                                  the header says so, with the reason
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.invisible-clocks
runtime_scratch
cd "$SCRATCH" || exit 2

$RT_CC -O1 -shared -fPIC -o libinvisible-early.so "$PROGS/invisible-early.c" || exit 2
LINK=(-pthread -L. -linvisible-early -Wl,-rpath,"$SCRATCH")
$RT_CC -pg -O1 -fno-inline -o ours "$PROGS/invisible-clocks.c" "$LIBGMON_A" "${LINK[@]}" || exit 2
$RT_CC -O1 -o plain "$PROGS/invisible-clocks.c" "${LINK[@]}" || exit 2

# outcome CMD...: its standard output, then its exit status
outcome() {
	local out status=0
	out=$("$@" 2>/dev/null) || status=$?
	printf '%s\nstatus %s\n' "$out" "$status"
}

# the perf clock needs perf_event_open (a container may refuse it)
perf=1
if GMON_RATE=1000 ./ours raise-sigprof 2>&1 | grep -q 'needs perf_event_open'; then
	perf=0
fi

clock_env() {
	case $1 in
	thread) echo GMON_CLOCK=cpu ;;
	process) echo GMON_CLOCK=process ;;
	perf) echo GMON_RATE=1000 ;;
	esac
}

for mode in reset-fork own-sigprof sysv-sigprof own-sigtrap raise-sigprof ignore-exec; do
	want=$(outcome ./plain "$mode")
	for clock in thread process perf; do
		if [ "$clock" = perf ] && [ $perf = 0 ]; then
			echo "ok invisible.$mode.$clock # skipped: perf_event_open refused"
			continue
		fi
		expect_eq "invisible.$mode.$clock" "$want" "$(outcome env "$(clock_env $clock)" ./ours "$mode")"
	done
done

# threads and handlers that exist before the profiler starts: the
# library's constructor runs before libgmon.so's (gprof-run)
run_preloaded() {
	GPROF_RUN_LIBGMON=$LIBGMON_SO "$TOP/run/gprof-run" "$@"
}
if [ $perf = 1 ]; then
	expect_eq invisible.early-sigtrap.perf "$(outcome ./plain early-sigtrap)" \
		"$(outcome run_preloaded --rate 1000 ./plain early-sigtrap)"
	mkdir early && (cd early && run_preloaded --rate 1000 ../plain early-thread >/dev/null 2>&1)
	# 100 ms of the thread's CPU time at 1000 Hz: about 100 samples
	got=$("$GPROF" -b -p plain early/gmon.out 2>/dev/null | awk '/ early_worker( |$)/ { print $3; exit }')
	if awk -v s="${got:-0}" 'BEGIN { exit !(s >= 0.02) }'; then
		pass invisible.early-thread.perf
	else
		fail invisible.early-thread.perf "early_worker has ${got:-no} seconds (want about 0.10)"
	fi
	expect_eq invisible.early-thread.perf.not-missing "" \
		"$("$GPROF" --json plain early/gmon.out | grep -o '"threads_before_start"')"
else
	echo "ok invisible.early-sigtrap.perf # skipped: perf_event_open refused"
	echo "ok invisible.early-thread.perf # skipped: perf_event_open refused"
fi

# 100 threads of 2 ms: each shorter than the period, so that a timer
# whose first expiry is a whole period never fires (0 samples); with a
# first expiry in (0, period] and the samples owed at a thread's exit,
# about 20 (the chance of none is below 1e-8)
mkdir short && (cd short && ../ours short-threads 100 >/dev/null)
got=$("$GPROF" --json ours short/gmon.out | python3 -c 'import json, sys; print(json.load(sys.stdin)["histogram"]["total_samples"])')
if awk -v s="${got:-0}" 'BEGIN { exit !(s >= 3) }'; then
	pass invisible.short-threads.thread
else
	fail invisible.short-threads.thread "${got:-no} samples for 100 threads of 2 ms (want about 20)"
fi

# the first expiry: in [1, period], and spread over it
cat >expiry.c <<'C'
#include <stdio.h>
#include "expiry.h"
int main(void)
{
	static const long periods[] = { 1, 2, 3, 1000, 10000000, 999999999, 1000000000 };
	for (unsigned p = 0; p < sizeof periods / sizeof periods[0]; p++) {
		long period = periods[p], low = period, high = 0;
		for (uint64_t seed = 0; seed < 20000; seed++) {
			long v = gmon_expiry_first(gmon_expiry_start(seed * 7919), 0, period);
			if (v < 1 || v > period) {
				printf("period %ld: %ld\n", period, v);
				return 1;
			}
			low = v < low ? v : low;
			high = v > high ? v : high;
		}
		if (low > period / 100 + 1 || high < period - period / 100) {
			printf("period %ld: only [%ld, %ld]\n", period, low, high);
			return 1;
		}
	}
	puts("in range");
	return 0;
}
C
expect_eq invisible.first-expiry.range "in range" \
	"$($RT_CC -O1 -I"$TOP/libgmon" -I"$TOP/include" -o expiry expiry.c 2>&1 && ./expiry)"

# 5 timer signals, each with an overrun count of 9: 50 samples
mkdir overruns && (cd overruns && ../ours overruns >/dev/null 2>&1)
expect_eq invisible.overruns.counted 50 \
	"$("$GPROF" --json ours overruns/gmon.out | python3 -c 'import json, sys; print(json.load(sys.stdin)["process"]["samples_taken"])')"

# the signal taken behind the C library's back: said
# (the process clock at 1000 Hz: about 50 samples missed in 50 ms, far
# beyond sampling's noise, which the header does not report)
mkdir raw && (cd raw && GMON_CLOCK=process GMON_RATE=1000 ../ours raw-ignore >/dev/null 2>&1)
expect_eq invisible.raw-ignore.said '"signal_taken"' \
	"$("$GPROF" --json ours raw/gmon.out | grep -o '"signal_taken"$')"
expect_eq invisible.raw-ignore.header \
	"The samples miss more than 10% of the CPU time: the program set the clock's signal with the system call itself" \
	"$("$GPROF" -b -p ours raw/gmon.out | grep -o '^The samples miss .* with the system call itself')"

# the perf clock's descriptor closed by the program (close_range)
if [ $perf = 1 ]; then
	mkdir closed && (cd closed && GMON_RATE=1000 ../ours close-all >/dev/null 2>&1)
	expect_eq invisible.close-all.said '"clock_closed"' \
		"$("$GPROF" --json ours closed/gmon.out | grep -o '"clock_closed"$')"
else
	echo "ok invisible.close-all.said # skipped: perf_event_open refused"
fi

# system time and the perf clock
if [ $perf = 1 ] && [ "$(id -u)" = 0 ]; then
	mkdir system && (cd system && GMON_RATE=1000 ../ours system >/dev/null 2>&1)
	# 100 ms in read(2) at 1000 Hz: about 100 samples; user time alone,
	# about 2
	taken=$("$GPROF" --json ours system/gmon.out | python3 -c 'import json, sys; print(json.load(sys.stdin)["process"]["samples_taken"])')
	if [ "${taken:-0}" -ge 30 ]; then
		pass invisible.system.perf-sampled
	else
		fail invisible.system.perf-sampled "${taken:-no} samples for 100 ms of system time at 1000 Hz"
	fi
	paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 0)
	if [ "$paranoid" -ge 2 ] && command -v setpriv >/dev/null 2>&1; then
		# an unprivileged user: user time only, and the header says so
		nobody=$(mktemp -d /tmp/invisible.XXXXXX) && chmod 755 "$nobody"
		cp plain libinvisible-early.so "$nobody/" && mkdir "$nobody/out" && chmod 777 "$nobody/out"
		(cd "$nobody/out" && setpriv --reuid=65534 --regid=65534 --clear-groups \
			env LD_LIBRARY_PATH="$nobody" GPROF_RUN_LIBGMON="$LIBGMON_SO" \
			"$TOP/run/gprof-run" --rate 1000 ../plain system >/dev/null 2>&1)
		expect_eq invisible.system.user-only.json '"system_time"' \
			"$("$GPROF" --json "$nobody/plain" "$nobody/out/gmon.out" | grep -o '"system_time"$')"
		expect_eq invisible.system.user-only.header \
			"The samples miss more than 10% of the CPU time: the system time" \
			"$("$GPROF" -b -p "$nobody/plain" "$nobody/out/gmon.out" | grep -o '^The samples miss .*: the system time')"
		rm -rf "$nobody"
	else
		echo "ok invisible.system.user-only # skipped: perf_event_paranoid below 2 or no setpriv"
	fi
else
	echo "ok invisible.system # skipped: needs perf_event_open and root"
fi
