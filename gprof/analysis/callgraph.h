/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * callgraph.h: the call-graph stage: arcs charged to symbols as they are
 * read, calls found in the text (-c), the depth-first numbering with its
 * cycles, time propagated from callees to callers, and which entries
 * the call graph shows (the order under each: analysis/view_orders.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_CALLGRAPH_H
#define GPROF_CALLGRAPH_H

#include <stdbool.h>
#include <stdint.h>

#include "core/model.h"
#include "core/options.h"

/* Charge an arc (call site -> callee, count) read from a profile file to
 * the symbols holding its ends, unless symspecs (-k, -q/-Q from/to) drop it. */
void callgraph_tally(struct model *m, uint64_t from_pc, uint64_t self_pc, unsigned long count);
/* The same for a call no runtime counted (two adjacent frames of a
 * call stack, from_pc the caller's, within the call): an arc marked
 * uncounted (analysis/stack_arcs.c), unless the two already have one or
 * the callee's calls are counted (a -pg function: the pair is a tail
 * call or an unwinder's guess, not a call the runtime missed). */
void callgraph_add_uncounted(struct model *m, uint64_t from_pc, uint64_t self_pc);
/* Would callgraph_tally charge this arc (both ends known, no symspec
 * dropping it)?  (-s under the sum-arcs quirk writes only those.) */
bool callgraph_arc_kept(const struct model *m, uint64_t from_pc, uint64_t self_pc);
/* Add -c's static arcs, number the graph, find cycles, propagate time;
 * fills m->cycles, m->print_ticks and m->by_time (every symbol and cycle
 * by total propagated time, each given its index). */
void callgraph_build(struct model *m, const struct read_options *opt);
/* Does the call graph show an entry for sym?  (The text, JSON and DOT
 * printers show the same entries.) */
bool callgraph_shows(const struct symbol *sym, const struct read_options *opt);
/* The same, given -z and -l alone (what a view knows of the options). */
bool callgraph_entry_shown(const struct symbol *sym, bool show_zeros, bool line_granularity);

#endif
