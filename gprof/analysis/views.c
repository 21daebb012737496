/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * views.c: what each report shows (views.h), computed once: the flat
 * profile's rows in the one flat order with their running sums, -C's
 * rows in block order, the call graph's entries (and, by view_orders.c,
 * what each lists in order) and the index's rows, each thread's rows,
 * the objects as mapped.  Every printer formats these; none sorts or
 * filters the model again.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bfd.h>

#include "analysis/callgraph.h"
#include "analysis/views.h"
#include "analysis/view_lines.h"
#include "symtab/object.h"
#include "symtab/symspec.h"
#include "core/keysort.h"
#include "core/util.h"

bool view_flat_shows(const struct symbol *sym, bool show_zeros)
{
	return sym->in_flat && !sym->hidden &&
	       (show_zeros || sym->calls != 0 || sym->self_ticks != 0);
}

/* What the flat order and the rows read of each shown function, copied
 * once in address order: the sort and the running sums then read no
 * symbol (in flat order they lie all over memory). */
struct flat_facts {
	const struct symbol *sym;
	unsigned long calls;
	unsigned name_rank;
	double self, total;
};

/*
 * The rows' places in the flat order, into order: self time, then calls
 * (both descending), then name, then address (static functions of one
 * name in different files): a total order, the one GNU's stable qsort
 * gives over its address-sorted table.  Name ranks order as strcmp does
 * (symbol_table_rank_names).  Sorted as keys, least significant first
 * (keysort is stable and the rows come in address order): calls and
 * name in one key when every count fits in 32 bits, then self time.
 */
static void sort_flat(const struct flat_facts *rows, size_t n, struct keyed *order)
{
	unsigned long most_calls = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (rows[i].calls > most_calls)
			most_calls = rows[i].calls;
	if (most_calls <= UINT32_MAX) {
		for (i = 0; i < n; i++)
			order[i] = (struct keyed){
				(uint64_t)(UINT32_MAX - rows[i].calls) << 32 | rows[i].name_rank, i
			};
	} else {
		for (i = 0; i < n; i++)
			order[i] = (struct keyed){ rows[i].name_rank, i };
		keysort(order, n);
		for (i = 0; i < n; i++)
			order[i].key = ~(uint64_t)rows[order[i].index].calls;
	}
	keysort(order, n);
	for (i = 0; i < n; i++)
		order[i].key = ~double_key(rows[order[i].index].self);
	keysort_mostly(order, n, ~double_key(0.0));
}

static void build_flat(const struct model *m, bool show_zeros, struct flat_view *flat)
{
	const struct symbol_table *symtab = &m->symbols;
	struct flat_facts *rows = xmalloc((symtab->count + 1) * sizeof(*rows));
	struct keyed *order;
	double cumulative = 0.0;
	size_t i, n = 0;

	flat->max_ticks_per_call = 0.0;
	for (i = 0; i < symtab->count; i++) {
		const struct symbol *sym = &symtab->base[i];
		double total = symbol_total_ticks(m, sym);

		if (sym->calls != 0 && total / sym->calls > flat->max_ticks_per_call)
			flat->max_ticks_per_call = total / sym->calls;
		if (view_flat_shows(sym, show_zeros))
			rows[n++] = (struct flat_facts){ sym, sym->calls, sym->name_rank,
							 sym->self_ticks, total };
	}
	order = xmalloc((n + 1) * sizeof(*order));
	sort_flat(rows, n, order);
	flat->rows = xmalloc((n + 1) * sizeof(*flat->rows));
	for (i = 0; i < n; i++) {
		const struct flat_facts *row = &rows[order[i].index];

		cumulative += row->self;
		flat->rows[i] = (struct flat_row){ row->sym, cumulative, row->total };
	}
	flat->count = n;
	free(order);
	free(rows);
}

/* -C's order: by file and line (when both have a file), then address. */
static int compare_block_order(const void *lp, const void *rp)
{
	const struct symbol *left = *(const struct symbol *const *)lp;
	const struct symbol *right = *(const struct symbol *const *)rp;

	if (left->file && right->file) {
		int by_file = strcmp(left->file->name, right->file->name);

		if (by_file != 0)
			return by_file;
		if (left->line != right->line)
			return left->line < right->line ? -1 : 1;
	}
	if (left->address != right->address)
		return left->address < right->address ? -1 : 1;
	return 0;
}

