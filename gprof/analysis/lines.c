/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lines.c: -l/--line: one symbol per source line, so that samples and call
 * sites are charged to lines rather than functions.
 *
 * Every address of the text section is looked up in the DWARF line table
 * (read once, lineindex.c; through BFD when libdw cannot read it, one
 * address at a time); each run of addresses with the same function, file
 * and line becomes a line symbol.  The function symbols are kept as well:
 * they are what calls arrive at, and at an address where both start the
 * function wins.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include <bfd.h>

#include "symtab/lineindex.h"
#include "symtab/object.h"
#include "gmon/profile.h"
#include "symtab/symbols.h"
#include "core/util.h"

/* The names GNU gprof's line symbols take where the debug information
 * names no function: BFD, given the whole symbol table as GNU gives it,
 * then names the code after the closest function symbol at or below the
 * address, compiler clones included (which GNU drops from its own table).
 * Sorted by address; GPROF_GNU_QUIRKS=clones only. */
struct elf_names {
	uint64_t *addresses;
	const char **names;
	size_t count;
};

static bool names_function(const struct object *obj, const asymbol *as)
{
	if (as->section == NULL || as->section != obj->text || as->name == NULL ||
	    as->name[0] == '\0')
		return false;
	if (as->flags & (BSF_SECTION_SYM | BSF_FILE | BSF_OBJECT | BSF_DEBUGGING |
			 BSF_THREAD_LOCAL | BSF_SYNTHETIC))
		return false;
	return (as->flags & BSF_FUNCTION) != 0;
}

static void elf_names_read(struct elf_names *n, const struct object *obj)
{
	size_t *order, i, k = 0;
	long count = obj->bfd_symbol_count, j;
	uint64_t *addresses;

	memset(n, 0, sizeof(*n));
	if (count <= 0)
		return;
	addresses = xmalloc((size_t)count * sizeof(*addresses));
	order = xmalloc((size_t)count * sizeof(*order));
	for (j = 0; j < count; j++) {
		const asymbol *as = obj->bfd_symbols[j];

		if (!names_function(obj, as))
			continue;
		addresses[k] = bfd_asymbol_value(as);
		order[k] = (size_t)j;
		k++;
	}
	/* insertion into address order, the first of equal ones kept first */
	n->addresses = xmalloc((k + 1) * sizeof(*n->addresses));
	n->names = xmalloc((k + 1) * sizeof(*n->names));
	for (i = 0; i < k; i++) {
		size_t low = 0, high = n->count;

		while (low < high) {
			size_t mid = low + (high - low) / 2;

			if (n->addresses[mid] <= addresses[i])
				low = mid + 1;
			else
				high = mid;
		}
		memmove(n->addresses + low + 1, n->addresses + low,
			(n->count - low) * sizeof(*n->addresses));
		memmove(n->names + low + 1, n->names + low, (n->count - low) * sizeof(*n->names));
		n->addresses[low] = addresses[i];
		n->names[low] = obj->bfd_symbols[order[i]]->name;
		n->count++;
	}
	free(addresses);
	free(order);
}

static const char *elf_name_at(const struct elf_names *n, uint64_t address)
{
	size_t low = 0, high = n->count;

	while (low < high) {
		size_t mid = low + (high - low) / 2;

		if (n->addresses[mid] <= address)
			low = mid + 1;
		else
			high = mid;
	}
	/* of several at one address, the first */
	if (low == 0)
		return NULL;
	low--;
	while (low > 0 && n->addresses[low - 1] == n->addresses[low])
		low--;
	return n->names[low];
}

/* File, function and line of an address, as GNU gprof's get_src_info
 * finds them.  Without a function name from the debug information, the
 * function symbol holding the address names it (GNU's way: elf_names). */
static bool line_of(const struct object *obj, const struct symbol_table *functions,
		    const struct elf_names *elf_names, uint64_t address, const char **file,
		    const char **function, int *line)
{
	if (!object_find_line(obj, address, file, function, line))
		return false;
	if (*function == NULL && elf_names) {
		*function = elf_name_at(elf_names, address);
		return *function != NULL;
	}
	if (*function == NULL) {
		const struct symbol *sym = symbol_lookup(functions, address);

		if (sym == NULL)
			return false;
		*function = sym->name;
	}
	return true;
}

/*
 * The addresses where what line_of and the owner lookup answer may
 * change, in order: the line index's span starts, each function symbol's
 * start and the address after its end, GNU's names' addresses.  Between
 * two of them every address gives the same line symbol as the first, so
 * only these are looked at: the same symbols as looking at every byte of
 * the text (what GNU gprof does, and we did), in a fraction of the time.
 */
static int compare_addresses(const void *lp, const void *rp)
{
	uint64_t l = *(const uint64_t *)lp, r = *(const uint64_t *)rp;

	return l < r ? -1 : l > r;
}

static uint64_t *change_points(const struct object *obj, const struct symbol_table *symtab,
			       const struct elf_names *elf_names, size_t *count)
{
	const struct line_index *index = obj->line_index;
	size_t capacity = index->count + 2 * symtab->count + (elf_names ? elf_names->count : 0) + 1;
	uint64_t *points = xmalloc(capacity * sizeof(*points));
	size_t n = 0, i, k;

	points[n++] = obj->text_low;
	for (i = 0; i < index->count; i++)
		points[n++] = index->spans[i].address;
	for (i = 0; i < symtab->count; i++) {
		points[n++] = symtab->base[i].address;
		points[n++] = symtab->base[i].end_address + 1;
	}
	for (i = 0; elf_names && i < elf_names->count; i++)
		points[n++] = elf_names->addresses[i];
	qsort(points, n, sizeof(*points), compare_addresses);
	for (i = k = 0; i < n; i++) {
		if (points[i] < obj->text_low || points[i] >= obj->text_high)
			continue;
		if (k == 0 || points[k - 1] != points[i])
			points[k++] = points[i];
	}
	*count = k;
	return points;
}

void symbols_read_lines(struct model *m, struct object *obj, const struct read_options *opt)
{
	struct symbol_table lines = { .base = NULL };
	struct symbol_table *symtab = &m->symbols;
	struct elf_names gnu_names, *elf_names = NULL;
	size_t capacity = 0;
	uint64_t vma = obj->text_low;
	uint64_t end = obj->text_high;
	size_t prev = (size_t)-1; /* index of the last line symbol */
	uint64_t *points = NULL;
	size_t point_count = 0, next_point = 0;
	size_t i;

	symbols_read_functions(m, obj, opt);
	if (opt->gnu_quirks & QUIRK_CLONES) {
		elf_names_read(&gnu_names, obj);
		elf_names = &gnu_names;
	}
	if (obj->line_index)
		points = change_points(obj, symtab, elf_names, &point_count);
	else if (!obj->has_debug_info) /* no line anywhere: nothing to ask */
		end = vma;
	for (; vma < end;
	     vma = points ? (next_point < point_count ? points[next_point] : end) : vma + 1) {
		const char *file, *function;
		int line;
		struct source_file *sf;
		struct symbol *sym;

		if (points)
			next_point++;
		if (!line_of(obj, symtab, elf_names, vma, &file, &function, &line))
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
	free(points);
	if (elf_names) {
		free(elf_names->addresses);
		free(elf_names->names);
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
			if (!sym->blocks->address[k] ||
			    sym->blocks->address[k] == blocks[i].address) {
				sym->blocks->address[k] = blocks[i].address;
				sym->blocks->calls[k] += (unsigned long)blocks[i].count;
				break;
			}
		}
	}
}
