/* SPDX-License-Identifier: BSD-2-Clause
 *
 * onstack.h: the clocks' signals held while a handler of the program's
 * runs on its alternate signal stack (onstack.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_ONSTACK_H
#define GMON_ONSTACK_H

#include <signal.h>
#include <stdint.h>

#include "base.h"

/* The program's action act for signo (a signal no clock takes), as the
 * kernel is to get it: an SA_ONSTACK handler through the trampoline,
 * the clocks' signals added to its mask (in *copy); any other act as
 * it is.  Async-signal-safe. */
const struct sigaction *gmon_onstack_action(int signo, const struct sigaction *act,
					    struct sigaction *copy) GMON_HIDDEN;
/* What the kernel reported in *old (the action before this call, whose
 * record gmon_onstack_record gave), shown as the program set it. */
struct gmon_onstack_record {
	void *handler;
	int siginfo;
	uint64_t added;
};
void gmon_onstack_record(int signo, struct gmon_onstack_record *r) GMON_HIDDEN;
void gmon_onstack_as_asked(struct sigaction *old, const struct gmon_onstack_record *r) GMON_HIDDEN;
/* The same for an old handler that signal and kin return. */
void *gmon_onstack_handler(void *old, const struct gmon_onstack_record *r) GMON_HIDDEN;
/* The clocks' signals are now these (signals.c, as a clock takes or
 * gives back its signal; it then installs the handlers already on the
 * alternate stack again).  Ordinary context. */
void gmon_onstack_clocks(uint64_t bits) GMON_HIDDEN;
/* The clocks' signals, for a taken signal's own handler. */
uint64_t gmon_onstack_clock_bits(void) GMON_HIDDEN;
/* For pthread_create: the bits this thread holds for a handler it is
 * in and does not show the program (0 if none), which a new thread
 * inherits in its mask; and in the new thread, those bits let go. */
uint64_t gmon_onstack_hidden(void) GMON_HIDDEN;
void gmon_onstack_release(uint64_t bits) GMON_HIDDEN;
/* A clock's signal got through (the sampler): no handler of this
 * thread holds them now.  Async-signal-safe, no system call. */
void gmon_onstack_sampled(void) GMON_HIDDEN;
/* In a wrapped call of the program's: bits still held once the thread
 * is off the handler's stack (a jump out of it) let go. */
void gmon_onstack_check(void) GMON_HIDDEN;
/* For a wait that installs the program's mask (sigsuspend, ppoll...):
 * in a handler whose bits are held, that mask with them (in *copy). */
const sigset_t *gmon_onstack_wait_mask(const sigset_t *mask, sigset_t *copy) GMON_HIDDEN;
/* Around an exec (on: before the system call, the clocks stopped;
 * off: it failed): the new image gets the program's mask, not the
 * bits held for a handler it was called from. */
void gmon_onstack_exec(int on) GMON_HIDDEN;

#endif /* GMON_ONSTACK_H */
