/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * index.c: the index printer: every call-graph entry by name, in three
 * columns, each with its [N] (or (N) when the graph does not show it).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/callgraph.h"
#include "report/printers.h"
#include "report/report.h"
#include "core/util.h"

/* Sort the n symbols of sorted by name, ties in the order given (what a
 * stable sort by strcmp gives): a counting sort by name rank
 * (symbol_table_rank_names), ranks being below ranks. */
static void sort_by_name(const struct symbol **sorted, size_t n, size_t ranks)
{
	const struct symbol **by_rank = xmalloc((n + 1) * sizeof(*by_rank));
	size_t *start = xcalloc(ranks + 1, sizeof(*start));
	size_t i;

	for (i = 0; i < n; i++)
		start[sorted[i]->name_rank + 1]++;
	for (i = 1; i <= ranks; i++)
		start[i] += start[i - 1];
	for (i = 0; i < n; i++)
		by_rank[start[sorted[i]->name_rank]++] = sorted[i];
	if (n > 0)
		memcpy(sorted, by_rank, n * sizeof(*sorted));
	free(by_rank);
	free(start);
}

/* "[%d]" (an entry the call graph shows) or "(%d)" into buf; its length */
static size_t format_index(char *buf, const struct symbol *sym)
{
	char digits[16], *p = digits + sizeof(digits);
	unsigned n = sym->index < 0 ? -(unsigned)sym->index : (unsigned)sym->index;
	size_t length;

	*--p = sym->printed ? ']' : ')';
	do {
		*--p = (char)('0' + n % 10);
		n /= 10;
	} while (n != 0);
	if (sym->index < 0)
		*--p = '-';
	*--p = sym->printed ? '[' : '(';
	length = (size_t)(digits + sizeof(digits) - p);
	memcpy(buf, p, length);
	buf[length] = '\0';
	return length;
}

/* Spaces from column col up to column to (none if col is past it); the
 * column reached. */
static int pad_to_column(struct text *t, int col, int to)
{
	if (col < to) {
		text_spaces(t, (size_t)(to - col));
		col = to;
	}
	return col;
}

/* The lines are built in memory and written in blocks (text.h). */
void print_index(const struct view *v, const struct options *opt, struct report_out *out)
{
	const struct model *m = v->model;
	struct text line = { 0 }, *t = &line;
	const struct symbol_table *symtab = &m->symbols;
	FILE *f = out->file;
	size_t i, j, names = 0, total, rows;
	const struct symbol **sorted =
		xmalloc((symtab->count + (size_t)m->cycle_count + 1) * sizeof(*sorted));
	int column_width = (opt->width - 1) / 3; /* never write in the last column */

	for (i = 0; i < symtab->count; i++) {
		const struct symbol *sym = &symtab->base[i];

		if (sym->hidden)
			continue;
		/* GNU gprof leaves out functions with neither calls nor self
		 * time, even those with an entry in the call graph (main, a
		 * thread's start routine): we list every entry the graph has
		 * (doc/compat.md) */
		if (!opt->show_zeros && sym->calls == 0 && sym->self_ticks == 0 &&
		    ((opt->gnu_quirks & QUIRK_INDEX) || !callgraph_shows(sym, opt)))
			continue;
		sorted[names++] = sym;
	}
	sort_by_name(sorted, names, symtab->count);
	total = names;
	for (i = 1; i <= (size_t)m->cycle_count; i++)
		sorted[total++] = &m->cycles[i];

	fprintf(f, "\f\n");
	fprintf(f, "Index by function name\n\n");
	rows = (total + 2) / 3;
	for (i = 0; i < rows; i++) {
		int col = 0, starting_col = 0;

		for (j = i; j < total; j += rows) {
			const struct symbol *sym = sorted[j];
			char buf[32];
			size_t buf_length = format_index(buf, sym);

			if (j < names) {
				if (opt->traditional) {
					text_field(t, buf, 6, false);
					text_char(t, ' ');
					text_field(t, sym->name, 19, true);
				} else {
					col = pad_to_column(t, col + (int)buf_length, starting_col + 5);
					text_char(t, ' ');
					text_bytes(t, buf, buf_length);
					text_char(t, ' ');
					col += text_name_only(t, out, sym);
					if (!opt->line_granularity && sym->is_static && sym->file) {
						const char *file = file_base_name(opt, sym->file->name);
						size_t file_length = strlen(file);

						text_bytes(t, " (", 2);
						text_bytes(t, file, file_length);
						text_char(t, ')');
						col += (int)file_length + 3;
					}
				}
			} else {
				char cycle_name[32];

				snprintf(cycle_name, sizeof(cycle_name), "<cycle %d>", sym->cycle_number);
				if (opt->traditional) {
					text_field(t, buf, 6, false);
					text_char(t, ' ');
					text_field(t, cycle_name, 19, true);
				} else {
					col = pad_to_column(t, col + (int)buf_length, starting_col + 5);
					text_char(t, ' ');
					text_bytes(t, buf, buf_length);
					text_char(t, ' ');
					text_bytes(t, cycle_name, strlen(cycle_name));
					col += (int)strlen(cycle_name);
				}
			}
			starting_col += column_width;
		}
		text_end_line(t, f);
	}
	text_free(t, f);
	free(sorted);
}
