/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arc_table.h: an arc table, which counts calls by (call site, callee):
 * the kind of table the main program's arcs are in (arcs.c) and the
 * other objects' (foreign.c); the stubs probe both (arc_layout.h).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_ARC_TABLE_H
#define GMON_ARC_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "arch.h" /* GMON_PRESERVES_ALL */
#include "base.h"
#include "table.h"
#include "visit.h"

/* An arc: a slot of an arc table (a struct gmon_table, table.h), keyed
 * by (from_pc, self_pc); described in arcs.c.  The stubs read it at the
 * offsets of arc_layout.h. */
struct arc {
	uintptr_t from_pc; /* return address in the caller: the call site */
	uintptr_t self_pc; /* an address inside the callee */
	uint64_t count;
	uint64_t unused;
} __attribute__((aligned(32)));

/* Until set up, a table is GMON_ARC_TABLE_NONE: empty slots that
 * the stubs may read, and nothing can be added. */
extern struct arc gmon_no_arcs[] GMON_HIDDEN;
#define GMON_ARC_TABLE_NONE \
	{ \
		.slots = gmon_no_arcs \
	}
/* A table for keys arcs; full: the line said once when one is lost.
 * 0, or -1 (no memory: the table stays as it was). */
int gmon_arc_table_init(struct gmon_table *t, size_t keys, const char *full) GMON_HIDDEN;
/* Counts one call along (from_pc, self_pc) (from_pc not 0), adding the
 * arc if it is new: 0; -1 if it is new and finds no slot (nothing
 * counted: the caller says so). */
GMON_PRESERVES_ALL int gmon_arc_count(struct gmon_table *t, uintptr_t from_pc,
				      uintptr_t self_pc) GMON_HIDDEN;
/* An object retired (reuse.c) or renamed (foreign.c): every live arc
 * of t whose key renumber changes (self_pc always, from_pc too if
 * from_too) dies in t (table.h's dead keys) and its count, with what
 * the windows took of it, moves to into under the new key; what finds
 * no slot there is counted lost in into.  Ordinary context. */
void gmon_arc_table_move(struct gmon_table *t, struct gmon_table *into, gmon_renumber_fn renumber,
			 const void *ctx, int from_too) GMON_HIDDEN;
int gmon_arc_table_each(struct gmon_table *t, gmon_arc_visitor visit, void *ctx) GMON_HIDDEN;

#endif /* GMON_ARC_TABLE_H */
