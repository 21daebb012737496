/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * mixed.c: a realistic mix: a tokenizer, a hash table of words, sorting
 * with a comparison callback, a little floating point; calls of many
 * sizes, some through pointers, and work between them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABLE 4096

struct entry {
	char word[16];
	unsigned count;
	struct entry *next;
};

static struct entry *table[TABLE];
static struct entry pool[1 << 16];
static unsigned pool_used;

static unsigned hash(const char *s)
{
	unsigned h = 2166136261u;
	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static struct entry *lookup(const char *w)
{
	unsigned h = hash(w) % TABLE;
	for (struct entry *e = table[h]; e; e = e->next)
		if (strcmp(e->word, w) == 0)
			return e;
	if (pool_used == sizeof pool / sizeof pool[0])
		return NULL;
	struct entry *e = &pool[pool_used++];
	strncpy(e->word, w, sizeof e->word - 1);
	e->next = table[h];
	table[h] = e;
	return e;
}

static unsigned next_random(unsigned *state)
{
	*state = *state * 1103515245u + 12345u;
	return *state >> 8;
}

static void make_word(char *w, unsigned *state)
{
	int len = 3 + next_random(state) % 6;
	for (int i = 0; i < len; i++)
		w[i] = (char)('a' + next_random(state) % 6);
	w[len] = '\0';
}

static int by_count(const void *a, const void *b)
{
	const struct entry *x = *(struct entry *const *)a, *y = *(struct entry *const *)b;
	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return strcmp(x->word, y->word);
}

static double score(const struct entry *e)
{
	double s = 0;
	for (int i = 0; e->word[i]; i++)
		s = s * 1.5 + e->word[i] / 7.0;
	return s / (1 + e->count);
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 20;
	unsigned state = 1;
	double total = 0;
	static struct entry *sorted[1 << 16];
	for (int r = 0; r < rounds; r++) {
		char w[16];
		for (int i = 0; i < 100000; i++) {
			make_word(w, &state);
			struct entry *e = lookup(w);
			if (e)
				e->count++;
		}
		for (unsigned i = 0; i < pool_used; i++)
			sorted[i] = &pool[i];
		qsort(sorted, pool_used, sizeof sorted[0], by_count);
		for (unsigned i = 0; i < pool_used; i++)
			total += score(sorted[i]);
	}
	printf("%u words, %.3f\n", pool_used, total);
	return 0;
}
