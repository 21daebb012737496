/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * report.h: the stages after reading (histogram, call graph) and the
 * printers that share their results.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef REPORT_H
#define REPORT_H

#include "gprof.h"

/* histogram.c */
extern double total_ticks;
void histogram_assign_samples(void);
bool histogram_covers(uint64_t addr);
long histogram_granularity(void);
void histogram_clip(uint64_t *low, uint64_t *high);
void print_flat_profile(void);
void histogram_reset(void); /* tests/fuzz: clear totals between inputs */

/* callgraph.c */
extern double print_ticks; /* total propagated self time, for percentages */
void callgraph_tally(uint64_t from_pc, uint64_t self_pc, unsigned long count);
struct arc *arc_lookup(struct symbol *parent, struct symbol *child);
void arc_add(struct symbol *parent, struct symbol *child, unsigned long count);
/* Number, find cycles, propagate; returns symbols and cycles by total time. */
struct symbol **callgraph_assemble(void);
extern struct arc **all_arcs; /* non-recursive arcs in creation order */
extern size_t all_arc_count;
void callgraph_reset(void); /* tests/fuzz: free arcs and cycles between inputs */

/* graphprint.c */
void print_call_graph(struct symbol **by_time);
void print_index(void);
void print_function_ordering(void);
void print_file_ordering(void);

/* json.c and dot.c: the machine-readable printers.  by_time is NULL when
 * the profile has no call graph.  report holds the REPORT_* bits asked for
 * (or chosen by default), so symspecs and -p/-q shape them as the text. */
void print_json(struct symbol **by_time, unsigned report, int input);
void print_dot(struct symbol **by_time, unsigned report, int input);

/* Print the form feed that separates reports (not before the first). */
void report_separator(void);
extern bool first_report;

#endif
