/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * matrix.h: the lifecycle matrix's program (tests/runtime/t-matrix.sh).
 * One program, one shape a run: `matrix SHAPE [ARG]`.  Each shape
 * computes for more than one sampling period in every process it makes
 * (a bounded number of turns, never a time), and every process that
 * ends through exit() prints its exit report from a destructor (which
 * runs before the profile is written: R3 in known-failures): its
 * signal mask, every signal's disposition that is not the default, and
 * its open descriptors.  The
 * suite runs each shape without the profiler and with it and compares
 * everything the program printed and wrote.
 */
#ifndef MATRIX_H
#define MATRIX_H

#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>

/* the program's own executable (read at start, before any chroot) and
 * its directory, where the plugins are */
extern char matrix_self[4096];
extern char matrix_dir[4096];

/* compute: more than one sampling period (10 ms at 100 Hz) of CPU in
 * the calling thread, in a bounded number of turns */
void compute(void);
/* compute_turns: N turns of the same loop (compute is 160 of 500,000) */
void compute_turns(unsigned long n);

/* name_handler: the name the exit report gives a handler of the
 * program's (any other function is reported as "foreign") */
void name_handler(void (*fn)(int), const char *name);
/* print_status: "WHAT: exit N" or "WHAT: signal NAME" of a wait status */
void print_status(const char *what, int status);
/* exec_child: execv of this program as "matrix exec-child TAG" (which
 * computes, prints its tag and exits 5); returns only if it failed */
void exec_child(const char *tag);
/* report_as: the name this process's exit report goes by (a child's) */
void report_as(const char *tag);
/* print_mask: "LABEL: " and the signals SET holds, as ranges */
void print_mask(const char *label, const sigset_t *set);

/* the shapes, each main's for its ARG (NULL when none) */
int shape_fork(const char *arg);
int shape_vfork_exec(const char *arg);
int shape_posix_spawn(const char *arg);
int shape_exec_chain(const char *arg);
int shape_daemon(const char *arg);
int shape_chroot_setuid(const char *arg);
int shape_sigdfl_exec(const char *arg);
int shape_all_blocked(const char *arg);
int shape_own_handlers(const char *arg);
int shape_altstack(const char *arg);
int shape_thread_stack(const char *arg);
int shape_mutexes(const char *arg);
int shape_cancel(const char *arg);
int shape_longjmp(const char *arg);
int shape_short_threads(const char *arg);
int shape_dlopen_loop(const char *arg);
int shape_close_range(const char *arg);
int shape_seccomp(const char *arg);
int shape_rlimit_nofile(const char *arg);
int shape_rlimit_fsize(const char *arg);
int shape_rlimit_as(const char *arg);

#endif
