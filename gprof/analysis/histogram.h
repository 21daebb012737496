/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * histogram.h: the stage that credits histogram samples to symbols, and
 * the questions later stages and printers ask of the histograms.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_HISTOGRAM_H
#define GPROF_HISTOGRAM_H

#include <stdbool.h>
#include <stdint.h>

#include "core/model.h"

/* Credit every bin of m->histograms to the symbols it overlaps (self
 * ticks), and sum m->total_ticks; symbols left out of the flat profile
 * by symspecs take nothing and count for nothing.  Samples in the
 * runtime's functions (symbol.is_runtime) also go to m->overhead_ticks,
 * whether the figures count them or not (overhead.c). */
void histogram_assign_samples(struct model *m);
/* A whole-process profile's samples outside the main program, one by one
 * (they are exact addresses, not bins). */
void histogram_assign_process_samples(struct model *m);
/* After both: model.unnamed_ticks, the self time of the symbols that
 * stand for code no symbol names (is_unnamed, is_object). */
void histogram_count_unnamed(struct model *m);
/* Bytes per sample as the reports print it. */
long histogram_granularity(const struct histogram_set *histograms);
/* Is addr inside one of the histograms? */
bool histogram_covers(const struct histogram_set *histograms, uint64_t addr);
/* Clip [*low, *high) to the histogram it falls in; empty if none. */
void histogram_clip(const struct histogram_set *histograms, uint64_t *low, uint64_t *high);

struct line_span;
/* The histogram's samples in the code of the symbol at place i of
 * m->symbols (from its address to the next symbol's of its object), each
 * bin shared among the bytes it covers and cut where the object's line
 * spans start: visit(ctx, address, span, ticks) for each piece, span the
 * line span holding address (NULL if none).  Returns the ticks visited
 * (0: the symbol's samples lie outside its code, in a bin it shares).
 * --callgrind and --pprof split a function's self time by line with it,
 * as -l does. */
typedef void (*histogram_piece_fn)(void *ctx, uint64_t address, const struct line_span *span,
				   double ticks);
double histogram_by_line(const struct model *m, size_t i, histogram_piece_fn visit, void *ctx);

#endif
