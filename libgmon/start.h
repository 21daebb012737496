/* SPDX-License-Identifier: BSD-2-Clause
 *
 * start.h: what start-up and control (start.c) offer the files above it;
 * the rest of start.c is the public interface (include/libgmon.h and
 * the names glibc's start-up files call).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_START_H
#define GMON_START_H

#include "base.h"

/* For exec.c: write the profile so far before exec replaces the image. */
void gmon_before_exec(void) GMON_HIDDEN;
/* For exec.c, after gmon_before_exec: the number of the image an exec of
 * this process starts, to hand on as GMON_IMAGE=PID:N; 0 when it is the
 * process's first (nothing to hand on). */
unsigned gmon_next_image(void) GMON_HIDDEN;

#endif /* GMON_START_H */
