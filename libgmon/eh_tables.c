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
 * that segment), and the handler reads the copy, which is unmapped only
 * once the object's slot is emptied after a grace period (objects.c,
 * epoch.h).  Equal copies are one (copy_of).  The copies take at most
 * COPY_BUDGET bytes at once; an object past it gets no tables (its
 * frames are walked by frame pointers).
 */
#define _GNU_SOURCE
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "eh_tables.h"
#include "table.h"

#define COPY_BUDGET (256ul << 20)

static struct gmon_cfi_table *tables; /* GMON_EH_TABLES_MAX, mapped at the first add */
static size_t copied;

/*
 * The copies: never changed once made (a handler may read one at any
 * time), and shared: a plugin's tables are position independent, so a
 * plugin loaded again, wherever, reads the copy of the same bytes made
 * for a load still held.  Each copy is a mapping of its own, counted by
 * the objects that read it; when the last of them is released (its slot
 * emptied by objects.c, after a grace period: no handler can still be
 * reading it), the copy is unmapped.  So the copies cost what the
 * objects loaded at once need, whatever number of loads the run made.
 */
static struct {
	uintptr_t at;
	size_t size, mapped; /* bytes copied; of the mapping */
	uint32_t users;      /* objects reading it; 0: a free entry */
} copies[GMON_EH_TABLES_MAX];
static uint32_t ncopies;
static uint32_t copy_used[GMON_EH_TABLES_MAX]; /* per object: 1 + its copy's entry, or 0 */

/* A copy of the size bytes at from: one held, or a new one; its entry
 * in *entry.  NULL if there is no room. */
static void *copy_of(const void *from, size_t size, uint32_t *entry)
{
	uint32_t free_entry = ncopies;
	for (uint32_t i = 0; i < ncopies; i++) {
		if (copies[i].users == 0) {
			if (free_entry == ncopies)
				free_entry = i;
			continue;
		}
		if (copies[i].size == size && memcmp((const void *)copies[i].at, from, size) == 0) {
			copies[i].users++;
			*entry = i;
			return (void *)copies[i].at;
		}
	}
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t need = (size + page - 1) & ~(page - 1);
	if (free_entry == GMON_EH_TABLES_MAX || need > COPY_BUDGET - copied)
		return NULL;
	unsigned char *copy = gmon_map_zeroed(NULL, need);
	if (!copy)
		return NULL;
	memcpy(copy, from, size);
	copied += need;
	copies[free_entry].at = (uintptr_t)copy;
	copies[free_entry].size = size;
	copies[free_entry].mapped = need;
	copies[free_entry].users = 1;
	if (free_entry == ncopies)
		ncopies++;
	*entry = free_entry;
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
	    gmon_cfi_pointer(&in_place, &at, high, h[2], &count) != 0 || count == 0 ||
	    count > UINT32_MAX || (high - at) / 8 < count || eh_frame < low || eh_frame >= high)
		return -1;
	*t = (struct gmon_cfi_table){
		.low = low, .high = high, .hdr = hdr, .entries = at, .count = (uint32_t)count
	};
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
	gmon_eh_tables_release(index); /* a forked child's refresh reuses none */
	struct gmon_cfi_table t;
	uintptr_t copy_low;
	if (describe(bias, phdr, phnum, &t, &copy_low) != 0)
		return;
	if (!permanent) {
		t.low = copy_low;
		uint32_t entry;
		void *copy = copy_of((const void *)t.low, t.high - t.low, &entry);
		if (!copy)
			return;
		t.delta = (intptr_t)((uintptr_t)copy - t.low);
		copy_used[index] = entry + 1;
	}
	tables[index] = t;
}

void gmon_eh_tables_release(uint32_t index)
{
	if (!tables || index >= GMON_EH_TABLES_MAX)
		return;
	memset(&tables[index], 0, sizeof tables[index]);
	uint32_t entry = copy_used[index];
	copy_used[index] = 0;
	if (entry-- == 0 || --copies[entry].users > 0)
		return;
	munmap((void *)copies[entry].at, copies[entry].mapped);
	copied -= copies[entry].mapped;
	copies[entry].at = 0;
	copies[entry].size = copies[entry].mapped = 0;
}

int gmon_eh_tables_match(uint32_t index, uintptr_t bias, const void *phdr, size_t phnum)
{
	struct gmon_cfi_table t;
	uintptr_t copy_low;
	const struct gmon_cfi_table *kept = tables && index < GMON_EH_TABLES_MAX ? &tables[index]
										 : NULL;
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
