/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * model.c: the profile model's memory, and the data structures every
 * stage uses on it: symbol tables sorted by address, arcs found by
 * caller and callee, source files found by name.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include <bfd.h>

#include "core/model.h"
#include "core/keysort.h"
#include "core/util.h"

/* ------------------------------------------------------------ the model */

/* Names the model makes (line symbols, -S listings) are kept in chunks,
 * freed together with the model. */
struct string_chunk {
	struct string_chunk *next;
	size_t used, size;
	char text[];
};

#define STRING_CHUNK 65536

struct source_file_entry {
	struct source_file file;
	struct source_file_entry *hash_next;
};

void (*model_new_hook)(struct model *m);
void (*model_free_hook)(struct model *m);

struct model *model_new(void)
{
	struct model *m = xcalloc(1, sizeof(*m));

	strcpy(m->histograms.dimension, "seconds");
	m->histograms.dimension_abbrev = 's';
	if (model_new_hook)
		model_new_hook(m);
	return m;
}

struct object *model_add_object(struct model *m)
{
	struct object *obj = xcalloc(1, sizeof(*obj));

	if (m->object_count == m->object_capacity) {
		m->object_capacity = m->object_capacity ? m->object_capacity * 2 : 8;
		m->objects = xrealloc(m->objects, m->object_capacity * sizeof(*m->objects));
	}
	m->objects[m->object_count++] = obj;
	return obj;
}

const char *model_strdup(struct model *m, const char *s)
{
	size_t n = strlen(s) + 1;
	struct string_chunk *c = m->strings;
	char *copy;

	if (c == NULL || c->size - c->used < n) {
		size_t size = n > STRING_CHUNK ? n : STRING_CHUNK;

		c = xmalloc(sizeof(*c) + size);
		c->next = m->strings;
		c->used = 0;
		c->size = size;
		m->strings = c;
	}
	copy = memcpy(c->text + c->used, s, n);
	c->used += n;
	return copy;
}

const char *model_printable(struct model *m, const char *s)
{
	char *copy;
	const char *shown = text_printable(s, &copy);

	if (copy) {
		shown = model_strdup(m, copy);
		free(copy);
	}
	return shown;
}

static void object_free(struct object *obj)
{
	size_t i;

	for (i = 0; obj->source_hash && i < SOURCE_HASH_SIZE; i++) {
		struct source_file_entry *e, *next;

		for (e = obj->source_hash[i]; e; e = next) {
			next = e->hash_next;
			free((char *)e->file.name);
			free(e);
		}
	}
	free(obj->source_hash);
	free(obj->text_bytes);
	free(obj->build_id);
	free(obj->segments);
	free(obj->bfd_symbols);
	free(obj->synthetic);
	free(obj->dynamic_symbols);
	free(obj->names_from);
	if (obj->line_index)
		obj->line_index_release(obj->line_index);
	if (obj->debug_abfd)
		bfd_close(obj->debug_abfd);
	if (obj->abfd)
		bfd_close(obj->abfd);
	free(obj);
}


void model_forget_profile(struct model *m)
{
	unsigned i;

	for (i = 0; i < m->histograms.count; i++) {
		free(m->histograms.records[i].bins);
		free(m->histograms.records[i].written);
	}
	free(m->histograms.records);
	memset(&m->histograms, 0, sizeof(m->histograms));
	strcpy(m->histograms.dimension, "seconds");
	m->histograms.dimension_abbrev = 's';
	while (m->arcs.chunk) {
		struct arc *previous = m->arcs.chunk[0].next_parent;

		free(m->arcs.chunk);
		m->arcs.chunk = previous;
	}
	free(m->arcs.chunks);
	free(m->arcs.hash);
	free(m->arcs.all);
	free(m->arcs.self);
	memset(&m->arcs, 0, sizeof(m->arcs));
	free(m->cycles);
	m->cycles = NULL;
	m->cycle_count = 0;
	free(m->by_time);
	m->by_time = NULL;
	m->by_time_count = 0;
	free(m->sources);
	m->sources = NULL;
	m->source_count = 0;
	free(m->call_sites.sites);
	free(m->call_sites.slots);
	memset(&m->call_sites, 0, sizeof(m->call_sites));
	m->input = 0;
	m->total_ticks = 0.0;
	m->overhead_ticks = 0.0;
	m->print_ticks = 0.0;
	m->measured = false;
}

