/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * threads.c: --threads with the text reports: one flat profile per
 * thread (analysis/threads.c computes them), each headed by the
 * thread's id and name, in the flat profile's columns.  The calls
 * columns stay empty: calls are counted for the process, not per
 * thread.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include "gmon_out.h"
#include "report/printers.h"
#include "report/report.h"
#include "core/util.h"

static void print_heading(const struct model *m, const struct text_options *opt, FILE *f,
			  const struct thread_profile *p, uint64_t all, double hz)
{
	const struct model_thread *t = p->thread;

	if (t)
		fprintf(f, "Flat profile of thread %u \"%s\"%s", t->tid, t->shown,
			t->flags & GMON_THREAD_FLAG_MAIN ? " (main thread)" : "");
	else
		fprintf(f, "Flat profile of the samples of no known thread");
	fprintf(f, ":\n%llu samples, %.2f %s (%.1f%% of all the threads' samples).\n",
		(unsigned long long)p->samples, (double)p->samples / hz, m->histograms.dimension,
		all ? 100.0 * (double)p->samples / (double)all : 0.0);
	if (!opt->brief)
		fprintf(f, "\nEach sample counts as %g %s.\n", 1.0 / hz, m->histograms.dimension);
	if (p->samples == 0) {
		fprintf(f, " no time accumulated\n");
		return;
	}
	fprintf(f, "%5.5s %10.10s %8.8s %8.8s %8.8s %8.8s  %-8.8s\n", "%  ", "cumulative", "self  ",
		"", "self  ", "total ", "");
	fprintf(f, "%5.5s %9.9s  %8.8s %8.8s %8.8s %8.8s  %-8.8s\n", "time",
		m->histograms.dimension, m->histograms.dimension, "calls", "Ts/call", "Ts/call",
		"name");
}

void print_thread_profiles(const struct view *v, const struct text_options *opt,
			   struct report_out *out)
{
	const struct model *m = v->model;
	const struct thread_profiles *tp = &v->threads;
	struct text line = { 0 };
	double hz = m->histograms.rate ? m->histograms.rate : 1.0;
	size_t i, k;

	if (!v->has_threads)
		fatal("the profile does not say which thread each call stack came from: "
		      "--threads needs the thread stacks libgmon records with its call stacks "
		      "(doc/runtime.md, \"Threads\")");
	for (i = 0; i < tp->count; i++) {
		const struct thread_profile *p = &tp->profiles[i];
		const struct thread_view *rows = &v->thread_rows[i];

		report_separator(out);
		print_heading(m, opt, out->file, p, v->thread_samples, hz);
		for (k = 0; k < rows->count; k++) {
			const struct thread_view_row *row = &rows->rows[k];

			text_fixed(&line, 6, 2, 100.0 * row->ticks / (double)p->samples);
			text_char(&line, ' ');
			text_fixed(&line, 9, 2, row->cumulative_ticks / hz);
			text_char(&line, ' ');
			text_fixed(&line, 8, 2, row->ticks / hz);
			text_char(&line, ' ');
			text_spaces(&line, 28);
			text_name_only(&line, out, row->sym);
			text_end_line(&line, out->file);
		}
		text_free(&line, out->file);
	}
	if (tp->without_samples) {
		report_separator(out);
		fprintf(out->file, "%zu thread%s without samples %s not shown.\n",
			tp->without_samples, tp->without_samples == 1 ? "" : "s",
			tp->without_samples == 1 ? "is" : "are");
	}
}
