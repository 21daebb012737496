/* SPDX-License-Identifier: BSD-2-Clause
 *
 * stacks.c: the call stack of every sample, as an unwinder (unwind.h)
 * gives it from the interrupted context, aggregated into a table of
 * distinct stacks with their sample counts (doc/format.md, "Tag 5, call
 * stacks"; doc/runtime.md, "Call stacks").
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe: the walk and the table run in the clock's signal
 * handler, in any thread; no stdio, no malloc, no locks, no system call.
 * Its frame is small and fixed (the frames go straight into the table's
 * pool): it may run on a program's small alternate signal stack.
 * Set-up (start-up, fork) may make system calls.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <string.h>

#include "../include/gmon_out.h"
#include "environ.h"
#include "message.h"
#include "objects.h"
#include "stacks.h"
#include "table.h"
#include "thread_table.h"
#include "unwind.h"

#define MAX_PROBES 64
#define MIN_SLOTS 16

int gmon_stacks_enabled;

/*
 * The table of distinct stacks, of the kind table.h describes: slots of
 * (key, count).  A key is (32 bits of the stack's hash, 1 + the stack's
 * word index in the frame pool), never 0.  A stack's words in the pool
 * are (depth | flags << 16 | thread << 32) then its frames, innermost
 * first (thread: the sampled thread's number, thread_table.h), written
 * before the key is published by one compare-and-swap (release), so that
 * whoever sees a key sees its frames, and never change after.  Pool
 * words are handed out by an atomic add: a stack that loses the race for
 * its slot to the same stack leaves its words unused (rare; bounded by
 * the pool's size).  When the table reaches its limit of distinct
 * stacks, or the pool is exhausted, or MAX_PROBES slots were probed, the
 * sample's stack is counted as lost; the histogram still has the sample.
 */
struct stack_slot {
	uint64_t key;
	uint64_t count;
};

static struct {
	struct gmon_table table; /* its lost: in samples */
	const struct gmon_unwinder *unwinder;
	uint64_t *pool;
	size_t pool_bytes;
	uint32_t depth;               /* frames recorded at most */
	uint64_t pool_words;          /* the pool's size */
	uint64_t pool_used;           /* atomic */
	uint64_t at_limit, cut_short; /* atomic, in samples */
} stacks;

int gmon_stacks_init(size_t keys, unsigned depth)
{
	if (keys == 0 || depth == 0)
		return 0;
	/* room for an average of 32 frames a stack; pages never touched
	 * cost nothing */
	stacks.pool_words = (uint64_t)keys * 33 + 2 * (depth + 1);
	stacks.pool_bytes = stacks.pool_words * sizeof(uint64_t);
	/* a claim list: gmon_stacks_renumber visits the stacks, not the slots */
	if (gmon_table_init(&stacks.table, keys, sizeof(struct stack_slot), MIN_SLOTS, MAX_PROBES,
			    1,
			    "stack table full: later samples' stacks are lost, the samples "
			    "still count (set GMON_STACKS)") != 0)
		return -1;
	stacks.pool = gmon_map_zeroed(NULL, stacks.pool_bytes);
	if (!stacks.pool)
		return -1;
	stacks.depth = depth;
	stacks.unwinder = gmon_unwinder_named(gmon_getenv("GMON_UNWIND")); /* unwinders.c */
	gmon_stack_bounds_main();
	__atomic_store_n(&gmon_stacks_enabled, 1, __ATOMIC_RELEASE);
	return 0;
}

void gmon_stacks_reset(void)
{
	if (!stacks.table.slots)
		return;
	gmon_table_reset(&stacks.table);
	gmon_map_zeroed(stacks.pool, stacks.pool_bytes);
	stacks.pool_used = 0;
	stacks.at_limit = stacks.cut_short = 0;
}

/* A stack's hash: its frames mixed in one by one as the walk gives
 * them, then its depth and flags. */
#define HASH_START 0xcbf29ce484222325u

static uint64_t hash_frame(uint64_t h, uintptr_t frame)
{
	h ^= frame;
	h *= 0x9e3779b97f4a7c15u;
	return h ^ (h >> 29);
}

static uint64_t head_word(unsigned n, uint32_t flags, uint32_t thread)
{
	return n | (uint64_t)flags << 16 | (uint64_t)thread << 32;
}

/* the same stack in two threads is two entries */
static uint64_t hash_end(uint64_t h, unsigned n, uint32_t flags, uint32_t thread)
{
	return hash_frame(h, head_word(n, flags, thread));
}

/* Is the stack at pool word `at` the one the context gives?  (w: room
 * for the walk, the caller's, so that the handler's frame holds one.) */
