/* SPDX-License-Identifier: BSD-2-Clause
 *
 * table.h: the runtime's one lock-free table, and the pieces the arc
 * table shares with it (table.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe, as the hook and the clock's signal handler that
 * fill the tables: no stdio, no malloc, no locks; atomic operations on
 * memory mapped once at start-up.  Everything a probe or a count does is
 * static inline here, so that the hot paths make no call they did not
 * make before.
 */
#ifndef GMON_TABLE_H
#define GMON_TABLE_H

#include <stddef.h>
#include <stdint.h>
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 32)
#include <sys/single_threaded.h>
#endif

#include "arch.h"
#include "base.h"
#include "window.h"

/*
 * An open-addressing hash table with linear probing, of fixed-size slots
 * whose first word is the key (0: empty), sized at start-up (a power of
 * two of slots) and mapped with MAP_NORESERVE: a page costs memory only
 * once a key lands on it, so the memory used grows with the number of
 * distinct keys, never with the key space.  foreign.c keeps its samples
 * and arcs in such tables, stacks.c its distinct stacks.
 *
 * A key is claimed by one compare-and-swap from empty (the owner's: one
 * word, or two at once with gmon_arch_claim_pair) and never changes
 * after; a count only grows.  A thread or handler that loses the race for
 * a slot compares the key it finds there and goes on probing, so a key
 * never has two slots.  No one waits for anyone: a signal handler
 * interrupting an insert on its own thread just probes past it.  The
 * table accepts new keys until its limit (as asked, at most 7/8 of the
 * slots, so probes stay short: gmon_table_may_claim) and is never probed
 * past max_probes slots; past either, the owner counts the loss with
 * gmon_table_lost, which says so on stderr once.  A table made with a
 * claim list appends each claimed slot's number (plus one) to it
 * (gmon_table_claimed), so that a writer visits the claimed slots only,
 * in the order claimed (gmon_table_claimed_slot).  A forked child
 * replaces the slots and the list with fresh zero pages (it has one
 * thread: gmon_table_reset).
 */
struct gmon_table {
	void *slots;        /* slot_size bytes each, mask + 1 of them (and spares) */
	uint32_t *claims;   /* slot + 1, in the order claimed; NULL if not kept */
	size_t slots_bytes; /* spares included; claims: (mask + 1) words */
	uint32_t mask;
	uint32_t limit; /* keys accepted */
	uint32_t max_probes;
	uint32_t used;    /* atomic: keys claimed */
	uint64_t lost;    /* atomic: what found no slot, in the owner's unit */
	int warned;       /* atomic: the line was said */
	const char *full; /* that line */
	uint64_t *window; /* windows: each slot's seen and taken counts (window.h), or NULL */
};

#define GMON_TABLE_MAX_SLOTS (1u << 29)
/* Empty slots mapped past the last, never claimed (a probe wraps round
 * to slot 0): a reader may look at this many slots from its first
 * without wrapping, as the stubs do in the arc tables (arc_layout.h). */
#define GMON_TABLE_SPARE_SLOTS 4

/* Fresh zero pages of bytes, at where (replacing what is there) or
 * anywhere (where NULL); MAP_NORESERVE.  NULL if mmap failed. */
void *gmon_map_zeroed(void *where, size_t bytes) GMON_HIDDEN;
/* A table for keys distinct keys, of at least min_slots slots; full is
 * the line said once when a key finds no slot.  0, or -1 (no memory). */
int gmon_table_init(struct gmon_table *t, size_t keys, size_t slot_size, uint32_t min_slots,
		    uint32_t max_probes, int claim_list, const char *full) GMON_HIDDEN;
void gmon_table_reset(struct gmon_table *t) GMON_HIDDEN;
/* n more lost: counted, and said once. */
void gmon_table_lost(struct gmon_table *t, uint64_t n) GMON_HIDDEN;

/* The first slot to probe for a key of that hash, and the next. */
static inline uint32_t gmon_table_first(const struct gmon_table *t, uint32_t hash)
{
	return hash & t->mask;
}

static inline uint32_t gmon_table_next(const struct gmon_table *t, uint32_t i)
{
	return (i + 1) & t->mask;
}

/* A new key is allowed only while the table is under its limit. */
static inline int gmon_table_may_claim(struct gmon_table *t)
{
	return __atomic_load_n(&t->used, __ATOMIC_RELAXED) < t->limit;
}

/* Slot i was just claimed (its owner's compare-and-swap succeeded). */
static inline void gmon_table_claimed(struct gmon_table *t, uint32_t i)
{
	uint32_t n = __atomic_fetch_add(&t->used, 1, __ATOMIC_RELAXED);
	if (t->claims)
		__atomic_store_n(&t->claims[n], i + 1, __ATOMIC_RELEASE);
}

/* The writer's walk over a table with a claim list: used, the claims so
 * far (gmon_table_claims, read once); then the claimed slots in the order
 * claimed, the next after the *k-th (from *k = 0), skipping a claim
 * still being made; NULL at the end. */
static inline uint32_t gmon_table_claims(struct gmon_table *t)
{
	return t->slots ? __atomic_load_n(&t->used, __ATOMIC_ACQUIRE) : 0;
}

static inline const void *gmon_table_next_claimed(struct gmon_table *t, uint32_t used, uint32_t *k,
						  size_t slot_size)
{
	while (*k < used) {
		uint32_t slot = __atomic_load_n(&t->claims[(*k)++], __ATOMIC_ACQUIRE);
		if (slot != 0)
			return (const char *)t->slots + (size_t)(slot - 1) * slot_size;
	}
	return NULL;
}

