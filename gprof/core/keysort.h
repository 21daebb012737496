/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * keysort.h: a stable sort of (64-bit key, index) pairs by key, a radix
 * sort (linear): for the sorts of every symbol by address, where qsort's
 * n log n calls of a comparison cost a quarter of a large run.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_KEYSORT_H
#define GPROF_KEYSORT_H

#include <stddef.h>
#include <stdint.h>

struct keyed {
	uint64_t key;
	size_t index;
};

/* Sorts items[0..n) by key, ascending; equal keys keep their order
 * (what glibc's qsort gives with ties broken by the index when the
 * indices ascend on entry). */
void keysort(struct keyed *items, size_t n);

/* The same, for keys most of which are one value (common): the others
 * alone are sorted (a time, zero for most functions, varies in every
 * byte of its key, so that keysort would make all 8 passes). */
void keysort_mostly(struct keyed *items, size_t n, uint64_t common);

/* A double as a key in the same order (not NaN; -0 as 0, equal to it). */
uint64_t double_key(double x);

#endif
