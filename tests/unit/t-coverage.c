/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * t-coverage.c: unit tests of the flat profile's coverage sentence
 * (gprof/report/report.c, report_coverage_sentence): the samples of the
 * profiler's own work, shown in their own sentence and not counted
 * below, covered the process's CPU time too, so they are no time
 * missed (a -pg program whose calls are most of its work: 13% in its
 * functions, 86% in the hook, was told "the samples miss more than 10%
 * of the CPU time: the run did not record why").
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <string.h>

#include "../include/gmon_out.h"
#include "core/model.h"
#include "report/report.h"
#include "check_tap.h"

/* one second of the thread clock's CPU time at 100 Hz, 20 samples in
 * the program's functions and own_ticks in the profiler's */
static struct model *model_with(double own_ticks, bool counted)
{
	struct model *m = model_new();

	m->histograms.rate = 100;
	m->process.has_times = true;
	m->process.clock = GMON_PROCESS_CLOCK_THREAD_CPU;
	m->process.user_ns = 1000000000u;
	m->overhead_known = true;
	m->overhead_counted = counted;
	m->overhead_ticks = own_ticks;
	return m;
}

static bool said(struct model *m, double sampled)
{
	char buf[512];
	bool out = report_coverage_sentence(m, sampled, buf, sizeof(buf));

	model_free(m);
	return out;
}

START_TEST(own_work_is_covered)
{
	/* 20 + 80 samples for 100 due: nothing missed */
	ck_assert(!said(model_with(80, false), 0.20));
}
END_TEST

START_TEST(missed_time_still_said)
{
	/* 20 + 10 for 100: 70 missed */
	ck_assert(said(model_with(10, false), 0.20));
	/* no work of the profiler's: 20 for 100 */
	ck_assert(said(model_with(0, false), 0.20));
}
END_TEST

START_TEST(counted_below_not_twice)
{
	/* --with-overhead: the 80 are in the 0.20 s already */
	ck_assert(said(model_with(80, true), 0.20));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("coverage");
	TCase *tc = tcase_create("own-work");

	tcase_add_test(tc, own_work_is_covered);
	tcase_add_test(tc, missed_time_still_said);
	tcase_add_test(tc, counted_below_not_twice);
	suite_add_tcase(s, tc);
	return run_suite_tap(s);
}
