/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gmon/merge.h: what a record read adds to a profile (merge.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_GMON_MERGE_H
#define GPROF_GMON_MERGE_H

#include <stdbool.h>
#include <stdint.h>

#include "gmon/reader.h"

/* Check a histogram's geometry against those already read and find (or
 * create) the record its bins are added to. */
bool histogram_merge_target(struct reader *r, uint64_t low, uint64_t high, uint32_t bins,
			    unsigned rate, const char *dimension, char abbrev,
			    struct histogram **out);
/* Add the bins at the cursor, which cursor_available() has vouched for. */
bool histogram_add_bins(struct reader *r, struct histogram *h);
/* Add a basic-block count; false past profile_max_blocks. */
bool profile_add_block(struct profile_data *p, uint64_t address, uint64_t count);
/* An arc record read: noted as evidence, then to r->arc. */
bool reader_add_arc(struct reader *r, uint64_t from_pc, uint64_t self_pc, uint64_t count);

#endif
