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

/*
 * Demangled names, each demangled once: a name is printed several times
 * (flat profile, every call-graph line that names it, index), and
 * demangling was an eighth of the run time at 100,000 functions.  One
 * entry per symbol of the program's table, found by the symbol's place
 * in it (a hash table keyed by name cost as much as demangling, in cache
 * misses); the entry remembers the name it was made for, and the array is
 * remade if the table moves.  Other symbols are demangled every time.
 */
struct demangled_name {
	const char *name;  /* NULL: not demangled yet */
	const char *shown; /* name itself when it does not demangle */
};

static struct demangled_name *demangled_names;
static const struct symbol *demangled_base; /* symtab.base they were made for */
static size_t demangled_count;

static const char *demangle(const char *name, char **to_free)
{
	char *demangled = bfd_demangle(core_bfd, name, DMGL_ANSI | DMGL_PARAMS);

	*to_free = demangled;
	return demangled ? demangled : name;
}

static const char *demangle_once(const struct symbol *sym, char **to_free)
{
	struct demangled_name *entry;
	char *kept;

	if (sym < symtab.base || sym >= symtab.base + symtab.count)
		return demangle(sym->name, to_free);
	if (demangled_base != symtab.base || demangled_count != symtab.count) {
		free(demangled_names);
		demangled_names = xcalloc(symtab.count, sizeof(*demangled_names));
		demangled_base = symtab.base;
		demangled_count = symtab.count;
	}
	entry = &demangled_names[sym - symtab.base];
	if (entry->name != sym->name) {
		entry->name = sym->name;
		entry->shown = demangle(sym->name, &kept);
	}
	return entry->shown;
}

/* The name to print; *to_free is set when the caller must free it. */
const char *display_name(const struct symbol *sym, char **to_free)
{
	*to_free = NULL;
	if (sym->name == NULL)
		return "";
	if (opt.traditional || !opt.demangle)
		return sym->name;
	return demangle_once(sym, to_free);
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
	size = (int)strlen(name);
	fwrite(name, 1, (size_t)size, out);
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
	if (sym->index > 0) {
		/* " [N]" or " (N)" by hand: printed on every call-graph line */
		char buf[16], *p = buf + sizeof(buf);
		int n = sym->index;

		*--p = sym->printed ? ']' : ')';
		do {
			*--p = (char)('0' + n % 10);
			n /= 10;
		} while (n != 0);
		*--p = sym->printed ? '[' : '(';
		*--p = ' ';
		fwrite(p, 1, (size_t)(buf + sizeof(buf) - p), out);
	} else if (sym->index != 0) {
		fprintf(out, sym->printed ? " [%d]" : " (%d)", sym->index);
	}
}

/* Length of the valid UTF-8 sequence at s (1 to 4), or 0 if it is not
 * one: overlong forms, surrogates and code points past U+10FFFF are not. */
int utf8_sequence_length(const unsigned char *s)
{
	int length, i;
	uint32_t code;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xC2 && s[0] <= 0xDF) {
		length = 2;
		code = s[0] & 0x1F;
	} else if (s[0] >= 0xE0 && s[0] <= 0xEF) {
		length = 3;
		code = s[0] & 0x0F;
	} else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
		length = 4;
		code = s[0] & 0x07;
	} else {
		return 0;
	}
	for (i = 1; i < length; i++) {
		if ((s[i] & 0xC0) != 0x80) /* also stops at the terminating NUL */
			return 0;
		code = code << 6 | (s[i] & 0x3F);
	}
	if ((length == 3 && code < 0x800) || (length == 4 && code < 0x10000) ||
	    (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF)
		return 0;
	return length;
}
