/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * profile.h: reading and writing profile data files (gmon.out, gmon.sum).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef PROFILE_H
#define PROFILE_H

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
	int input;                /* INPUT_* bits */
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
	/* the arcs summed (profile.c): see profile_for_each_arc */
	struct profile_arcs *arcs;
	/* -s: when not NULL, the kept arcs' indices (profile_arc) in the
	 * order gmon.sum gets them (UINT32_MAX: an arc left out); the owner
	 * sets and frees it.  Ignored while the arcs are streamed (they are
	 * then written as read). */
	const uint32_t *arc_write_order;
	struct bb_count *blocks;  /* in file order, duplicates summed */
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

/*
 * Read one profile file and add its contents to *p.  t gives the executable's address size and byte order.
 * On malformed input: returns false and writes one line into err (which
 * names the file); nothing has been added to *p in that case only for
 * errors found before any record was merged, so callers treat any error
 * as fatal.
 */
bool profile_read(const char *path, const struct target *t, enum file_format format,
		  struct profile_data *p, struct profile_file_info *info, char *err,
		  size_t err_size);

/* The same from a buffer (used by the reader and the unit tests). */
bool profile_read_buffer(const char *name, const unsigned char *data, size_t size,
			 const struct target *t, enum file_format format,
			 struct profile_data *p, struct profile_file_info *info, char *err,
			 size_t err_size);

/*
 * Write the summed profile to path, atomically: into a temporary file in
 * the same directory, then renamed over path, so that a failure leaves
 * the old file as it was and no temporary file behind.  GNU format unless
 * format asks for BSD or 4.4BSD (which cannot hold several histograms or
 * basic-block counts: refused).  Returns false with a message in err.
 */
bool profile_write(const char *path, const struct target *t, enum file_format format,
		   const struct profile_data *p, char *err, size_t err_size);

/*
 * The executable's code, [low, high) over its code sections (the
 * pipeline sets it from the object).  When known, a file none of whose histograms fits it, or none
 * of whose arcs touches it, gets a warning in profile_file_info.warning
 * (profile_read prints it).
 */
void profile_set_code_range(struct profile_data *p, uint64_t low, uint64_t high);

/* Limits that keep a hostile file from overflowing the 32-bit indices of
 * the arc and block hashes or making histogram lookup slow.  Variables so
 * that the unit tests can lower them. */
extern size_t profile_max_arcs;
extern size_t profile_max_blocks;
extern unsigned profile_max_histograms;

/* -s streams the arcs of regular files from one that may hold this many
 * arc records on, with a filter of this many bits per record (profile.c,
 * "streamed sums"); variables for the tests. */
extern size_t profile_sum_stream_records;
extern unsigned profile_sum_stream_bits;

/*
 * The arcs summed when p->arc_sink is not set (-s), merged by (call site,
 * callee): how many, the k-th in the order first seen (k below the count),
 * and each in turn handed to fn in that order.  Kept compactly, or for
 * large files streamed from the files again (profile.c), hence no array:
 * profile_for_each_arc reads streamed files again (a file changed
 * meanwhile is fatal), the other two first bring their arcs into memory.
 */
size_t profile_arc_count(const struct profile_data *p);
struct raw_arc profile_arc(const struct profile_data *p, size_t k);
void profile_for_each_arc(const struct profile_data *p,
			  void (*fn)(void *context, uint64_t from_pc, uint64_t self_pc,
				     uint64_t count),
			  void *context);
/* Whether the arcs are streamed from their files (see profile.c). */
bool profile_arcs_streamed(const struct profile_data *p);

/* Forget what was read into *p (freeing it), keeping the code range;
 * a zeroed struct so reset is ready to read into. */
void profile_reset(struct profile_data *p);

/* The clock rate GNU gprof assumes for old BSD files (no rate recorded). */
unsigned profile_default_hz(void);

#endif
