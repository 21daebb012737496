/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * objects.c: a whole-process profile's objects other than the executable
 * (doc/format.md, "The process file").  Each run has its own load
 * addresses (address-space randomization); every address of a run is
 * turned into a model address (model.h) through that run's segments, so
 * that runs sum by object, not by address.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "gmon_out.h"
#include "symtab/debuginfo.h"
#include "symtab/object.h"
#include "gmon/whole_process.h"
#include "gmon/object_files.h"
#include "core/outfile.h"
#include "gmon/process_file.h"
#include "gmon/run_map.h"
#include "symtab/symbols.h"
#include "core/util.h"

/* Merging as runs are read: a count that reached twice what the last
 * merge left, plus this, is merged again (each merge costs about what
 * was added since the last, so the reading stays linear in the files). */
#define MERGE_SLACK 4096

/* An object's segments in its own addresses, while the objects are read:
 * each run's appended, the copies dropped when the count has doubled
 * since the last time (linear in the runs, however many). */
struct object_extent {
	uint64_t *segments; /* pairs [start, end) */
	size_t count, capacity, merged;
};

/* What objects_read keeps while the runs are read: each model object's
 * extent, the objects other than the executable by path and build-id (a
 * hash table: one probe a record) and by file (object_files.c). */
struct object_index {
	struct object_extent *extents; /* [k] for model object k */
	size_t *slots;                 /* model object numbers; 0 = empty */
	size_t slot_count;             /* a power of two, at least twice the objects */
	size_t extent_capacity;
	struct object_files files;
};


uint64_t objects_gmon_address(const struct model *m, size_t run, uint64_t address)
{
	const struct object *main_object = m->objects[0];
	const struct run_map *map;

	if (run >= m->process.run_count || !m->process.runs[run].known)
		return address;
	if (address >= main_object->code_low && address < main_object->code_high)
		return address;
	map = &m->process.runs[run];
	address = run_map_address(map, address + map->main_bias);
	return address == MODEL_UNKNOWN_ADDRESS ? 0 : address;
}

static int compare_extent(const void *lp, const void *rp)
{
	const uint64_t *l = lp, *r = rp;

	if (l[0] != r[0])
		return l[0] < r[0] ? -1 : 1;
	return (l[1] > r[1]) - (l[1] < r[1]);
}

/* Each run maps an object's segments again: keep each once (sorted). */
static void merge_extent(struct object_extent *e)
{
	size_t i, out = 0;

	qsort(e->segments, e->count, 2 * sizeof(uint64_t), compare_extent);
	for (i = 0; i < e->count; i++) {
		if (out > 0 && e->segments[2 * out - 2] == e->segments[2 * i] &&
		    e->segments[2 * out - 1] == e->segments[2 * i + 1])
			continue;
		e->segments[2 * out] = e->segments[2 * i];
		e->segments[2 * out + 1] = e->segments[2 * i + 1];
		out++;
	}
	e->count = e->merged = out;
}

static void add_extent(struct object_extent *e, uint64_t start, uint64_t end)
{
	if (e->count == e->capacity) {
		e->capacity = 2 * e->capacity + 2;
		e->segments = xrealloc(e->segments, e->capacity * 2 * sizeof(uint64_t));
	}
	e->segments[2 * e->count] = start;
	e->segments[2 * e->count + 1] = end;
	if (++e->count >= 2 * e->merged + 16)
		merge_extent(e);
}

static size_t object_hash(const char *path, const unsigned char *build_id, size_t size)
{
	uint64_t h = 0xcbf29ce484222325ull;
	size_t i;

	for (; *path; path++)
		h = (h ^ (unsigned char)*path) * 0x100000001b3ull;
	h = (h ^ 0xff) * 0x100000001b3ull; /* "ab" + "c" differs from "a" + "bc" */
	for (i = 0; i < size; i++)
		h = (h ^ build_id[i]) * 0x100000001b3ull;
	return (size_t)(h ^ h >> 32);
}

static bool same_object(const struct object *obj, const struct process_object *po)
{
	return strcmp(obj->path, po->path) == 0 && obj->build_id_size == po->build_id_size &&
	       memcmp(obj->build_id, po->build_id, po->build_id_size) == 0;
}

/* Room for one more object in the index: twice the objects, at least. */
static void index_grow(struct model *m, struct object_index *ix)
{
	size_t k, size = ix->slot_count ? ix->slot_count : 64;

	while (size < 2 * (m->object_count + 1))
		size *= 2;
	if (size == ix->slot_count)
		return;
	free(ix->slots);
	ix->slots = xcalloc(size, sizeof(*ix->slots));
	ix->slot_count = size;
	for (k = 1; k < m->object_count; k++) {
		const struct object *obj = m->objects[k];
		size_t slot = object_hash(obj->path, obj->build_id, obj->build_id_size) &
			      (size - 1);

		while (ix->slots[slot])
			slot = (slot + 1) & (size - 1);
		ix->slots[slot] = k;
	}
}

