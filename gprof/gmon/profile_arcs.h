/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gmon/profile_arcs.h: a profile's arcs, whichever way they are kept
 * (profile.c), for the gmon.sum writer.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_GMON_PROFILE_ARCS_H
#define GPROF_GMON_PROFILE_ARCS_H

#include <stdbool.h>
#include <stddef.h>

#include "gmon/arc_store.h"
#include "gmon/profile_data.h"

/* Every arc, merged, in the order first seen: from memory, or read again
 * from the files when streamed.  False (err says why) when a streamed
 * file changed meanwhile. */
bool profile_arcs_each(const struct profile_data *p, arc_fn *fn, void *context, char *err,
		       size_t err_size);

#endif
