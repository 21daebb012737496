/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flat.c: the flat profile printer: every function with its self time,
 * calls and time per call, by self time.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "gmon_out.h"
#include "analysis/histogram.h"
#include "report/printers.h"
#include "report/report.h"
#include "core/util.h"

/* SI prefixes for the per-call columns, largest unit first. */
static const struct {
	char prefix;
	double scale;
} si_prefixes[] = {
	{ 'T', 1e-12 }, { 'G', 1e-09 }, { 'M', 1e-06 }, { 'K', 1e-03 },
	{ ' ', 1e-00 }, { 'm', 1e+03 }, { 'u', 1e+06 }, { 'n', 1e+09 },
	{ 'p', 1e+12 }, { 'f', 1e+15 }, { 'a', 1e+18 },
};
#define SI_PREFIX_COUNT (sizeof(si_prefixes) / sizeof(si_prefixes[0]))

static void print_header(const struct model *m, const struct options *opt, FILE *f,
			 char prefix, double *total_ticks)
{
	const struct histogram_set *histograms = &m->histograms;
	char unit[64], sentence[512], names[1024];
	double hz = histograms->rate;

	snprintf(unit, sizeof(unit), "%c%c/call", prefix, histograms->dimension_abbrev);
	if (opt->traditional) {
		fprintf(f, "\ngranularity: each sample hit covers %ld byte(s)",
		       histogram_granularity(histograms));
		if (*total_ticks > 0.0)
			fprintf(f, " for %.2f%% of %.2f %s\n\n", 100.0 / *total_ticks,
				*total_ticks / hz, histograms->dimension);
	} else {
		fprintf(f, "\nEach sample counts as %g %s.\n", 1.0 / hz, histograms->dimension);
		/* a whole-process profile says how much of the process's CPU
		 * time its samples account for, so that missing time shows */
		if (m->process.has_times && hz > 0.0 &&
		    m->process.clock == GMON_PROCESS_CLOCK_WALL) {
			/* threads waiting are counted too: against the process's
			 * CPU time the share would pass 100% */
			fprintf(f, "A wall-clock profile: the samples cover %.2f seconds of the "
				   "threads' running and waiting, over %.2f seconds elapsed "
				   "(the threads' times add up).\n",
				*total_ticks / hz, (double)m->process.elapsed_ns / 1e9);
			if (!(m->input & INPUT_CALL_GRAPH) || (m->input & INPUT_UNCOUNTED_ARCS))
				fprintf(f, "No call was counted: call counts need a program "
					   "compiled with -pg.\n");
		} else if (m->process.has_times && hz > 0.0) {
			double cpu = (double)(m->process.user_ns + m->process.system_ns) / 1e9;

			fprintf(f, "The samples cover %.2f of the process's %.2f seconds of CPU time "
				   "(%.1f%%; %.2f user, %.2f system).\n",
				*total_ticks / hz, cpu, cpu > 0.0 ? 100.0 * *total_ticks / hz / cpu : 0.0,
				(double)m->process.user_ns / 1e9, (double)m->process.system_ns / 1e9);
			/* a program without hooks (gprof-run, GMON_START):
			 * samples and stacks, but no call was counted */
			if (report_coverage_sentence(m, *total_ticks / hz, sentence, sizeof(sentence)))
				fprintf(f, "%s\n", sentence);
			if (!(m->input & INPUT_CALL_GRAPH) || (m->input & INPUT_UNCOUNTED_ARCS))
				fprintf(f, "No call was counted: call counts need a program "
					   "compiled with -pg.\n");
		}
		if (report_overhead_sentence(m, sentence, sizeof(sentence)))
			fprintf(f, "%s\n", sentence);
		if (report_names_sentence(m, names, sizeof(names)))
			fprintf(f, "%s\n", names);
	}
	if (*total_ticks <= 0.0) {
		fprintf(f, " no time accumulated\n\n");
		/* every numerator is zero: avoid dividing by it */
		*total_ticks = 1.0;
	}
	fprintf(f, "%5.5s %10.10s %8.8s %8.8s %8.8s %8.8s  %-8.8s\n", "%  ", "cumulative",
	       "self  ", "", "self  ", "total ", "");
	fprintf(f, "%5.5s %9.9s  %8.8s %8.8s %8.8s %8.8s  %-8.8s\n", "time", histograms->dimension,
	       histograms->dimension, "calls", unit, unit, "name");
}

/* What one flat profile needs while it prints its lines.  The lines are
 * built in line and written in blocks (text.h): the header before them
 * and the blurb after go straight to the output. */
struct flat {
	const struct model *m;
	const struct options *opt;
	struct report_out *out;
	double hz;
	double total_ticks;       /* 1 when there is none: nothing divides by 0 */
	double accumulated_ticks;
	struct text line;
};

