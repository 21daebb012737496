/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arcs.h: the main program's arc table, which counts calls by (call
 * site, callee) (arcs.c; the stubs read it at the offsets of
 * arc_layout.h), and gmon_record_arc.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_ARCS_H
#define GMON_ARCS_H

#include <stddef.h>
#include <stdint.h>

#include "arch.h" /* GMON_PRESERVES_ALL */
#include "base.h"
#include "arc_table.h"
#include "table.h"
#include "visit.h"

/* The main program's arc table and what the stubs need besides; the
 * first four fields at the offsets of arc_layout.h. */
struct gmon_arc_table {
	uintptr_t low_pc;            /* call sites below are another object's */
	uintptr_t text_size;         /* and so are those at low_pc + text_size and above */
	const char *single_threaded; /* nonzero while the process has one thread */
	struct gmon_table arcs;
	int warned_full; /* atomic */
};
extern struct gmon_arc_table gmon_arc_table GMON_HIDDEN;
int gmon_arcs_init(uintptr_t low_pc, uintptr_t high_pc, size_t capacity) GMON_HIDDEN;
void gmon_arcs_reset(void) GMON_HIDDEN;
GMON_PRESERVES_ALL void gmon_record_arc(uintptr_t from_pc, uintptr_t self_pc) GMON_HIDDEN;
/* Calls visit(ctx, from_pc, self_pc, count) for every arc with a nonzero
 * count (visit.h). */
int gmon_arcs_each(gmon_arc_visitor visit, void *ctx) GMON_HIDDEN;

#endif /* GMON_ARCS_H */
