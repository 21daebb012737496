#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-expiries.sh: the per-thread clock accounts every
# thread's CPU time (issue 37, fault 10; libgmon/expiry.h), checked on
# what cannot vary with the load or the machine: the arithmetic with
# made-up times, and a thread whose timer's signals are never delivered.
# How close the samples come on a loaded machine is measured by
# bench/runtime/short-threads.sh.
#   runtime.expiry.first.range         a first expiry lies in [1, period] ns
#   runtime.expiry.first.even          any 1,000 successive timers' first
#                                      expiries fill each tenth of the
#                                      period with 100 +- 2 of them
#   runtime.expiry.first.unbiased      over the process's start, a thread's
#                                      expected samples are its CPU time
#                                      over the period (4, 25, 303 ms)
#   runtime.expiry.short-threads       600 threads of 4 ms: 240 +- 2
#                                      samples due, whatever the start
#                                      (independent draws: 195 to 281)
#   runtime.expiry.due                 the samples due for a time run
#   runtime.expiry.owed-at-exit        a thread that blocks SIGPROF through
#                                      45 ms of CPU time: its 4 or 5
#                                      samples credited as it exits, at
#                                      its start routine
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.expiry
runtime_scratch
cd "$SCRATCH" || exit 2

cat >expiry.c <<'C'
#include <stdio.h>
#include <string.h>
#include "expiry.h"
#define MS 1000000L
#define PERIOD (10 * MS)
static int failed;
static void check(const char *name, int ok, const char *why)
{
	if (ok)
		printf("ok runtime.expiry.%s\n", name);
	else
		printf("not ok runtime.expiry.%s: %s\n", name, why);
	failed |= !ok;
}
int main(void)
{
	char why[200] = "";
	static const long periods[] = { 1, 2, 3, 1000, PERIOD, 999999999, 1000000000 };
	int ok = 1;
	for (unsigned p = 0; ok && p < sizeof periods / sizeof periods[0]; p++)
		for (uint64_t k = 0; ok && k < 20000; k++) {
			uint64_t start = gmon_expiry_start(p * 7919 + k);
			long v = gmon_expiry_first(start, k, periods[p]);
			if (v < 1 || v > periods[p]) {
				snprintf(why, sizeof why, "period %ld: %ld", periods[p], v);
				ok = 0;
			}
		}
	check("first.range", ok, why);

	ok = 1;
	for (uint64_t s = 0; ok && s < 100; s++) {
		uint64_t start = gmon_expiry_start(s);
		unsigned tenth[10] = { 0 };
		for (uint64_t k = 1000 * s; k < 1000 * s + 1000; k++)
			tenth[(gmon_expiry_first(start, k, PERIOD) - 1) / (PERIOD / 10)]++;
		for (unsigned t = 0; ok && t < 10; t++)
			if (tenth[t] < 98 || tenth[t] > 102) {
				snprintf(why, sizeof why, "start %llu: %u in tenth %u",
				         (unsigned long long)s, tenth[t], t);
				ok = 0;
			}
	}
	check("first.even", ok, why);

	/* the start uniform over 2^64: 2^16 starts evenly spaced stand for it */
	ok = 1;
	static const long lengths[] = { 4 * MS, 25 * MS, 303 * MS };
	for (unsigned l = 0; ok && l < 3; l++)
		for (uint64_t k = 0; ok && k < 5; k++) {
			double sum = 0;
			for (uint64_t j = 0; j < 65536; j++)
				sum += (double)gmon_expiry_due(
					(uint64_t)lengths[l], (uint64_t)gmon_expiry_first(j << 48, k, PERIOD),
					PERIOD);
			double mean = sum / 65536, want = (double)lengths[l] / PERIOD;
			if (mean < want * 0.999 || mean > want * 1.001) {
				snprintf(why, sizeof why, "%ld ms: %.4f samples on average, not %.4f",
				         lengths[l] / MS, mean, want);
				ok = 0;
			}
		}
	check("first.unbiased", ok, why);

	ok = 1;
	for (uint64_t s = 0; ok && s < 1000; s++) {
		uint64_t start = gmon_expiry_start(s), due = 0;
		for (uint64_t k = 0; k < 600; k++)
			due += gmon_expiry_due(4 * MS, (uint64_t)gmon_expiry_first(start, k, PERIOD), PERIOD);
		if (due < 238 || due > 242) {
			snprintf(why, sizeof why, "start %llu: %llu samples for 600 x 4 ms, not 240",
			         (unsigned long long)s, (unsigned long long)due);
			ok = 0;
		}
	}
	check("short-threads", ok, why);

	static const struct {
		uint64_t ran, first, due;
	} cases[] = {
		{ 0, 1, 0 },
		{ 3 * MS - 1, 3 * MS, 0 },
		{ 3 * MS, 3 * MS, 1 },
		{ 13 * MS - 1, 3 * MS, 1 },
		{ 13 * MS, 3 * MS, 2 },
		{ 303 * MS, 3 * MS, 31 },
		{ 303 * MS, 4 * MS, 30 },
		{ 303 * MS, 10 * MS, 30 },
	};
	ok = 1;
	for (unsigned c = 0; ok && c < sizeof cases / sizeof cases[0]; c++) {
		uint64_t got = gmon_expiry_due(cases[c].ran, cases[c].first, PERIOD);
		if (got != cases[c].due) {
			snprintf(why, sizeof why, "ran %llu ns, first %llu: %llu, not %llu",
			         (unsigned long long)cases[c].ran, (unsigned long long)cases[c].first,
			         (unsigned long long)got, (unsigned long long)cases[c].due);
			ok = 0;
		}
	}
	check("due", ok && gmon_expiry_due(5, 1, 0) == 0, why[0] ? why : "period 0");
	return failed;
}
C
if $RT_CC -O1 -Wall -Werror -I"$TOP/libgmon" -o expiry expiry.c 2>compile.err; then
	./expiry
else
	fail runtime.expiry.compiled "$(head -3 compile.err)"
fi

# A thread that blocks SIGPROF: its timer's signals stay pending and go
# with it, so all its samples are the ones owed at its exit, credited at
# its start routine.  The thread computes until its CPU time is 45 ms,
# so its timer ran 45 ms, less what the thread ran before it was armed
# and plus its exit (each well under 5 ms, even emulated): from a first
# expiry in (0, 10 ms], 4 or 5 samples, whatever the load.
build_ours blocked "$PROGS/blocked-thread.c"
./blocked 45 >out
clock=$("$GPROF" --json blocked gmon.out | python3 -c 'import json, sys; print(json.load(sys.stdin)["process"]["clock"])')
if [ "$clock" != thread_cpu ]; then
	echo "ok runtime.expiry.owed-at-exit # skipped: the clock is $clock here"
else
	got=$("$GPROF" -b -p blocked gmon.out | awk '$NF == "blocked_thread" { print $3 }')
	others=$("$GPROF" -b -p blocked gmon.out | awk '$NF == "compute" || $NF == "thread_ns" { s += $3 } END { print s + 0 }')
	if { [ "$got" = 0.04 ] || [ "$got" = 0.05 ]; } && [ "$others" = 0 ]; then
		pass runtime.expiry.owed-at-exit
	else
		fail runtime.expiry.owed-at-exit "blocked_thread ${got:-no} s, its callees $others s (want 0.04 or 0.05, and 0)"
	fi
fi
