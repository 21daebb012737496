/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gmon/stream_sum.h: -s of large files: arcs streamed, not kept
 * (stream_sum.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_GMON_STREAM_SUM_H
#define GPROF_GMON_STREAM_SUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "gmon/arc_store.h"
#include "gmon/profile_data.h"

/* Should the file (a regular one of size bytes) be streamed? */
bool stream_wanted(const struct profile_data *p, const struct target *t, size_t size);
/* Keep the file open and make room for its arcs in the filter; false
 * when it cannot be streamed (too many files, no descriptor). */
bool stream_begin_file(struct profile_data *p, const char *name, int fd, off_t origin, size_t size,
		       const struct stat *st, const struct target *t, enum file_format format);
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

#endif
