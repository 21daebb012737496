/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * timeline.c: gprof --timeline PROG FILES: a run's windows (the files
 * libgmon writes with GMON_INTERVAL, PREFIX.PID.N, each with one
 * window's counts) side by side: each function's self seconds in each
 * window, one column per window headed by the window's start (seconds
 * since the first process of the files started), the top functions by
 * their total.  --json carries every function's series (doc/json.md).
 *
 * Each file is read by the whole pipeline on its own, with the options
 * given, as --diff reads each side: the figures of a column are those
 * `gprof PROG FILE` prints for that file.  Files without a window record
 * (a whole run) are columns too, in the order given after the windows.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/intern.h"
#include "core/util.h"
#include "gmon/process_file.h"
#include "gmon/whole_process.h"
#include "pipeline.h"
#include "report/formats.h"
#include "report/report.h"
#include "timeline.h"
#include "timeline_page.h"

/* At most this many functions in the text (all of them in --json). */
#define TOP_FUNCTIONS 20

/* One column: a file and the window it says it is. */
struct column {
	const char *file;
	bool windowed;
	uint32_t pid, image, index;
	uint64_t start_ns, end_ns; /* CLOCK_MONOTONIC */
	uint64_t process_start_ns; /* the identity's, 0 if none */
	size_t given;              /* place on the command line */
};

/* One function: its seconds in each column, and their sum. */
struct row {
	const char *name;
	double *seconds;
	double total;
};

static void read_window(struct column *c)
{
	char err[512];
	char *path = objects_process_path(c->file);
	struct process_file pf;

	c->windowed = false;
	if (process_read(path, false, &pf, err, sizeof(err))) {
		if (pf.window.present) {
			c->windowed = true;
			c->index = pf.window.index;
			c->start_ns = pf.window.start_ns;
			c->end_ns = pf.window.end_ns;
		}
		if (pf.identity.present) {
			c->pid = pf.identity.pid;
			c->image = pf.identity.image;
			c->process_start_ns = pf.identity.started_ns;
		}
		process_file_free(&pf);
	}
	free(path);
}

/* Windows first, by start (then pid, image, index); then the rest as given. */
static int by_start(const void *a, const void *b)
{
	const struct column *l = a, *r = b;

	if (l->windowed != r->windowed)
		return l->windowed ? -1 : 1;
	if (l->windowed) {
		if (l->start_ns != r->start_ns)
			return l->start_ns < r->start_ns ? -1 : 1;
		if (l->pid != r->pid)
			return l->pid < r->pid ? -1 : 1;
		if (l->image != r->image)
			return l->image < r->image ? -1 : 1;
		if (l->index != r->index)
			return l->index < r->index ? -1 : 1;
	}
	return l->given < r->given ? -1 : l->given > r->given;
}

static int by_total(const void *a, const void *b)
{
	const struct row *l = a, *r = b;

	if (l->total != r->total)
		return l->total > r->total ? -1 : 1;
	return strcmp(l->name, r->name);
}

/* Seconds since the first process of the files started (or the first
 * window, when no file names its process). */
static double since(const struct column *c, uint64_t origin, uint64_t ns)
{
	return ns > origin ? (double)(ns - origin) / 1e9 : 0.0;
}

static void print_text(const struct column *cols, size_t ncols, const struct row *rows,
		       size_t nrows, uint64_t origin)
{
	size_t i, k, shown = nrows < TOP_FUNCTIONS ? nrows : TOP_FUNCTIONS;

	printf("Timeline: each function's self seconds in each window (%zu window%s; the top %zu "
	       "of %zu functions)\n\n",
	       ncols, ncols == 1 ? "" : "s", shown, nrows);
	printf("%9s", "start s");
	for (k = 0; k < ncols; k++) {
		if (cols[k].windowed)
			printf(" %8.2f", since(&cols[k], origin, cols[k].start_ns));
		else
			printf(" %8s", "whole");
	}
	printf(" %9s  %s\n", "total", "name");
	for (i = 0; i < shown; i++) {
		printf("%9s", "");
		for (k = 0; k < ncols; k++)
			printf(" %8.2f", rows[i].seconds[k]);
		printf(" %9.2f  %s\n", rows[i].total, rows[i].name);
	}
}

