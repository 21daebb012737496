/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * profile_data.h: what the profile files hold once read and summed
 * (struct profile_data), shared by the readers, the streamed sums, the
 * gmon.sum writer and the callers (through profile.h).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_PROFILE_DATA_H
#define GPROF_PROFILE_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/model.h"
#include "core/options.h"

/* One basic-block count as read from a profile file. */
struct bb_count {
	uint64_t address;
	uint64_t count;
};

/* One call-graph arc as read: call site, callee, count. */
struct raw_arc {
	uint64_t from_pc, self_pc;
	uint64_t count;
};

/*
 * struct profile_data: everything read from the profile files, summed,
 * before symbols are involved.  The histograms move into the model when
 * the files are read (pipeline.c); the arcs either go to arc_sink as they
 * are read or are kept, merged, for -s.
 */
struct profile_data {
	int input; /* INPUT_* bits */
	/* When set, arcs go straight to this function as they are read
	 * (gprof's reports) instead of being merged and kept (-s, tests). */
	void (*arc_sink)(void *context, uint64_t from_pc, uint64_t self_pc, uint64_t count);
	void *arc_sink_context;
	/* When set, also shown every arc as it is read, sink or not (-s of a
	 * whole-process profile: the calls into other objects) */
	void (*arc_observer)(void *context, uint64_t from_pc, uint64_t self_pc, uint64_t count);
	void *arc_observer_context;
	/* -s: written into gmon.sum's spare bytes with the mark when not 0
	 * (a process file is written beside it) */
	uint64_t sum_run_id;
	/* the arcs summed (arc_store.c, stream_sum.c): see profile_for_each_arc */
	struct profile_arcs *arcs;
	/* -s: when not NULL, the kept arcs' indices (profile_arc) in the
	 * order gmon.sum gets them (UINT32_MAX: an arc left out); the owner
	 * sets and frees it.  Ignored while the arcs are streamed (they are
	 * then written as read). */
	const uint32_t *arc_write_order;
	struct bb_count *blocks; /* in file order, duplicates summed */
	size_t block_count, block_capacity;
	uint32_t *block_hash;
	size_t block_hash_size;
	enum file_format first_format; /* of the first file: for -s and BSD checks */
	int old_bsd_hz_known;

	struct histogram_set histograms; /* summed over the files */
	/* histograms.records is in the order the ranges were first seen
	 * (which fixes the order later stages visit them); histogram_order
	 * holds the same records' indices sorted by low_pc: the ranges never
	 * overlap, so one binary search finds the only record a new range
	 * can match or overlap. */
	unsigned *histogram_order;
	unsigned histogram_capacity;

	/* The executable's code [low, high), for the "another program" warning. */
	uint64_t code_low, code_high;
	bool code_known;
};

/* What one file held, for -i. */
struct profile_file_info {
	int version;
	int histogram_records;
	int arc_records;
	int bb_records;
	/* non-empty when the file looks like another program's profile */
	char warning[256];
};

/* Limits that keep a hostile file from overflowing the 32-bit indices of
 * the arc and block hashes or making histogram lookup slow.  Variables so
 * that the unit tests can lower them (arc_store.c, merge.c). */
extern size_t profile_max_arcs;
extern size_t profile_max_blocks;
extern unsigned profile_max_histograms;

/* -s streams the arcs of regular files from one that may hold this many
 * arc records on, with a filter of this many bits per record
 * (stream_sum.c); variables for the tests. */
extern size_t profile_sum_stream_records;
extern unsigned profile_sum_stream_bits;

/* The clock rate GNU gprof assumes for old BSD files (no rate recorded;
 * read_bsd.c). */
unsigned profile_default_hz(void);

#endif
