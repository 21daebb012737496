/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * stacks.h: measured call-graph times, from the call stacks of a
 * whole-process profile (doc/format.md, tag 5; doc/manual.md).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_STACKS_H
#define GPROF_STACKS_H

#include <stdbool.h>

#include "core/model.h"
#include "core/options.h"

/* Are the call graph's times to be measured (stacks were read and no
 * option asks for the estimate)? */
bool stacks_measurable(const struct model *m, const struct read_options *opt);
/* Replace the estimated times of the numbered call graph (cycles found)
 * by measured ones: every symbol's and cycle's prop_self and prop_child,
 * every arc's time and child_time, m->print_ticks; sets m->measured. */
void stacks_measure(struct model *m);

#endif
