/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * overhead.h: the profiler's own time (the counting hooks: mcount, the
 * foreign-call path of our runtime, glibc's __mcount_internal), found
 * once and counted by one rule for every view (doc/manual.md, "What the
 * figures mean").
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_OVERHEAD_H
#define GPROF_OVERHEAD_H

#include <stdbool.h>

#include "core/model.h"
#include "core/options.h"

/* The profiling runtime's functions, NULL-terminated: GNU gprof's own
 * list first (OVERHEAD_GNU_NAMES of them), then ours. */
extern const char *const overhead_function_names[];
#define OVERHEAD_GNU_NAMES 6

/* Are the runtime's functions told apart (not under
 * GPROF_GNU_QUIRKS=runtime-functions, where ours are shown as any
 * function and GNU's left out as GNU leaves them out)? */
bool overhead_known(const struct read_options *opt);
/* Mark the runtime's functions (symbol.is_runtime) and set the model's
 * rule (overhead_known, overhead_counted); the symbol table is final. */
void overhead_mark(struct model *m, const struct read_options *opt);
/* After the samples are credited, before the call graph is built: with
 * the rule "left out", drop the stacks whose innermost frame is the
 * runtime's (and count their samples when no histogram did); with
 * "counted", make the runtime's functions callees of the functions
 * whose calls they counted (from the stacks where they were recorded,
 * else from every counted function, by its calls), so that their time
 * sits under its callers and never in a root of its own. */
void overhead_account(struct model *m);
/* The profiler's own time as a share (percent) of the process's CPU
 * time, or of all the samples when the process's times are unknown;
 * *of_cpu says which. */
double overhead_percent(const struct model *m, bool *of_cpu);

#endif
