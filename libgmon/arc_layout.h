/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arc_layout.h: the byte layout of the arc tables' headers and of one
 * arc, and the hash that places an arc, shared by arcs.c (which checks
 * the layout with static assertions) and the assembly stubs (whose fast
 * path reads the tables directly); and, for the stubs, the names they
 * use.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_ARC_LAYOUT_H
#define GMON_ARC_LAYOUT_H

/* struct gmon_table (table.h): an arc table is one, of struct arc
 * slots.  The main program's is inside struct gmon_arc_table (arcs.h),
 * at ARC_TABLE_ARCS; the other objects' is gmon_foreign_arcs (foreign.c). */
#define TABLE_SLOTS 0
#define TABLE_MASK 24 /* 32 bits */

/* struct gmon_arc_table (arcs.h) */
#define ARC_TABLE_LOW_PC 0
#define ARC_TABLE_TEXT_SIZE 8
#define ARC_TABLE_SINGLE_THREADED 16
#define ARC_TABLE_ARCS 24

/* struct arc (arcs.h): 32 bytes; (from_pc, self_pc) is the key, from_pc
 * 0 an empty slot */
#define ARC_FROM_PC 0
#define ARC_SELF_PC 8
#define ARC_COUNT 16
#define ARC_SIZE_SHIFT 5

/* Where an arc goes: slot ((((self << 16) ^ from) * ARC_HASH_K) >> 32)
 * & mask, then the next slots (linear probing).  Both addresses vary in
 * their low bits; the multiply carries every bit of the key below
 * 32 + log2(slots) into the bits taken. */
#define ARC_HASH_SHIFT 16
#define ARC_HASH_K 0x9e3779b97f4a7c15
/* The stubs look at this many slots from the first, without wrapping
 * round (the table's spare slots, GMON_TABLE_SPARE_SLOTS, are there for
 * that), before leaving the rest of the search and any insert to C. */
#define ARC_FAST_PROBES 4

/* clang-format off */
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
	.hidden	gmon_foreign_arcs
	.globl	gmon_start_linked
	.hidden	gmon_start_linked
#endif
/* clang-format on */

#endif /* GMON_ARC_LAYOUT_H */
