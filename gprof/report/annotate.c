/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * annotate.c: the -A printer: annotated source listings, each line with
 * its execution count.
 *
 * A source line's count is the calls of the function starting on it, or
 * the counts of the basic blocks it holds.  Listings are found through the
 * -I directories and $GPROF_PATH, printed to stdout or, with -y, written
 * beside the current directory as FILE-ann.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report/printers.h"
#include "report/report.h"
#include "core/outfile.h"
#include "core/util.h"

/* One source file's lines, as -A lists them. */
struct listing_file {
	unsigned long calls;         /* calls into the file's functions */
	int line_count;              /* highest line a symbol starts on */
	const struct symbol **lines; /* the symbol (or sum) for each line */
};

/* What the listings carry from line to line and file to file. */
struct annotator {
	const struct text_options *opt;
	const struct view_options *view; /* -z, the search path (-I) */
	struct report_out *out;
	long executable_lines, lines_executed;
	unsigned long last_count; /* carried from line to line with -x */
	bool first_listing;
};

/* Write the annotation for one line into buf: width characters, the count
 * right-aligned before " -> ", or blanks for a line with no code. */
static void annotate_line(struct annotator *a, char *buf, unsigned width, int line,
			  const struct listing_file *lf)
{
	const struct text_options *opt = a->opt;
	const struct symbol *b = line <= lf->line_count ? lf->lines[line - 1] : NULL;
	char text[SYMBOL_BB_MAX * 30 + 16];
	char *p = text;
	unsigned long calls = 0, last_print = (unsigned long)-1;
	bool calls_set = false;
	size_t len;
	int k;

	memset(buf, ' ', width);
	buf[width] = '\0';
	if (b == NULL)
		return;
	a->executable_lines++;
	*p = '\0';
	if (b->is_function) {
		p += sprintf(p, "%lu", b->calls);
		a->last_count = b->calls;
		last_print = a->last_count;
		calls = b->calls;
		calls_set = true;
	} else if (opt->all_lines && symbol_bb_address(b, 0) &&
		   symbol_bb_address(b, 0) > b->address) {
		p += sprintf(p, "%lu", a->last_count);
		last_print = a->last_count;
		calls = a->last_count;
		calls_set = true;
	}
	for (k = 0; k < SYMBOL_BB_MAX && symbol_bb_address(b, k); k++) {
		a->last_count = symbol_bb_calls(b, k);
		if (!calls_set) {
			calls = 0;
			calls_set = true;
		}
		calls += a->last_count;
		if (opt->all_lines && a->last_count == last_print)
			continue;
		if (p > text)
			*p++ = ',';
		p += sprintf(p, "%lu", a->last_count);
		last_print = a->last_count;
	}
	if (opt->all_lines && p == text) {
		p += sprintf(p, "%lu", a->last_count);
		calls = a->last_count;
		calls_set = true;
	}
	if (!calls_set)
		return;
	a->lines_executed++;
	if (calls < opt->min_count) {
		strcpy(text, "#####");
		p = text + 5;
	}
	strcpy(p, " -> ");
	p += 4;
	len = (size_t)(p - text);
	if (len >= width)
		memcpy(buf, text, width);
	else
		memcpy(buf + width - len, text, len);
}

/* Open a source file (report_open_source), saying why not. */
static FILE *open_source(const struct view_options *view, const char *name)
{
	const char *why;
	FILE *in = report_open_source(view->search_dirs, view->search_dir_count, name, &why);

	if (in == NULL) {
		char *copy;
		const char *shown = text_printable(name, &copy); /* named by debug info */

		if (why == NULL)
			fprintf(stderr, "%s: could not locate `%s'\n", program_name, shown);
		else
			fprintf(stderr, "%s: %s: %s\n", program_name, shown, why);
		free(copy);
	}
	return in;
}

/* -y: the listing goes to FILE-ann, written whole or not at all (the
 * file being written in *ann, its name in *ann_path, to free). */
static FILE *list_source(struct annotator *a, const struct source_file *sf,
			 const struct listing_file *lf, struct outfile *ann, char **ann_path)
{
	const struct text_options *opt = a->opt;
	FILE *in = open_source(a->view, sf->name), *out = a->out->file;
	char annotation[17];
	char buf[8192];
	size_t n, i;
	int line = 1;
	bool at_line_start = true;

	if (in == NULL)
		return NULL;
	if (opt->separate_files) {
		const char *slash = strrchr(sf->name, '/');
		const char *base = slash ? slash + 1 : sf->name;
		char *path = xmalloc(strlen(base) + 5);

		char err[1024];

		sprintf(path, "%s-ann", base);
		out = outfile_begin(ann, path, err, sizeof(err)) ? outfile_stream(ann) : NULL;
		if (out == NULL) {
			if (ann->temp) {
				snprintf(err, sizeof(err), "%s: %s", path, strerror(ann->error));
				outfile_abort(ann);
			}
			fprintf(stderr, "%s: %s\n", program_name, err);
			free(path);
			fclose(in);
			return NULL;
		}
		*ann_path = path;
	}
	if (out == a->out->file) {
		if (a->first_listing)
			a->first_listing = false;
		else
			fputc('\n', out);
		report_separator(a->out);
		fprintf(out, "*** File %s:\n", sf->name);
	}
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0) {
		for (i = 0; i < n; i++) {
			if (at_line_start) {
				annotate_line(a, annotation, 16, line, lf);
				fputs(annotation, out);
				line++;
			}
			at_line_start = buf[i] == '\n';
			fputc(buf[i], out);
		}
	}
	fclose(in);
	return out;
}

