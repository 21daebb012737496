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
#include "gmon/profile_data.h"

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
			 const struct target *t, enum file_format format, struct profile_data *p,
			 struct profile_file_info *info, char *err, size_t err_size);

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

/*
 * The arcs summed when p->arc_sink is not set (-s), merged by (call site,
 * callee): how many, the k-th in the order first seen (k below the count),
 * and each in turn handed to fn in that order.  Kept compactly, or for
 * large files streamed from the files again (stream_sum.c), hence no array:
 * profile_for_each_arc reads streamed files again (a file changed
 * meanwhile is fatal), the other two first bring their arcs into memory.
 */
size_t profile_arc_count(const struct profile_data *p);
struct raw_arc profile_arc(const struct profile_data *p, size_t k);
void profile_for_each_arc(const struct profile_data *p,
			  void (*fn)(void *context, uint64_t from_pc, uint64_t self_pc,
				     uint64_t count),
			  void *context);
/* Whether the arcs are streamed from their files (see stream_sum.c). */
bool profile_arcs_streamed(const struct profile_data *p);

/* Forget what was read into *p (freeing it), keeping the code range;
 * a zeroed struct so reset is ready to read into. */
void profile_reset(struct profile_data *p);

#endif
