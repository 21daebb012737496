/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * views.h: what each report shows, computed once from the const model
 * and the view options (views.c): which rows, in which order, with which
 * running sums.  A printer takes a const struct view and only formats
 * it: no sorting, no filtering of its own, so that two views of one
 * profile never disagree on a row.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_VIEWS_H
#define GPROF_VIEWS_H

#include "analysis/threads.h"
#include "analysis/view_orders.h"
#include "core/model.h"
#include "core/options.h"

/* What the view is asked for: struct view_options, the options of the
 * viewing stage (core/options.h), its report the reports printed (the
 * defaults already chosen) and threads whether each thread's rows are
 * shown (--threads, or a format that shows them). */

/* One row of the flat profile: the function, the running sum of the
 * self ticks of the rows down to this one, and its total ticks (self
 * and children) as every view gives them. */
struct flat_row {
	const struct symbol *sym;
	double cumulative_ticks;
	double total_ticks;
};

/*
 * The flat profile: the functions it shows (in_flat, not hidden, with
 * calls or self time unless -z), in the one flat order: self time, then
 * calls (both descending), then name, then address (the order GNU's
 * stable sort gives over its address-sorted table).  max_ticks_per_call
 * is the largest total time per call of any function with calls, shown
 * or not (it chooses the unit of the per-call columns, as GNU's does).
 */
struct flat_view {
	struct flat_row *rows;
	size_t count;
	double max_ticks_per_call;
};

/* One line of -C: a function's calls or one of its basic blocks' counts. */
struct exec_row {
	const struct symbol *sym;
	uint64_t address;
	unsigned long count;
	bool block; /* a basic block's count, not the function's calls */
};

/* -C's rows: the functions -C shows (in_exec) by file and line (when both
 * have a file), then address; each function's calls, then its blocks',
 * each only when not zero unless -z. */
struct exec_view {
	struct exec_row *rows;
	size_t count;
};

/* One function of one thread's flat profile, as shown (in_flat, not
 * hidden), with the running sum of the thread's shown rows. */
struct thread_view_row {
	const struct symbol *sym;
	double ticks;
	double cumulative_ticks;
};

struct thread_view {
	struct thread_view_row *rows;
	size_t count;
};

/* The call graph's entries shown (view_graph_shows), functions and
 * cycles, in the order the graph prints them (by total time); under
 * each, its members (a cycle's) and, with the option graph_arcs and the
 * call graph's report, its callers and callees in the order the text
 * prints them (view_orders.h). */
struct graph_view {
	const struct symbol **entries;
	size_t count;
	struct graph_order order;
};

/* The index by function name: the functions it lists (not hidden; with
 * calls, self time or an entry in the graph, unless -z), by name (ties
 * in address order), then every cycle. */
struct index_view {
	const struct symbol **rows;
	size_t count;
	size_t function_count; /* rows[function_count...] are the cycles */
};

/*
 * One object of the profile as the views map it (--pprof's mappings):
 * v->objects[k] is m->objects[k], the executable first.
 *   path                      its file, NULL when none
 *   model_base                a model address is its own plus model_base
 *   build_id, build_id_size   as the process file recorded it, or NULL
 *   has_text                  its file was read and has a .text section
 *   text_vma, text_filepos    .text's address and file position (has_text)
 *   mapped_low, mapped_high   its code as mapped, in its own addresses:
 *                             from the first run that recorded it (the
 *                             process file), else its code sections
 */
struct view_object {
	const struct object *object; /* the model's */
	const char *path;
	uint64_t model_base;
	const unsigned char *build_id;
	size_t build_id_size;
	bool has_text;
	uint64_t text_vma, text_filepos;
	uint64_t mapped_low, mapped_high;
};

struct view_dwarf;

/*
 * struct view: what the reports show of one model.  Owns its arrays
 * (view_free); points into the model, which must outlive it.
 *   flat      the flat profile's rows (when the report asks for it)
 *   exec      -C's rows (when the report asks for it)
 *   graph     the call graph's entries (when the model has a call graph)
 *   index     the index's rows (with the call graph's report)
 *   threads   every thread's profile (analysis/threads.c), all its rows;
 *             thread_rows[i] the rows thread i shows, with running sums;
 *             has_threads false when not asked or the profile names none
 *   objects   every object of the model, as mapped (object_count of them)
 *   dwarf     the objects' DWARF inline trees, each opened when first
 *             asked (view_lines.h: view_line_chain, view_decl_line)
 */
struct view {
	const struct model *model;
	struct view_options options;
	struct flat_view flat;
	struct exec_view exec;
	struct graph_view graph;
	struct index_view index;
	bool has_threads;
	struct thread_profiles threads;
	struct thread_view *thread_rows;
	uint64_t thread_samples; /* the samples of every thread in threads */
	char build_id[129];      /* the executable's build-id in hex, "" when none */
	/* the compilation directories of the executable's units, as its
	 * line table names them (view_lines.h; owned by the model) */
	const char *const *unit_dirs;
	size_t unit_dir_count;
	struct view_object *objects;
	size_t object_count;
	struct view_dwarf *dwarf;
};

/* The flat profile's filter: whether sym is one of its rows. */
bool view_flat_shows(const struct symbol *sym, bool show_zeros);
/* The pictures' selection (--dot, --flame, --diff --dot): whether
 * --root (PICTURE_ROOT) or --leaf (PICTURE_LEAF) names a function of m
 * at all, and whether it names the one at address. */
bool view_picture_given(const struct model *m, enum symspec_table table);
bool view_picture_names(const struct model *m, enum symspec_table table, uint64_t address);
/* Whether the call graph shows an entry for sym (a function or a cycle). */
bool view_graph_shows(const struct view *v, const struct symbol *sym);
/* Build what opt asks for of m into v. */
void view_build(const struct model *m, const struct view_options *opt, struct view *v);
void view_free(struct view *v);

#endif
