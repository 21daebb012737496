/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * names.c: how a symbol's name is shown: demangled (unless -T or
 * --no-demangle), with its file and line for -l or --inline-file-names,
 * and in the call graph with its cycle and index.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include <bfd.h>
#include <demangle.h>

#include "gprof.h"
#include "symbols.h"

const char *file_base_name(const char *path)
{
	const char *slash;

	if (opt.print_path)
		return path;
	slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* The name to print; *to_free is set when the caller must free it. */
const char *display_name(const struct symbol *sym, char **to_free)
{
	char *demangled;

	*to_free = NULL;
	if (sym->name == NULL)
		return "";
	if (opt.traditional || !opt.demangle)
		return sym->name;
	demangled = bfd_demangle(core_bfd, sym->name, DMGL_ANSI | DMGL_PARAMS);
	if (demangled == NULL)
		return sym->name;
	*to_free = demangled;
	return demangled;
}

/* Print the name (and, for -l or --inline-file-names, where it is);
 * return the number of characters printed. */
int print_name_only(FILE *out, const struct symbol *sym)
{
	char *to_free;
	const char *name;
	int size;

	if (sym->name == NULL)
		return 0;
	name = display_name(sym, &to_free);
	fputs(name, out);
	size = (int)strlen(name);
	free(to_free);
	if ((opt.line_granularity || opt.inline_file_names) && sym->file) {
		const char *file = file_base_name(sym->file->name);

		if (opt.line_granularity)
			size += fprintf(out, " (%s:%d @ %lx)", file, sym->line,
					(unsigned long)sym->address);
		else
			size += fprintf(out, " (%s:%d)", file, sym->line);
	}
	return size;
}

void print_name(FILE *out, const struct symbol *sym)
{
	print_name_only(out, sym);
	if (sym->cycle_number != 0)
		fprintf(out, " <cycle %d>", sym->cycle_number);
	if (sym->index != 0)
		fprintf(out, sym->printed ? " [%d]" : " (%d)", sym->index);
}
