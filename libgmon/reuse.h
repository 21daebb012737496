/* SPDX-License-Identifier: BSD-2-Clause
 *
 * reuse.h: addresses used twice, by an object unloaded and another
 * loaded where it was (reuse.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_REUSE_H
#define GMON_REUSE_H

#include "base.h"

/* Before a dlopen (ordinary context): what was recorded at the addresses
 * of each object unloaded since is renumbered. */
void gmon_reuse_before_load(void) GMON_HIDDEN;
/* Nonzero once an address was renumbered: the process file's header
 * says so (GMON_PROCESS_FLAG_NUMBERED).  Async-signal-safe. */
int gmon_reuse_numbered(void) GMON_HIDDEN;

#endif /* GMON_REUSE_H */
