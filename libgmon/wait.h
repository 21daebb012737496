/* SPDX-License-Identifier: BSD-2-Clause
 *
 * wait.h: the blocking calls, wrapped (wait.c): guarded against the
 * clock's signal, and with GMON_CLOCK=wall, their waiting time counted.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_WAIT_H
#define GMON_WAIT_H

#include <sys/types.h>

#include "base.h"

extern int gmon_wait_mode GMON_HIDDEN; /* atomic: 0 off, 1 guard, 2 guard and wall */

/* Once the clock runs at rate_hz (start-up): guard the calls a signal
 * breaks where the clock's signal could break them (process_wide: the
 * clock's signal is the process's; or a kernel that may send a thread's
 * CPU-time signal while the thread enters a wait); with wall, count
 * waits too.  0, or -1 if wall-clock time cannot be counted here
 * (libgmon.a, or a processor without the context it builds): then
 * nothing changes. */
int gmon_wait_start(unsigned rate_hz, int wall, int process_wide) GMON_HIDDEN;
void gmon_wait_stop(void) GMON_HIDDEN;

/* Resolve the C library's definitions of the wrapped calls (dlsym, not
 * async-signal-safe): at load, and by __monstartup before any signal of
 * ours is armed. */
void gmon_wait_resolve(void) GMON_HIDDEN;

/* write(2) for libgmon's own output, past the wrapper of write. */
ssize_t gmon_write(int fd, const void *buf, size_t n) GMON_HIDDEN;

#endif /* GMON_WAIT_H */
