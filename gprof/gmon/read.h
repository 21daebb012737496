/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gmon/read.h: reading one profile file, whatever its format
 * (read.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_GMON_READ_H
#define GPROF_GMON_READ_H

#include <stdbool.h>

#include "gmon/reader.h"

/* Read the file behind r (header checks, then the records of its format)
 * into *p (read.c). */
bool read_profile(struct reader *r, const struct target *t, struct profile_data *p,
		  struct profile_file_info *info);

#endif
