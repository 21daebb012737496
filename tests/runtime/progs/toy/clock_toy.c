/* SPDX-License-Identifier: BSD-2-Clause
 *
 * tests/runtime/progs/toy/clock_toy.c: a clock made for the test of the
 * recipe in doc/code-map.md ("A new clock"), never shipped:
 * tests/runtime/t-toy-clock.sh drops this file into a copy of libgmon/,
 * adds its one row to clocks.c, and builds.  GMON_CLOCK=toy picks it.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * It measures no time: it fires when the program queues SIGPROF to
 * itself with TOY_COOKIE (progs/toy/ticks.c), each signal standing for
 * TOY_SAMPLES samples, so that a profile's counts are exact.  Any other
 * SIGPROF is the program's own.
 */
#include <signal.h>

#include "../include/gmon_out.h"
#include "clock.h"

#define TOY_COOKIE 0x746f79 /* "toy" */
#define TOY_SAMPLES 3

static int running;

static unsigned start(unsigned hz, gmon_signal_handler *handler, gmon_owed_samples *owed)
{
	(void)owed;
	if (gmon_clock_install(SIGPROF, handler) != 0)
		return 0;
	running = 1;
	return hz; /* what gmon.out says each sample stands for */
}

static void stop(void)
{
	running = 0;
}

static void after_fork(void) {}

static void hold(int on)
{
	(void)on;
}

static unsigned samples(int signo, const siginfo_t *info)
{
	if (signo != SIGPROF || info->si_code != SI_QUEUE ||
	    info->si_value.sival_int != TOY_COOKIE || !running)
		return 0;
	return TOY_SAMPLES;
}

const struct gmon_clock gmon_clock_toy GMON_HIDDEN = {
	.name = "the program's signals",
	.code = GMON_PROCESS_CLOCK_UNKNOWN, /* it measures no time */
	.signo = SIGPROF,
	.start = start,
	.stop = stop,
	.after_fork = after_fork,
	.samples = samples,
	.hold = hold,
};
