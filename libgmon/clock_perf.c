/* SPDX-License-Identifier: BSD-2-Clause
 *
 * clock_perf.c: the perf clock (clock.h), for GMON_RATE above 100: a
 * perf_event_open task-clock per thread, a high-resolution timer on each
 * thread's own CPU time, inherited by threads and children created
 * later, delivering a synchronous SIGTRAP to the thread it measured.  It
 * counts user-mode time only (the kernel's default perf_event_paranoid
 * forbids more).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * start, stop and after_fork make system calls only; samples runs in the
 * signal handler and makes none but to pass on a SIGTRAP that is not the
 * clock's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "clock.h"

#ifndef TRAP_PERF
#define TRAP_PERF 6 /* si_code of a perf_event sigtrap (Linux 5.13) */
#endif

static struct {
	int running;
	int fd;
} perf = { 0, -1 };

static unsigned start(unsigned hz, gmon_signal_handler *handler)
{
	struct perf_event_attr attr;
	memset(&attr, 0, sizeof attr);
	attr.size = sizeof attr;
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_TASK_CLOCK;
	attr.sample_period = 1000000000ull / hz; /* nanoseconds */
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	attr.inherit = 1;
	attr.remove_on_exec = 1; /* required with sigtrap; exec ends the profile anyway */
	attr.sigtrap = 1;
	if (gmon_clock_install(SIGTRAP, handler) != 0)
		return 0;
	int fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		signal(SIGTRAP, SIG_DFL);
		return 0;
	}
	perf.fd = fd;
	perf.running = 1;
	return (unsigned)((2000000000ull / attr.sample_period + 1) / 2);
}

static void stop(void)
{
	/* Applies to the copies inherited by threads as well. */
	if (perf.running)
		ioctl(perf.fd, PERF_EVENT_IOC_DISABLE, 0);
}

/* The clock is inherited, but its descriptor is the parent's: disabling
 * it would stop the parent.  It runs on unseen; ignored once done. */
static void after_fork(void)
{
	if (perf.running) {
		close(perf.fd);
		perf.fd = -1;
		perf.running = 0;
	}
}

static unsigned samples(int signo, const siginfo_t *info)
{
	if (signo == SIGTRAP && info->si_code != TRAP_PERF) {
		/* A breakpoint, not our clock: behave as if we were absent. */
		int saved_errno = errno;
		signal(SIGTRAP, SIG_DFL);
		raise(SIGTRAP);
		errno = saved_errno;
		return 0;
	}
	return 1;
}

const struct gmon_clock gmon_clock_perf = {
	.name = "perf",
	.start = start,
	.stop = stop,
	.after_fork = after_fork,
	.samples = samples,
};