static void build_exec(const struct model *m, bool show_zeros, struct exec_view *exec)
{
	const struct symbol_table *symtab = &m->symbols;
	const struct symbol **sorted = xmalloc((symtab->count + 1) * sizeof(*sorted));
	size_t i, n = 0, rows = 0;

	for (i = 0; i < symtab->count; i++)
		if (symtab->base[i].in_exec)
			sorted[n++] = &symtab->base[i];
	qsort(sorted, n, sizeof(*sorted), compare_block_order);
	for (i = 0; i < n; i++) {
		int k;

		rows++;
		for (k = 0; k < SYMBOL_BB_MAX && symbol_bb_address(sorted[i], k); k++)
			rows++;
	}
	exec->rows = xmalloc((rows + 1) * sizeof(*exec->rows));
	exec->count = 0;
	for (i = 0; i < n; i++) {
		const struct symbol *sym = sorted[i];
		int k;

		if (sym->calls > 0 || show_zeros)
			exec->rows[exec->count++] =
				(struct exec_row){ sym, sym->address, sym->calls, false };
		for (k = 0; k < SYMBOL_BB_MAX && symbol_bb_address(sym, k); k++)
			if (symbol_bb_calls(sym, k) > 0 || show_zeros)
				exec->rows[exec->count++] =
					(struct exec_row){ sym, symbol_bb_address(sym, k),
							   symbol_bb_calls(sym, k), true };
	}
	free(sorted);
}

/* Each thread's shown rows (as the flat profile shows a function: in
 * its symspecs, not hidden), with the thread's running sum. */
static void build_thread_rows(struct view *v)
{
	size_t i, k;

	v->thread_rows = xcalloc(v->threads.count + 1, sizeof(*v->thread_rows));
	for (i = 0; i < v->threads.count; i++) {
		const struct thread_profile *p = &v->threads.profiles[i];
		struct thread_view *t = &v->thread_rows[i];
		double cumulative = 0.0;

		v->thread_samples += p->samples;
		t->rows = xmalloc((p->row_count + 1) * sizeof(*t->rows));
		for (k = 0; k < p->row_count; k++) {
			const struct symbol *sym = p->rows[k].sym;
			double ticks = (double)p->rows[k].samples;

			if (!view_flat_shows(sym, true))
				continue;
			cumulative += ticks;
			t->rows[t->count++] = (struct thread_view_row){ sym, ticks, cumulative };
		}
	}
}

bool view_picture_given(const struct model *m, enum symspec_table table)
{
	return !symspec_empty(&m->symspecs, table);
}

bool view_picture_names(const struct model *m, enum symspec_table table, uint64_t address)
{
	return symspec_holds(&m->symspecs, table, address);
}

bool view_graph_shows(const struct view *v, const struct symbol *sym)
{
	return callgraph_entry_shown(sym, v->options.show_zeros, v->options.line_granularity);
}

static void build_graph(struct view *v)
{
	const struct model *m = v->model;
	size_t i;

	v->graph.entries = xmalloc((m->by_time_count + 1) * sizeof(*v->graph.entries));
	for (i = 0; i < m->by_time_count; i++) {
		/* in time order, each somewhere else: asked for ahead (the
		 * test reads up to prop_child) */
		if (i + 16 < m->by_time_count) {
			const char *ahead = (const char *)m->by_time[i + 16];

			__builtin_prefetch(ahead);
			__builtin_prefetch(ahead + offsetof(struct symbol, prop_child));
		}
		if (view_graph_shows(v, m->by_time[i]))
			v->graph.entries[v->graph.count++] = m->by_time[i];
	}
	graph_order_members(v->graph.entries, v->graph.count, &v->graph.order);
	if (v->options.graph_arcs && (v->options.report & REPORT_GRAPH))
		graph_order_arcs(m, v->graph.entries, v->graph.count, &v->graph.order);
}

/* Sort the n symbols of sorted by name, ties in the order given (what a
 * stable sort by strcmp gives): a counting sort by name rank
 * (symbol_table_rank_names), ranks being below ranks. */
static void sort_by_name(const struct symbol **sorted, size_t n, size_t ranks)
{
	const struct symbol **by_rank = xmalloc((n + 1) * sizeof(*by_rank));
	size_t *start = xcalloc(ranks + 1, sizeof(*start));
	size_t i;

	for (i = 0; i < n; i++)
		start[sorted[i]->name_rank + 1]++;
	for (i = 1; i <= ranks; i++)
		start[i] += start[i - 1];
	for (i = 0; i < n; i++)
		by_rank[start[sorted[i]->name_rank]++] = sorted[i];
	if (n > 0)
		memcpy(sorted, by_rank, n * sizeof(*sorted));
	free(by_rank);
	free(start);
}

static void build_index(struct view *v)
{
	const struct model *m = v->model;
	const struct symbol_table *symtab = &m->symbols;
	struct index_view *index = &v->index;
	size_t i;

	index->rows = xmalloc((symtab->count + (size_t)m->cycle_count + 1) * sizeof(*index->rows));
	for (i = 0; i < symtab->count; i++) {
		const struct symbol *sym = &symtab->base[i];

		if (sym->hidden)
			continue;
		/* GNU gprof leaves out functions with neither calls nor self
		 * time, even those with an entry in the call graph (main, a
		 * thread's start routine): we list every entry the graph has
		 * (doc/compat.md) */
		if (!v->options.show_zeros && sym->calls == 0 && sym->self_ticks == 0 &&
		    (v->options.gnu_index || !view_graph_shows(v, sym)))
			continue;
		index->rows[index->count++] = sym;
	}
	sort_by_name(index->rows, index->count, symtab->count);
	index->function_count = index->count;
	for (i = 1; i <= (size_t)m->cycle_count; i++)
		index->rows[index->count++] = &m->cycles[i];
}

