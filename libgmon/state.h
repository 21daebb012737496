/* SPDX-License-Identifier: BSD-2-Clause
 *
 * state.h: whether the runtime records: read by the hook (arcs.c and the
 * stubs) and by the clock's signal handler (sampler.c), changed by
 * start-up and control (start.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_STATE_H
#define GMON_STATE_H

#include "base.h"

enum gmon_state {
	GMON_OFF = 0,
	GMON_ON = 1,
	GMON_DONE = 2
};
extern int gmon_state GMON_HIDDEN; /* atomic */

#endif /* GMON_STATE_H */
