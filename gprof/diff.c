/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * diff.c: --diff, what changed between two profiles of one program.
 *
 *   gprof [options] --diff [EXE] OLD NEW          one executable (a.out)
 *   gprof [options] --diff OLD_EXE OLD NEW_EXE NEW  two builds of it
 *
 * Each side is read by the whole pipeline, as gprof reads one profile,
 * with the same options; then the functions of the two are matched by
 * name (functions of other objects by name and object) and listed by the
 * change in their self time (analysis/comparison.c), largest first: the
 * time in seconds and as a share of each run's total (runs differ in
 * length), the total time (self and children, as the call graph gives
 * it), the calls before and after, and which functions ran in only one
 * of the two.  The printers are the formats' (report/formats.c): the
 * table (report/diff_text.c), --json (diff_json.c), --dot both runs' call
 * graphs drawn as one (diff_dot.c), --html both runs in one page
 * (html.c).  doc/manual.md shows how to read it.
 *
 * Nothing is printed before both sides are read and found comparable:
 * two different programs (few function names in common), profiles of one
 * executable whose histograms cover different addresses (written by
 * different programs), different sampling rates, or a file that is not a
 * profile are one line on stderr and exit status 1.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/comparison.h"
#include "core/util.h"
#include "diff.h"
#include "pipeline.h"
#include "report/formats.h"
#include "report/printers.h"
#include "symtab/object.h"

/* ------------------------------------------------------------ reading */

/* The names -b, the crt and the runtime give every program: no sign of
 * which program it is. */
static bool common_to_all_programs(const char *name)
{
	static const char *const names[] = { "main",
					     "atexit",
					     "etext",
					     "frame_dummy",
					     "register_tm_clones",
					     "deregister_tm_clones",
					     NULL };
	const char *const *n;

	if (name[0] == '_' || strchr(name, '@') || strchr(name, '.'))
		return true;
	for (n = names; *n; n++)
		if (strcmp(name, *n) == 0)
			return true;
	return false;
}

static int compare_strings(const void *l, const void *r)
{
	return strcmp(*(const char *const *)l, *(const char *const *)r);
}

/* The executable's own function names that say which program it is, sorted. */
static const char **program_names(const struct model *m, size_t *count)
{
	const char **names = xmalloc((m->symbols.count + 1) * sizeof(*names));
	size_t i, n = 0;

	for (i = 0; i < m->symbols.count; i++) {
		const struct symbol *sym = &m->symbols.base[i];

		if (sym->object == m->objects[0] && sym->is_function && !sym->hidden && sym->name &&
		    !common_to_all_programs(sym->name))
			names[n++] = sym->name;
	}
	qsort(names, n, sizeof(*names), compare_strings);
	*count = n;
	return names;
}

/* Two executables are two builds of one program when their build-ids
 * are equal or when at least half the functions of the smaller one are
 * in the other (by name). */
static void check_same_program(struct comparison *c)
{
	const struct model *a = c->run[OLD].m, *b = c->run[NEW].m;
	unsigned char id_a[64], id_b[64];
	size_t size_a = object_build_id(a->objects[0], id_a, sizeof(id_a));
	size_t size_b = object_build_id(b->objects[0], id_b, sizeof(id_b));
	size_t count_a, count_b, i = 0, k = 0, common = 0;
	const char **names_a, **names_b;

	if (size_a && size_a == size_b && memcmp(id_a, id_b, size_a) == 0)
		return;
	names_a = program_names(a, &count_a);
	names_b = program_names(b, &count_b);
	while (i < count_a && k < count_b) {
		int c = strcmp(names_a[i], names_b[k]);

		if (c == 0)
			common++;
		if (c <= 0)
			i++;
		if (c >= 0)
			k++;
	}
	free(names_a);
	free(names_b);
	if (count_a && count_b && 2 * common < (count_a < count_b ? count_a : count_b))
		fatal("--diff: %s and %s are different programs (%zu of their %zu and %zu "
		      "functions have the same name)",
		      c->run[OLD].executable, c->run[NEW].executable, common, count_a, count_b);
}

/* Two profiles of one executable cover the same addresses: the runtime
 * makes the histogram from the program's code.  Different ranges mean
 * one of them was written by another program. */
