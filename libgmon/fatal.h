/* SPDX-License-Identifier: BSD-2-Clause
 *
 * fatal.h: the signals whose default action ends the process, caught so
 * that the profile is written before the process dies of them (fatal.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_FATAL_H
#define GMON_FATAL_H

#include "base.h"

/* Catch each signal of fatal.c's list that is at its default action now
 * (the others only if the program sets the default later), all but
 * skip (the snapshot signal, start.c's, or 0).  write_final is called
 * once, in the signal handler (so async-signal-safe), before the process
 * dies of the signal.  Called once, at start-up, in an ordinary context. */
void gmon_fatal_install(void (*write_final)(void), int skip) GMON_HIDDEN;

#endif /* GMON_FATAL_H */