void model_free(struct model *m)
{
	size_t i;
	int t;

	if (model_free_hook)
		model_free_hook(m);

	if (m == NULL)
		return;
	model_forget_profile(m);
	for (i = 0; i < m->process.run_count; i++) {
		free(m->process.runs[i].segments);
		free(m->process.runs[i].numbers);
	}
	free(m->process.runs);
	free(m->process.samples);
	free(m->process.main_samples);
	free(m->process.arcs_from);
	free(m->process.arcs_to);
	free(m->process.stacks.words);
	free(m->process.threads);
	intern_free(&m->process.thread_keys);
	for (i = 0; i < m->symbols.count; i++)
		free(m->symbols.base[i].blocks);
	symbol_table_release(&m->symbols);
	for (t = 0; t < SYMSPEC_TABLES; t++)
		symbol_table_release(&m->symspecs.tables[t]);
	symbol_table_release(&m->symspecs.right_table);
	for (i = 0; i < m->symspecs.arc_count; i++)
		free(m->symspecs.arcs[i]);
	free(m->symspecs.arcs);
	for (i = 0; i < m->file_map.count; i++) {
		free(m->file_map.entries[i].file_name);
		free(m->file_map.entries[i].function_name);
	}
	free(m->file_map.entries);
	for (i = 0; i < m->object_count; i++)
		object_free(m->objects[i]);
	free(m->objects);
	while (m->strings) {
		struct string_chunk *next = m->strings->next;

		free(m->strings);
		m->strings = next;
	}
	free(m);
}

/* ------------------------------------------------------------ symbols */

void symbol_init(struct symbol *sym)
{
	memset(sym, 0, sizeof(*sym));
}

/* Should src replace kept, the symbol already kept at the same address?
 * Global over static, function over line, then a name without a leading
 * underscore (or with one rather than two) over one with. */
static bool replaces(const struct symbol *src, const struct symbol *kept)
{
	if (!src->is_static && kept->is_static)
		return true;
	if (src->is_static != kept->is_static)
		return false;
	if (src->is_function && !kept->is_function)
		return true;
	if (src->is_function != kept->is_function)
		return false;
	if (src->name[0] != '_' && kept->name[0] == '_')
		return true;
	return src->name[0] == '_' && kept->name[0] == '_' && src->name[1] != '_' &&
	       kept->name[1] == '_';
}

void symbol_table_release(struct symbol_table *table)
{
	free(table->base);
	free(table->buckets);
	memset(table, 0, sizeof(*table));
}

void symbol_table_reserve(struct symbol_table *table, size_t n)
{
	size_t need = table->count + n + 1;
	size_t grown = table->capacity + table->capacity / 2;

	if (need <= table->capacity)
		return;
	if (need < grown)
		need = grown;
	table->base = xrealloc(table->base, need * sizeof(*table->base));
	advise_huge(table->base, need * sizeof(*table->base));
	table->capacity = need;
}

/*
 * symbol_lookup was a binary search over 20,000 symbols of 208 bytes:
 * about 15 probes, each a cache miss, for both ends of every arc read.
 * Buckets of addresses, about one symbol per bucket, leave a search over
 * one or two symbols.  The answer is the same (see symbol_lookup).
 */
