/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gmon/arc_store.h: the arcs a profile keeps (arc_store.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_GMON_ARC_STORE_H
#define GPROF_GMON_ARC_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gmon/profile_data.h"

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
void arc_store_each(const struct profile_arcs *t, const uint32_t *order, arc_fn *fn, void *context);
/* Free the table and t (not the stream: stream_free). */
void arc_store_free(struct profile_arcs *t);

#endif
