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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmon_out.h"
#include "object.h"
#include "objects.h"
#include "process.h"
#include "symbols.h"
#include "util.h"

/* An object's segments in its own addresses, while the objects are read. */
struct object_extent {
	uint64_t *segments;       /* pairs [start, end) */
	size_t count;
};

static int compare_segment(const void *lp, const void *rp)
{
	const struct run_segment *left = lp, *right = rp;

	return left->start < right->start ? -1 : left->start > right->start;
}

static const struct run_segment *find_segment(const struct run_map *run, uint64_t address)
{
	size_t low = 0, high = run->segment_count;

	while (low < high) {
		size_t mid = low + (high - low) / 2;

		if (run->segments[mid].start <= address)
			low = mid + 1;
		else
			high = mid;
	}
	if (low == 0 || address >= run->segments[low - 1].end)
		return NULL;
	return &run->segments[low - 1];
}

static uint64_t model_address(const struct run_map *run, uint64_t runtime)
{
	const struct run_segment *seg = find_segment(run, runtime);

	return seg ? runtime + seg->delta : MODEL_UNKNOWN_ADDRESS;
}

uint64_t objects_gmon_address(const struct model *m, size_t run, uint64_t address)
{
	const struct object *main_object = m->objects[0];
	const struct run_map *map;

	if (run >= m->process.run_count || !m->process.runs[run].known)
		return address;
	if (address >= main_object->code_low && address < main_object->code_high)
		return address;
	map = &m->process.runs[run];
	address = model_address(map, address + map->main_bias);
	return address == MODEL_UNKNOWN_ADDRESS ? 0 : address;
}

/* The model's object for a file's object record: the executable, or one
 * with the same path and build-id, or a new one. */
static size_t merge_object(struct model *m, const struct process_object *po,
			   struct object_extent **extents)
{
	size_t k;

	if (po->flags & GMON_OBJECT_MAIN)
		return 0;
	for (k = 1; k < m->object_count; k++) {
		const struct object *obj = m->objects[k];

		if (strcmp(obj->path, po->path) == 0 && obj->build_id_size == po->build_id_size &&
		    memcmp(obj->build_id, po->build_id, po->build_id_size) == 0)
			return k;
	}
	{
		struct object *obj = model_add_object(m);

		k = m->object_count - 1;
		obj->path = model_strdup(m, po->path);
		obj->flags = po->flags;
		obj->model_base = (uint64_t)k << MODEL_OBJECT_SHIFT;
		obj->build_id = xmalloc(po->build_id_size + 1);
		memcpy(obj->build_id, po->build_id, po->build_id_size);
		obj->build_id_size = po->build_id_size;
		*extents = xrealloc(*extents, m->object_count * sizeof(**extents));
		memset(&(*extents)[k], 0, sizeof(**extents));
	}
	return k;
}