static void print_line(struct flat *flat, const struct symbol *sym, double scale)
{
	const struct options *opt = flat->opt;
	struct text *t = &flat->line;
	double hz = flat->hz, total_ticks = flat->total_ticks;

	if (!opt->show_zeros && sym->calls == 0 && sym->self_ticks == 0)
		return;
	flat->accumulated_ticks += sym->self_ticks;
	text_fixed(t, opt->traditional ? 5 : 6, opt->traditional ? 1 : 2,
		   total_ticks > 0.0 ? 100 * sym->self_ticks / total_ticks : 0.0);
	text_char(t, ' ');
	text_fixed(t, opt->traditional ? 10 : 9, 2, flat->accumulated_ticks / hz);
	text_char(t, ' ');
	text_fixed(t, 8, 2, sym->self_ticks / hz);
	text_char(t, ' ');
	if (sym->calls != 0) {
		text_unsigned(t, sym->calls, 8, false);
		text_char(t, ' ');
		text_fixed(t, 8, 2, scale * sym->self_ticks / hz / sym->calls);
		text_char(t, ' ');
		text_fixed(t, 8, 2, scale * symbol_total_ticks(flat->m, sym) / hz / sym->calls);
		text_spaces(t, 2);
	} else {
		text_spaces(t, 28); /* "%8.8s %8.8s %8.8s  " of "" */
	}
	if (opt->traditional)
		text_name(t, flat->out, sym);
	else
		text_name_only(t, flat->out, sym);
	text_end_line(t, flat->out->file);
}

/* Flat profile order: self time, then calls (both descending), then name,
 * then address (static functions of one name in different files): a
 * total order, the one GNU's stable qsort gives over its address-sorted
 * table. */
static int compare_time(const void *lp, const void *rp)
{
	const struct symbol *left = *(const struct symbol *const *)lp;
	const struct symbol *right = *(const struct symbol *const *)rp;
	double diff = right->self_ticks - left->self_ticks;

	if (diff > 0.0)
		return 1;
	if (diff < 0.0)
		return -1;
	if (right->calls > left->calls)
		return 1;
	if (right->calls < left->calls)
		return -1;
	/* by name: ranks order as strcmp does (symbol_table_rank_names) */
	if (left->name_rank != right->name_rank)
		return left->name_rank > right->name_rank ? 1 : -1;
	return (left->address > right->address) - (left->address < right->address);
}

void print_flat_profile(const struct model *m, const struct options *opt, struct report_out *out)
{
	const struct symbol_table *symtab = &m->symbols;
	struct flat flat = { m, opt, out, m->histograms.rate, m->total_ticks, 0.0, { 0 } };
	FILE *f = out->file;
	struct symbol **sorted;
	size_t i;
	unsigned log_scale;

	report_separator(out);
	if (opt->traditional) {
		if (!opt->brief) {
			fprintf(f, "\n\n\nflat profile:\n");
			blurb_flat(f);
		}
	} else {
		fprintf(f, "Flat profile:\n");
	}

	sorted = xmalloc(symtab->count * sizeof(*sorted));
	for (i = 0; i < symtab->count; i++)
		sorted[i] = &symtab->base[i];
	qsort(sorted, symtab->count, sizeof(*sorted), compare_time);

	if (opt->traditional) {
		log_scale = 5; /* milliseconds, as BSD prints */
	} else {
		/* the unit of the per-call columns suits the largest value */
		double top_time = 0.0;
		const struct symbol *top = NULL;

		log_scale = 0;
		for (i = 0; i < symtab->count; i++) {
			const struct symbol *sym = sorted[i];

			if (sym->calls != 0) {
				double call_time = symbol_total_ticks(m, sym) / sym->calls;

				if (call_time > top_time) {
					top = sym;
					top_time = call_time;
				}
			}
		}
		if (top && top->calls != 0 && top_time > 0.0) {
			top_time /= m->histograms.rate;
			for (log_scale = 0; log_scale < SI_PREFIX_COUNT; log_scale++) {
				double scaled = si_prefixes[log_scale].scale * top_time;

				if (scaled >= 1.0 && scaled < 1000.0)
					break;
			}
		}
	}
	/* GNU gprof indexes one past its table when no unit fits */
	if (log_scale >= SI_PREFIX_COUNT)
		log_scale = SI_PREFIX_COUNT - 1;
	print_header(m, opt, f, si_prefixes[log_scale].prefix, &flat.total_ticks);
	for (i = 0; i < symtab->count; i++) {
		if (sorted[i]->hidden)
			continue;
		if (sorted[i]->in_flat)
			print_line(&flat, sorted[i], si_prefixes[log_scale].scale);
	}
	text_free(&flat.line, f);
	free(sorted);
	if (!opt->brief && !opt->traditional)
		blurb_flat(f);
}

