/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flat.c: the flat profile printer: every function with its self time,
 * calls and time per call, by self time.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include "gmon_out.h"
#include "analysis/histogram.h"
#include "report/printers.h"
#include "report/report.h"

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

static void print_header(const struct model *m, const struct text_options *opt, FILE *f,
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
			fprintf(f,
				"A wall-clock profile: the samples cover %.2f seconds of the "
				"threads' running and waiting, over %.2f seconds elapsed "
				"(the threads' times add up).\n",
				*total_ticks / hz, (double)m->process.elapsed_ns / 1e9);
			if (!(m->input & INPUT_CALL_GRAPH) || (m->input & INPUT_UNCOUNTED_ARCS))
				fprintf(f,
					"No call was counted: call counts need a program "
					"compiled with -pg.\n");
		} else if (m->process.has_times && hz > 0.0) {
			double cpu = (double)(m->process.user_ns + m->process.system_ns) / 1e9;

			fprintf(f,
				"The samples cover %.2f of the process's %.2f seconds of CPU time "
				"(%.1f%%; %.2f user, %.2f system).\n",
				*total_ticks / hz, cpu,
				cpu > 0.0 ? 100.0 * *total_ticks / hz / cpu : 0.0,
				(double)m->process.user_ns / 1e9,
				(double)m->process.system_ns / 1e9);
			/* a program without hooks (gprof-run, GMON_START):
			 * samples and stacks, but no call was counted */
			if (report_coverage_sentence(m, *total_ticks / hz, sentence,
						     sizeof(sentence)))
				fprintf(f, "%s\n", sentence);
			if (!(m->input & INPUT_CALL_GRAPH) || (m->input & INPUT_UNCOUNTED_ARCS))
				fprintf(f,
					"No call was counted: call counts need a program "
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
	fprintf(f, "%5.5s %10.10s %8.8s %8.8s %8.8s %8.8s  %-8.8s\n", "%  ", "cumulative", "self  ",
		"", "self  ", "total ", "");
	fprintf(f, "%5.5s %9.9s  %8.8s %8.8s %8.8s %8.8s  %-8.8s\n", "time", histograms->dimension,
		histograms->dimension, "calls", unit, unit, "name");
}

/* What one flat profile needs while it prints its lines.  The lines are
 * built in line and written in blocks (text.h): the header before them
 * and the blurb after go straight to the output. */
struct flat {
	const struct text_options *opt;
	struct report_out *out;
	double hz;
	double total_ticks; /* 1 when there is none: nothing divides by 0 */
	struct text line;
};

static void print_line(struct flat *flat, const struct flat_row *row, double scale)
{
	const struct text_options *opt = flat->opt;
	const struct symbol *sym = row->sym;
	struct text *t = &flat->line;
	double hz = flat->hz, total_ticks = flat->total_ticks;

	text_fixed(t, opt->traditional ? 5 : 6, opt->traditional ? 1 : 2,
		   total_ticks > 0.0 ? 100 * sym->self_ticks / total_ticks : 0.0);
	text_char(t, ' ');
	text_fixed(t, opt->traditional ? 10 : 9, 2, row->cumulative_ticks / hz);
	text_char(t, ' ');
	text_fixed(t, 8, 2, sym->self_ticks / hz);
	text_char(t, ' ');
	if (sym->calls != 0) {
		text_unsigned(t, sym->calls, 8, false);
		text_char(t, ' ');
		text_fixed(t, 8, 2, scale * sym->self_ticks / hz / sym->calls);
		text_char(t, ' ');
		text_fixed(t, 8, 2, scale * row->total_ticks / hz / sym->calls);
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

void print_flat_profile(const struct view *v, const struct text_options *opt,
			struct report_out *out)
{
	const struct model *m = v->model;
	struct flat flat = { opt, out, m->histograms.rate, m->total_ticks, { 0 } };
	FILE *f = out->file;
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

	if (opt->traditional) {
		log_scale = 5; /* milliseconds, as BSD prints */
	} else {
		/* the unit of the per-call columns suits the largest value */
		double top_time = v->flat.max_ticks_per_call;

		log_scale = 0;
		if (top_time > 0.0) {
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
#define FLAT_SYMBOL(k) (v->flat.rows[k].sym)
	for (i = 0; i < v->flat.count; i++) {
		ROWS_PREFETCH(out, i, v->flat.count, FLAT_SYMBOL);
		print_line(&flat, &v->flat.rows[i], si_prefixes[log_scale].scale);
	}
#undef FLAT_SYMBOL
	text_free(&flat.line, f);
	if (!opt->brief && !opt->traditional)
		blurb_flat(f);
}