static void check_same_histogram(struct comparison *c)
{
	const struct histogram_set *a = &c->run[OLD].m->histograms;
	const struct histogram_set *b = &c->run[NEW].m->histograms;
	unsigned i;

	if (!(c->run[OLD].m->input & INPUT_HISTOGRAM) || !(c->run[NEW].m->input & INPUT_HISTOGRAM))
		return;
	if (a->count == b->count) {
		for (i = 0; i < a->count; i++)
			if (a->records[i].low_pc != b->records[i].low_pc ||
			    a->records[i].high_pc != b->records[i].high_pc)
				break;
		if (i == a->count)
			return;
	}
	fatal("--diff: %s and %s were not written by the same program (their histograms "
	      "cover different addresses of %s)",
	      c->run[OLD].profile, c->run[NEW].profile, c->run[OLD].executable);
}

/* One run read by the whole pipeline with opt's reading options (a
 * copy naming the run's files). */
static void read_run(struct compared_run *r, struct report_out *names, const struct options *opt,
		     const char *executable, const char *profile)
{
	struct read_options run = opt->read;

	r->executable = executable;
	r->profile = profile;
	run.executable = executable;
	run.executable_given = opt->mode.operand_count > 2; /* else a.out, or the process file's */
	run.profile_files = &r->profile;
	run.profile_file_count = 1;
	r->m = pipeline_run(&run, NULL, NULL);
	if (!(r->m->input & (INPUT_HISTOGRAM | INPUT_CALL_GRAPH)))
		fatal("--diff: %s holds neither samples nor calls", profile);
	r->rate = (r->m->input & INPUT_HISTOGRAM) ? r->m->histograms.rate : 0.0;
	report_out_init(names, stdout, &opt->names);
	report_out_cache_names(names, &r->m->symbols);
}

/* ------------------------------------------------------------ the top */

int print_diff(const struct options *opt)
{
	struct comparison c;
	struct report_out names[2];
	const char *const *files = opt->mode.operands;
	const char *old_exe, *new_exe, *old_profile, *new_profile;
	int run;

	memset(&c, 0, sizeof(c));
	switch (opt->mode.operand_count) {
	case 2:
		old_exe = new_exe = "a.out";
		old_profile = files[0];
		new_profile = files[1];
		break;
	case 3:
		old_exe = new_exe = files[0];
		old_profile = files[1];
		new_profile = files[2];
		break;
	case 4:
		old_exe = files[0];
		old_profile = files[1];
		new_exe = files[2];
		new_profile = files[3];
		break;
	default:
		fatal("--diff takes [EXE] OLD NEW, or OLD_EXE OLD NEW_EXE NEW (given: %d)",
		      opt->mode.operand_count);
	}
	if (opt->read.sum)
		fatal("--diff cannot be combined with -s");

	read_run(&c.run[OLD], &names[OLD], opt, old_exe, old_profile);
	read_run(&c.run[NEW], &names[NEW], opt, new_exe, new_profile);
	if (strcmp(old_exe, new_exe) != 0)
		check_same_program(&c);
	else
		check_same_histogram(&c);
	if ((c.run[OLD].rate > 0) != (c.run[NEW].rate > 0))
		fatal("--diff: %s has samples and %s has none; they are not compared",
		      c.run[OLD].rate > 0 ? old_profile : new_profile,
		      c.run[OLD].rate > 0 ? new_profile : old_profile);
	if (c.run[OLD].rate != c.run[NEW].rate)
		fatal("--diff: %s was sampled at %g Hz and %s at %g Hz; profiles taken at "
		      "different rates are not compared",
		      old_profile, c.run[OLD].rate, new_profile, c.run[NEW].rate);
	comparison_match(&c);
	/* each run's view, as a --diff page shows it: no threads */
	for (run = OLD; run <= NEW; run++) {
		struct view_options shown = opt->view;

		shown.threads = false;
		view_build(c.run[run].m, &shown, &c.run[run].view);
	}

	if (opt->mode.output)
		report_format_print_diff(opt->mode.output, &c, names, opt, stdout);
	else
		print_text_diff(&c, names, &opt->text, stdout);
	if (fflush(stdout) != 0 || ferror(stdout))
		fatal("error writing the report: %s", strerror(errno));

	for (run = OLD; run <= NEW; run++) {
		view_free(&c.run[run].view);
		report_out_free(&names[run]);
		model_free(c.run[run].m);
	}
	comparison_free(&c);
	return 0;
}
