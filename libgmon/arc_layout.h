/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arc_layout.h: the byte layout of the arc tables and of one arc, and
 * the hash that places an arc, shared by arcs.c (which checks the layout
 * with static assertions) and the assembly stubs (whose fast path reads
 * the tables directly).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_ARC_LAYOUT_H
#define GMON_ARC_LAYOUT_H

/* struct gmon_arc_hash (gmon_private.h): one open-addressing table of
 * arcs.  The main program's is inside struct gmon_arc_table, at
 * ARC_TABLE_HASH; the other objects' is gmon_foreign_arcs (foreign.c). */
#define ARC_HASH_SLOTS 0
#define ARC_HASH_MASK 8

/* struct gmon_arc_table (gmon_private.h) */
#define ARC_TABLE_LOW_PC 0
#define ARC_TABLE_TEXT_SIZE 8
#define ARC_TABLE_SINGLE_THREADED 16
#define ARC_TABLE_HASH 24

/* struct arc: 32 bytes; (from_pc, self_pc) is the key, from_pc 0 an
 * empty slot */
#define ARC_FROM_PC 0
#define ARC_SELF_PC 8
#define ARC_COUNT 16
#define ARC_SIZE_SHIFT 5

/* Where an arc goes: slot ((((self << 16) ^ from) * ARC_HASH_K) >> 32)
 * & mask, then the next slots (linear probing, no wrap: the table has
 * ARC_MAX_PROBES spare slots past mask).  Both addresses vary in their
 * low bits; the multiply carries every bit below 32 + log2(slots) of
 * both into the bits taken. */
#define ARC_HASH_SHIFT 16
#define ARC_HASH_K 0x9e3779b97f4a7c15
#define ARC_MAX_PROBES 256
/* The stubs look at this many slots before leaving the rest of the
 * search (and any insert) to C. */
#define ARC_FAST_PROBES 4

#endif /* GMON_ARC_LAYOUT_H */
