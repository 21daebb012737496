/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sumorder.h: the order of the arcs in a gmon.sum (-s).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_SUMORDER_H
#define GPROF_SUMORDER_H

#include <stdint.h>

#include "core/model.h"
#include "core/options.h"
#include "gmon/profile.h"

/* The kept arcs' indices in GNU's order (sumorder.c), for
 * data->arc_write_order; the caller frees it.  NULL when the arcs are
 * streamed or there are none. */
uint32_t *sum_arc_order(const struct model *m, const struct profile_data *data,
			const struct read_options *opt);

#endif
