/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gmon/reader.h: the reader of one profile file, shared by the files
 * behind profile.h, and the hash and sum their tables use; nobody outside
 * gmon/ includes it.  Those files, the layers bottom up (none calls a
 * layer above it), each with its own header:
 *
 *   cursor.c       the bytes of one file, a window at a time
 *   arc_store.c    the arcs kept, merged by (call site, callee)
 *   merge.c        what a record adds: histograms, block counts, arcs
 *   read_gnu.c     the GNU format's records    (read_formats.h)
 *   read_bsd.c     the old BSD and 4.4BSD formats
 *   read.c         one file: which format, then its reader
 *   stream_sum.c   -s of large files: arcs streamed, not kept
 *   profile.c      the entry points, the arcs as the callers see them
 *                  (profile.h, and profile_arcs.h for the writer)
 *   write_sum.c    gmon.sum
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_GMON_READER_H
#define GPROF_GMON_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gmon/cursor.h"
#include "gmon/profile_data.h"

/*
 * Reading one file into a profile: its bytes (the cursor), the format
 * asked for, and what the file showed about itself (for
 * profile_file_info.warning).  Every arc record goes to arc(): the
 * profile's (profile.c) when a file is read, a pass's (stream_sum.c)
 * when streamed files are read again for their arcs only (arcs_only:
 * histograms and blocks are passed over).  arc() returns false with err
 * set to stop the reading, or sets stop when the rest is not wanted.
 */
struct reader {
	struct cursor c;
	struct profile_data *p; /* what the file adds to */
	enum file_format format;
	int address_size;
	bool (*arc)(struct reader *r, uint64_t from_pc, uint64_t self_pc, uint64_t count);
	void *arc_context;
	bool arcs_only;
	bool stop;
	/* the histogram record being read: its bins go to the target's
	 * bins from bin_offset on (histogram_merge_target sets both) */
	uint32_t bin_offset, bin_count;

	/* evidence for profile_file_info.warning */
	unsigned histograms_seen, histograms_fitting;
	uint64_t first_low, first_high; /* first histogram range seen */
	size_t arcs_seen, arcs_touching_code;
};

/* The hash of a pair of addresses (a single one: b = 0), for the tables
 * of kept arcs, blocks and stream candidates. */
static inline size_t hash_pair(uint64_t a, uint64_t b)
{
	uint64_t h = a * 0x9E3779B97F4A7C15ull ^
		     (b + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;

	return (size_t)(h ^ (h >> 29));
}

static inline uint64_t add_saturating(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

#endif