static void build_buckets(struct symbol_table *table)
{
	uint64_t first, span;
	size_t b, i, count = table->count;
	unsigned shift = 0;

	free(table->buckets);
	table->buckets = NULL;
	table->bucket_count = 0;
	if (count < 64 || count > UINT32_MAX)
		return;
	first = table->base[0].address;
	span = table->base[count - 1].address - first;
	while ((span >> shift) >= count)
		shift++;
	table->bucket_shift = shift;
	table->bucket_count = (size_t)(span >> shift) + 1;
	table->buckets = xmalloc((table->bucket_count + 1) * sizeof(*table->buckets));
	for (b = 0, i = 0; b < table->bucket_count; b++) {
		uint64_t start = first + ((uint64_t)b << shift);

		while (i < count && table->base[i].address < start)
			i++;
		table->buckets[b] = (uint32_t)i;
	}
	table->buckets[table->bucket_count] = (uint32_t)count;
}

/* By address; at one address a function before a non-function and a
 * global before a static, so that duplicate removal keeps them; then in
 * table order (what glibc's qsort, a merge sort, gave): the places sorted by the last keys first, each
 * sort stable, then the symbols moved once along the permutation's
 * cycles (one symbol held aside: no second table at the peak). */
#define SORT_AHEAD 8

static void fetch_symbol(const struct symbol *sym)
{
	const char *p = (const char *)sym;
	size_t line;

	for (line = 0; line < sizeof(*sym); line += 64)
		__builtin_prefetch(p + line);
	__builtin_prefetch(p + sizeof(*sym) - 1);
}

static void sort_by_address(struct symbol_table *table)
{
	size_t n = table->count, i, class_start[5] = { 0 };
	struct keyed *order = xmalloc(n * sizeof(*order));
	size_t *by_class = xmalloc(n * sizeof(*by_class));
	struct symbol held;

	/* functions first, then not static first: four classes, counted */
	for (i = 0; i < n; i++)
		class_start[1 + 2 * !table->base[i].is_function + table->base[i].is_static]++;
	for (i = 1; i < 5; i++)
		class_start[i] += class_start[i - 1];
	for (i = 0; i < n; i++)
		by_class[class_start[2 * !table->base[i].is_function + table->base[i].is_static]++] =
			i;
	for (i = 0; i < n; i++)
		order[i] = (struct keyed){ table->base[by_class[i]].address, by_class[i] };
	free(by_class);
	keysort(order, n);
	/* position i takes the symbol at order[i].index; a second cursor
	 * runs AHEAD places on along the same cycle and fetches the
	 * symbols to come (scattered: a cache miss each at 100,000) */
	for (i = 0; i < n; i++) {
		size_t to = i, from, ahead = i, k;

		if (order[i].index == i)
			continue;
		held = table->base[i];
		for (k = 0; k < SORT_AHEAD && (ahead = order[ahead].index) != i; k++)
			fetch_symbol(&table->base[ahead]);
		while ((from = order[to].index) != i) {
			if (ahead != i && (ahead = order[ahead].index) != i)
				fetch_symbol(&table->base[ahead]);
			table->base[to] = table->base[from];
			order[to].index = to;
			to = from;
		}
		table->base[to] = held;
		order[to].index = to;
	}
	free(order);
}

void symbol_table_finalize(struct symbol_table *table, uint64_t last_address)
{
	struct symbol *src, *dst, *limit;
	uint64_t previous;

	if (table->count == 0) {
		build_buckets(table);
		return;
	}
	sort_by_address(table);
	limit = table->base + table->count;
	previous = table->base[0].address - 1;
	for (src = dst = table->base; src < limit; src++) {
		if (src->address == previous) {
			if (replaces(src, &dst[-1]))
				dst[-1] = *src;
			continue;
		}
		if (dst > table->base && dst[-1].end_address == 0)
			dst[-1].end_address = src->address - 1;
		/* keep only symbols with a non-empty range */
		if (src->end_address == 0 || src->address <= src->end_address) {
			*dst++ = *src;
			previous = src->address;
		}
	}
	/* every range may have been empty (a symspec naming only a data
	 * symbol past the text): then nothing is left to close (tests/fuzz) */
	if (dst > table->base && dst[-1].end_address == 0)
		dst[-1].end_address = last_address;
	table->count = (size_t)(dst - table->base);
	build_buckets(table);
}