/* Each object's code as mapped, in its own addresses: from the first
 * run that recorded it (the process file), else its code sections.  One
 * pass over the runs' segments, each found its object by number. */
static void place_objects(const struct model *m, struct view_object *objects)
{
	size_t numbers = 0, k, r, s;
	uint32_t *by_number; /* object number -> index + 1 */
	size_t *first_run;   /* per object: the run that placed it, or SIZE_MAX */

	for (k = 0; k < m->object_count; k++) {
		size_t n = (size_t)(m->objects[k]->model_base >> MODEL_OBJECT_SHIFT);

		if (n + 1 > numbers)
			numbers = n + 1;
		objects[k].mapped_low = m->objects[k]->code_low;
		objects[k].mapped_high = m->objects[k]->code_high;
	}
	by_number = xcalloc(numbers + 1, sizeof(*by_number));
	first_run = xmalloc((m->object_count + 1) * sizeof(*first_run));
	for (k = 0; k < m->object_count; k++) {
		by_number[m->objects[k]->model_base >> MODEL_OBJECT_SHIFT] = (uint32_t)(k + 1);
		first_run[k] = SIZE_MAX;
	}
	for (r = 0; r < m->process.run_count; r++) {
		const struct run_map *run = &m->process.runs[r];

		for (s = 0; run->known && s < run->segment_count; s++) {
			const struct run_segment *seg = &run->segments[s];
			uint64_t model = seg->start + seg->delta, low, high;
			size_t n = (size_t)(model >> MODEL_OBJECT_SHIFT);
			struct view_object *o;

			if (n >= numbers || by_number[n] == 0)
				continue;
			k = by_number[n] - 1;
			o = &objects[k];
			if (first_run[k] != SIZE_MAX && first_run[k] != r)
				continue; /* placed by an earlier run */
			low = model - m->objects[k]->model_base;
			high = low + (seg->end - seg->start);
			if (first_run[k] == SIZE_MAX || low < o->mapped_low)
				o->mapped_low = low;
			if (first_run[k] == SIZE_MAX || high > o->mapped_high)
				o->mapped_high = high;
			first_run[k] = r;
		}
	}
	free(by_number);
	free(first_run);
}

static void build_objects(struct view *v)
{
	const struct model *m = v->model;
	size_t k;

	v->objects = xcalloc(m->object_count + 1, sizeof(*v->objects));
	v->object_count = m->object_count;
	for (k = 0; k < m->object_count; k++) {
		const struct object *obj = m->objects[k];
		struct view_object *o = &v->objects[k];

		o->object = obj;
		o->path = obj->path;
		o->model_base = obj->model_base;
		o->build_id = obj->build_id_size ? obj->build_id : NULL;
		o->build_id_size = obj->build_id_size;
		o->has_text = obj->text != NULL;
		if (obj->text) {
			o->text_vma = bfd_section_vma(obj->text);
			o->text_filepos = (uint64_t)obj->text->filepos;
		}
	}
	place_objects(m, v->objects);
	v->dwarf = view_dwarf_new(m);
}

void view_build(const struct model *m, const struct view_options *opt, struct view *v)
{
	memset(v, 0, sizeof(*v));
	v->model = m;
	v->options = *opt;
	if (m->object_count > 0) {
		unsigned char id[64];
		size_t size = object_build_id(m->objects[0], id, sizeof(id)), i;

		for (i = 0; i < size; i++)
			snprintf(v->build_id + 2 * i, 3, "%02x", id[i]);
	}
	view_lines_unit_dirs(m, &v->unit_dirs, &v->unit_dir_count);
	build_objects(v);
	build_flat(m, opt->show_zeros, &v->flat);
	if (opt->report & REPORT_EXEC_COUNTS)
		build_exec(m, opt->show_zeros, &v->exec);
	if (m->by_time)
		build_graph(v);
	if (m->by_time && (opt->report & REPORT_GRAPH))
		build_index(v);
	if (opt->threads && thread_profiles_build(m, &v->threads)) {
		v->has_threads = true;
		build_thread_rows(v);
	}
}

void view_free(struct view *v)
{
	size_t i;

	free(v->flat.rows);
	free(v->exec.rows);
	free(v->graph.entries);
	graph_order_free(&v->graph.order);
	free(v->index.rows);
	for (i = 0; v->thread_rows && i < v->threads.count; i++)
		free(v->thread_rows[i].rows);
	free(v->thread_rows);
	thread_profiles_free(&v->threads);
	free(v->objects);
	view_dwarf_free(v->dwarf);
	memset(v, 0, sizeof(*v));
}
