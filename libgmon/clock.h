/* SPDX-License-Identifier: BSD-2-Clause
 *
 * clock.h: clocks, what fires a sample: the interface each clock_NAME.c
 * implements, and the table of clocks (clocks.c) the sampler chooses
 * from by GMON_CLOCK (sampler.c owns the signal handler they call).
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

/* A clock: what fires the samples.  Each is defined in its own file
 * (clock_NAME.c: gmon_clock_NAME), its state private to that file, and
 * named by a row of the table in clocks.c. */
struct gmon_clock {
	/* What it needs, as a message says it ("perf_event_open"). */
	const char *name;
	/* What its samples measure, as the process file's times record
	 * says it (enum gmon_process_clock of include/gmon_out.h). */
	unsigned code;
	/* The signal it sends (the one whose action the program must not
	 * take from it, gmon_sampler_missing). */
	int signo;
	/* Its signal is the process's, which the kernel may deliver to any
	 * thread that does not block it, a waiting one too (wait.c); else
	 * it goes to the thread whose time it measured. */
	int process_wide;
	/* Tried only at rates above this (0: any rate); when it fails, the
	 * clocks tried after it sample at this rate. */
	unsigned above_hz;
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
	 * nothing there.  A clock that has it is tried only when every new
	 * thread passes there. */
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

/* The table of clocks (clocks.c): rows in the order they are tried,
 * each a GMON_CLOCK value and a clock; GMON_CLOCK=V starts the first
 * row named V whose clock starts.  The first row's name is the
 * default; a name may have several rows, a clock several names. */
struct gmon_clock_row {
	const char *name; /* as GMON_CLOCK spells it */
	const struct gmon_clock *clock;
};
extern const struct gmon_clock_row gmon_clocks[] GMON_HIDDEN; /* ends with a NULL name */
/* Whether name is a row's. */
int gmon_clock_named(const char *name) GMON_HIDDEN;
/* The rows' names, each once, then extra, for a message: "cpu,
 * process or wall" (extra "wall"). */
const char *gmon_clock_names(const char *extra) GMON_HIDDEN;

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
