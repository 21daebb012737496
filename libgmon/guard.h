/* SPDX-License-Identifier: BSD-2-Clause
 *
 * guard.h: SIGPROF held off a thread while it waits, by a guard that
 * never outlives the wait (guard.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_GUARD_H
#define GMON_GUARD_H

#include <signal.h>
#include <stdint.h>

#include "base.h"

/* What a guard replaced, kept by its holder (on its stack) until it
 * lets go. */
struct gmon_guard_save {
	uint64_t old;
	int active;
	int added; /* SIGPROF was not blocked before: unblock it after */
};

/* Blocks SIGPROF on this thread until gmon_guard_release(save).  A
 * handler of the program's that runs meanwhile (libgmon.so: through a
 * trampoline) runs with the mask it would have without the guard, so
 * that a longjmp out of it leaves the program's own mask.  Any context;
 * async-signal-safe. */
void gmon_guard_block(struct gmon_guard_save *save) GMON_HIDDEN;
void gmon_guard_release(struct gmon_guard_save *save) GMON_HIDDEN;
/* A jump out of a handler that interrupted a wait (onstack.c's, whose
 * handlers do not pass guard.c's trampoline): no guard is held now. */
void gmon_guard_left(void) GMON_HIDDEN;
/* For a call that installs a signal mask of the program's while it
 * waits (sigsuspend, ppoll...): whether that mask blocks SIGPROF, which
 * then is the program's to keep in a handler that runs meanwhile. */
void gmon_guard_program_mask(int blocks_prof) GMON_HIDDEN;
/* Once guards may be held (gmon_wait_start): from now on the program's
 * handlers (those installed already, and those it installs) are called
 * through the trampoline.  Ordinary context. */
void gmon_guard_start(void) GMON_HIDDEN;
#ifdef GMON_SHARED
/* The C library's sigaction for a signal no clock takes (signals.c
 * decides), a handler installed through the trampoline and reported as
 * the program's.  Async-signal-safe. */
int gmon_guard_sigaction(int sig, const struct sigaction *act, struct sigaction *old) GMON_HIDDEN;
/* One of the C library's signal, bsd_signal, sysv_signal, sigset
 * (real) called for the program for such a signal: its result as the
 * program would see it, the handler then put through the trampoline. */
sighandler_t gmon_guard_installed(sighandler_t (*real)(int, sighandler_t), int sig,
				  sighandler_t h) GMON_HIDDEN;
#endif

#endif /* GMON_GUARD_H */