/* One run: its process file into the model. */
static void read_run(struct model *m, const struct options *opt, size_t run_index,
		     const char *gmon_path, struct object_extent **extents)
{
	struct run_map *run = &m->process.runs[run_index];
	const struct object *main_object = m->objects[0];
	struct process_file pf;
	uint64_t run_id = process_run_id(gmon_path, main_object->target.big_endian);
	char *path, err[1024];
	size_t i, k;

	if (run_id == 0)
		return;
	path = xmalloc(strlen(gmon_path) + sizeof(GMON_PROCESS_SUFFIX));
	sprintf(path, "%s%s", gmon_path, GMON_PROCESS_SUFFIX);
	if (!process_read(path, main_object->target.big_endian, &pf, err, sizeof(err))) {
		/* no process file: the main program alone, said once */
		if (access(path, F_OK) != 0)
			warning("%s: no process file beside it (%s): the main program alone is "
				"reported", gmon_path, path);
		else
			fatal("%s", err);
		process_file_free(&pf);
		free(path);
		return;
	}
	if (pf.run_id != run_id) {
		warning("%s: from another run than %s (run id %016llx, not %016llx); not used",
			path, gmon_path, (unsigned long long)pf.run_id,
			(unsigned long long)run_id);
		process_file_free(&pf);
		free(path);
		return;
	}
	run->known = true;
	for (i = 0; i < pf.object_count; i++) {
		const struct process_object *po = &pf.objects[i];
		struct object *obj;

		k = merge_object(m, po, extents);
		obj = m->objects[k];
		if (k == 0)
			run->main_bias = po->bias;
		for (size_t s = 0; s < po->segment_count; s++) {
			struct object_extent *e = &(*extents)[k];

			run->segments = xrealloc(run->segments,
						 (run->segment_count + 1) * sizeof(*run->segments));
			run->segments[run->segment_count++] = (struct run_segment){
				po->segments[s].start, po->segments[s].end,
				obj->model_base - po->bias
			};
			if (k == 0)
				continue;
			e->segments = xrealloc(e->segments, (e->count + 1) * 2 * sizeof(uint64_t));
			e->segments[2 * e->count] = po->segments[s].start - po->bias;
			e->segments[2 * e->count + 1] = po->segments[s].end - po->bias;
			e->count++;
		}
	}
	qsort(run->segments, run->segment_count, sizeof(*run->segments), compare_segment);
	for (i = 1; i < run->segment_count; i++)
		if (run->segments[i].start < run->segments[i - 1].end)
			fatal("%s: two objects' segments overlap at 0x%llx", path,
			      (unsigned long long)run->segments[i].start);

	if (pf.sample_count) {
		struct process_part *p = &m->process;

		if (p->rate && p->rate != pf.rate)
			warning("%s: samples at %u Hz summed with samples at %u Hz", path, pf.rate,
				p->rate);
		p->rate = pf.rate;
		p->samples = xrealloc(p->samples,
				      (p->sample_count + pf.sample_count) * sizeof(*p->samples));
		for (i = 0; i < pf.sample_count; i++)
			p->samples[p->sample_count++] = (struct model_sample){
				model_address(run, pf.samples[i].address), pf.samples[i].count
			};
	}
	if (pf.arc_count) {
		struct process_part *p = &m->process;

		p->arcs_from = xrealloc(p->arcs_from, (p->arc_count + pf.arc_count) * sizeof(*p->arcs_from));
		p->arcs_to = xrealloc(p->arcs_to, (p->arc_count + pf.arc_count) * sizeof(*p->arcs_to));
		for (i = 0; i < pf.arc_count; i++) {
			uint64_t to = model_address(run, pf.arcs[i].self_pc);

			if (to == MODEL_UNKNOWN_ADDRESS)
				continue;
			p->arcs_from[p->arc_count] = (struct model_sample){
				model_address(run, pf.arcs[i].from_pc), pf.arcs[i].count
			};
			p->arcs_to[p->arc_count++] = (struct model_sample){ to, 0 };
		}
	}
	if (pf.has_times) {
		m->process.has_times = true;
		m->process.user_ns += pf.user_ns;
		m->process.system_ns += pf.system_ns;
		m->process.samples_taken += pf.samples_taken;
		m->process.samples_lost += pf.samples_lost;
	}
	(void)opt;
	process_file_free(&pf);
	free(path);
}

void objects_read(struct model *m, const struct options *opt)
{
	struct object_extent *extents = xcalloc(1, sizeof(*extents));
	size_t k, first_new = m->object_count;
	bool unknown = false;
	int i;

	if (opt->main_only || opt->profile_file_count <= 0)
		return free(extents);
	m->process.runs = xcalloc((size_t)opt->profile_file_count, sizeof(*m->process.runs));
	m->process.run_count = (size_t)opt->profile_file_count;
	for (i = 0; i < opt->profile_file_count; i++)
		read_run(m, opt, (size_t)i, opt->profile_files[i], &extents);
	for (k = first_new; k < m->object_count; k++) {
		struct object *obj = m->objects[k];

		object_open_other(obj, obj->path);
		symbols_add_object(m, obj, extents[k].segments, extents[k].count);
		free(extents[k].segments);
	}
	free(extents);
	for (k = 0; k < m->process.sample_count; k++)
		unknown |= m->process.samples[k].address == MODEL_UNKNOWN_ADDRESS;
	for (k = 0; k < m->process.arc_count; k++)
		unknown |= m->process.arcs_from[k].address == MODEL_UNKNOWN_ADDRESS;
	if (unknown) {
		struct symbol_table *table = &m->symbols;
		struct symbol *sym;

		table->base = xrealloc(table->base, (table->count + 1) * sizeof(*table->base));
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
