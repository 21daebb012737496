/* SPDX-License-Identifier: BSD-2-Clause
 *
 * clock_cputime.c: the process CPU-time clock (clock.h), for
 * GMON_CLOCK=process and as cpu's last resort (clocks.c): SIGPROF per
 * 10 ms of the process's CPU time, whichever thread used it, which is
 * what setitimer(ITIMER_PROF) gives, but from timer_create: an interval timer survives execve, so a forked child
 * that runs another program would be killed by the first SIGPROF; a
 * POSIX timer is deleted by execve.  Its overrun count also gives back
 * the samples that a loaded machine merges into one signal.  The kernel
 * checks CPU-time timers on its tick, so this clock cannot go faster
 * than the tick (250 Hz here), whatever one asks for.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * start, stop and after_fork make system calls only; samples runs in the
 * signal handler and makes none.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <string.h>
#include <time.h>

#include "../include/gmon_out.h"
#include "clock.h"

static struct {
	int running;
	timer_t timer;
	struct itimerspec interval;
} cputime;

static int arm(void)
{
	struct sigevent event;
	memset(&event, 0, sizeof event);
	event.sigev_notify = SIGEV_SIGNAL;
	event.sigev_signo = SIGPROF;
	event.sigev_value.sival_ptr = GMON_CLOCK_COOKIE;
	if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &event, &cputime.timer) != 0)
		return -1;
	if (timer_settime(cputime.timer, 0, &cputime.interval, NULL) != 0) {
		timer_delete(cputime.timer);
		return -1;
	}
	return 0;
}

static unsigned start(unsigned hz, gmon_signal_handler *handler, gmon_owed_samples *owed)
{
	(void)owed;
	long ns = 1000000000L / hz;
	cputime.interval.it_interval.tv_sec = ns / 1000000000L;
	cputime.interval.it_interval.tv_nsec = ns % 1000000000L;
	cputime.interval.it_value = cputime.interval.it_interval;
	if (gmon_clock_install(SIGPROF, handler) != 0 || arm() != 0)
		return 0;
	/* Should the kernel round the interval, record what it kept. */
	struct itimerspec kept;
	if (timer_gettime(cputime.timer, &kept) == 0 &&
	    (kept.it_interval.tv_sec != 0 || kept.it_interval.tv_nsec != 0))
		ns = kept.it_interval.tv_sec * 1000000000L + kept.it_interval.tv_nsec;
	cputime.running = 1;
	return (unsigned)((1000000000L + ns / 2) / ns);
}

static void stop(void)
{
	if (cputime.running) {
		timer_delete(cputime.timer);
		cputime.running = 0;
	}
}

/* POSIX timers are not inherited: the child needs its own. */
static void after_fork(void)
{
	if (cputime.running && arm() != 0)
		cputime.running = 0;
}

/* Around an exec: the timer stopped, then started again. */
static void hold(int on)
{
	if (!cputime.running)
		return;
	struct itimerspec none;
	memset(&none, 0, sizeof none);
	timer_settime(cputime.timer, 0, on ? &none : &cputime.interval, NULL);
}

/* Only this clock's timer's signals; expiries merged into one signal
 * (its overrun count) were spent at its pc too. */
static unsigned samples(int signo, const siginfo_t *info)
{
	if (signo != SIGPROF || !gmon_clock_signal_is_ours(info))
		return 0;
	unsigned n = 1;
	if (info->si_overrun > 0)
		n += (unsigned)info->si_overrun;
	return n;
}

const struct gmon_clock gmon_clock_cputime GMON_HIDDEN = {
	.name = "timer_create",
	.code = GMON_PROCESS_CLOCK_PROCESS_CPU,
	.signo = SIGPROF,
	.process_wide = 1,
	.start = start,
	.stop = stop,
	.after_fork = after_fork,
	.samples = samples,
	.hold = hold,
};
