/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * intern.c: strings to numbers in the order first met (intern.h).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "core/intern.h"
#include "core/util.h"

/* FNV-1a */
static size_t hash_string(const char *s)
{
	size_t h = 14695981039346656037ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

size_t intern_string(struct intern_table *t, const char *s, bool *added)
{
	size_t slot;

	if (2 * (t->count + 1) > t->slot_count) {
		size_t i, n = t->slot_count ? 2 * t->slot_count : 256;

		free(t->slots);
		t->slots = xcalloc(n, sizeof(*t->slots));
		t->slot_count = n;
		for (i = 0; i < t->count; i++) {
			for (slot = hash_string(t->strings[i]) & (n - 1); t->slots[slot];
			     slot = (slot + 1) & (n - 1))
				;
			t->slots[slot] = i + 1;
		}
	}
	for (slot = hash_string(s) & (t->slot_count - 1); t->slots[slot];
	     slot = (slot + 1) & (t->slot_count - 1))
		if (strcmp(t->strings[t->slots[slot] - 1], s) == 0) {
			if (added)
				*added = false;
			return t->slots[slot] - 1;
		}
	if (t->count == t->capacity) {
		t->capacity = t->capacity ? 2 * t->capacity : 256;
		t->strings = xrealloc(t->strings, t->capacity * sizeof(*t->strings));
	}
	t->strings[t->count] = s;
	t->slots[slot] = ++t->count;
	if (added)
		*added = true;
	return t->count - 1;
}

void intern_free(struct intern_table *t)
{
	free(t->strings);
	free(t->slots);
	memset(t, 0, sizeof(*t));
}
