/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * stack_arcs.h: the calls the call stacks show and no runtime counted
 * (into or inside code without -pg), made arcs of the call graph once,
 * for every view.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_STACK_ARCS_H
#define GPROF_STACK_ARCS_H

#include "core/model.h"

/* For each pair of adjacent frames of the recorded stacks whose
 * functions have no arc yet, an arc marked uncounted (count 0); the
 * counted arcs are left as they are.  Nothing without stacks. */
void stack_arcs_add(struct model *m);

#endif
