/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * index.c: the index printer: every call-graph entry by name, in three
 * columns, each with its [N] (or (N) when the graph does not show it).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <string.h>

#include "report/printers.h"
#include "report/report.h"

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
void print_index(const struct view *v, const struct text_options *opt, struct report_out *out)
{
	struct text line = { 0 }, *t = &line;
	FILE *f = out->file;
	size_t i, j, names = v->index.function_count, total = v->index.count, rows;
	const struct symbol *const *sorted = v->index.rows;
	int column_width = (opt->width - 1) / 3; /* never write in the last column */

	fprintf(f, "\f\n");
	fprintf(f, "Index by function name\n\n");
	rows = (total + 2) / 3;
	for (i = 0; i < rows; i++) {
		int col = 0, starting_col = 0;

		/* a line's three names are scattered: asked for ahead */
		for (j = i + 4; j < total; j += rows)
			symbol_prefetch(sorted[j]);
		for (j = i + 2; j < total; j += rows)
			text_name_prefetch(out, sorted[j], false);
		for (j = i + 1; j < total; j += rows)
			text_name_prefetch(out, sorted[j], true);

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
					col = pad_to_column(t, col + (int)buf_length,
							    starting_col + 5);
					text_char(t, ' ');
					text_bytes(t, buf, buf_length);
					text_char(t, ' ');
					col += text_name_only(t, out, sym);
					if (!v->options.line_granularity && sym->is_static &&
					    sym->file) {
						const char *file =
							file_base_name(out->names, sym->file->name);
						size_t file_length = strlen(file);

						text_bytes(t, " (", 2);
						text_bytes(t, file, file_length);
						text_char(t, ')');
						col += (int)file_length + 3;
					}
				}
			} else {
				char cycle_name[32];

				snprintf(cycle_name, sizeof(cycle_name), "<cycle %d>",
					 sym->cycle_number);
				if (opt->traditional) {
					text_field(t, buf, 6, false);
					text_char(t, ' ');
					text_field(t, cycle_name, 19, true);
				} else {
					col = pad_to_column(t, col + (int)buf_length,
							    starting_col + 5);
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
}
