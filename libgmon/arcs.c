/* SPDX-License-Identifier: BSD-2-Clause
 *
 * arcs.c: the main program's arc table (arc_table.h) and gmon_record_arc.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe: the hook runs inside any function of the program,
 * including signal handlers and other threads, so this file uses no
 * stdio, no malloc and no locks, only atomic operations on memory mapped
 * once at start-up.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>

#include "arc_layout.h"
#include "arch.h"
#include "arcs.h"
#include "foreign.h"
#include "message.h"
#include "state.h"
#include "table.h"

/*
 * The main program's arcs: an arc table (arc_table.h, where the design
 * is described) for call sites in [low_pc, low_pc + text_size); a call
 * site elsewhere is another object's, for foreign.c's table.
 */
_Static_assert(offsetof(struct gmon_arc_table, low_pc) == ARC_TABLE_LOW_PC, "table layout");
_Static_assert(offsetof(struct gmon_arc_table, text_size) == ARC_TABLE_TEXT_SIZE, "table layout");
_Static_assert(offsetof(struct gmon_arc_table, single_threaded) == ARC_TABLE_SINGLE_THREADED,
	       "table layout");
_Static_assert(offsetof(struct gmon_arc_table, arcs) == ARC_TABLE_ARCS, "table layout");

struct gmon_arc_table gmon_arc_table = {
	.single_threaded = GMON_SINGLE_THREADED,
	.arcs = GMON_ARC_TABLE_NONE,
};

/* Nonzero where the stubs may count with a faster atomic
 * (gmon_arch_fast_atomics: aarch64's LSE, read by its mcount.S; no
 * other stub reads it). */
unsigned char gmon_arch_lse GMON_HIDDEN;

int gmon_arcs_init(uintptr_t low_pc, uintptr_t high_pc, size_t capacity)
{
	gmon_arch_lse = gmon_arch_fast_atomics();
	gmon_arc_table.low_pc = low_pc;
	gmon_arc_table.text_size = high_pc > low_pc ? high_pc - low_pc : 0;
	return gmon_arc_table_init(&gmon_arc_table.arcs, capacity, NULL);
}

/* In a forked child (one thread): start from an empty table, so the
 * child's file holds only what the child did.  Fresh mappings rather
 * than a memset: nothing is touched that was not touched before. */
void gmon_arcs_reset(void)
{
	gmon_table_reset(&gmon_arc_table.arcs);
	gmon_arc_table.warned_full = 0;
}

/* What every hook comes to: the whole of __cyg_profile_func_enter, and
 * everything but the common case of mcount and __fentry__ (whose stubs
 * do that case themselves, the same way).  It preserves all general
 * registers, so the stubs need not. */
GMON_PRESERVES_ALL void gmon_record_arc(uintptr_t from_pc, uintptr_t self_pc)
{
	if (__builtin_expect(__atomic_load_n(&gmon_state, __ATOMIC_RELAXED) != GMON_ON, 0))
		return;
	if (from_pc - gmon_arc_table.low_pc >= gmon_arc_table.text_size) {
		gmon_foreign_arc(from_pc, self_pc); /* a library's call: foreign.c */
		return;
	}
	if (__builtin_expect(gmon_arc_count(&gmon_arc_table.arcs, from_pc, self_pc) != 0, 0) &&
	    !__atomic_exchange_n(&gmon_arc_table.warned_full, 1, __ATOMIC_RELAXED)) {
		char buf[24];
		gmon_message("arc table full at ", gmon_decimal(buf, gmon_arc_table.arcs.limit),
			     " arcs; calls along new arcs are not counted (set GMON_ARCS)");
	}
	/* Not a tail call: clang 14 restores the saved registers before
	 * jumping, and so passes the caller's values. */
	__asm__ volatile("" ::: "memory");
}

int gmon_arcs_each(gmon_arc_visitor visit, void *ctx)
{
	return gmon_arc_table_each(&gmon_arc_table.arcs, visit, ctx);
}
