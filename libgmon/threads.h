/* SPDX-License-Identifier: BSD-2-Clause
 *
 * threads.h: what threads.c tells start-up about the program's threads.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_THREADS_H
#define GMON_THREADS_H

#include "base.h"

/* 1 if every thread the program creates from now on goes through
 * threads.c's pthread_create (so that it can get a timer of its own):
 * always in libgmon.so, which interposes on every object's calls; in a
 * static link when the executable has no loader, or exports ours.
 * Ordinary context (it may ask the loader).  Weak: a link with libgmon.a
 * takes threads.c only when the program calls pthread_create (no call,
 * no such function: threads some library makes are then not known). */
int gmon_threads_all_wrapped(void) GMON_HIDDEN __attribute__((weak));

#endif /* GMON_THREADS_H */
