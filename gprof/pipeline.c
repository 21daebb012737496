/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pipeline.c: run the stages in order (see pipeline.h).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <limits.h>
#include <string.h>

#include "callgraph.h"
#include "filemap.h"
#include "histogram.h"
#include "object.h"
#include "pipeline.h"
#include "symbols.h"
#include "symspec.h"
#include "util.h"

struct model *pipeline_read_executable(const struct options *opt)
{
	struct model *m = model_new();
	struct object *obj = model_add_object(m);

	object_open(obj, opt->executable);
	if (opt->static_call_graph)
		object_read_text(obj);
	/* -R renames the functions its map names while the table is made
	 * (with -S the map is read and checked, and renames nothing) */
	if (opt->file_ordering_map)
		file_map_read(&m->file_map, opt->file_ordering_map);
	if (opt->external_symbols)
		symbols_read_listing(m, obj, opt->external_symbols);
	else if (opt->line_granularity)
		symbols_read_lines(m, obj, opt);
	else
		symbols_read_functions(m, obj, opt);
	symbols_resolve_clones(m, opt);
	symspec_resolve(m, opt);
	/* the table is final: every symbol is in it, none will move */
	symbol_table_rank_names(&m->symbols);
	return m;
}

static unsigned long clamp_count(uint64_t count)
{
	return count > ULONG_MAX ? ULONG_MAX : (unsigned long)count;
}

/* Arcs are charged to their symbols as they are read, as GNU gprof does. */
static void tally_arc(void *context, uint64_t from_pc, uint64_t self_pc, uint64_t count)
{
	callgraph_tally(context, from_pc, self_pc, clamp_count(count));
}

void pipeline_read_profiles(struct model *m, struct profile_data *data,
			    const struct options *opt, pipeline_file_hook *on_file, void *context)
{
	const struct object *obj = m->objects[0];
	bool sum = opt->report & REPORT_SUM;
	char err[1024];
	int i;

	if (opt->format == FORMAT_PROF)
		fatal("the 'prof' file format is not supported");
	memset(data, 0, sizeof(*data));
	profile_reset(data);
	profile_set_code_range(data, obj->code_low, obj->code_high);
	/* arcs are kept only to be written again (-s) */
	if (!sum) {
		data->arc_sink = tally_arc;
		data->arc_sink_context = m;
	}
	for (i = 0; i < opt->profile_file_count; i++) {
		const char *path = opt->profile_files[i];
		struct profile_file_info info;
		bool had_blocks = data->input & INPUT_BB_COUNTS;

		if (!profile_read(path, &obj->target, opt->format, data, &info, err, sizeof(err)))
			fatal("%s", err);
		if (!had_blocks && (data->input & INPUT_BB_COUNTS) && !opt->line_granularity && !sum)
			warning("ignoring basic-block execution counts (use -l or --line)");
		if (on_file)
			on_file(context, path, &info);
	}
	if (sum && !profile_write("gmon.sum", &obj->target, opt->format, data, err, sizeof(err)))
		fatal("%s", err);
}

void pipeline_analyse(struct model *m, struct profile_data *data, const struct options *opt)
{
	size_t k;

	m->input = data->input;
	m->histograms = data->histograms;
	memset(&data->histograms, 0, sizeof(data->histograms));
	for (k = 0; k < data->arc_count; k++)
		callgraph_tally(m, data->arcs[k].from_pc, data->arcs[k].self_pc,
				clamp_count(data->arcs[k].count));
	if (opt->line_granularity)
		lines_assign_block_counts(m, data->blocks, data->block_count);
	if (m->input & INPUT_HISTOGRAM)
		histogram_assign_samples(m);
	if (m->input & INPUT_CALL_GRAPH)
		callgraph_build(m, opt);
}

struct model *pipeline_run(const struct options *opt, pipeline_file_hook *on_file,
			   void *context)
{
	struct model *m = pipeline_read_executable(opt);
	struct profile_data data;

	pipeline_read_profiles(m, &data, opt, on_file, context);
	pipeline_analyse(m, &data, opt);
	profile_reset(&data);
	return m;
}
