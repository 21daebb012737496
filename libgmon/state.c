/* SPDX-License-Identifier: BSD-2-Clause
 *
 * state.c: the recording switch (state.h).  Its own file, below every
 * file that reads it and start.c that writes it.  (The stubs also name
 * gmon_start_linked, so that a static link that takes the hooks takes
 * start.c's self-start constructor with them.)
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#include "state.h"

int gmon_state = GMON_OFF;