struct symbol *symbol_lookup(const struct symbol_table *table, uint64_t addr)
{
	size_t low = 0, high = table->count;
	struct symbol *sym;

	/* The last symbol at or below addr is the one before the first above
	 * it.  With the index, that first one is in [buckets[b], buckets[b +
	 * 1]] for addr's bucket b (the symbols before buckets[b] are below
	 * the bucket's start, those from buckets[b + 1] at or above the next
	 * bucket's); past the last bucket it is count. */
	if (table->buckets) {
		uint64_t first = table->base[0].address;

		if (addr < first)
			return NULL;
		if (((addr - first) >> table->bucket_shift) < table->bucket_count) {
			size_t b = (size_t)((addr - first) >> table->bucket_shift);

			low = table->buckets[b];
			high = table->buckets[b + 1];
		} else {
			low = high = table->count;
		}
	}
	/* find the last symbol whose address is <= addr */
	while (low < high) {
		size_t mid = low + (high - low) / 2;

		if (table->base[mid].address <= addr)
			low = mid + 1;
		else
			high = mid;
	}
	if (low == 0)
		return NULL;
	sym = &table->base[low - 1];
	return addr <= sym->end_address ? sym : NULL;
}

/* The 8 bytes of name from off as a big-endian number, zeros after the
 * end: numbers compare as strcmp compares those bytes. */
static uint64_t name_chunk(const char *name, size_t off)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < 8; i++) {
		unsigned char c = (unsigned char)name[off + i];

		v = v << 8 | c;
		if (c == 0) {
			v <<= 8 * (7 - i);
			break;
		}
	}
	return v;
}

/* Sorts order[0..n), names alike in their first off bytes, by name: a
 * radix sort on the next 8 bytes, then each run alike in them on the
 * next (few names share a long prefix); small runs by strcmp. */
static void sort_names_from(struct symbol **order, size_t n, size_t off, struct keyed *keys,
			    struct symbol **moved)
{
	size_t i, start;

	if (n < 2)
		return;
	if (n <= 16) { /* by insertion */
		for (i = 1; i < n; i++) {
			struct symbol *sym = order[i];
			size_t j = i;

			for (; j > 0 && strcmp(order[j - 1]->name + off, sym->name + off) > 0; j--)
				order[j] = order[j - 1];
			order[j] = sym;
		}
		return;
	}
	for (i = 0; i < n; i++)
		keys[i] = (struct keyed){ name_chunk(order[i]->name, off), i };
	keysort(keys, n);
	for (i = 0; i < n; i++)
		moved[i] = order[keys[i].index];
	memcpy(order, moved, n * sizeof(*order));
	for (i = 0; i < n; i++)
		keys[i].index = i; /* keys[i] is now order[i]'s */
	for (start = 0; start < n;) {
		size_t end = start + 1;

		while (end < n && keys[end].key == keys[start].key)
			end++;
		/* a name that ended in these 8 bytes: the run's names are equal */
		if (end - start > 1 && (keys[start].key & 0xff) != 0)
			sort_names_from(order + start, end - start, off + 8, keys + start,
					moved + start);
		start = end;
	}
}

/* One sort by name for the whole run: three sorts compared names with
 * strcmp, each on frequent ties (every function without time), and the
 * names are scattered through BFD's string table, so each comparison
 * missed the cache.  A rank compares in the same order as strcmp.  Only
 * the ranks come out of the sort, so any sort by name will do: a radix
 * sort 8 bytes at a time (qsort's n log n string comparisons were a
 * twentieth of a run of 100,000 functions). */
