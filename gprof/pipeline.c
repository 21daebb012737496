/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pipeline.c: run the stages in order (see pipeline.h).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <limits.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/callgraph.h"
#include "gmon_out.h"
#include "symtab/filemap.h"
#include "analysis/histogram.h"
#include "symtab/debuginfo.h"
#include "symtab/object.h"
#include "analysis/overhead.h"
#include "analysis/stack_arcs.h"
#include "gmon/program.h"
#include "gmon/whole_process.h"
#include "pipeline.h"
#include "analysis/sumorder.h"
#include "symtab/symbols.h"
#include "symtab/symspec.h"
#include "core/util.h"

struct model *pipeline_read_executable(const struct read_options *opt)
{
	struct model *m = model_new();
	struct object *obj = model_add_object(m);
	struct program program;
	struct name_search search = { opt->sysroot, opt->debug_dirs, opt->debug_dir_count };

	/* the program the profile is of; a whole-process profile (its
	 * process file names the program) names aliases by our rule, a
	 * GNU gmon.out by GNU's (symtab/names.c) */
	program_find(&program, m, opt);
	m->raw_names = (opt->gnu_quirks & QUIRK_NAMES) != 0;
	m->alias_rule = program.recorded && !m->raw_names ? ALIASES_OURS : ALIASES_GNU;
	m->whole_process = program.recorded;
	object_open(obj, program.path,
		    (opt->gnu_quirks & QUIRK_PLT ? 0 : OBJECT_PLT_SYMBOLS) |
			    (opt->gnu_quirks & QUIRK_DWARF5_LINES ? OBJECT_GNU_LINES : 0) |
			    (opt->gnu_quirks & QUIRK_COMP_DIR ? OBJECT_GNU_COMP_DIR : 0),
		    &search);
	program_check(&program, obj, opt);
	program_free(&program);
	if (opt->static_call_graph)
		object_read_text(obj);
	/* -R renames the functions its map names while the table is made
	 * (with -S the map is read and checked, and renames nothing) */
	if (opt->file_ordering_map)
		file_map_read(&m->file_map, opt->file_ordering_map);
	if (opt->external_symbols) {
		/* the listing names the functions, not what debuginfo.c found */
		free(obj->names_from);
		obj->names_from = NULL;
		symbols_read_listing(m, obj, opt->external_symbols);
	} else if (opt->line_granularity)
		symbols_read_lines(m, obj, opt);
	else
		symbols_read_functions(m, obj, opt);
	/* a whole-process profile's other objects, before anything points
	 * into the symbol table */
	objects_read(m, opt);
	symbols_resolve_clones(m, opt);
	symspec_resolve(m, opt);
	overhead_mark(m, opt);
	/* the table is final: every symbol is in it, none will move */
	symbol_table_rank_names(&m->symbols);
	return m;
}

static unsigned long clamp_count(uint64_t count)
{
	return count > ULONG_MAX ? ULONG_MAX : (unsigned long)count;
}

/* -s of a whole-process profile: the calls into and out of other
 * objects, in model addresses, for the sum's process file (the gmon.sum
 * written beside it keeps their raw addresses, which only this run's map
 * could read). */
static void observe_arc(void *context, uint64_t from_pc, uint64_t self_pc, uint64_t count);

/* Where the arcs of the file being read go. */
struct arc_sink {
	struct model *m;
	size_t run; /* the file's place on the command line */
};

/* Arcs are charged to their symbols as they are read, as GNU gprof does
 * (addresses outside the main program through the run's process file). */
static void tally_arc(void *context, uint64_t from_pc, uint64_t self_pc, uint64_t count)
{
	struct arc_sink *sink = context;

	callgraph_tally(sink->m, objects_gmon_address(sink->m, sink->run, from_pc),
			objects_gmon_address(sink->m, sink->run, self_pc), clamp_count(count));
}

static void observe_arc(void *context, uint64_t from_pc, uint64_t self_pc, uint64_t count)
{
	struct arc_sink *sink = context;
	struct model *m = sink->m;
	uint64_t from = objects_gmon_address(m, sink->run, from_pc);
	uint64_t self = objects_gmon_address(m, sink->run, self_pc);

	if (sink->run < m->process.run_count && m->process.runs[sink->run].known &&
	    (!objects_in_main(m, from) || !objects_in_main(m, self)) && self != 0)
		objects_add_arc(m, from, self, count);
}

/* The arcs -s kept, charged after the sum is written: those of a
 * whole-process profile that leave the main program are in m->process
 * already (observe_arc). */
static void tally_kept_arc(void *context, uint64_t from_pc, uint64_t self_pc, uint64_t count)
{
	struct arc_sink *sink = context;

	if (objects_whole_process(sink->m) &&
	    (!objects_in_main(sink->m, from_pc) || !objects_in_main(sink->m, self_pc)))
		return;
	tally_arc(context, from_pc, self_pc, count);
}

