/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * processes.h: --processes, the processes of a run listed from their
 * process files (processes.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_PROCESSES_H
#define GPROF_PROCESSES_H

#include "core/options.h"

/* List the processes whose files opt->operands name (gmon.out files our
 * runtime wrote, or their process files): as a tree, or by CPU
 * (opt->processes), in the text or --json; then each program's total.
 * Any error is fatal (one line, exit 1).  Returns main's exit status. */
int print_processes(const struct mode_options *opt);

#endif