void symbol_table_rank_names(struct symbol_table *table)
{
	struct symbol **order, **moved;
	struct keyed *keys;
	size_t i, n = 0, unnamed;
	unsigned rank = 0;

	if (table->count == 0)
		return;
	order = xmalloc(table->count * sizeof(*order));
	/* names first; a symbol without one ranks before every name */
	for (i = 0; i < table->count; i++)
		if (table->base[i].name)
			order[n++] = &table->base[i];
	unnamed = n;
	for (i = 0; i < table->count; i++)
		if (!table->base[i].name)
			order[unnamed++] = &table->base[i];
	keys = xmalloc((n + 1) * sizeof(*keys));
	moved = xmalloc((n + 1) * sizeof(*moved));
	sort_names_from(order, n, 0, keys, moved);
	free(keys);
	free(moved);
	if (n < table->count)
		rank = 1;
	for (i = n; i < table->count; i++)
		order[i]->name_rank = 0;
	for (i = 0; i < n; i++) {
		if (i > 0 && strcmp(order[i - 1]->name, order[i]->name) != 0)
			rank++;
		order[i]->name_rank = rank;
	}
	free(order);
}

/* ------------------------------------------------------------ source files */

/* Source files are found by path through a hash table: GNU gprof's list
 * search is quadratic in the number of files. */
