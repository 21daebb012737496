/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fuzz_pipeline.c: libFuzzer target for everything after the executable
 * is read: a fuzzed gmon.out is read, its arcs tallied, its samples
 * assigned, the call graph built and every report printed (to
 * /dev/null), as gprof.c's main does, on one fixed executable
 * ($FUZZ_EXECUTABLE, by default the debug_g corpus fixture, which has
 * line information for -l, -A and -C).
 *
 * The executable is opened once.  Its two symbol tables (functions, and
 * lines for -l) are built once and copied aside; each input starts from
 * those copies, and the call graph, histogram and profile are cleared
 * after it (callgraph_reset, histogram_reset, profile_reset).
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
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "fuzz.h"
#include "profile.h"
#include "report.h"
#include "symbols.h"
#include "symspec.h"

#ifndef FUZZ_TOP
#define FUZZ_TOP "."
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A symbol table as built, and a pristine copy of its entries. */
struct saved_table {
	struct symbol_table table;
	struct symbol *pristine;
};

static struct saved_table functions, lines;
static struct options pristine_opt;

static void save_table(struct saved_table *s)
{
	s->table = symtab;
	s->pristine = xmalloc(symtab.count * sizeof(struct symbol));
	memcpy(s->pristine, symtab.base, symtab.count * sizeof(struct symbol));
}

static void restore_table(const struct saved_table *s)
{
	symtab = s->table;
	memcpy(symtab.base, s->pristine, symtab.count * sizeof(struct symbol));
}

static void setup(void)
{
	static const char *const excluded[] = { "_gprof_mcount", "mcount", "_mcount",
						"__mcount", "__mcount_internal",
						"__mcleanup", NULL };
	const char *executable = getenv("FUZZ_EXECUTABLE");
	const char *const *name;

	if (executable == NULL)
		executable = FUZZ_TOP "/tests/corpus/fixtures/debug_g/prog";
	/* fatal() during set-up is a broken harness: let it exit */
	fatal_hook = NULL;
	for (name = excluded; *name; name++) {
		symspec_add(*name, EXCL_TIME);
		symspec_add(*name, EXCL_GRAPH);
		symspec_add(*name, EXCL_FLAT);
	}
	core_open(executable);
	core_read_text();
	symbols_create_lines(); /* builds the function table, then the lines */
	resolve_clones();
	save_table(&lines);
	symbols_create_functions();
	resolve_clones();
	symspec_resolve();
	save_table(&functions);
	search_path_append(FUZZ_TOP "/tests/corpus/src/debug_g");
	pristine_opt = opt;
	fuzz_quiet();
}

/* Clear what -A left on the source files. */
static void reset_source_files(void)
{
	struct source_file *sf;

	for (sf = first_source_file; sf; sf = sf->next) {
		free(sf->lines);
		sf->lines = NULL;
		sf->calls = 0;
		sf->line_count = 0;
	}
}

static void tally_arc(uint64_t from_pc, uint64_t self_pc, uint64_t count)
{
	callgraph_tally(from_pc, self_pc, count > ULONG_MAX ? ULONG_MAX : (unsigned long)count);
}

static void run(unsigned selector, const uint8_t *data, size_t size, struct profile *p,
		struct symbol ***by_time)
{
	struct profile_file_info info;
	unsigned report = 0;
	char err[1024];

	if (!profile_read_buffer("fuzz.out", data, size, &target, FORMAT_AUTO, p, &info, err,
				 sizeof(err)))
		return;
	if (p->input & INPUT_HISTOGRAM)
		report |= REPORT_FLAT;
	if (p->input & INPUT_CALL_GRAPH)
		report |= REPORT_GRAPH;
	if (selector & 16)
		report |= REPORT_ANNOTATED;
	if (selector & 32)
		report |= REPORT_EXEC_COUNTS;
	if ((selector >> 6) == 3)
		report |= REPORT_FUNCTION_ORDER;

	profile_for_each_arc(p, tally_arc);
	basic_blocks_assign(p);
	if (p->input & INPUT_HISTOGRAM)
		histogram_assign_samples();
	if (p->input & INPUT_CALL_GRAPH)
		*by_time = callgraph_assemble();

	switch (selector >> 6) {
	case 1:
		print_json(*by_time, report, p->input);
		return;
	case 2:
		print_dot(*by_time, report, p->input);
		return;
	}
	if (*by_time && (report & REPORT_GRAPH) && opt.traditional)
		print_call_graph(*by_time);
	if (report & REPORT_FLAT)
		print_flat_profile();
	if (*by_time && (report & REPORT_GRAPH)) {
		if (!opt.traditional)
			print_call_graph(*by_time);
		print_index();
	}
	if (report & REPORT_EXEC_COUNTS)
		print_exec_counts();
	if (report & REPORT_ANNOTATED)
		print_annotated_source();
	if (report & REPORT_FUNCTION_ORDER)
		print_function_ordering();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool initialised;
	static struct profile p;
	static struct symbol **by_time; /* static: survives the longjmp */
	unsigned selector;

	if (!initialised) {
		setup();
		initialised = true;
	}
	if (size < 1)
		return 0;
	selector = data[0];
	opt = pristine_opt;
	opt.line_granularity = selector & 1;
	opt.static_call_graph = selector & 2;
	opt.show_zeros = selector & 4;
	opt.traditional = selector & 8;
	opt.json = (selector >> 6) == 1;
	opt.dot = (selector >> 6) == 2;
	restore_table(opt.line_granularity ? &lines : &functions);
	if (setjmp(fuzz_jump) == 0)
		run(selector, data + 1, size - 1, &p, &by_time);
	fflush(stdout);
	free(by_time);
	by_time = NULL;
	profile_reset(&p);
	callgraph_reset();
	histogram_reset();
	reset_source_files();
	first_report = true;
	return 0;
}
