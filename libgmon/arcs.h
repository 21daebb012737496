/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arcs.h: the arc table, which counts calls by (call site, callee) in
 * the main program's text (arcs.c; the stubs read its header at the
 * offsets of arc_layout.h).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_ARCS_H
#define GMON_ARCS_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"
#include "visit.h"

/* The table's header; described in arcs.c.  The first five fields are
 * read by the assembly stubs at the offsets of arc_layout.h. */
struct arc;
struct gmon_arc_table {
	uintptr_t low_pc;    /* call sites below are not recorded */
	uintptr_t text_size; /* nor those at low_pc + text_size and above */
	uint32_t *index;
	struct arc *arcs;
	const char *single_threaded; /* nonzero while the process has one thread */
	size_t index_bytes;
	size_t arcs_bytes;
	uint32_t capacity; /* usable arcs: arcs[1 .. capacity] */
	uint32_t used;     /* arcs handed out so far (atomic) */
	int warned_full;   /* atomic */
};
extern struct gmon_arc_table gmon_arc_table GMON_HIDDEN;
int gmon_arcs_init(uintptr_t low_pc, uintptr_t high_pc, size_t capacity) GMON_HIDDEN;
void gmon_arcs_reset(void) GMON_HIDDEN;
GMON_PRESERVES_ALL void gmon_record_arc(uintptr_t from_pc, uintptr_t self_pc) GMON_HIDDEN;
/* Calls visit(ctx, from_pc, self_pc, count) for every arc with a nonzero
 * count (visit.h). */
int gmon_arcs_each(gmon_arc_visitor visit, void *ctx) GMON_HIDDEN;

#endif /* GMON_ARCS_H */
