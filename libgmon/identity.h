/* SPDX-License-Identifier: BSD-2-Clause
 *
 * identity.h: which process a profile is of (its pid, its parent, which
 * image of the process, its arguments), for the process file's identity
 * record (doc/format.md, tag 7).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_IDENTITY_H
#define GMON_IDENTITY_H

#include "base.h"

struct gmon_sink;

/* At start-up (ordinary context): the parent, the arguments, the CPU
 * time the process used before this image (image > 1: an exec). */
void gmon_identity_init(unsigned image) GMON_HIDDEN;
/* In a forked child: its parent is the process that forked it, it is
 * its process's first image, its CPU time starts at 0. */
void gmon_identity_after_fork(void) GMON_HIDDEN;
/* The identity record into s (async-signal-safe). */
void gmon_identity_put(struct gmon_sink *s) GMON_HIDDEN;

#endif /* GMON_IDENTITY_H */