static int same_stack(struct gmon_unwind *w, uint64_t at, const void *context, unsigned n,
		      uint32_t flags, uint32_t thread)
{
	const uint64_t *p = &stacks.pool[at];
	if (p[0] != head_word(n, flags, thread))
		return 0;
	stacks.unwinder->start(w, context, n);
	uintptr_t frame;
	for (unsigned i = 0; i < n; i++)
		if (!gmon_unwind_next(w, &frame) || p[1 + i] != frame)
			return 0;
	return 1;
}

/* Walks the context again into the pool at `at`: 0 if it gave the stack
 * whose hash is h, -1 if not (the object table changed in between). */
static int copy_stack(struct gmon_unwind *w, uint64_t at, const void *context, unsigned n,
		      uint32_t flags, uint32_t thread, uint64_t h)
{
	stacks.unwinder->start(w, context, n);
	uint64_t check = HASH_START;
	uintptr_t frame;
	unsigned i = 0;
	while (i < n && gmon_unwind_next(w, &frame)) {
		stacks.pool[at + 1 + i++] = frame;
		check = hash_frame(check, frame);
	}
	stacks.pool[at] = head_word(n, flags, thread);
	return i == n && hash_end(check, n, flags, thread) == h ? 0 : -1;
}

static void record_stack(const void *context, unsigned samples)
{
	struct gmon_unwind w;
	stacks.unwinder->start(&w, context, stacks.depth);
	uint64_t h = HASH_START;
	uintptr_t frame;
	while (gmon_unwind_next(&w, &frame))
		h = hash_frame(h, frame);
	unsigned n = w.n;
	uint32_t flags = w.flags;
	uint32_t thread = gmon_thread_number_at_sample();
	h = hash_end(h, n, flags, thread);
	if (flags & GMON_STACK_AT_LIMIT)
		__atomic_fetch_add(&stacks.at_limit, samples, __ATOMIC_RELAXED);
	if (flags & GMON_STACK_CUT_SHORT)
		__atomic_fetch_add(&stacks.cut_short, samples, __ATOMIC_RELAXED);

	struct gmon_table *t = &stacks.table;
	uint32_t i = gmon_table_first(t, (uint32_t)h);
	uint64_t tag = h & 0xffffffff00000000u;
	uint64_t mine = 0; /* our words in the pool, once written: 1 + index */
	for (uint32_t probe = 0; probe < t->max_probes; probe++, i = gmon_table_next(t, i)) {
		struct stack_slot *s = &((struct stack_slot *)t->slots)[i];
		uint64_t key = __atomic_load_n(&s->key, __ATOMIC_ACQUIRE);
		if (key == 0) {
			if (!gmon_table_may_claim(t))
				break;
			if (!mine) {
				uint64_t at = __atomic_fetch_add(&stacks.pool_used, n + 1,
								 __ATOMIC_RELAXED);
				if (at + n + 1 > stacks.pool_words || at + 1 > UINT32_MAX ||
				    copy_stack(&w, at, context, n, flags, thread, h) != 0)
					break;
				mine = at + 1;
			}
			if (__atomic_compare_exchange_n(&s->key, &key, tag | mine, 0,
							__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
				gmon_table_claimed(t, i);
				key = tag | mine;
			}
		}
		if ((key & 0xffffffff00000000u) == tag &&
		    ((key & 0xffffffffu) == mine ||
		     same_stack(&w, (key & 0xffffffffu) - 1, context, n, flags, thread))) {
			__atomic_fetch_add(&s->count, samples, __ATOMIC_RELAXED);
			return;
		}
	}
	gmon_table_lost(t, samples);
}

void gmon_stack_sample(const void *context, uintptr_t pc, unsigned samples, int in_histogram)
{
	(void)pc;
	(void)in_histogram;
	if (!__atomic_load_n(&gmon_stacks_enabled, __ATOMIC_ACQUIRE))
		return;
	/* the walks read the objects' table and their call-frame copies:
	 * none is reused before they are done (objects.h) */
	unsigned token = gmon_objects_enter();
	record_stack(context, samples);
	gmon_objects_leave(token);
}

/* The stack of frames[n] (with flags and thread) counted count more
 * times, of which windows took taken under another entry
 * (gmon_table_took), its entry made if it has none: 0, or -1 (no room).
 * Ordinary context (gmon_stacks_renumber). */
static int add_frames(const uintptr_t *frames, unsigned n, uint32_t flags, uint32_t thread,
		      uint64_t count, uint64_t taken)
{
	uint64_t h = HASH_START;
	for (unsigned i = 0; i < n; i++)
		h = hash_frame(h, frames[i]);
	h = hash_end(h, n, flags, thread);
	struct gmon_table *t = &stacks.table;
	uint32_t i = gmon_table_first(t, (uint32_t)h);
	uint64_t tag = h & 0xffffffff00000000u, mine = 0;
	for (uint32_t probe = 0; probe < t->max_probes; probe++, i = gmon_table_next(t, i)) {
		struct stack_slot *s = &((struct stack_slot *)t->slots)[i];
		uint64_t key = __atomic_load_n(&s->key, __ATOMIC_ACQUIRE);
		if (key == 0) {
			if (!gmon_table_may_claim(t))
				return -1;
			if (!mine) {
				uint64_t at = __atomic_fetch_add(&stacks.pool_used, n + 1,
								 __ATOMIC_RELAXED);
				if (at + n + 1 > stacks.pool_words || at + 1 > UINT32_MAX)
					return -1;
				stacks.pool[at] = head_word(n, flags, thread);
				memcpy(&stacks.pool[at + 1], frames, n * sizeof *frames);
				mine = at + 1;
			}
			if (__atomic_compare_exchange_n(&s->key, &key, tag | mine, 0,
							__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
				gmon_table_claimed(t, i);
				key = tag | mine;
			}
		}
		if ((key & 0xffffffff00000000u) != tag)
			continue;
		const uint64_t *p = &stacks.pool[(key & 0xffffffffu) - 1];
		if ((key & 0xffffffffu) == mine ||
		    (p[0] == head_word(n, flags, thread) &&
		     memcmp(p + 1, frames, n * sizeof *frames) == 0)) {
			__atomic_fetch_add(&s->count, count, __ATOMIC_RELAXED);
			gmon_table_took(t, s, sizeof *s, taken);
			return 0;
		}
	}
	return -1;
}

/* Stacks with a frame at an unloaded object's addresses: their count
 * moves to the same stack with those frames numbered (reuse.c).  A
 * stack's frames never change (a handler may be comparing them), so the
 * renumbered stack is another entry, and the old one is left empty
 * (its count exchanged with 0: the writer skips it). */
void gmon_stacks_renumber(gmon_renumber_fn renumber, const void *ctx)
{
	static uintptr_t frames[1024]; /* ordinary context, serialized by objects.c; depth <= 512 */
	struct gmon_table *t = &stacks.table;
	struct stack_slot *s;
	if (!t->slots)
		return;
	for (uint32_t k = 0, used = gmon_table_claims(t);
	     (s = (struct stack_slot *)gmon_table_next_claimed(t, used, &k, sizeof *s));) {
		uint64_t key = __atomic_load_n(&s->key, __ATOMIC_ACQUIRE);
		if (key == 0 || __atomic_load_n(&s->count, __ATOMIC_RELAXED) == 0)
			continue;
		const uint64_t *p = &stacks.pool[(key & 0xffffffffu) - 1];
		unsigned n = (unsigned)(p[0] & 0xffff), changed = 0;
		if (n > sizeof frames / sizeof frames[0])
			continue;
		for (unsigned d = 0; d < n; d++) {
			frames[d] = renumber(ctx, (uintptr_t)p[1 + d], d > 0);
			changed |= frames[d] != (uintptr_t)p[1 + d];
		}
		uint64_t count;
		if (!changed || (count = __atomic_exchange_n(&s->count, 0, __ATOMIC_RELAXED)) == 0)
			continue;
		uint64_t taken = gmon_table_forget(t, s, sizeof *s);
		if (add_frames(frames, n, (uint32_t)(p[0] >> 16 & 0xffff), (uint32_t)(p[0] >> 32),
			       count, taken) != 0)
			gmon_table_lost(&stacks.table, count);
	}
}

void gmon_stacks_totals(struct gmon_stacks_totals *t)
{
	t->depth = stacks.depth;
	t->lost = __atomic_load_n(&stacks.table.lost, __ATOMIC_RELAXED);
	t->at_limit = __atomic_load_n(&stacks.at_limit, __ATOMIC_RELAXED);
	t->cut_short = __atomic_load_n(&stacks.cut_short, __ATOMIC_RELAXED);
}

int gmon_stacks_each(gmon_stack_visitor visit, void *ctx)
{
	const struct gmon_table *t = &stacks.table;
	if (!t->slots)
		return 0;
	for (uint32_t i = 0; i <= t->mask; i++) {
		struct stack_slot *s = &((struct stack_slot *)t->slots)[i];
		uint64_t key = __atomic_load_n(&s->key, __ATOMIC_ACQUIRE);
		uint64_t count = __atomic_load_n(&s->count, __ATOMIC_RELAXED);
		if (key == 0)
			continue;
		count = gmon_table_window_count(t, s, sizeof *s, count); /* windows: window.h */
		if (count == 0)
			continue;
		const uint64_t *p = &stacks.pool[(key & 0xffffffffu) - 1];
		int rc = visit(ctx, count, (uint32_t)(p[0] & 0xffff),
			       (uint32_t)(p[0] >> 16 & 0xffff), (uint32_t)(p[0] >> 32),
			       (const uintptr_t *)(p + 1));
		if (rc)
			return rc;
	}
	return 0;
}
