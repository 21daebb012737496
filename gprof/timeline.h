/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * timeline.h: gprof --timeline PROG FILES (timeline.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_TIMELINE_H
#define GPROF_TIMELINE_H

#include "core/options.h"

/* Each function's self seconds per file (a window of a run: libgmon's
 * GMON_INTERVAL), the top functions by total, in the text or --json;
 * the exit status. */
int print_timeline(const struct options *opt);

#endif