/* Most executed lines first, then by line number. */
static int compare_line_calls(const void *lp, const void *rp)
{
	const struct symbol *left = *(const struct symbol *const *)lp;
	const struct symbol *right = *(const struct symbol *const *)rp;

	if (!left)
		return 1;
	if (!right)
		return -1;
	if (left->calls < right->calls)
		return 1;
	if (left->calls > right->calls)
		return -1;
	return left->line - right->line;
}

/* The listings of one object's files. */
static void annotate_object(struct annotator *a, const struct model *m, const struct object *obj)
{
	const struct text_options *opt = a->opt;
	const struct symbol_table *symtab = &m->symbols;
	struct listing_file *files = xcalloc(obj->source_file_count + 1, sizeof(*files));
	struct symbol **sums = NULL; /* the private sums made for lines */
	size_t sum_count = 0, i;
	const struct source_file *sf;
	struct outfile ann;
	char *ann_path = NULL;

	for (i = 0; i < symtab->count; i++) {
		const struct symbol *sym = &symtab->base[i];
		struct listing_file *lf;

		if (sym->object != obj || !sym->file)
			continue;
		lf = &files[sym->file->number];
		if (sym->line > lf->line_count && sym->in_annotation)
			lf->line_count = sym->line;
	}
	for (i = 0; i < obj->source_file_count; i++)
		if (files[i].line_count > 0)
			files[i].lines =
				xcalloc((size_t)files[i].line_count, sizeof(*files[i].lines));
	for (i = 0; i < symtab->count; i++) {
		const struct symbol *sym = &symtab->base[i];
		struct listing_file *lf;
		const struct symbol **slot;

		if (sym->object != obj || !sym->file)
			continue;
		lf = &files[sym->file->number];
		if (!(lf->line_count && sym->in_annotation))
			continue;
		lf->calls += sym->calls;
		slot = &lf->lines[sym->line - 1];
		if (*slot == NULL) {
			*slot = sym;
		} else if ((*slot)->address == 0) {
			/* already a private sum for this line */
			((struct symbol *)*slot)->calls += sym->calls;
		} else {
			struct symbol *sum = xmalloc(sizeof(*sum));

			*sum = **slot;
			sum->address = 0;
			sum->calls += sym->calls;
			*slot = sum;
			sums = xrealloc(sums, (sum_count + 1) * sizeof(*sums));
			sums[sum_count++] = sum;
		}
	}
	for (sf = obj->source_files; sf; sf = sf->next) {
		struct listing_file *lf = &files[sf->number];
		FILE *out;

		if (!lf->line_count || (!a->view->show_zeros && lf->calls == 0))
			continue;
		a->executable_lines = a->lines_executed = 0;
		out = list_source(a, sf, lf, &ann, &ann_path);
		if (out == NULL)
			continue;
		if (opt->table_length > 0) {
			int rows = opt->table_length, r;

			fprintf(out, "\n\nTop %d Lines:\n\n     Line      Count\n\n",
				opt->table_length);
			qsort(lf->lines, (size_t)lf->line_count, sizeof(*lf->lines),
			      compare_line_calls);
			if (rows > lf->line_count)
				rows = lf->line_count;
			for (r = 0; r < rows; r++) {
				const struct symbol *sym = lf->lines[r];

				if (!sym || sym->calls == 0)
					break;
				fprintf(out, "%9d %10lu\n", sym->line, sym->calls);
			}
		}
		fprintf(out, "\nExecution Summary:\n\n");
		fprintf(out, "%9ld   Executable lines in this file\n", a->executable_lines);
		fprintf(out, "%9ld   Lines executed\n", a->lines_executed);
		fprintf(out, "%9.2f   Percent of the file executed\n",
			a->executable_lines
				? 100.0 * a->lines_executed / (double)a->executable_lines
				: 100.0);
		fprintf(out, "\n%9lu   Total number of line executions\n", lf->calls);
		fprintf(out, "%9.2f   Average executions per line\n",
			a->executable_lines ? (double)lf->calls / (double)a->executable_lines
					    : 0.0);
		if (out != a->out->file) {
			char err[1024];

			if (!outfile_commit(&ann, err, sizeof(err)))
				fprintf(stderr, "%s: %s\n", program_name, err);
			free(ann_path);
			ann_path = NULL;
		}
	}
	for (i = 0; i < obj->source_file_count; i++)
		free(files[i].lines);
	free(files);
	for (i = 0; i < sum_count; i++)
		free(sums[i]);
	free(sums);
}

void print_annotated_source(const struct view *v, const struct text_options *opt,
			    struct report_out *out)
{
	const struct model *m = v->model;
	struct annotator a = { opt, &v->options, out, 0, 0, 0, true };
	size_t i;

	for (i = 0; i < m->object_count; i++)
		annotate_object(&a, m, m->objects[i]);
}
