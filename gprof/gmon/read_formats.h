/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gmon/read_formats.h: the readers of the records of each format
 * (read_gnu.c, read_bsd.c), called by read.c.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_GMON_READ_FORMATS_H
#define GPROF_GMON_READ_FORMATS_H

#include <stdbool.h>

#include "gmon/reader.h"

/* The records of a file in the GNU format (read_gnu.c) or one of the BSD
 * formats (read_bsd.c), the header being in the window. */
bool read_gnu(struct reader *r, struct profile_data *p, struct profile_file_info *info);
bool read_bsd(struct reader *r, struct profile_data *p, struct profile_file_info *info);

#endif
