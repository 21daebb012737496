/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fuzz_pipeline.c: libFuzzer target for everything after the executable
 * is read: a fuzzed gmon.out is read, then analysed by the same stage
 * function gprof runs (pipeline_analyse: arcs, samples, call graph), and
 * every report printed (to /dev/null), on one fixed executable
 * ($FUZZ_EXECUTABLE, by default the debug_g corpus fixture, which has
 * line information for -l, -A and -C).
 *
 * The executable is read once into two models (functions, and lines for
 * -l), whose symbol tables are copied aside; each input starts from those
 * copies, and what the run added to the model is cleared after it.
 *
 * Input: one selector byte, then the gmon.out bytes.  Selector bits:
 *   0  -l (line symbols, basic-block counts)
 *   1  -c (static call graph from the text)
 *   2  -z (zero-count lines and functions)
 *   3  -T (traditional layout)
 *   4  -A (annotated source)
 *   5  -C (execution counts)
 *   6-7  0: text reports, 1: --json, 2: --dot, 3: text and -r
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdint.h>
#include <string.h>

#include "analysis/callgraph.h"
#include "fuzz.h"
#include "pipeline.h"
#include "report/formats.h"
#include "report/printers.h"

#ifndef FUZZ_TOP
#define FUZZ_TOP "."
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A model as read, and a pristine copy of its symbols. */
struct saved_model {
	struct model *m;
	struct symbol *pristine;
};

static struct saved_model functions, lines;
static struct options base;
static struct report_out out; /* static: freed after a longjmp too */

static void save(struct saved_model *s, const struct read_options *opt)
{
	s->m = pipeline_read_executable(opt);
	s->pristine = xmalloc(s->m->symbols.count * sizeof(struct symbol));
	memcpy(s->pristine, s->m->symbols.base, s->m->symbols.count * sizeof(struct symbol));
}

/* Back to the model as read: what the last input added goes. */
static void restore(struct saved_model *s)
{
	struct model *m = s->m;
	size_t i;

	for (i = 0; i < m->symbols.count; i++)
		free(m->symbols.base[i].blocks);
	memcpy(m->symbols.base, s->pristine, m->symbols.count * sizeof(struct symbol));
	model_forget_profile(m);
}

static void setup(void)
{
	static const char *const excluded[] = {
		"_gprof_mcount",     "mcount",     "_mcount", "__mcount",
		"__mcount_internal", "__mcleanup", NULL
	};
	const char *executable = getenv("FUZZ_EXECUTABLE");
	const char *const *name;
	struct options with_lines;

	if (executable == NULL)
		executable = FUZZ_TOP "/tests/corpus/fixtures/debug_g/prog";
	/* fatal() during set-up is a broken harness: let it exit */
	fatal_hook = NULL;
	options_init(&base);
	base.read.executable = executable;
	base.read.static_call_graph = true; /* the text is read once, for every input */
	for (name = excluded; *name; name++) {
		options_add_symspec(&base, *name, EXCL_TIME);
		options_add_symspec(&base, *name, EXCL_GRAPH);
		options_add_symspec(&base, *name, EXCL_FLAT);
	}
	options_add_search_path(&base, FUZZ_TOP "/tests/corpus/src/debug_g");
	options_complete(&base);
	save(&functions, &base.read);
	with_lines = base;
	with_lines.read.line_granularity = true;
	save(&lines, &with_lines.read);
	fuzz_quiet();
}

static void run(const struct options *opt, unsigned selector, const uint8_t *data, size_t size,
		struct model *m, struct profile_data *p)
{
	static struct view view;
	struct view_options shown = opt->view;
	struct profile_file_info info;
	char err[1024];

	profile_set_code_range(p, m->objects[0]->code_low, m->objects[0]->code_high);
	if (!profile_read_buffer("fuzz.out", data, size, &m->objects[0]->target, FORMAT_AUTO, p,
				 &info, err, sizeof(err)))
		return;
	pipeline_analyse(m, p, &opt->read);
	if (m->input & INPUT_HISTOGRAM)
		shown.report |= REPORT_FLAT;
	if (m->input & INPUT_CALL_GRAPH)
		shown.report |= REPORT_GRAPH;
	if (selector & 16)
		shown.report |= REPORT_ANNOTATED;
	if (selector & 32)
		shown.report |= REPORT_EXEC_COUNTS;

	report_out_init(&out, stdout, &opt->names);
	report_out_cache_names(&out, &m->symbols);
	/* static, freed here: a fatal's longjmp leaves the last one built */
	view_free(&view);
	shown.graph_arcs = true;
	view_build(m, &shown, &view);
	switch (selector >> 6) {
	case 1:
		print_json(&view, &out);
		break;
	case 2:
		print_dot(&view, &opt->picture, &out);
		break;
	default:
		/* the text reports in gprof.c's order */
		if (m->by_time && (shown.report & REPORT_GRAPH) && opt->text.traditional)
			print_call_graph(&view, &opt->text, &out);
		if (shown.report & REPORT_FLAT)
			print_flat_profile(&view, &opt->text, &out);
		if (m->by_time && (shown.report & REPORT_GRAPH)) {
			if (!opt->text.traditional)
				print_call_graph(&view, &opt->text, &out);
			print_index(&view, &opt->text, &out);
		}
		if (shown.report & REPORT_EXEC_COUNTS)
			print_exec_counts(&view, &out);
		if (shown.report & REPORT_ANNOTATED)
			print_annotated_source(&view, &opt->text, &out);
		if ((selector >> 6) == 3) {
			if (m->by_time && (shown.report & REPORT_GRAPH))
				graph_order_link(m, view.graph.entries, view.graph.count,
						 &view.graph.order);
			print_function_ordering(m, &out);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct profile_data p; /* static: survives the longjmp */
	static struct options opt;
	struct saved_model *s;
	unsigned selector;

	if (fuzz_first_input())
		setup();
	if (!fuzz_split(&data, &size, &selector))
		return 0;
	opt = base;
	opt.read.line_granularity = selector & 1;
	opt.read.static_call_graph = selector & 2;
	opt.view.show_zeros = selector & 4;
	opt.text.traditional = selector & 8;
	opt.mode.output = (selector >> 6) == 1   ? report_format_find("json")
			  : (selector >> 6) == 2 ? report_format_find("dot")
						 : NULL;
	options_complete(&opt);
	s = opt.read.line_granularity ? &lines : &functions;
	profile_reset(&p);
	if (setjmp(fuzz_jump) == 0)
		run(&opt, selector, data, size, s->m, &p);
	fflush(stdout);
	report_out_free(&out);
	profile_reset(&p);
	restore(s);
	return 0;
}
