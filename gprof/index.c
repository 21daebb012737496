/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * index.c: the index printer: every call-graph entry by name, in three
 * columns, each with its [N] (or (N) when the graph does not show it).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "printers.h"
#include "report.h"
#include "util.h"

static int compare_name(const void *lp, const void *rp)
{
	const struct symbol *left = *(const struct symbol *const *)lp;
	const struct symbol *right = *(const struct symbol *const *)rp;

	return strcmp(left->name, right->name);
}

void print_index(const struct model *m, const struct options *opt, struct report_out *out)
{
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
	qsort(sorted, names, sizeof(*sorted), compare_name);
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

			snprintf(buf, sizeof(buf), sym->printed ? "[%d]" : "(%d)", sym->index);
			if (j < names) {
				if (opt->traditional) {
					fprintf(f, "%6.6s %-19.19s", buf, sym->name);
				} else {
					col += (int)strlen(buf);
					for (; col < starting_col + 5; ++col)
						putc(' ', f);
					fprintf(f, " %s ", buf);
					col += print_name_only(out, sym);
					if (!opt->line_granularity && sym->is_static && sym->file) {
						const char *file = file_base_name(opt, sym->file->name);

						fprintf(f, " (%s)", file);
						col += (int)strlen(file) + 3;
					}
				}
			} else {
				char cycle_name[32];

				snprintf(cycle_name, sizeof(cycle_name), "<cycle %d>", sym->cycle_number);
				if (opt->traditional) {
					fprintf(f, "%6.6s ", buf);
					fprintf(f, "%-19.19s", cycle_name);
				} else {
					col += (int)strlen(buf);
					for (; col < starting_col + 5; ++col)
						putc(' ', f);
					fprintf(f, " %s ", buf);
					fprintf(f, "%s", cycle_name);
					col += (int)strlen(cycle_name);
				}
			}
			starting_col += column_width;
		}
		fprintf(f, "\n");
	}
	free(sorted);
}