static void print_json(FILE *f, const struct column *cols, size_t ncols, const struct row *rows,
		       size_t nrows, uint64_t origin)
{
	size_t i, k;

	fprintf(f, "{\n  \"format_version\": 1,\n  \"timeline\": {\n    \"windows\": [\n");
	for (k = 0; k < ncols; k++) {
		fprintf(f, "      {\"file\": ");
		put_json_string(f, cols[k].file);
		if (cols[k].windowed)
			fprintf(f,
				", \"pid\": %u, \"image\": %u, \"index\": %u, \"start\": %.9f, "
				"\"end\": %.9f}",
				cols[k].pid, cols[k].image, cols[k].index,
				since(&cols[k], origin, cols[k].start_ns),
				since(&cols[k], origin, cols[k].end_ns));
		else
			fprintf(f, ", \"index\": null, \"start\": null, \"end\": null}");
		fprintf(f, "%s\n", k + 1 < ncols ? "," : "");
	}
	fprintf(f, "    ],\n    \"functions\": [\n");
	for (i = 0; i < nrows; i++) {
		fprintf(f, "      {\"name\": ");
		put_json_string(f, rows[i].name);
		fprintf(f, ", \"total\": %.6f, \"seconds\": [", rows[i].total);
		for (k = 0; k < ncols; k++)
			fprintf(f, "%s%.6f", k ? ", " : "", rows[i].seconds[k]);
		fprintf(f, "]}%s\n", i + 1 < nrows ? "," : "");
	}
	fprintf(f, "    ]\n  }\n}\n");
}

int print_timeline(const struct options *opt)
{
	size_t ncols = (size_t)opt->read.profile_file_count, nrows = 0, rows_cap = 0, k, i;
	struct column *cols = xcalloc(ncols, sizeof(*cols));
	struct intern_table names = { 0 };
	struct row *rows = NULL;
	uint64_t origin = UINT64_MAX;

	warnings_once = true; /* each file would say the same of the program */
	for (k = 0; k < ncols; k++) {
		cols[k].file = opt->read.profile_files[k];
		cols[k].given = k;
		read_window(&cols[k]);
		if (cols[k].windowed && cols[k].process_start_ns &&
		    cols[k].process_start_ns < origin)
			origin = cols[k].process_start_ns;
	}
	qsort(cols, ncols, sizeof(*cols), by_start);
	for (k = 0; k < ncols && origin == UINT64_MAX; k++)
		if (cols[k].windowed)
			origin = cols[k].start_ns;
	for (k = 0; k < ncols; k++) {
		struct read_options run = opt->read; /* this window's file */
		struct model *m;
		struct report_out out;
		double hz;

		run.profile_files = &cols[k].file;
		run.profile_file_count = 1;
		run.sum = false;
		m = pipeline_run(&run, NULL, NULL);
		hz = m->histograms.rate;
		report_out_init(&out, stdout, &opt->names);
		report_out_cache_names(&out, &m->symbols);
		for (i = 0; hz > 0 && i < m->symbols.count; i++) {
			const struct symbol *sym = &m->symbols.base[i];
			char *name;
			bool added;
			size_t r;

			if (sym->self_ticks <= 0.0 || !sym->in_flat || sym->is_runtime)
				continue;
			name = frame_name(&out, sym); /* "f [libc.so.6]" outside the program */
			r = intern_string(&names, name, &added);
			if (added) {
				names.strings[r] = xstrdup(name);
				if (nrows == rows_cap) {
					rows_cap = rows_cap ? 2 * rows_cap : 64;
					rows = xrealloc(rows, rows_cap * sizeof(*rows));
				}
				rows[nrows].name = names.strings[r];
				rows[nrows].seconds = xcalloc(ncols, sizeof(double));
				rows[nrows].total = 0.0;
				nrows++;
			}
			rows[r].seconds[k] += sym->self_ticks / hz;
			rows[r].total += sym->self_ticks / hz;
			free(name);
		}
		report_out_free(&out);
		model_free(m);
	}
	qsort(rows, nrows, sizeof(*rows), by_total);
	if (opt->mode.output && strcmp(opt->mode.output->name, "html") == 0) {
		char *json = NULL;
		size_t size = 0;
		FILE *f = open_memstream(&json, &size);

		if (f == NULL)
			fatal("out of memory");
		print_json(f, cols, ncols, rows, nrows, origin);
		if (fclose(f) != 0 || json == NULL)
			fatal("out of memory");
		print_timeline_page(stdout, json, size);
		free(json);
	} else if (opt->mode.output)
		print_json(stdout, cols, ncols, rows, nrows, origin);
	else
		print_text(cols, ncols, rows, nrows, origin);
	if (fflush(stdout) != 0 || ferror(stdout))
		fatal("error writing the report: %s", strerror(errno));
	for (i = 0; i < nrows; i++) {
		free(rows[i].seconds);
		free((void *)rows[i].name);
	}
	free(rows);
	intern_free(&names);
	free(cols);
	return 0;
}
