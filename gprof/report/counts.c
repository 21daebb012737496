/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * counts.c: the -C printer: how many times each function (and, with -l
 * and block records, each basic block) was executed, by file and line.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "report/printers.h"
#include "report/report.h"
#include "core/util.h"

/* By file and line (when both have a file), then address. */
static int compare_block_order(const void *lp, const void *rp)
{
	const struct symbol *left = *(const struct symbol *const *)lp;
	const struct symbol *right = *(const struct symbol *const *)rp;

	if (left->file && right->file) {
		int r = strcmp(left->file->name, right->file->name);

		if (r)
			return r;
		if (left->line != right->line)
			return left->line - right->line;
	}
	if (left->address < right->address)
		return -1;
	return left->address > right->address;
}

void print_exec_counts(const struct model *m, const struct options *opt, struct report_out *out)
{
	const struct symbol_table *symtab = &m->symbols;
	const struct symbol **sorted = xmalloc((symtab->count + 1) * sizeof(*sorted));
	FILE *f = out->file;
	size_t n = 0, i;

	report_separator(out);
	for (i = 0; i < symtab->count; i++)
		if (symtab->base[i].in_exec)
			sorted[n++] = &symtab->base[i];
	qsort(sorted, n, sizeof(*sorted), compare_block_order);
	for (i = 0; i < n; i++) {
		const struct symbol *sym = sorted[i];
		const char *file = sym->file ? sym->file->name : "<unknown>";
		int k;

		if (sym->calls > 0 || opt->show_zeros)
			fprintf(f, "%s:%d: (%s:0x%lx) %lu executions\n", file, sym->line, sym->name,
			       (unsigned long)sym->address, sym->calls);
		for (k = 0; k < SYMBOL_BB_MAX && symbol_bb_address(sym, k); k++)
			if (symbol_bb_calls(sym, k) > 0 || opt->show_zeros)
				fprintf(f, "%s:%d: (%s:0x%lx) %lu executions\n", file, sym->line,
				       sym->name, (unsigned long)symbol_bb_address(sym, k),
				       symbol_bb_calls(sym, k));
	}
	free(sorted);
}

