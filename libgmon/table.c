/* SPDX-License-Identifier: BSD-2-Clause
 *
 * table.c: the lock-free table's set-up, reset and losses (table.h).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * gmon_table_lost runs in the hook and the signal handler: no stdio, no
 * malloc, no locks.  Set-up and reset make system calls only.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>

#include "message.h"
#include "table.h"

#if !(defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 32))
const char gmon_never_single_threaded = 0;
#endif

void *gmon_map_zeroed(void *where, size_t bytes)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
	if (where)
		flags |= MAP_FIXED;
	void *p = mmap(where, bytes, PROT_READ | PROT_WRITE, flags, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

int gmon_table_init(struct gmon_table *t, size_t keys, size_t slot_size, uint32_t min_slots,
		    uint32_t max_probes, int claim_list, const char *full)
{
	size_t want = keys + keys / 7 + 1; /* keys fill 7/8 of the slots */
	uint32_t slots = min_slots;
	while (slots < want && slots < GMON_TABLE_MAX_SLOTS)
		slots <<= 1;
	t->slots_bytes = ((size_t)slots + GMON_TABLE_SPARE_SLOTS) * slot_size;
	t->slots = gmon_map_zeroed(NULL, t->slots_bytes);
	/* a claim takes a slot of its own: a list as long as the table */
	t->claims = claim_list ? gmon_map_zeroed(NULL, (size_t)slots * sizeof(uint32_t)) : NULL;
	if (!t->slots || (claim_list && !t->claims))
		return -1;
	t->mask = slots - 1;
	t->limit = keys < slots - slots / 8 ? (uint32_t)keys : slots - slots / 8;
	t->max_probes = max_probes;
	t->full = full;
	t->window = gmon_window_shadow(slots);
	return 0;
}

void gmon_table_reset(struct gmon_table *t)
{
	if (t->slots_bytes)
		gmon_map_zeroed(t->slots, t->slots_bytes);
	if (t->claims)
		gmon_map_zeroed(t->claims, (size_t)(t->mask + 1) * sizeof(uint32_t));
	if (t->window)
		gmon_map_zeroed(t->window, 2 * ((size_t)t->mask + 1) * sizeof(uint64_t));
	t->used = 0;
	t->lost = 0;
	t->warned = 0;
}

void gmon_table_lost(struct gmon_table *t, uint64_t n)
{
	__atomic_fetch_add(&t->lost, n, __ATOMIC_RELAXED);
	if (!__atomic_exchange_n(&t->warned, 1, __ATOMIC_RELAXED))
		gmon_message(t->full, NULL, NULL);
}
