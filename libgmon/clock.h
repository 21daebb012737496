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
 * handler: async-signal-safe, no system call.
 */
#ifndef GMON_CLOCK_H
#define GMON_CLOCK_H

#include <signal.h>
#include <stdint.h>

#include "base.h"
#include "signals.h"

/* Samples a clock owes and could not deliver (a thread's last expiries,
 * which the kernel checks only on its tick, found due as the thread
 * exits), credited at pc with no caller known: the sampler's, handed to
 * start. */
typedef void gmon_owed_samples(uintptr_t pc, unsigned samples);

/* A clock: what fires the samples (sampler.c picks one). */
struct gmon_clock {
	const char *name;
	/* Sends its signal to handler at about hz times per second of CPU
	 * time; the rate achieved (10^9 / the period kept, in ns), or 0 if
	 * it cannot run. */
	unsigned (*start)(unsigned hz, gmon_signal_handler *handler, gmon_owed_samples *owed);
	/* Stops sending.  The handler stays: a signal already pending must
	 * not kill the program. */
	void (*stop)(void);
	/* In a forked child, once the clock ran in its parent. */
	void (*after_fork)(void);
	/* In each thread created after start, before it runs the program's
	 * code (threads.c), entry its start routine; NULL if the clock needs
	 * nothing there. */
	void (*thread_here)(uintptr_t entry);
	/* In the handler: how many samples this signal stands for, or 0 if
	 * it is not the clock's (the sampler then hands it to the program's
	 * action, signals.c). */
	unsigned (*samples)(int signo, const siginfo_t *info);
	/* Around an exec (on: before it, off: after it failed): no signal
	 * may be on its way as the image is replaced (the new one has no
	 * handler yet, and would die of it).  Async-signal-safe, errno
	 * kept. */
	void (*hold)(int on);
	/* What the clock knows it did not sample (GMON_MISSING_* bits of
	 * include/gmon_out.h); NULL: nothing. */
	unsigned (*missing)(void);
};

extern const struct gmon_clock gmon_clock_thread GMON_HIDDEN;
extern const struct gmon_clock gmon_clock_cputime GMON_HIDDEN;
extern const struct gmon_clock gmon_clock_perf GMON_HIDDEN;

/* The handler for signo, as every clock installs it: the program's
 * action is kept, and gets the signals that are not the clock's
 * (signals.c). */
static inline int gmon_clock_install(int signo, gmon_signal_handler *handler)
{
	return gmon_signal_take(signo, handler);
}

/* The value a clock's timers carry in si_value, which tells their
 * signals from the program's own (its setitimer, timer_create, kill). */
#define GMON_CLOCK_COOKIE ((void *)(uintptr_t)0x676d6f6e) /* "gmon" */

static inline int gmon_clock_signal_is_ours(const siginfo_t *info)
{
	return info->si_code == SI_TIMER && info->si_value.sival_ptr == GMON_CLOCK_COOKIE;
}

#endif /* GMON_CLOCK_H */
