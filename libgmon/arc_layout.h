/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arc_layout.h: the byte layout of the arc table's header and of one arc,
 * shared by arcs.c (which checks it with static assertions) and the
 * assembly stubs (whose fast path reads the table directly); and, for
 * the stubs, the names they use.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_ARC_LAYOUT_H
#define GMON_ARC_LAYOUT_H

/* struct gmon_arc_table (gmon_private.h) */
#define ARC_TABLE_LOW_PC 0
#define ARC_TABLE_TEXT_SIZE 8
#define ARC_TABLE_INDEX 16
#define ARC_TABLE_ARCS 24
#define ARC_TABLE_SINGLE_THREADED 32

/* struct arc: 32 bytes */
#define ARC_FROM_PC 0
#define ARC_SELF_PC 8
#define ARC_COUNT 16
#define ARC_NEXT 24
#define ARC_SIZE_SHIFT 5

/* One index slot (32-bit) per 8 bytes of call sites: return addresses
 * are at least 2 bytes apart (the shortest x86-64 call is 2 bytes), so a
 * slot's chain holds a few call sites at most. */
#define CALLSITE_BUCKET_SHIFT 3

#ifdef __ASSEMBLER__
/* The runtime's names the stubs use, all hidden (state.h, arcs.h,
 * foreign.h).  gmon_start_linked (start.c) is named, never used: a
 * static link that takes the hooks takes start.c, and its self-start
 * constructor, with them. */
	.hidden	gmon_state
	.hidden	gmon_arc_table
	.hidden	gmon_record_arc
	.hidden	gmon_process_arcs
	.hidden	gmon_foreign_arc
	.globl	gmon_start_linked
	.hidden	gmon_start_linked
#endif

#endif /* GMON_ARC_LAYOUT_H */
