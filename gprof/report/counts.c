/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * counts.c: the -C printer: how many times each function (and, with -l
 * and block records, each basic block) was executed, by file and line.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include "report/printers.h"
#include "report/report.h"

void print_exec_counts(const struct view *v, struct report_out *out)
{
	FILE *f = out->file;
	size_t i;

	report_separator(out);
	for (i = 0; i < v->exec.count; i++) {
		const struct exec_row *row = &v->exec.rows[i];
		const struct symbol *sym = row->sym;

		fprintf(f, "%s:%d: (%s:0x%lx) %lu executions\n",
			sym->file ? sym->file->name : "<unknown>", sym->line, sym->name,
			(unsigned long)row->address, row->count);
	}
}