/* The model's object for a file's object record: the executable, or one
 * with the same path and build-id, or the same file's (another name), or a new one. */
static size_t merge_object(struct model *m, const struct process_object *po,
			   struct object_index *ix, const char *path)
{
	size_t k, slot, mask;

	if (po->flags & GMON_OBJECT_MAIN)
		return 0;
	index_grow(m, ix);
	mask = ix->slot_count - 1;
	slot = object_hash(po->path, po->build_id, po->build_id_size) & mask;
	for (; ix->slots[slot]; slot = (slot + 1) & mask)
		if (same_object(m->objects[ix->slots[slot]], po))
			return ix->slots[slot];
	if ((k = object_files_find(&ix->files, m, po)) != 0)
		return k;
	if (m->object_count > MODEL_OBJECT_LIMIT) /* object_count - 1 besides the executable */
		fatal("%s: more than %u objects besides the main program, the most a profile "
		      "holds",
		      path, MODEL_OBJECT_LIMIT);
	{
		struct object *obj = model_add_object(m);

		k = m->object_count - 1;
		ix->slots[slot] = k;
		obj->path = model_strdup(m, po->path);
		obj->flags = po->flags;
		obj->model_base = (uint64_t)k << MODEL_OBJECT_SHIFT;
		obj->build_id = xmalloc(po->build_id_size + 1);
		memcpy(obj->build_id, po->build_id, po->build_id_size);
		obj->build_id_size = po->build_id_size;
		if (m->object_count > ix->extent_capacity) {
			ix->extent_capacity = 2 * m->object_count;
			ix->extents =
				xrealloc(ix->extents, ix->extent_capacity * sizeof(*ix->extents));
		}
		memset(&ix->extents[k], 0, sizeof(*ix->extents));
	}
	return k;
}

/* ------------------------------------------------------------ merging */

struct merge_key {
	uint64_t a, b; /* what makes two entries the same */
	size_t index;  /* where the entry is */
};

static int compare_merge_key(const void *lp, const void *rp)
{
	const struct merge_key *l = lp, *r = rp;

	if (l->a != r->a)
		return l->a < r->a ? -1 : 1;
	if (l->b != r->b)
		return l->b < r->b ? -1 : 1;
	return (l->index > r->index) - (l->index < r->index);
}

