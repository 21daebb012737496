/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * extsyms.c: -S/--external-symbol-table FILE: take the function symbols
 * from a listing instead of the executable, e.g. for a kernel whose
 * symbols come from /proc/kallsyms, or a stripped program with `nm` output
 * saved before stripping.
 *
 * Each line is "ADDRESS TYPE NAME" (nm's format; kallsyms adds
 * "[module]" after the name, which is ignored).  Only types 't' (static)
 * and 'T' (global) make symbols, as in GNU gprof; other lines, and lines
 * with fewer than three words (nm's "file:" headers, blank lines), are
 * skipped.  The symbols have no source file.  Lines are read in pieces of
 * at most 1022 bytes, as GNU gprof reads them.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <stdio.h>

#include "symtab/names.h"
#include "symtab/symbols.h"
#include "core/util.h"

/* GNU gprof's line buffer is 1024 bytes, of which it fills 1022. */
#define LINE_PIECE 1023

/* Does this line (or piece of one) start with a blank? */
static bool line_start_blank(const char *buf)
{
	return buf[0] == ' ' || buf[0] == '\t';
}

/* The address, as hexadecimal digits (an optional 0x, as C's scanners
 * accept); false if it is not a number. */
static bool parse_address(const char *text, uint64_t *address)
{
	char *end;
	unsigned long long value;

	if (text[0] == '-' || text[0] == '+')
		return false;
	errno = 0;
	value = strtoull(text, &end, 16);
	if (errno || end == text || *end != '\0')
		return false;
	*address = value;
	return true;
}

void symbols_read_listing(struct model *m, struct object *obj, const char *path)
{
	FILE *f;
	char buf[LINE_PIECE + 1], address[LINE_PIECE + 1], name[LINE_PIECE + 1];
	size_t capacity = 0, n = 0;
	long line = 0;
	bool line_start = true;

	f = fopen(path, "r");
	if (f == NULL)
		fatal("%s: cannot open the symbol table: %s", path, strerror(errno));
	struct symbol_table *symtab = &m->symbols;

	free(symtab->base);
	symtab->base = NULL;
	symtab->capacity = 0;
	while (fgets(buf, LINE_PIECE, f)) {
		char type;
		struct symbol *sym;
		size_t length = strlen(buf);

		if (line_start)
			line++;
		line_start = length > 0 && buf[length - 1] == '\n';
		/* nm prints undefined symbols ("U name") with blanks where the
		 * address goes: no address, nothing to place */
		if (line_start_blank(buf))
			continue;
		if (sscanf(buf, "%1023s %c %1023s", address, &type, name) != 3)
			continue;
		if (type != 't' && type != 'T')
			continue;
		if (n == capacity) {
			capacity = capacity ? capacity * 2 : 256;
			symtab->base =
				xrealloc(symtab->base, (capacity + 1) * sizeof(*symtab->base));
			symtab->capacity = capacity + 1;
		}
		sym = &symtab->base[n];
		symbol_init(sym);
		if (!parse_address(address, &sym->address))
			fatal("%s:%ld: '%s' is not a hexadecimal address", path, line, address);
		names_set(m, sym, model_strdup(m, name), false);
		sym->object = obj;
		sym->is_function = 1;
		sym->is_bb_head = 1;
		sym->is_static = type == 't';
		n++;
	}
	if (ferror(f))
		fatal("%s: read error: %s", path, strerror(errno));
	fclose(f);
	if (n == 0)
		fatal("%s: no function symbols (no lines of type 't' or 'T')", path);
	symtab->count = n;
	symbol_table_finalize(symtab, obj->text_high - 1);
}
