/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * diff.h: --diff, two profiles of one program compared (diff.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_DIFF_H
#define GPROF_DIFF_H

#include "core/options.h"

/* Read the two profiles opt->mode.operands name ([EXE] OLD NEW, or OLD_EXE
 * OLD NEW_EXE NEW), each with opt's options, and print what changed: a
 * table, or the chosen format's print_diff (report/formats.c: --json,
 * --dot, --html).  Any error is fatal (one line, exit 1)
 * before anything is printed.  Returns main's exit status. */
int print_diff(const struct options *opt);

#endif
