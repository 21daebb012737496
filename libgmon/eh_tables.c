/* SPDX-License-Identifier: BSD-2-Clause
 *
 * eh_tables.c: each loaded object's call-frame tables (.eh_frame_hdr
 * and .eh_frame, found through its PT_GNU_EH_FRAME program header),
 * prepared for the CFI unwinder (unwind_cfi.c, cfi.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Two sides, as objects.c has.  gmon_eh_tables_add runs where objects.c
 * adds an object (start-up, after a dlopen, at exit: ordinary contexts)
 * and may map memory.  gmon_eh_tables_of runs in the clock's signal
 * handler: one load from an array written before objects.c published
 * the object (release), so the handler sees complete entries only.
 *
 * What the handler may read: an object loaded at start-up is never
 * unmapped, so its tables are read where they are, inside the readable
 * PT_LOAD segment that holds them (what gmon_object_readable allows).
 * A dlopened object may be unmapped by a dlclose in another thread
 * while a handler reads: its tables are copied here when it is added
 * (from .eh_frame_hdr, or .eh_frame if it comes first, to the end of
 * that segment), and the handler reads the copy, which is never
 * unmapped.  Equal copies are one (copy_of).  The copies take at most
 * COPY_BUDGET bytes in all; an object past it gets no tables (its frames
 * are walked by frame pointers).
 */
#define _GNU_SOURCE
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <string.h>

#include "eh_tables.h"
#include "table.h"

#define COPY_BUDGET (256ul << 20)

static struct gmon_cfi_table *tables; /* GMON_EH_TABLES_MAX, mapped at the first add */
static size_t copied;

/*
 * The copies: never unmapped nor changed once made (a handler may read
 * one at any time), and shared: a plugin's tables are position
 * independent, so a plugin loaded again, wherever, reads the copy made
 * at its first load (same bytes), and a dlopen and dlclose loop holds
 * one copy however long it runs.  Copies are cut from chunks of
 * CHUNK_BYTES, so that a small plugin's costs its size, not a page.
 */
#define CHUNK_BYTES (1ul << 20)
static struct {
	uintptr_t at;
	size_t size;
} copies[GMON_EH_TABLES_MAX];
static uint32_t ncopies;
static unsigned char *chunk;
static size_t chunk_left;

/* A copy of the size bytes at from: one made before, or a new one. */
static void *copy_of(const void *from, size_t size)
{
	for (uint32_t i = 0; i < ncopies; i++)
		if (copies[i].size == size && memcmp((const void *)copies[i].at, from, size) == 0)
			return (void *)copies[i].at;
	if (ncopies == GMON_EH_TABLES_MAX || size > COPY_BUDGET - copied)
		return NULL;
	size_t need = (size + 15) & ~(size_t)15;
	unsigned char *copy;
	if (need > CHUNK_BYTES / 4) {
		copy = gmon_map_zeroed(NULL, need); /* a big one of its own */
	} else {
		if (need > chunk_left) {
			chunk = gmon_map_zeroed(NULL, CHUNK_BYTES);
			chunk_left = chunk ? CHUNK_BYTES : 0;
		}
		copy = chunk_left >= need ? chunk : NULL;
		if (copy) {
			chunk += need;
			chunk_left -= need;
		}
	}
	if (!copy)
		return NULL;
	memcpy(copy, from, size);
	copied += need;
	copies[ncopies].at = (uintptr_t)copy;
	copies[ncopies].size = size;
	ncopies++;
	return copy;
}

/* The tables of the object loaded at bias (program headers phdr[phnum],
 * as mapped), in place, into *t, and where a copy would start (the
 * first of .eh_frame_hdr and .eh_frame) into *copy_low: 0; or -1 if it
 * has none we can read. */
static int describe(uintptr_t bias, const void *phdr, size_t phnum, struct gmon_cfi_table *t,
                    uintptr_t *copy_low)
{
	const ElfW(Phdr) *ph = phdr;
	uintptr_t hdr = 0, low = 0, high = 0;
	for (size_t i = 0; i < phnum; i++)
		if (ph[i].p_type == PT_GNU_EH_FRAME)
			hdr = bias + ph[i].p_vaddr;
	if (!hdr)
		return -1;
	for (size_t i = 0; i < phnum; i++) {
		uintptr_t from = bias + ph[i].p_vaddr, to = from + ph[i].p_memsz;
		if (ph[i].p_type == PT_LOAD && (ph[i].p_flags & PF_R) && hdr >= from && hdr < to) {
			low = from;
			high = to;
		}
	}
	/* version 1; the table's entries (start, FDE) signed 32-bit
	 * offsets from the header, as GNU ld, gold, lld and mold write */
	const unsigned char *h = (const unsigned char *)hdr;
	if (!high || high - hdr < 4 || h[0] != 1 || h[3] != 0x3b)
		return -1;
	struct gmon_cfi_table in_place = { .low = low, .high = high, .hdr = hdr };
	uintptr_t at = hdr + 4, eh_frame, count;
	if (gmon_cfi_pointer(&in_place, &at, high, h[1], &eh_frame) != 0 ||
	    gmon_cfi_pointer(&in_place, &at, high, h[2], &count) != 0 || count == 0 || count > UINT32_MAX ||
	    (high - at) / 8 < count || eh_frame < low || eh_frame >= high)
		return -1;
	*t = (struct gmon_cfi_table){ .low = low, .high = high, .hdr = hdr, .entries = at,
		                      .count = (uint32_t)count };
	*copy_low = eh_frame < hdr ? eh_frame : hdr;
	return 0;
}

void gmon_eh_tables_add(uint32_t index, uintptr_t bias, const void *phdr, size_t phnum,
                        int permanent)
{
	if (index >= GMON_EH_TABLES_MAX)
		return;
	if (!tables) {
		tables = gmon_map_zeroed(NULL, GMON_EH_TABLES_MAX * sizeof *tables);
		if (!tables)
			return;
	}
	memset(&tables[index], 0, sizeof tables[index]); /* a forked child's refresh reuses none */
	struct gmon_cfi_table t;
	uintptr_t copy_low;
	if (describe(bias, phdr, phnum, &t, &copy_low) != 0)
		return;
	if (!permanent) {
		t.low = copy_low;
		void *copy = copy_of((const void *)t.low, t.high - t.low);
		if (!copy)
			return;
		t.delta = (intptr_t)((uintptr_t)copy - t.low);
	}
	tables[index] = t;
}

int gmon_eh_tables_match(uint32_t index, uintptr_t bias, const void *phdr, size_t phnum)
{
	struct gmon_cfi_table t;
	uintptr_t copy_low;
	const struct gmon_cfi_table *kept = tables && index < GMON_EH_TABLES_MAX ? &tables[index] : NULL;
	if (describe(bias, phdr, phnum, &t, &copy_low) != 0)
		return !kept || kept->count == 0;
	if (!kept || kept->count == 0)
		return 0; /* none kept (past the budget): add again */
	if (kept->high != t.high || kept->hdr != t.hdr || kept->entries != t.entries ||
	    kept->count != t.count)
		return 0;
	if (kept->delta == 0) /* in place: the object never went */
		return kept->low == t.low;
	return kept->low == copy_low &&
	       memcmp((const void *)(kept->low + (uintptr_t)kept->delta), (const void *)kept->low,
	              kept->high - kept->low) == 0;
}

const struct gmon_cfi_table *gmon_eh_tables_of(uint32_t index)
{
	if (!tables || index >= GMON_EH_TABLES_MAX || tables[index].count == 0)
		return NULL;
	return &tables[index];
}