static uint64_t add_count(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

/* Entries with the same keys become one, their counts summed, where the
 * first of them was: the order of first appearance is kept (the call
 * graph's ties are printed in the order arcs were first tallied).
 * counts[i] is the count of entry i; keep[] says which stay.  The
 * number kept. */
static size_t merge_keys(struct merge_key *keys, size_t n, uint64_t *counts, bool *keep)
{
	size_t i, first = 0, kept = 0;

	qsort(keys, n, sizeof(*keys), compare_merge_key);
	for (i = 0; i < n; i++) {
		if (i > 0 && keys[i].a == keys[first].a && keys[i].b == keys[first].b) {
			counts[keys[first].index] =
				add_count(counts[keys[first].index], counts[keys[i].index]);
			keep[keys[i].index] = false;
			continue;
		}
		first = i;
		keep[keys[i].index] = true;
		kept++;
	}
	return kept;
}

/* The samples of every run, each address once. */
static void merge_samples(struct process_part *p)
{
	size_t n = p->sample_count, i, out = 0;
	struct merge_key *keys = xmalloc((n + 1) * sizeof(*keys));
	uint64_t *counts = xmalloc((n + 1) * sizeof(*counts));
	bool *keep = xmalloc(n + 1);

	for (i = 0; i < n; i++) {
		keys[i] = (struct merge_key){ p->samples[i].address, 0, i };
		counts[i] = p->samples[i].count;
	}
	merge_keys(keys, n, counts, keep);
	for (i = 0; i < n; i++)
		if (keep[i])
			p->samples[out++] =
				(struct model_sample){ p->samples[i].address, counts[i] };
	p->sample_count = p->merged_samples = out;
	free(keys);
	free(counts);
	free(keep);
}

/* The arcs of every run, each (call site, callee) once. */
static void merge_arcs(struct process_part *p)
{
	size_t n = p->arc_count, i, out = 0;
	struct merge_key *keys = xmalloc((n + 1) * sizeof(*keys));
	uint64_t *counts = xmalloc((n + 1) * sizeof(*counts));
	bool *keep = xmalloc(n + 1);

	for (i = 0; i < n; i++) {
		keys[i] = (struct merge_key){ p->arcs_from[i].address, p->arcs_to[i].address, i };
		counts[i] = p->arcs_from[i].count;
	}
	merge_keys(keys, n, counts, keep);
	for (i = 0; i < n; i++)
		if (keep[i]) {
			p->arcs_from[out] =
				(struct model_sample){ p->arcs_from[i].address, counts[i] };
			p->arcs_to[out++] = p->arcs_to[i];
		}
	p->arc_count = p->merged_arcs = out;
	free(keys);
	free(counts);
	free(keep);
}

static void merge_stacks(struct model_stacks *st);

/* A run's stacks into the model, in model addresses (see struct
 * model_stacks for the return addresses' + 1). */
static void add_stacks(struct model *m, const struct run_map *run, const char *run_name,
		       const struct process_stacks *ps)
{
	struct model_stacks *st = &m->process.stacks;
	size_t i, w = 0;
	size_t *joined = NULL; /* this run's thread i is the model's joined[i] */

	st->present = true;
	/* A run's threads join those of the runs read before: the k-th
	 * thread of a name in one run (the main thread apart) is the k-th
	 * of that name in every run, shown with the id it had in the first
	 * run that had it.  So reading several files and reading their sum
	 * print the same, and a sum of many runs keeps as many threads as
	 * one run has, not their total. */
	if (ps->thread_count) {
		struct intern_table in_run = { 0 };
		uint32_t *count_of = xcalloc(ps->thread_count, sizeof(*count_of));
		/* "m" or "t" and the name: the run's kinds of thread */
		char(*kinds)[GMON_THREAD_NAME_BYTES + 2] =
			xmalloc(ps->thread_count * sizeof(*kinds));

		joined = xmalloc(ps->thread_count * sizeof(*joined));
		for (i = 0; i < ps->thread_count; i++) {
			const struct process_thread *t = &ps->threads[i];
			char main_or_not = t->flags & GMON_THREAD_FLAG_MAIN ? 'm' : 't';
			char key[GMON_THREAD_NAME_BYTES + 32];
			size_t kind, number;
			bool added;

			snprintf(kinds[i], sizeof(kinds[i]), "%c%s", main_or_not, t->name);
			kind = intern_string(&in_run, kinds[i], &added);
			snprintf(key, sizeof(key), "%c%u:%s", main_or_not, count_of[kind]++,
				 t->name);
			number = intern_string(&m->process.thread_keys, key, &added);
			if (added) {
				const char *name = model_strdup(m, t->name);

				/* the table keeps the key: a copy that lasts */
				m->process.thread_keys.strings[number] = model_strdup(m, key);
				if (number >= MODEL_THREADS_MAX)
					fatal("%s: more than %u threads in the profiles", run_name,
					      MODEL_THREADS_MAX);
				m->process.threads =
					xrealloc(m->process.threads,
						 (number + 1) * sizeof(*m->process.threads));
				m->process.threads[number] =
					(struct model_thread){ t->tid, t->flags, name,
							       model_printable(m, name), 0 };
				m->process.thread_count = number + 1;
			}
			joined[i] = number;
		}
		intern_free(&in_run);
		free(kinds);
		free(count_of);
	}
	if (ps->depth_limit > st->depth_limit)
		st->depth_limit = ps->depth_limit;
	st->lost += ps->lost;
	st->at_limit += ps->at_limit;
	st->cut_short += ps->cut_short;
	if (st->word_count + ps->word_count > st->word_capacity) {
		st->word_capacity = 2 * (st->word_count + ps->word_count);
		st->words = xrealloc(st->words, st->word_capacity * sizeof(*st->words));
	}
	for (i = 0; i < ps->count; i++) {
		uint64_t depth = ps->words[w + 1] >> 32, d;
		uint64_t head = ps->words[w + 1], thread = MODEL_STACK_THREAD(head);

		if (thread)
			head = (head & ~(uint64_t)0xffffff00) |
			       (thread <= ps->thread_count ? (uint64_t)(joined[thread - 1] + 1) << 8
							   : 0);
		st->words[st->word_count++] = ps->words[w];
		st->words[st->word_count++] = head;
		for (d = 0; d < depth; d++) {
			uint64_t a = ps->words[w + 2 + d];

			if (d == 0 || a == 0) {
				a = run_map_address(run, a);
			} else {
				a = run_map_address(run, a - 1);
				if (a != MODEL_UNKNOWN_ADDRESS)
					a++;
			}
			st->words[st->word_count++] = a;
		}
		w += 2 + depth;
		st->count++;
	}
	free(joined);
	if (st->count >= 2 * st->merged_count + MERGE_SLACK)
		merge_stacks(st);
}

static uint64_t stack_hash(const uint64_t *s)
{
	uint64_t depth = s[1] >> 32,
		 h = (depth ^ (uint64_t)MODEL_STACK_THREAD(s[1]) << 40) * 0x9E3779B97F4A7C15ull, d;

	for (d = 0; d < depth; d++)
		h = (h ^ s[2 + d]) * 0xC2B2AE3D27D4EB4Full;
	return h ^ (h >> 29);
}

static bool same_frames(const uint64_t *l, const uint64_t *r)
{
	uint64_t depth = l[1] >> 32;

	return depth == r[1] >> 32 && MODEL_STACK_THREAD(l[1]) == MODEL_STACK_THREAD(r[1]) &&
	       memcmp(l + 2, r + 2, depth * sizeof(*l)) == 0;
}

/* Stacks with the same frames in the same thread become one (samples
 * summed, flags or'ed), kept where the first of them was: in place,
 * through a hash table of the stacks kept so far (a sort here was a
 * quarter of the time at a million stacks).  The order is the runs'
 * order, which no report depends on. */
static void merge_stacks(struct model_stacks *st)
{
	size_t size = 16, mask, i, w = 0, out = 0, kept = 0;
	size_t *table;

	while (size < 2 * st->count)
		size *= 2;
	mask = size - 1;
	table = xmalloc(size * sizeof(*table)); /* word offset + 1; 0 = empty */
	memset(table, 0, size * sizeof(*table));
	st->samples = 0;
	for (i = 0; i < st->count; i++) {
		uint64_t *s = st->words + w;
		size_t n = 2 + (size_t)(s[1] >> 32), slot = (size_t)stack_hash(s) & mask;

		w += n;
		st->samples = st->samples + s[0] < st->samples ? UINT64_MAX : st->samples + s[0];
		for (; table[slot]; slot = (slot + 1) & mask) {
			uint64_t *last = st->words + table[slot] - 1;

			if (same_frames(last, s)) {
				last[0] = last[0] + s[0] < last[0] ? UINT64_MAX : last[0] + s[0];
				last[1] |= MODEL_STACK_FLAGS(s[1]);
				break;
			}
		}
		if (table[slot])
			continue;
		if (st->words + out != s)
			memmove(st->words + out, s, n * sizeof(*s));
		table[slot] = out + 1;
		out += n;
		kept++;
	}
	free(table);
	st->word_count = out;
	st->count = st->merged_count = kept;
}

void objects_merge_stacks(struct model_stacks *st)
{
	merge_stacks(st);
}

/* Whether the process file's main program is the executable read, as far
 * as both have build-ids to tell; *ran is the path it names. */
static bool same_program(const struct object *exe, const struct process_file *pf, const char **ran)
{
	unsigned char id[64];
	size_t size = object_build_id(exe, id, sizeof(id));

	for (size_t i = 0; i < pf->object_count; i++) {
		const struct process_object *po = &pf->objects[i];

		if (po->flags & GMON_OBJECT_MAIN) {
			*ran = po->path;
			return !size || !po->build_id_size ||
			       (po->build_id_size == size && memcmp(po->build_id, id, size) == 0);
		}
	}
	return true;
}

/* One run: its process file into the model. */
static void read_run(struct model *m, const struct read_options *opt, size_t run_index,
		     const char *gmon_path, struct object_index *ix)
{
	struct run_map *run = &m->process.runs[run_index];
	const struct object *main_object = m->objects[0];
	struct process_file pf;
	uint64_t run_id = process_run_id(gmon_path, main_object->target.big_endian);
	char *path, err[1024];
	const char *ran = NULL;
	struct run_placed *placed;
	size_t i, k, placed_count = 0;

	if (run_id == 0)
		return;
	path = objects_process_path(gmon_path);
	if (!process_read(path, main_object->target.big_endian, &pf, err, sizeof(err))) {
		/* no process file: the main program alone, said once */
		if (access(path, F_OK) != 0)
			warning("%s: no process file beside it (%s): the main program alone is "
				"reported",
				gmon_path, path);
		else
			fatal("%s", err);
		process_file_free(&pf);
		free(path);
		return;
	}
	if (pf.run_id != run_id) {
		warning("%s: from another run than %s (run id %016llx, not %016llx); not used",
			path, gmon_path, (unsigned long long)pf.run_id, (unsigned long long)run_id);
		process_file_free(&pf);
		free(path);
		return;
	}
	if (!same_program(main_object, &pf, &ran)) {
		/* read anyway as GNU reads it (the quirk): GNU says nothing */
		if (!(opt->gnu_quirks & QUIRK_OTHER_PROGRAM))
			warning("%s: written by %s, not by %s (another build-id): is it another "
				"program's profile? (an exec chain leaves one file per program); not used",
				path, ran, main_object->path);
		process_file_free(&pf);
		free(path);
		return;
	}
	run->known = true;
	for (i = 0, k = 0; i < pf.object_count; i++)
		k += pf.objects[i].segment_count;
	/* the map's pieces: at most one more than the segments' edges */
	run->segments = xrealloc(run->segments, (2 * k + 1) * sizeof(*run->segments));
	placed = xcalloc(k + 1, sizeof(*placed));
	if (pf.numbered) {
		run->numbers =
			xrealloc(run->numbers, (pf.object_count + 1) * sizeof(*run->numbers));
		run->number_count = 0;
	}
	for (i = 0; i < pf.object_count; i++) {
		const struct process_object *po = &pf.objects[i];
		struct object *obj;

		k = merge_object(m, po, ix, path);
		obj = m->objects[k];
		if (pf.numbered)
			run->numbers[run->number_count++] =
				(struct run_number){ po->number, po->bias,
						     obj->model_base - po->bias };
		if (k == 0) {
			run->main_bias = po->bias;
			if (obj->build_id == NULL && po->build_id_size) {
				obj->build_id = xmalloc(po->build_id_size);
				memcpy(obj->build_id, po->build_id, po->build_id_size);
				obj->build_id_size = po->build_id_size;
			}
		}
		for (size_t s = 0; s < po->segment_count; s++) {
			uint64_t own_start = po->segments[s].start - po->bias;
			uint64_t own_end = po->segments[s].end - po->bias;

			/* within its own range of model addresses, or it would
			 * land on another object's (model.h) */
			if (own_start >= own_end || own_end > (uint64_t)1 << MODEL_OBJECT_SHIFT)
				fatal("%s: object %u: segment 0x%llx-0x%llx at load address 0x%llx "
				      "is not within the 2^%d bytes of an object",
				      path, po->number, (unsigned long long)po->segments[s].start,
				      (unsigned long long)po->segments[s].end,
				      (unsigned long long)po->bias, MODEL_OBJECT_SHIFT);
			if (k != 0)
				add_extent(&ix->extents[k], own_start, own_end);
			/* a retired object's addresses are all numbered:
			 * no plain address is its */
			if (pf.numbered && (po->flags & GMON_OBJECT_RETIRED))
				continue;
			placed[placed_count++] = (struct run_placed){
				{ po->segments[s].start, po->segments[s].end,
				  obj->model_base - po->bias },
				(uint64_t) !(po->flags & GMON_OBJECT_UNLOADED) << 32 | po->number
			};
		}
	}
	run_map_build(run, placed, placed_count, path);
	free(placed);
	if (pf.numbered)
		run_map_sort_numbers(run);

	if (pf.sample_count) {
		struct process_part *p = &m->process;

		if (p->rate && p->rate != pf.rate)
			warning("%s: samples at %u Hz summed with samples at %u Hz", path, pf.rate,
				p->rate);
		p->rate = pf.rate;
		p->samples = xrealloc(p->samples,
				      (p->sample_count + pf.sample_count) * sizeof(*p->samples));
		for (i = 0; i < pf.sample_count; i++)
			p->samples[p->sample_count++] =
				(struct model_sample){ run_map_address(run, pf.samples[i].address),
						       pf.samples[i].count };
		if (p->sample_count >= 2 * p->merged_samples + MERGE_SLACK)
			merge_samples(p);
	}
	for (i = 0; i < pf.arc_count; i++) {
		uint64_t to = run_map_address(run, pf.arcs[i].self_pc);

		if (to != MODEL_UNKNOWN_ADDRESS)
			objects_add_arc(m, run_map_address(run, pf.arcs[i].from_pc), to,
					pf.arcs[i].count);
	}
	if (pf.stacks.present)
		add_stacks(m, run, path, &pf.stacks);
	if (pf.has_times) {
		m->process.has_times = true;
		m->process.user_ns += pf.user_ns;
		m->process.system_ns += pf.system_ns;
		m->process.samples_taken += pf.samples_taken;
		m->process.samples_lost += pf.samples_lost;
		m->process.calls_lost += pf.calls_lost;
		m->process.elapsed_ns += pf.elapsed_ns;
		m->process.missing |= pf.missing;
		/* one clock for all the runs, or none said */
		if (!m->process.clock_seen)
			m->process.clock = pf.clock;
		else if (m->process.clock != pf.clock)
			m->process.clock = GMON_PROCESS_CLOCK_UNKNOWN;
		m->process.clock_seen = true;
	}
	(void)opt;
	process_file_free(&pf);
	free(path);
}

void objects_read(struct model *m, const struct read_options *opt)
{
	struct object_index ix = { .files.sysroot = opt->sysroot };
	struct name_search search = { opt->sysroot, opt->debug_dirs, opt->debug_dir_count };
	size_t k, first_new = m->object_count;
	bool unknown = false;
	int i;

	if (opt->main_only || opt->profile_file_count <= 0)
		return;
	ix.extent_capacity = 2 * m->object_count;
	ix.extents = xcalloc(ix.extent_capacity, sizeof(*ix.extents));
	m->process.runs = xcalloc((size_t)opt->profile_file_count, sizeof(*m->process.runs));
	m->process.run_count = (size_t)opt->profile_file_count;
	if (opt->sum)
		progress_begin("reading the process files", (size_t)opt->profile_file_count);
	for (i = 0; i < opt->profile_file_count; i++) {
		read_run(m, opt, (size_t)i, opt->profile_files[i], &ix);
		progress_step((size_t)i + 1);
	}
	progress_end();
	for (k = first_new; k < m->object_count; k++) {
		struct object *obj = m->objects[k];

		if (ix.extents[k].count > ix.extents[k].merged)
			merge_extent(&ix.extents[k]);
		obj->segments = ix.extents[k].segments;
		obj->segment_count = ix.extents[k].count;
		if (obj->flags & GMON_OBJECT_VDSO)
			obj->name = "[vdso]"; /* no file: known by its name alone */
		else {
			const char *recorded = obj->path;
			const char *rooted = object_files_rooted(m, opt->sysroot, recorded);

			/* checks the segments too */
			object_open_other(obj, rooted ? rooted : recorded, &search);
			obj->path = recorded; /* a sum's process file names it as recorded */
		}
		obj->name = model_printable(m, obj->name); /* the process file chose it */
		symbols_add_object(m, obj, obj->segments, obj->segment_count);
	}
	free(ix.extents);
	free(ix.slots);
	object_files_free(&ix.files);
	if (m->process.sample_count > m->process.merged_samples)
		merge_samples(&m->process);
	if (m->process.arc_count > m->process.merged_arcs)
		merge_arcs(&m->process);
	for (k = 0; k < m->process.sample_count; k++)
		unknown |= m->process.samples[k].address == MODEL_UNKNOWN_ADDRESS;
	for (k = 0; k < m->process.arc_count; k++)
		unknown |= m->process.arcs_from[k].address == MODEL_UNKNOWN_ADDRESS;
	if (m->process.stacks.present) {
		struct model_stacks *st = &m->process.stacks;

		merge_stacks(st);
		for (k = 0; k < st->word_count;) {
			uint64_t depth = st->words[k + 1] >> 32, d;

			for (d = 0; d < depth; d++)
				unknown |= st->words[k + 2 + d] == MODEL_UNKNOWN_ADDRESS;
			k += 2 + depth;
		}
	}
	if (unknown) {
		struct symbol_table *table = &m->symbols;
		struct symbol *sym;

		symbol_table_reserve(table, 1);
		sym = &table->base[table->count++];
		symbol_init(sym);
		sym->name = "[unknown]";
		sym->address = MODEL_UNKNOWN_ADDRESS;
		sym->end_address = MODEL_UNKNOWN_ADDRESS;
		sym->is_function = 1;
		sym->is_object = 1;
	}
	if (m->object_count > first_new || unknown) {
		symbol_table_finalize(&m->symbols, m->objects[0]->text_high - 1);
		symbols_link_objects(m);
	}
}

/* ------------------------------------------------------------ -s */

char *objects_process_path(const char *gmon_path)
{
	const char *slash = strrchr(gmon_path, '/');
	size_t dir = slash ? (size_t)(slash + 1 - gmon_path) : 0;
	char *path = xmalloc(strlen(gmon_path) + sizeof(GMON_PROCESS_PREFIX) +
			     sizeof(GMON_PROCESS_SUFFIX));

	memcpy(path, gmon_path, dir);
	sprintf(path + dir, "%s%s%s", GMON_PROCESS_PREFIX, gmon_path + dir, GMON_PROCESS_SUFFIX);
	return path;
}

bool objects_whole_process(const struct model *m)
{
	size_t i;

	for (i = 0; i < m->process.run_count; i++)
		if (m->process.runs[i].known)
			return true;
	return false;
}

void objects_add_arc(struct model *m, uint64_t from_pc, uint64_t self_pc, uint64_t count)
{
	struct process_part *p = &m->process;

	if ((p->arc_count & (p->arc_count + 1)) == 0 || p->arc_count == 0) {
		size_t room = 2 * p->arc_count + 2;

		p->arcs_from = xrealloc(p->arcs_from, room * sizeof(*p->arcs_from));
		p->arcs_to = xrealloc(p->arcs_to, room * sizeof(*p->arcs_to));
	}
	p->arcs_from[p->arc_count] = (struct model_sample){ from_pc, count };
	p->arcs_to[p->arc_count++] = (struct model_sample){ self_pc, 0 };
	if (p->arc_count >= 2 * p->merged_arcs + MERGE_SLACK)
		merge_arcs(p);
}

bool objects_in_main(const struct model *m, uint64_t address)
{
	return address >= m->objects[0]->code_low && address < m->objects[0]->code_high;
}

/* The bytes of a process file, in the program's byte order. */
struct bytes {
	unsigned char *data;
	size_t size, capacity;
	bool big_endian;
};

static void reserve(struct bytes *b, size_t n)
{
	if (b->size + n > b->capacity) {
		b->capacity = 2 * (b->size + n) + 256;
		b->data = xrealloc(b->data, b->capacity);
	}
}

static void put(struct bytes *b, uint64_t v, int n)
{
	int i;

	reserve(b, (size_t)n);
	for (i = 0; i < n; i++)
		b->data[b->size + (size_t)i] =
			(unsigned char)(v >> (b->big_endian ? (n - 1 - i) * 8 : i * 8));
	b->size += (size_t)n;
}

static void put_raw(struct bytes *b, const void *p, size_t n)
{
	if (n == 0) /* p may be NULL then (an object without a build-id) */
		return;
	reserve(b, n);
	memcpy(b->data + b->size, p, n);
	b->size += n;
}

/* The tag of the record whose body starts at start (little or big endian). */
static uint32_t get_tag(const struct bytes *b, size_t start)
{
	const unsigned char *p = b->data + start - 8;
	uint32_t v = 0;
	int i;

	for (i = 0; i < 4; i++)
		v |= (uint32_t)p[b->big_endian ? 3 - i : i] << (8 * i);
	return v;
}

/* A record: its header now, its length filled in by end_record. */
static size_t begin_record(struct bytes *b, uint32_t tag)
{
	put(b, tag, 4);
	put(b, 0, 4);
	return b->size;
}

uint64_t objects_record_max = UINT32_MAX;

/* A record's length is 32 bits: a longer one (a summed stack record of
 * more than 4 GiB) would be written corrupt, so it is refused. */
static void end_record(struct bytes *b, size_t start, const char *path)
{
	uint64_t length = b->size - start;
	size_t end = b->size;

	if (length > objects_record_max) {
		free(b->data);
		fatal("%s: a record of %llu bytes (tag %u) is more than a process file's record "
		      "holds (%llu bytes); nothing written",
		      path, (unsigned long long)length, (unsigned)get_tag(b, start),
		      (unsigned long long)objects_record_max);
	}

	b->size = start - 4;
	put(b, length, 4);
	b->size = end;
}

void objects_write_sum(struct model *m, const char *path, uint64_t run_id)
{
	struct bytes b = { NULL, 0, 0, m->objects[0]->target.big_endian };
	struct process_part *p = &m->process;
	struct outfile out;
	char err[1024];
	size_t k, i, at;

	/* each address, each arc once (the -s of gmon.out adds arcs) */
	if (p->arc_count > p->merged_arcs)
		merge_arcs(p);

	put_raw(&b, GMON_PROCESS_MAGIC, 4);
	put(&b, GMON_PROCESS_VERSION, 4);
	put(&b, run_id, 8);
	put(&b, 0, 4);
	put(&b, 0, 8);
	put(&b, 0, 4);
	/* in the sum, model addresses are the addresses: each object's bias
	 * is where the model put it */
	for (k = 0; k < m->object_count; k++) {
		const struct object *obj = m->objects[k];
		size_t segments = k == 0 ? 1 : obj->segment_count;

		at = begin_record(&b, GMON_PROCESS_TAG_OBJECT);
		put(&b, k, 4);
		/* the sum numbers no address: no object is retired there */
		put(&b,
		    k == 0 ? GMON_OBJECT_MAIN
			   : obj->flags & ~(unsigned)(GMON_OBJECT_MAIN | GMON_OBJECT_RETIRED),
		    4);
		put(&b, obj->model_base, 8);
		put(&b, segments, 4);
		for (i = 0; i < segments; i++) {
			if (k == 0) {
				put(&b, obj->code_low, 8);
				put(&b, obj->code_high, 8);
			} else {
				put(&b, obj->segments[2 * i] + obj->model_base, 8);
				put(&b, obj->segments[2 * i + 1] + obj->model_base, 8);
			}
		}
		put(&b, obj->build_id_size, 4);
		put_raw(&b, obj->build_id, obj->build_id_size);
		put(&b, strlen(obj->path), 4);
		put_raw(&b, obj->path, strlen(obj->path));
		end_record(&b, at, path);
	}
	if (p->sample_count) {
		uint64_t total = 0, cut = 0;

		at = begin_record(&b, GMON_PROCESS_TAG_SAMPLES);
		put(&b, p->rate, 4);
		put(&b, p->sample_count, 4);
		for (i = 0; i < p->sample_count; i++) {
			/* a reader refuses counts that add up past 2^64-1
			 * (process_file.c): only hostile inputs get there */
			uint64_t count = p->samples[i].count;

			if (count > UINT64_MAX - total) {
				cut += count - (UINT64_MAX - total);
				count = UINT64_MAX - total;
			}
			total += count;
			put(&b, p->samples[i].address, 8);
			put(&b, count, 8);
		}
		end_record(&b, at, path);
		if (cut)
			warning("%s: the samples' counts add up to more than 2^64-1: %llu cut",
				path, (unsigned long long)cut);
	}
	if (p->arc_count) {
		at = begin_record(&b, GMON_PROCESS_TAG_ARCS);
		put(&b, p->arc_count, 4);
		for (i = 0; i < p->arc_count; i++) {
			put(&b, p->arcs_from[i].address, 8);
			put(&b, p->arcs_to[i].address, 8);
			put(&b, p->arcs_from[i].count, 8);
		}
		end_record(&b, at, path);
	}
	if (p->stacks.present) {
		at = begin_record(&b, p->thread_count ? GMON_PROCESS_TAG_THREAD_STACKS
						      : GMON_PROCESS_TAG_STACKS);
		put(&b, p->stacks.depth_limit, 4);
		put(&b, p->stacks.count, 4);
		put(&b, p->stacks.lost, 8);
		put(&b, p->stacks.at_limit, 8);
		put(&b, p->stacks.cut_short, 8);
		for (i = 0; i < p->stacks.word_count;) {
			const uint64_t *w = p->stacks.words + i;
			uint64_t depth = w[1] >> 32, d;

			put(&b, w[0], 8);
			put(&b, depth, 4);
			put(&b, MODEL_STACK_FLAGS(w[1]), 4);
			if (p->thread_count)
				put(&b,
				    MODEL_STACK_THREAD(w[1]) ? MODEL_STACK_THREAD(w[1]) - 1
							     : GMON_THREAD_NONE,
				    4);
			for (d = 0; d < depth; d++)
				put(&b, w[2 + d], 8);
			i += 2 + depth;
		}
		if (p->thread_count) {
			put(&b, p->thread_count, 4);
			for (i = 0; i < p->thread_count; i++) {
				char name[GMON_THREAD_NAME_BYTES];

				memset(name, 0, sizeof(name));
				strncpy(name, p->threads[i].name, sizeof(name) - 1);
				put(&b, p->threads[i].tid, 4);
				put(&b, p->threads[i].flags, 4);
				put_raw(&b, name, sizeof(name));
			}
		}
		end_record(&b, at, path);
	}
	if (p->has_times) {
		at = begin_record(&b, GMON_PROCESS_TAG_TIMES);
		put(&b, p->user_ns, 8);
		put(&b, p->system_ns, 8);
		put(&b, p->samples_taken, 8);
		put(&b, p->samples_lost, 8);
		put(&b, p->calls_lost, 8);
		if (p->clock) { /* every run said which, and the same */
			put(&b, p->elapsed_ns, 8);
			put(&b, p->clock, 4);
			put(&b, p->missing, 4);
		}
		end_record(&b, at, path);
	}

	/* whole or not at all (outfile.h) */
	if (outfile_begin(&out, path, err, sizeof(err))) {
		outfile_write(&out, b.data, b.size); /* its error is the commit's to say */
		if (outfile_commit(&out, err, sizeof(err))) {
			free(b.data);
			return;
		}
	}
	free(b.data);
	fatal("%s", err);
}

uint64_t objects_new_run_id(void)
{
	uint64_t id = 0;
	FILE *f = fopen("/dev/urandom", "rb");

	if (f) {
		if (fread(&id, sizeof(id), 1, f) != 1)
			id = 0;
		fclose(f);
	}
	if (id == 0)
		id = (uint64_t)time(NULL) << 20 ^ (uint64_t)getpid();
	return id ? id : 1;
}
