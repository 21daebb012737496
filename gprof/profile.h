/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * profile.h: reading and writing profile data files (gmon.out, gmon.sum).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef PROFILE_H
#define PROFILE_H

#include "gprof.h"

/* What one file held, for -i. */
struct profile_file_info {
	int version;
	int histogram_records;
	int arc_records;
	int bb_records;
};

/*
 * Read one profile file and add its contents to *p and to the global
 * histograms.  t gives the executable's address size and byte order.
 * On malformed input: returns false and writes one line into err (which
 * names the file); nothing has been added to *p in that case only for
 * errors found before any record was merged, so callers treat any error
 * as fatal.
 */
bool profile_read(const char *path, const struct target *t, enum file_format format,
		  struct profile *p, struct profile_file_info *info, char *err,
		  size_t err_size);

/* The same from a buffer (used by the reader and the unit tests). */
bool profile_read_buffer(const char *name, const unsigned char *data, size_t size,
			 const struct target *t, enum file_format format,
			 struct profile *p, struct profile_file_info *info, char *err,
			 size_t err_size);

/*
 * Write the summed profile to path, atomically: into a temporary file in
 * the same directory, then renamed over path.  GNU format unless format
 * asks for BSD or 4.4BSD.  Returns false with a message in err.
 */
bool profile_write(const char *path, const struct target *t, enum file_format format,
		   const struct profile *p, char *err, size_t err_size);

/* Forget everything read (unit tests). */
void profile_reset(struct profile *p);

/* The clock rate GNU gprof assumes for old BSD files (no rate recorded). */
unsigned profile_default_hz(void);

#endif
