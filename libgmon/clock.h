/* SPDX-License-Identifier: BSD-2-Clause
 *
 * clock.h: clocks, what fires a sample (sampler.c picks one and owns the
 * signal handler they call): the per-thread CPU-time timers
 * (clock_thread.c), the process CPU-time timer (clock_cputime.c) and the
 * per-thread perf task-clock (clock_perf.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * start, stop, after_fork and thread_here run in an ordinary context
 * (start-up, exit, a forked child, a new thread) and may make system
 * calls; samples runs in the signal
 * handler: async-signal-safe, no system call but to pass on a signal
 * that is not the clock's.
 */
#ifndef GMON_CLOCK_H
#define GMON_CLOCK_H

#include <signal.h>
#include <string.h>

#include "base.h"

typedef void gmon_signal_handler(int signo, siginfo_t *info, void *context);

struct gmon_clock {
	const char *name;
	/* Sends its signal to handler at about hz times per second of CPU
	 * time; the rate achieved (10^9 / the period kept, in ns), or 0 if
	 * it cannot run. */
	unsigned (*start)(unsigned hz, gmon_signal_handler *handler);
	/* Stops sending.  The handler stays: a signal already pending must
	 * not kill the program. */
	void (*stop)(void);
	/* In a forked child, once the clock ran in its parent. */
	void (*after_fork)(void);
	/* In each thread created after start, before it runs the program's
	 * code (threads.c); NULL if the clock needs nothing there. */
	void (*thread_here)(void);
	/* In the handler: how many samples this signal stands for, or 0 if
	 * it is not the clock's (then it was passed on). */
	unsigned (*samples)(int signo, const siginfo_t *info);
};

extern const struct gmon_clock gmon_clock_thread GMON_HIDDEN;
extern const struct gmon_clock gmon_clock_cputime GMON_HIDDEN;
extern const struct gmon_clock gmon_clock_perf GMON_HIDDEN;

/* The handler for signo, as every clock installs it. */
static inline int gmon_clock_install(int signo, gmon_signal_handler *handler)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	return sigaction(signo, &sa, NULL);
}

#endif /* GMON_CLOCK_H */
