/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * profile_private.h: what the files behind profile.h share and nobody
 * else sees: the reader of one file, the kept arcs' table, and each
 * file's part (the layers bottom up; none calls a layer above it):
 *
 *   cursor.c       the bytes of one file, a window at a time
 *   arc_store.c    the arcs kept, merged by (call site, callee)
 *   merge.c        what a record adds: histograms, block counts, arcs
 *   read_gnu.c     the GNU format's records
 *   read_bsd.c     the old BSD and 4.4BSD formats
 *   read.c         one file: which format, then its reader
 *   stream_sum.c   -s of large files: arcs streamed, not kept
 *   profile.c      the entry points, the arcs as the callers see them
 *   write_sum.c    gmon.sum
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_PROFILE_PRIVATE_H
#define GPROF_PROFILE_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

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
	struct profile_data *p;      /* what the file adds to */
	enum file_format format;
	int address_size;
	bool (*arc)(struct reader *r, uint64_t from_pc, uint64_t self_pc, uint64_t count);
	void *arc_context;
	bool arcs_only;
	bool stop;

	/* evidence for profile_file_info.warning */
	unsigned histograms_seen, histograms_fitting;
	uint64_t first_low, first_high; /* first histogram range seen */
	size_t arcs_seen, arcs_touching_code;
};

/* The hash of a pair of addresses (a single one: b = 0), for the tables
 * of kept arcs, blocks and stream candidates. */
static inline size_t hash_pair(uint64_t a, uint64_t b)
{
	uint64_t h = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;

	return (size_t)(h ^ (h >> 29));
}

static inline uint64_t add_saturating(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

/* ------------------------------------------------------------ arc_store.c */

/*
 * The arcs kept when there is no arc_sink (-s writes them out again):
 * every distinct (call site, callee), in the order first seen, with its
 * summed count.  A merged profile of a large program can hold ten
 * million call sites (a library's calls into the program's callbacks, or
 * a program of many functions), so an arc costs 16 bytes and about 8 of
 * hash, where the plain triple with a doubling array and a hash at load
 * 1/2 cost 40 to 64:
 *   callees[]  the distinct callee addresses (few: the functions), each
 *              found through callee_hash; an arc holds its index;
 *   chunks[]   arcs in blocks that never move (growing never copies
 *              them), laid out in arc_store.c;
 *   hash       open addressing over arc index + 1, load at most 3/4.
 * While the arcs are streamed (stream_sum.c) stream is set and the table
 * is empty.  Owned by struct profile_data (its arcs), freed by
 * profile_reset.
 */
struct arc_chunk;
struct arc_stream;

struct profile_arcs {
	struct arc_chunk **chunks;
	size_t chunk_count, chunk_capacity;
	size_t count;
	uint32_t *hash;
	size_t hash_size;
	uint64_t *callees;
	uint32_t callee_count, callee_capacity;
	uint32_t *callee_hash; /* index + 1 */
	size_t callee_hash_size;
	struct arc_stream *stream; /* while the arcs are streamed: see there */
	bool over_limit;           /* materializing found too many */
};

typedef void arc_fn(void *context, uint64_t from_pc, uint64_t self_pc, uint64_t count);

/* Add count to the kept arc (from_pc, self_pc), creating it at the end.
 * False when a new arc would exceed profile_max_arcs. */
bool arc_store_add(struct profile_arcs *t, uint64_t from_pc, uint64_t self_pc, uint64_t count);
/* The k-th arc kept (k below t->count). */
struct raw_arc arc_store_get(const struct profile_arcs *t, size_t k);
/* Each arc kept in turn to fn: in the order first seen, or when order is
 * not NULL, the order[k]-th for each k (UINT32_MAX: none). */
void arc_store_each(const struct profile_arcs *t, const uint32_t *order, arc_fn *fn,
		    void *context);
/* Free the table and t (not the stream: stream_free). */
void arc_store_free(struct profile_arcs *t);

/* ------------------------------------------------------------ merge.c */

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

/* ------------------------------------------------------------ the readers */

/* The records of a file in the GNU format (read_gnu.c) or one of the BSD
 * formats (read_bsd.c), the header being in the window. */
bool read_gnu(struct reader *r, struct profile_data *p, struct profile_file_info *info);
bool read_bsd(struct reader *r, struct profile_data *p, struct profile_file_info *info);
/* Read the file behind r (header checks, then the records of its format)
 * into *p (read.c). */
bool read_profile(struct reader *r, const struct target *t, struct profile_data *p,
		  struct profile_file_info *info);

/* ------------------------------------------------------------ stream_sum.c */

/* Should the file (a regular one of size bytes) be streamed? */
bool stream_wanted(const struct profile_data *p, const struct target *t, size_t size);
/* Keep the file open and make room for its arcs in the filter; false
 * when it cannot be streamed (too many files, no descriptor). */
bool stream_begin_file(struct profile_data *p, const char *name, int fd, off_t origin,
		       size_t size, const struct stat *st, const struct target *t,
		       enum file_format format);
/* A record read from a streamed file (the first pass). */
void stream_add(struct arc_stream *s, uint64_t from, uint64_t self, uint64_t count);
/* So many candidates that keeping the arcs costs less? */
bool stream_crowded(const struct arc_stream *s);
/* Every streamed arc, merged, in the order first seen, read again from
 * the files; reading: the last file is being read, and has been up to
 * its last arc record so far.  False (err says why) when a file changed. */
bool stream_each(struct arc_stream *s, bool reading, arc_fn *fn, void *context, char *err,
		 size_t err_size);
/* No merged arc's count is above this. */
uint64_t stream_count_bound(const struct arc_stream *s);
/* Bring the streamed arcs into memory: from now on they are kept.
 * reading: in the middle of the last file (see stream_each). */
bool stream_materialize(struct profile_data *p, bool reading, char *err, size_t err_size);
void stream_free(struct arc_stream *s);

/* ------------------------------------------------------------ profile.c */

/* Every arc, merged, in the order first seen: from memory, or read again
 * from the files when streamed.  False (err says why) when a streamed
 * file changed meanwhile. */
bool profile_arcs_each(const struct profile_data *p, arc_fn *fn, void *context, char *err,
		       size_t err_size);

#endif