static unsigned long hash_string(const char *s)
{
	unsigned long h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

struct source_file *source_file_by_path(struct object *obj, const char *path)
{
	unsigned long h = hash_string(path) % SOURCE_HASH_SIZE;
	struct source_file_entry *e;

	if (obj->source_hash == NULL)
		obj->source_hash = xcalloc(SOURCE_HASH_SIZE, sizeof(*obj->source_hash));
	for (e = obj->source_hash[h]; e; e = e->hash_next)
		if (strcmp(e->file.name, path) == 0)
			return &e->file;
	e = xcalloc(1, sizeof(*e));
	e->file.name = xstrdup(path);
	e->file.number = obj->source_file_count++;
	e->file.next = obj->source_files;
	obj->source_files = &e->file;
	e->hash_next = obj->source_hash[h];
	obj->source_hash[h] = e;
	return &e->file;
}

struct source_file *source_file_by_name(const struct object *obj, const char *name)
{
	struct source_file *sf;

	for (sf = obj->source_files; sf; sf = sf->next) {
		const char *slash = strrchr(sf->name, '/');
		const char *base = slash ? slash + 1 : sf->name;

		if (strcmp(name, base) == 0)
			return sf;
	}
	return NULL;
}

/* ------------------------------------------------------------ arcs */

/*
 * Arcs are found by (caller, callee) through a hash table: GNU gprof walks
 * the caller's whole list of callees for every arc it reads.  The table
 * is open (linear probing), each slot 8 bytes: 32 bits of the pair's hash
 * and the arc's number, so that a search reads no arc but the one it
 * finds (a chained table read every arc of the chain, each a cache miss:
 * a tenth of a run of 100,000 functions); it grows at three quarters
 * full, reading the arcs in the order they were made.  Arcs are carved
 * from chunks of ARC_CHUNK (no per-arc malloc overhead), each chunk's
 * first arc unused (number 0 is an empty slot) but linking to the
 * previous chunk through next_parent.  A chunk is 2 MiB and a bit, the first
 * allocated as any other memory (a small profile touches only its
 * first pages), the next ones in huge pages (xmalloc_huge): the call
 * graph walks its arcs at random.  Arcs from a function to itself are
 * also kept apart, so that the call graph need not look one up for
 * every function.
 */
#define ARC_CHUNK ((((size_t)2 << 20) + sizeof(struct arc) - 1) / sizeof(struct arc))

static struct arc *arc_new(struct arc_store *s)
{
	struct arc *arc;

	if (s->chunk == NULL || s->chunk_used == ARC_CHUNK) {
		size_t size = ARC_CHUNK * sizeof(struct arc);
		struct arc *chunk = s->chunk ? xmalloc_huge(size) : xmalloc(size);

		if (s->chunk_count == s->chunk_capacity) {
			s->chunk_capacity = s->chunk_capacity ? s->chunk_capacity * 2 : 16;
			s->chunks = xrealloc(s->chunks, s->chunk_capacity * sizeof(*s->chunks));
		}
		s->chunks[s->chunk_count++] = chunk;
		chunk[0].next_parent = s->chunk;
		s->chunk = chunk;
		s->chunk_used = 1;
	}
	/* zeroed here, not by calloc: a chunk's pages are touched as used */
	arc = &s->chunk[s->chunk_used++];
	memset(arc, 0, sizeof(*arc));
	return arc;
}

const struct arc *arc_store_chunk(const struct arc_store *s, size_t c, size_t *count)
{
	*count = (c + 1 == s->chunk_count ? s->chunk_used : ARC_CHUNK) - 1;
	return &s->chunks[c][1];
}

static struct arc *arc_numbered(const struct arc_store *s, uint32_t number)
{
	return &s->chunks[number / ARC_CHUNK][number % ARC_CHUNK];
}

static uint64_t arc_hash(const struct symbol *parent, const struct symbol *child)
{
	uint64_t h = (uint64_t)(uintptr_t)parent * 0x9E3779B97F4A7C15ull ^
		     (uint64_t)(uintptr_t)child * 0xC2B2AE3D27D4EB4Full;

	/* a product's low bits depend only on the factors' low bits, which
	 * are alike in pointers into one array: mix, then take the high bits
	 * for the slot, the low ones for the tag */
	return (h ^ (h >> 32)) * 0xD6E8FEB86659FD93ull;
}

static size_t arc_first_slot(const struct arc_store *s, uint64_t h)
{
	return (size_t)(h >> 32) & (s->hash_size - 1);
}

/* The slot holding (parent, child)'s arc, or the empty slot where it
 * would go; *arc the arc or NULL */
static size_t arc_find(const struct arc_store *s, const struct symbol *parent,
		       const struct symbol *child, uint64_t h, struct arc **found)
{
	size_t slot = arc_first_slot(s, h);
	uint32_t tag = (uint32_t)h;

	for (;; slot = (slot + 1) & (s->hash_size - 1)) {
		uint64_t v = s->hash[slot];

		if (v == 0)
			break;
		if ((uint32_t)(v >> 32) == tag) {
			struct arc *arc = arc_numbered(s, (uint32_t)v);

			if (arc->parent == parent && arc->child == child) {
				*found = arc;
				return slot;
			}
		}
	}
	*found = NULL;
	return slot;
}

struct arc *arc_lookup(const struct arc_store *s, const struct symbol *parent,
		       const struct symbol *child)
{
	struct arc *arc;

	if (s->hash_size == 0)
		return NULL;
	arc_find(s, parent, child, arc_hash(parent, child), &arc);
	return arc;
}

void arc_lookup_adjacent(const struct arc_store *s, struct symbol *const *frames, size_t count,
			 struct arc **out)
{
	size_t d;

	if (count < 2)
		return;
	if (s->hash_size == 0) {
		memset(out, 0, (count - 1) * sizeof(*out));
		return;
	}
	for (d = 0; d + 1 < count; d++)
		if (frames[d] && frames[d + 1])
			__builtin_prefetch(
				&s->hash[arc_first_slot(s, arc_hash(frames[d + 1], frames[d]))]);
	for (d = 0; d + 1 < count; d++)
		out[d] = frames[d] && frames[d + 1] ? arc_lookup(s, frames[d + 1], frames[d])
						    : NULL;
}

static void arc_hash_grow(struct arc_store *s)
{
	size_t c, k;

	free(s->hash);
	s->hash_size = s->hash_size ? s->hash_size * 2 : 8192;
	s->hash = xcalloc_huge(s->hash_size, sizeof(*s->hash));
	for (c = 0; c < s->chunk_count; c++) {
		size_t used = c + 1 == s->chunk_count ? s->chunk_used : ARC_CHUNK;

		for (k = 1; k < used; k++) {
			struct arc *arc = &s->chunks[c][k];
			uint64_t h = arc_hash(arc->parent, arc->child);
			size_t slot = arc_first_slot(s, h);

			while (s->hash[slot] != 0)
				slot = (slot + 1) & (s->hash_size - 1);
			s->hash[slot] = h << 32 | (uint64_t)(c * ARC_CHUNK + k);
		}
	}
}

struct arc *arc_add(struct arc_store *s, struct symbol *parent, struct symbol *child,
		    unsigned long count)
{
	uint64_t h = arc_hash(parent, child);
	struct arc *arc = NULL;
	size_t slot = 0;

	if (s->hash_size)
		slot = arc_find(s, parent, child, h, &arc);
	if (arc) {
		arc->count = add_calls(arc->count, count);
		return arc;
	}
	if ((s->hash_count + 1) * 4 > s->hash_size * 3) {
		arc_hash_grow(s);
		slot = arc_find(s, parent, child, h, &arc);
	}
	arc = arc_new(s);
	arc->parent = parent;
	arc->child = child;
	arc->count = count;
	s->hash[slot] = h << 32 | (uint64_t)((s->chunk_count - 1) * ARC_CHUNK + s->chunk_used - 1);
	s->hash_count++;
	if (parent != child) {
		if (s->all_count == s->all_capacity) {
			s->all_capacity = s->all_capacity ? s->all_capacity * 2 : 256;
			s->all = xrealloc(s->all, s->all_capacity * sizeof(*s->all));
		}
		s->all[s->all_count++] = arc;
	} else {
		if (s->self_count == s->self_capacity) {
			s->self_capacity = s->self_capacity ? s->self_capacity * 2 : 64;
			s->self = xrealloc(s->self, s->self_capacity * sizeof(*s->self));
		}
		s->self[s->self_count++] = arc;
	}
	/* new arcs go first on both lists */
	arc->next_child = parent->children;
	parent->children = arc;
	arc->next_parent = child->parents;
	child->parents = arc;
	return arc;
}

struct symbol *stack_frame_symbol(const struct model *m, const uint64_t *frames, size_t frame)
{
	uint64_t address = frames[frame];
	struct symbol *sym;

	if (frame > 0 && address != MODEL_UNKNOWN_ADDRESS)
		address--;
	sym = symbol_lookup(&m->symbols, address);
	while (sym && sym->alias_of)
		sym = sym->alias_of;
	return sym;
}

#define FRAME_CACHE 65536

struct frame_cache_slot {
	uint64_t address; /* the frame's word as stored */
	struct symbol *symbol;
	unsigned char state; /* 0 unused, 1 innermost frame, 2 return address */
};

struct frame_cache {
	struct frame_cache_slot slot[FRAME_CACHE];
};

struct frame_cache *frame_cache_new(void)
{
	return xcalloc(1, sizeof(struct frame_cache));
}

struct symbol *frame_cache_symbol(const struct model *m, struct frame_cache *cache,
				  const uint64_t *frames, size_t frame)
{
	uint64_t a = frames[frame];
	unsigned char state = frame == 0 ? 1 : 2;
	struct frame_cache_slot *slot =
		&cache->slot[(size_t)((a ^ (a >> 17) ^ state) * 0x9E3779B97F4A7C15ull >> 48) &
			     (FRAME_CACHE - 1)];

	if (slot->state != state || slot->address != a) {
		slot->state = state;
		slot->address = a;
		slot->symbol = stack_frame_symbol(m, frames, frame);
	}
	return slot->symbol;
}

bool symbol_calls_counted(const struct model *m, const struct symbol *sym)
{
	const struct arc *arc;

	if (!m->process.stacks.present && !(m->input & INPUT_UNCOUNTED_ARCS))
		return true;
	if (sym->calls + sym->self_calls != 0)
		return true;
	for (arc = sym->parents; arc; arc = arc->next_parent)
		if (!arc->uncounted)
			return true;
	return false;
}
