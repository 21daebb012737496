/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arc_layout.h: the byte layout of the arc table's header and of one arc,
 * shared by arcs.c (which checks it with static assertions) and the
 * assembly stubs (whose fast path reads the table directly).
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

#endif /* GMON_ARC_LAYOUT_H */
