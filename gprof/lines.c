/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lines.c: -l/--line: one symbol per source line, so that samples and call
 * sites are charged to lines rather than functions.
 *
 * Every address of the text section is looked up in the DWARF line table
 * (through BFD); each run of addresses with the same function, file and
 * line becomes a line symbol.  The function symbols are kept as well: they
 * are what calls arrive at, and at an address where both start the
 * function wins.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "object.h"
#include "profile.h"
#include "symbols.h"
#include "util.h"

/* File, function and line of an address, as GNU gprof's get_src_info
 * finds them.  Without a function name from the debug information, the
 * function symbol holding the address names it. */
static bool line_of(const struct object *obj, const struct symbol_table *functions,
		    uint64_t address, const char **file, const char **function, int *line)
{
	if (!object_find_line(obj, address, file, function, line))
		return false;
	if (*function == NULL) {
		const struct symbol *sym = symbol_lookup(functions, address);

		if (sym == NULL)
			return false;
		*function = sym->name;
	}
	return true;
}

void symbols_read_lines(struct model *m, struct object *obj, const struct options *opt)
{
	struct symbol_table lines = { .base = NULL };
	struct symbol_table *symtab = &m->symbols;
	size_t capacity = 0;
	uint64_t vma = obj->text_low;
	uint64_t end = obj->text_high;
	size_t prev = (size_t)-1; /* index of the last line symbol */
	size_t i;

	symbols_read_functions(m, obj, opt);
	for (; vma < end; vma++) {
		const char *file, *function;
		int line;
		struct source_file *sf;
		struct symbol *sym;

		if (!line_of(obj, symtab, vma, &file, &function, &line))
			continue;
		sf = source_file_by_path(obj, file);
		if (prev != (size_t)-1 && lines.base[prev].line == line &&
		    strcmp(lines.base[prev].name, function) == 0 && lines.base[prev].file == sf)
			continue;
		if (lines.count == capacity) {
			capacity = capacity ? capacity * 2 : 1024;
			lines.base = xrealloc(lines.base, capacity * sizeof(struct symbol));
		}
		sym = &lines.base[lines.count++];
		symbol_init(sym);
		sym->name = model_strdup(m, function);
		sym->object = obj;
		sym->file = sf;
		sym->line = line;
		sym->address = vma;
		if (prev != (size_t)-1 && sf == lines.base[prev].file &&
		    strcmp(sym->name, lines.base[prev].name) == 0) {
			sym->is_static = lines.base[prev].is_static;
		} else {
			const struct symbol *owner = symbol_lookup(symtab, vma);

			if (owner)
				sym->is_static = owner->is_static;
		}
		prev = lines.count - 1;
	}
	lines.base = xrealloc(lines.base, (lines.count + symtab->count) * sizeof(struct symbol));
	for (i = 0; i < symtab->count; i++)
		lines.base[lines.count++] = symtab->base[i];
	symbol_table_release(symtab);
	*symtab = lines;
	symbol_table_finalize(symtab, obj->text_high - 1);
}

/* Basic-block counts belong to the symbol holding their address, in up to
 * SYMBOL_BB_MAX slots (further blocks are dropped, as GNU gprof does).
 * Only -l uses them. */
void lines_assign_block_counts(struct model *m, const struct bb_count *blocks, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++) {
		struct symbol *sym = symbol_lookup(&m->symbols, blocks[i].address);
		int k;

		if (sym == NULL)
			continue;
		for (k = 0; k < SYMBOL_BB_MAX; k++) {
			if (sym->blocks == NULL)
				sym->blocks = xcalloc(1, sizeof(*sym->blocks));
			if (!sym->blocks->address[k] || sym->blocks->address[k] == blocks[i].address) {
				sym->blocks->address[k] = blocks[i].address;
				sym->blocks->calls[k] += (unsigned long)blocks[i].count;
				break;
			}
		}
	}
}
