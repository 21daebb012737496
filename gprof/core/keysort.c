/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * keysort.c: a least-significant-digit radix sort of (key, index) pairs,
 * one byte a pass; a byte that is the same in every key is neither
 * counted nor passed over (addresses of one program differ in three or
 * four bytes).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include "keysort.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

void keysort(struct keyed *items, size_t n)
{
	size_t *counts, i, d, k, varying = 0;
	unsigned digit[8];
	uint64_t all_and = ~(uint64_t)0, all_or = 0;
	struct keyed *from = items, *to, *spare;

	if (n < 2)
		return;
	/* the bytes that differ between keys: only those are counted */
	for (i = 0; i < n; i++) {
		all_and &= items[i].key;
		all_or |= items[i].key;
	}
	for (d = 0; d < 8; d++)
		if ((((all_and ^ all_or) >> (8 * d)) & 0xff) != 0)
			digit[varying++] = (unsigned)(8 * d);
	if (varying == 0)
		return;
	counts = xcalloc(varying * 256, sizeof(*counts)); /* digit k's at [256 * k] */
	for (i = 0; i < n; i++)
		for (k = 0; k < varying; k++)
			counts[256 * k + ((items[i].key >> digit[k]) & 0xff)]++;
	spare = xmalloc(n * sizeof(*spare));
	to = spare;
	for (k = 0; k < varying; k++) {
		size_t *count = counts + 256 * k, sum = 0, b;
		unsigned shift = digit[k];
		struct keyed *t;

		for (b = 0; b < 256; b++) {
			size_t c = count[b];

			count[b] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			to[count[(from[i].key >> shift) & 0xff]++] = from[i];
		t = from;
		from = to;
		to = t;
	}
	if (from != items)
		memcpy(items, from, n * sizeof(*items));
	free(spare);
	free(counts);
}

void keysort_mostly(struct keyed *items, size_t n, uint64_t common)
{
	size_t below = 0, same = 0, at[3], i;
	struct keyed *parts;

	for (i = 0; i < n; i++) {
		below += items[i].key < common;
		same += items[i].key == common;
	}
	if (same < n / 2) {
		keysort(items, n);
		return;
	}
	parts = xmalloc(n * sizeof(*parts));
	at[0] = 0;
	at[1] = below;
	at[2] = below + same;
	for (i = 0; i < n; i++)
		parts[at[(items[i].key >= common) + (items[i].key > common)]++] = items[i];
	keysort(parts, below);
	keysort(parts + below + same, n - below - same);
	memcpy(items, parts, n * sizeof(*items));
	free(parts);
}

uint64_t double_key(double x)
{
	uint64_t bits;

	if (x == 0.0)
		x = 0.0;
	memcpy(&bits, &x, sizeof(bits));
	return (bits >> 63) ? ~bits : bits | UINT64_C(1) << 63;
}
