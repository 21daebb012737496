/* SPDX-License-Identifier: BSD-2-Clause
 *
 * signals.h: the clocks' signals, shared with the program (signals.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_SIGNALS_H
#define GMON_SIGNALS_H

#include <signal.h>

#include "base.h"

typedef void gmon_signal_handler(int signo, siginfo_t *info, void *context);

/* At a clock's start, in an ordinary context: handler receives signo
 * from now on; the action the program had is kept as the program's, and
 * every signal that is not the clock's goes to it (gmon_signal_pass).
 * 0, or -1 if the handler could not be installed. */
int gmon_signal_take(int signo, gmon_signal_handler *handler) GMON_HIDDEN;
/* A clock that could not start after all: the program's action back. */
void gmon_signal_give_back(int signo) GMON_HIDDEN;
/* In the handler, for a signal that is not the clock's: what the
 * program's action for it does (nothing, its handler with its mask and
 * flags, or the default action, the process dying as it would have).
 * Async-signal-safe. */
void gmon_signal_pass(int signo, siginfo_t *info, void *context) GMON_HIDDEN;
/* Whether signo's handler is still handler (a program that set it with
 * the system call itself replaced it); async-signal-safe. */
int gmon_signal_still_ours(int signo, gmon_signal_handler *handler) GMON_HIDDEN;
/* In a forked child (the atfork handler): the actions kept are now this
 * process's. */
void gmon_signals_after_fork(void) GMON_HIDDEN;
/* Whether this process is the one whose actions these are (not a vfork
 * child sharing its memory); async-signal-safe. */
int gmon_signals_here(void) GMON_HIDDEN;
/* Around an exec (on: before it; off: after it failed): the taken
 * signals the program ignores are ignored for real while the exec runs
 * (an exec keeps an ignored signal ignored, a handled one goes back to
 * its default, as without the profiler); async-signal-safe. */
void gmon_signals_exec(int on) GMON_HIDDEN;

/* The sigaction a signal no clock takes gets (the C library's; in
 * libgmon.so through guard.c, which puts the program's handlers behind
 * its trampoline and reports them as set), for the chain below;
 * async-signal-safe. */
int gmon_untaken_sigaction(int signo, const struct sigaction *act,
			   struct sigaction *old) GMON_HIDDEN;

/* Another part of the runtime that keeps actions of its own for some
 * signals not taken here (fatal.c: the signals that end the process).
 * The program's sigaction of a signal not taken goes to sigaction;
 * signal, bsd_signal and sysv_signal of a signal owns() says is its
 * go through sigaction when they set SIG_DFL, else to the C library's,
 * whose old handler passes through old_handler.  Set once, at start-up
 * (an atomic store). */
typedef void (*gmon_handler_fn)(int);
struct gmon_signal_chain {
	int (*sigaction)(int signo, const struct sigaction *act, struct sigaction *old);
	int (*owns)(int signo);
	gmon_handler_fn (*old_handler)(int signo, gmon_handler_fn old);
};
void gmon_signals_chain(const struct gmon_signal_chain *chain) GMON_HIDDEN;

#endif /* GMON_SIGNALS_H */