/* Which file was read, and which version of it (size, time). */
static void record_source(struct model *m, const char *path)
{
	struct model_source *s;
	struct stat st;

	m->sources = xrealloc(m->sources, (m->source_count + 1) * sizeof(*m->sources));
	s = &m->sources[m->source_count++];
	memset(s, 0, sizeof(*s));
	s->path = model_strdup(m, path);
	if (stat(path, &st) == 0) {
		s->size = (uint64_t)st.st_size;
		s->mtime = (int64_t)st.st_mtim.tv_sec;
		s->mtime_ns = st.st_mtim.tv_nsec;
	}
}

void pipeline_read_profiles(struct model *m, struct profile_data *data,
			    const struct read_options *opt, pipeline_file_hook *on_file,
			    void *context)
{
	const struct object *obj = m->objects[0];
	bool sum = opt->sum;
	struct arc_sink *sink = xcalloc(1, sizeof(*sink));
	char err[1024];
	int i;

	if (opt->format == FORMAT_PROF)
		fatal("the 'prof' file format is not supported");
	memset(data, 0, sizeof(*data));
	profile_reset(data);
	/* calls by call site: only --callgrind's and --html's source view */
	m->call_sites.unwanted = !opt->call_sites;
	profile_set_code_range(data, obj->code_low, obj->code_high);
	/* arcs are kept only to be written again (-s) */
	if (!sum) {
		data->arc_sink = tally_arc;
		data->arc_sink_context = sink;
	} else if (objects_whole_process(m)) {
		data->arc_observer = observe_arc;
		data->arc_observer_context = sink;
	}
	if (sum)
		progress_begin("summing", (size_t)opt->profile_file_count);
	for (i = 0; i < opt->profile_file_count; i++) {
		const char *path = opt->profile_files[i];
		struct profile_file_info info;
		bool had_blocks = data->input & INPUT_BB_COUNTS;

		sink->m = m;
		sink->run = (size_t)i;
		if (!profile_read(path, &obj->target, opt->format, data, &info, err, sizeof(err)))
			fatal("%s", err);
		record_source(m, path);
		if (!had_blocks && (data->input & INPUT_BB_COUNTS) && !opt->line_granularity &&
		    !sum)
			warning("ignoring basic-block execution counts (use -l or --line)");
		if (on_file)
			on_file(context, path, &info);
		progress_step((size_t)i + 1);
	}
	progress_end();
	data->arc_sink = NULL;
	data->arc_sink_context = NULL;
	data->arc_observer = NULL;
	data->arc_observer_context = NULL;
	free(sink);
	/* a whole-process sum: its process file first, so that a gmon.sum
	 * with the new run id never lacks one */
	if (sum && objects_whole_process(m)) {
		data->sum_run_id = objects_new_run_id();
		char *path = objects_process_path("gmon.sum");

		objects_write_sum(m, path, data->sum_run_id);
		free(path);
	}
	if (sum) {
		uint32_t *order = sum_arc_order(m, data, opt);

		data->arc_write_order = order;
		if (!profile_write("gmon.sum", &obj->target, opt->format, data, err, sizeof(err)))
			fatal("%s", err);
		data->arc_write_order = NULL;
		free(order);
	}
}

void pipeline_analyse(struct model *m, struct profile_data *data, const struct read_options *opt)
{
	struct arc_sink first_run = { m, 0 };
	size_t k;

	m->input = data->input;
	m->histograms = data->histograms;
	memset(&data->histograms, 0, sizeof(data->histograms));
	/* -s kept the arcs, merged over the files: their addresses are
	 * translated as the first run's (different runs' libraries are only
	 * summed right by the process files' own arcs) */
	profile_for_each_arc(data, tally_kept_arc, &first_run);
	if (opt->line_granularity)
		lines_assign_block_counts(m, data->blocks, data->block_count);
	for (k = 0; k < m->process.arc_count; k++)
		callgraph_tally(m, m->process.arcs_from[k].address, m->process.arcs_to[k].address,
				clamp_count(m->process.arcs_from[k].count));
	if (m->input & INPUT_HISTOGRAM)
		histogram_assign_samples(m);
	histogram_assign_process_samples(m);
	histogram_count_unnamed(m);
	overhead_account(m);
	/* the calls the stacks show and no runtime counted (code without
	 * -pg): arcs without counts (analysis/stack_arcs.c); a program
	 * without hooks (gprof-run) has no other arcs, and its call graph
	 * all of them */
	if ((m->input & INPUT_HISTOGRAM) && m->process.stacks.present) {
		if (!(m->input & INPUT_CALL_GRAPH) && m->process.arc_count == 0)
			m->input |= INPUT_CALL_GRAPH | INPUT_UNCOUNTED_ARCS;
		if (m->input & INPUT_CALL_GRAPH)
			stack_arcs_add(m);
	}
	if (m->input & INPUT_CALL_GRAPH)
		callgraph_build(m, opt);
}

struct model *pipeline_run(const struct read_options *opt, pipeline_file_hook *on_file,
			   void *context)
{
	struct model *m = pipeline_read_executable(opt);
	struct profile_data data;

	pipeline_read_profiles(m, &data, opt, on_file, context);
	pipeline_analyse(m, &data, opt);
	profile_reset(&data);
	return m;
}
