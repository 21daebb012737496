/* SPDX-License-Identifier: BSD-2-Clause
 *
 * reuse.c: addresses used twice.  A plugin unloaded (dlclose) and another
 * object loaded where it was (the same plugin or another, a dlopen and
 * dlclose loop) share addresses, while the tables count samples, calls
 * and stacks by address alone.  So before each dlopen, what was recorded
 * at the addresses of each object unloaded since takes the number of
 * its file's retired record (objects.c): an address of it becomes
 * GMON_ADDRESS_NUMBERED | number << 48 | address, moved onto the
 * record's load bias (doc/format.md, "Addresses used twice"), so that
 * the loads of one plugin at many places add up in one record; the
 * object's slot is emptied, and whatever is recorded at those addresses
 * from then on is the next object's.  gprof credits a numbered
 * address to the object it names and a plain one to the object mapped
 * there last, so it never has to guess.  A program that never loads
 * anything after a dlclose writes plain addresses only, as before.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Ordinary context (dlopen's entry), serialized with the object table's
 * refreshes (gmon_objects_retire).  The object is unmapped: no sample or
 * call adds to its entries meanwhile.  A sample taken between the
 * loader's mapping and this pass, at an address another thread's dlopen
 * just reused, would be credited to the unloaded object (the loader's
 * lock is not ours to take).
 */
#define _GNU_SOURCE
#include <stdint.h>

#include "../include/gmon_out.h"
#include "arc_table.h"
#include "arcs.h"
#include "foreign.h"
#include "objects.h"
#include "reuse.h"
#include "stacks.h"

static int numbered; /* atomic */

struct retiring {
	uintptr_t number;
	uintptr_t delta;           /* onto the retired record's load bias */
	const uintptr_t *segments; /* start, end, ... */
	uint32_t nsegments;
};

static uintptr_t renumber(const void *ctx, uintptr_t address, int return_address)
{
	const struct retiring *r = ctx;
	uintptr_t at = return_address ? address - 1 : address;
	for (uint32_t s = 0; s < r->nsegments; s++)
		if (at >= r->segments[2 * s] && at < r->segments[2 * s + 1])
			return (uintptr_t)GMON_ADDRESS_NUMBERED |
			       r->number << GMON_ADDRESS_NUMBER_SHIFT | (address + r->delta);
	return address;
}

/* Calls from the main program into the object: gmon.out can only say
 * plain addresses, so they move to the process file's arcs. */
static void move_main_arcs(const struct retiring *r)
{
	gmon_arc_table_move(&gmon_arc_table.arcs, &gmon_foreign_arcs, renumber, r, 0);
}

static int retire(void *ctx, uint32_t number, uintptr_t delta, const uintptr_t *segments,
		  uint32_t nsegments)
{
	(void)ctx;
#if UINTPTR_MAX > 0xffffffffu
	struct retiring r = { number, delta, segments, nsegments };
	if (number > GMON_ADDRESS_NUMBER_MAX)
		return -1;
	for (uint32_t s = 0; s < nsegments; s++)
		if (segments[2 * s + 1] > GMON_ADDRESS_LOW ||
		    segments[2 * s + 1] + delta > GMON_ADDRESS_LOW)
			return -1; /* no room for the number: plain, as before */
	gmon_foreign_renumber(renumber, &r);
	gmon_stacks_renumber(renumber, &r);
	move_main_arcs(&r);
	__atomic_store_n(&numbered, 1, __ATOMIC_RELAXED);
	return 0;
#else
	(void)number, (void)delta, (void)segments, (void)nsegments;
	return -1; /* a 32-bit address has no room for a number */
#endif
}

void gmon_reuse_before_load(void)
{
	gmon_objects_retire(retire, NULL);
}

int gmon_reuse_numbered(void)
{
	return __atomic_load_n(&numbered, __ATOMIC_RELAXED);
}
