/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * arc_store.c: the arcs kept for -s, merged by (call site, callee), in
 * the order first seen (struct profile_arcs, arc_store.h).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "gmon/arc_store.h"
#include "gmon/reader.h"
#include "core/util.h"

/* The arc hash holds an index + 1 in 32 bits. */
size_t profile_max_arcs = UINT32_MAX - 1;

/*
 * The arcs in chunks of ARC_CHUNK that never move: an arc is its call
 * site and its callee's index; a count that outgrows 32 bits keeps its
 * high half in its chunk's count_high[], allocated the first time one
 * does (a GNU record's count is 32 bits, so only sums and BSD files get
 * there).
 */
#define ARC_CHUNK_SHIFT 16
#define ARC_CHUNK ((size_t)1 << ARC_CHUNK_SHIFT)

struct kept_arc {
	uint64_t from_pc;
	uint32_t callee; /* index into callees[] */
	uint32_t count_low;
};

struct arc_chunk {
	struct kept_arc arcs[ARC_CHUNK];
	uint32_t *count_high; /* NULL while every count here fits 32 bits */
};

static struct arc_chunk *arc_chunk_of(const struct profile_arcs *t, size_t i)
{
	return t->chunks[i >> ARC_CHUNK_SHIFT];
}

static uint64_t kept_count(const struct arc_chunk *c, size_t slot)
{
	uint64_t high = c->count_high ? c->count_high[slot] : 0;

	return high << 32 | c->arcs[slot].count_low;
}

static void set_kept_count(struct arc_chunk *c, size_t slot, uint64_t count)
{
	c->arcs[slot].count_low = (uint32_t)count;
	if ((count >> 32) && c->count_high == NULL)
		c->count_high = xcalloc(ARC_CHUNK, sizeof(uint32_t));
	if (c->count_high)
		c->count_high[slot] = (uint32_t)(count >> 32);
}

static void callee_hash_rebuild(struct profile_arcs *t, size_t size)
{
	uint32_t i;

	free(t->callee_hash);
	t->callee_hash = xcalloc(size, sizeof(uint32_t));
	t->callee_hash_size = size;
	for (i = 0; i < t->callee_count; i++) {
		size_t h = hash_pair(t->callees[i], 0) & (size - 1);

		while (t->callee_hash[h])
			h = (h + 1) & (size - 1);
		t->callee_hash[h] = i + 1;
	}
}

/* The index of the callee at pc, added if new.  There are never more
 * callees than arcs, so the index fits 32 bits. */
static uint32_t callee_index(struct profile_arcs *t, uint64_t pc)
{
	size_t h;

	if (((size_t)t->callee_count + 1) * 4 > t->callee_hash_size * 3)
		callee_hash_rebuild(t, t->callee_hash_size ? t->callee_hash_size * 2 : 256);
	h = hash_pair(pc, 0) & (t->callee_hash_size - 1);
	while (t->callee_hash[h]) {
		uint32_t i = t->callee_hash[h] - 1;

		if (t->callees[i] == pc)
			return i;
		h = (h + 1) & (t->callee_hash_size - 1);
	}
	if (t->callee_count == t->callee_capacity) {
		t->callee_capacity = t->callee_capacity ? t->callee_capacity * 2 : 64;
		t->callees = xrealloc(t->callees, t->callee_capacity * sizeof(*t->callees));
	}
	t->callees[t->callee_count] = pc;
	t->callee_hash[h] = ++t->callee_count;
	return t->callee_count - 1;
}

static void arc_hash_rebuild(struct profile_arcs *t, size_t size)
{
	size_t i;

	free(t->hash);
	t->hash = xcalloc(size, sizeof(uint32_t));
	t->hash_size = size;
	for (i = 0; i < t->count; i++) {
		const struct kept_arc *a = &arc_chunk_of(t, i)->arcs[i & (ARC_CHUNK - 1)];
		size_t h = hash_pair(a->from_pc, a->callee) & (size - 1);

		while (t->hash[h])
			h = (h + 1) & (size - 1);
		t->hash[h] = (uint32_t)(i + 1);
	}
}

bool arc_store_add(struct profile_arcs *t, uint64_t from_pc, uint64_t self_pc, uint64_t count)
{
	struct arc_chunk *c;
	uint32_t callee;
	size_t h, slot;

	callee = callee_index(t, self_pc);
	if ((t->count + 1) * 4 > t->hash_size * 3)
		arc_hash_rebuild(t, t->hash_size ? t->hash_size * 2 : 1024);
	h = hash_pair(from_pc, callee) & (t->hash_size - 1);
	while (t->hash[h]) {
		size_t i = t->hash[h] - 1;

		c = arc_chunk_of(t, i);
		slot = i & (ARC_CHUNK - 1);
		if (c->arcs[slot].from_pc == from_pc && c->arcs[slot].callee == callee) {
			set_kept_count(c, slot, add_saturating(kept_count(c, slot), count));
			return true;
		}
		h = (h + 1) & (t->hash_size - 1);
	}
	if (t->count >= profile_max_arcs)
		return false;
	if ((t->count >> ARC_CHUNK_SHIFT) == t->chunk_count) {
		if (t->chunk_count == t->chunk_capacity) {
			t->chunk_capacity = t->chunk_capacity ? t->chunk_capacity * 2 : 16;
			t->chunks = xrealloc(t->chunks, t->chunk_capacity * sizeof(*t->chunks));
		}
		c = xmalloc(sizeof(*c));
		c->count_high = NULL;
		t->chunks[t->chunk_count++] = c;
	}
	c = arc_chunk_of(t, t->count);
	slot = t->count & (ARC_CHUNK - 1);
	c->arcs[slot] = (struct kept_arc){ .from_pc = from_pc, .callee = callee };
	set_kept_count(c, slot, count);
	t->hash[h] = (uint32_t)++t->count;
	return true;
}


struct raw_arc arc_store_get(const struct profile_arcs *t, size_t k)
{
	const struct arc_chunk *c = arc_chunk_of(t, k);
	size_t slot = k & (ARC_CHUNK - 1);

	return (struct raw_arc){ .from_pc = c->arcs[slot].from_pc,
				 .self_pc = t->callees[c->arcs[slot].callee],
				 .count = kept_count(c, slot) };
}

void arc_store_each(const struct profile_arcs *t, const uint32_t *order, arc_fn *fn, void *context)
{
	size_t k;

	for (k = 0; k < t->count; k++) {
		size_t i = order ? order[k] : k;
		const struct arc_chunk *c;
		size_t slot = i & (ARC_CHUNK - 1);

		if (order && order[k] == UINT32_MAX)
			continue; /* left out of the sum */
		c = arc_chunk_of(t, i);
		fn(context, c->arcs[slot].from_pc, t->callees[c->arcs[slot].callee],
		   kept_count(c, slot));
	}
}

void arc_store_free(struct profile_arcs *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->chunk_count; i++) {
		free(t->chunks[i]->count_high);
		free(t->chunks[i]);
	}
	free(t->chunks);
	free(t->hash);
	free(t->callees);
	free(t->callee_hash);
	free(t);
}
