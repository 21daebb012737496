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

#include "gprof.h"
#include "symbols.h"

/* File, function and line of an address, as GNU gprof's get_src_info
 * finds them.  Without a function name from the debug information, the
 * function symbol holding the address names it. */
static bool line_of(uint64_t address, const char **file, const char **function, int *line)
{
	const char *fname = NULL, *func = NULL;
	unsigned int l = 0;

	if (!bfd_find_nearest_line(core_bfd, core_text_section, NULL,
				   address - bfd_section_vma(core_text_section), &fname, &func, &l) ||
	    fname == NULL || l == 0)
		return false;
	if (func == NULL) {
		const struct symbol *sym = symbol_lookup(&symtab, address);

		if (sym == NULL)
			return false;
		func = sym->name;
	}
	*file = fname;
	*function = func;
	*line = (int)l;
	return true;
}

void symbols_create_lines(void)
{
	struct symbol_table lines = { NULL, 0 };
	size_t capacity = 0;
	uint64_t vma = bfd_section_vma(core_text_section);
	uint64_t end = vma + bfd_section_size(core_text_section);
	size_t prev = (size_t)-1; /* index of the last line symbol */
	size_t i;

	symbols_create_functions();
	for (; vma < end; vma++) {
		const char *file, *function;
		int line;
		struct source_file *sf;
		struct symbol *sym;

		if (!line_of(vma, &file, &function, &line))
			continue;
		sf = source_file_by_path(file);
		if (prev != (size_t)-1 && lines.base[prev].line == line &&
		    strcmp(lines.base[prev].name, function) == 0 && lines.base[prev].file == sf)
			continue;
		if (lines.count == capacity) {
			capacity = capacity ? capacity * 2 : 1024;
			lines.base = xrealloc(lines.base, capacity * sizeof(struct symbol));
		}
		sym = &lines.base[lines.count++];
		symbol_init(sym);
		sym->name = xstrdup(function);
		sym->file = sf;
		sym->line = line;
		sym->address = vma;
		if (prev != (size_t)-1 && sf == lines.base[prev].file &&
		    strcmp(sym->name, lines.base[prev].name) == 0) {
			sym->is_static = lines.base[prev].is_static;
		} else {
			const struct symbol *owner = symbol_lookup(&symtab, vma);

			if (owner)
				sym->is_static = owner->is_static;
		}
		prev = lines.count - 1;
	}
	lines.base = xrealloc(lines.base, (lines.count + symtab.count) * sizeof(struct symbol));
	for (i = 0; i < symtab.count; i++)
		lines.base[lines.count++] = symtab.base[i];
	free(symtab.base);
	symtab = lines;
	symbol_table_finalize(&symtab);
}