/*
 * Dead keys.  A key of an object retired (reuse.c: its count moved to
 * the numbered key) is replaced by GMON_TABLE_DEAD (a word no address
 * is: a two-word key has it in both), so that its slot serves the next
 * new key whose probe passes it: a dlopen and dlclose loop at ever new
 * addresses fills no table.  A probe goes past a dead slot as past any
 * other key, and takes the first it passed only once its key is found
 * nowhere up to an empty slot; in a table at its limit, where no empty
 * slot may be claimed, it goes on past empty slots to max_probes.  Two
 * threads adding one new key at once (or a key past an empty slot) may
 * then give it two slots; its counts are split between them, and the
 * writer and gprof add them up.
 * A taken slot is on the claim list already: the list never grows for
 * it.  The writer skips dead slots, and their windows' shadow counts are
 * zeroed when they die (gmon_table_forget).
 */
#define GMON_TABLE_DEAD ((uintptr_t)1)

/* The dead one-word slot at slot, taken for key: 1, else 0. */
static inline int gmon_table_take_dead(uintptr_t *slot, uintptr_t key)
{
	uintptr_t expected = GMON_TABLE_DEAD;
	return __atomic_compare_exchange_n(slot, &expected, key, 0, __ATOMIC_ACQ_REL,
					   __ATOMIC_ACQUIRE) ||
	       expected == key;
}

/*
 * The slot of a one-word key (never 0 nor GMON_TABLE_DEAD) in a table of
 * slot_size-byte slots, claimed if it is new; NULL if the table is full
 * or max_probes slots were probed (the owner then counts the loss).
 */
static inline void *gmon_table_word(struct gmon_table *t, uintptr_t key, uint32_t hash,
				    size_t slot_size)
{
	uint32_t i = gmon_table_first(t, hash);
	uintptr_t *dead = NULL;
	for (uint32_t probe = 0; probe < t->max_probes; probe++, i = gmon_table_next(t, i)) {
		uintptr_t *slot = (uintptr_t *)((char *)t->slots + (size_t)i * slot_size);
		uintptr_t found = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
		if (found == GMON_TABLE_DEAD) {
			if (!dead)
				dead = slot;
			continue;
		}
		if (found == 0) {
			if (dead && gmon_table_take_dead(dead, key))
				return dead;
			if (!gmon_table_may_claim(t))
				continue; /* full: a dead slot further on, or the key */
			if (__atomic_compare_exchange_n(slot, &found, key, 0, __ATOMIC_ACQ_REL,
							__ATOMIC_ACQUIRE)) {
				gmon_table_claimed(t, i);
				found = key;
			}
		}
		if (found == key)
			return slot;
	}
	return dead && gmon_table_take_dead(dead, key) ? dead : NULL;
}

/* The slot at slot died (ordinary context, reuse.c): its windows'
 * shadow counts zeroed, so that the key that takes it starts afresh;
 * what the windows before took of its count, returned, for the key its
 * count moves to (gmon_table_took). */
static inline uint64_t gmon_table_forget(struct gmon_table *t, const void *slot, size_t slot_size)
{
	if (!t->window)
		return 0;
	size_t i = (size_t)((const char *)slot - (const char *)t->slots) / slot_size;
	uint64_t taken =
		__atomic_exchange_n(&t->window[(size_t)t->mask + 1 + i], 0, __ATOMIC_RELAXED);
	__atomic_store_n(&t->window[i], 0, __ATOMIC_RELAXED);
	return taken;
}

/* The count moved to the slot at slot was taken that much by the windows
 * before (under another key): the windows to come do not count it
 * again.  Ordinary context. */
static inline void gmon_table_took(struct gmon_table *t, const void *slot, size_t slot_size,
				   uint64_t taken)
{
	if (!t->window || !taken)
		return;
	size_t i = (size_t)((const char *)slot - (const char *)t->slots) / slot_size;
	__atomic_fetch_add(&t->window[(size_t)t->mask + 1 + i], taken, __ATOMIC_RELAXED);
}

/* Nonzero while the process has one thread (glibc's
 * __libc_single_threaded; elsewhere never: always the atomic add). */
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 32)
#define GMON_SINGLE_THREADED (&__libc_single_threaded)
#else
extern const char gmon_never_single_threaded GMON_HIDDEN;
#define GMON_SINGLE_THREADED (&gmon_never_single_threaded)
#endif

/* A count of a key, the arc table's as the others': with one thread, a
 * single instruction that a signal handler cannot split; else an
 * atomic add. */
static inline void gmon_count_add(uint64_t *count, uint64_t n, const char *single_threaded)
{
	if (n == 1 && *single_threaded)
		gmon_arch_increment_local(count);
	else
		__atomic_fetch_add(count, n, __ATOMIC_RELAXED);
}

/* The count a writer's walk hands on for the slot at slot (window.h):
 * the count itself, or in a window write the window's part; 0: skip. */
static inline uint64_t gmon_table_window_count(const struct gmon_table *t, const void *slot,
					       size_t slot_size, uint64_t count)
{
	if (!t->window)
		return count;
	size_t i = (size_t)((const char *)slot - (const char *)t->slots) / slot_size;
	return gmon_window_count(t->window, (size_t)t->mask + 1, i, count);
}

#endif /* GMON_TABLE_H */
