/* SPDX-License-Identifier: BSD-2-Clause
 *
 * write.h: the writer of gmon.out, and beside it of the process file
 * (write.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_WRITE_H
#define GMON_WRITE_H

#include <stdint.h>

#include "base.h"

/* Fix the output name (called once at start-up, before any chdir):
 * image is this image's number in its process (1, or 2 and on after an
 * exec in the same process: start.c reads it from GMON_IMAGE). */
void gmon_writer_init(uintptr_t load_bias, unsigned image) GMON_HIDDEN;
/* In a forked child: the child's own name (its first image). */
void gmon_writer_after_fork(void) GMON_HIDDEN;
/* Write the whole profile; async-signal-safe.  0; -1 after a message;
 * -2 if another write is in progress (a snapshot is then skipped).  A
 * final write (exit, exec) is never skipped: nested in a write of its own
 * thread (a signal handler) it writes at once, and it waits a bounded
 * time for another thread's. */
int gmon_write_profile(int final) GMON_HIDDEN;

#endif /* GMON_WRITE_H */
