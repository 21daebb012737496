/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * symbols.c: the executable's function symbols: one entry per function
 * symbol, sorted by address, duplicates resolved as GNU gprof resolves
 * them, each mapped to its source file and line.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bfd.h>

#include "symtab/eh_frame.h"
#include "symtab/filemap.h"
#include "symtab/names.h"
#include "symtab/object.h"
#include "symtab/symbols.h"
#include "core/util.h"

/* ------------------------------------------------------------ classes */

/* GNU gprof keeps static names with dots only when every dotted part is a
 * number (nested functions, "foo.1") or a ".clone.N"/".constprop.N" clone.
 * Its scan then runs past the name's end into the next string of the
 * string table, so that in practice whether "f.constprop.0" is kept
 * depends on its neighbour.  That is what GPROF_GNU_QUIRKS=clones
 * reproduces, reading what GNU reads (BFD ends its string table with an
 * extra NUL, so the scan stops there). */
static bool gnu_static_name_acceptable(const char *name)
{
	for (; *name; name++) {
		if (*name == '$')
			return false;
		while (*name == '.') {
			bool digit_seen = false;

			if (strlen(name) > 7 && strncmp(name, ".clone.", 7) == 0)
				name += 6;
			else if (strlen(name) > 11 && strncmp(name, ".constprop.", 11) == 0)
				name += 10;
			for (name++; *name; name++) {
				if (digit_seen && *name == '.')
					break;
				if (isdigit((unsigned char)*name))
					digit_seen = true;
				else
					return false;
			}
		}
	}
	return true;
}

/* Ours: a static name may end in any run of compiler clone suffixes
 * (".constprop.N", ".isra.N", ".part.N", ".clone.N", ".lto_priv.N",
 * ".cold", ".cold.N") and nested-function numbers (".N"); each clone is
 * a function of its own (a ".cold" part is charged to its parent, see
 * resolve_clones). */
static bool static_name_acceptable(const char *name, const struct read_options *opt)
{
	static const char *const suffixes[] = { "constprop", "isra", "part", "clone",
						"lto_priv",  "cold", NULL };
	const char *dot;

	if (opt->gnu_quirks & QUIRK_CLONES)
		return gnu_static_name_acceptable(name);
	if (strchr(name, '$'))
		return false;
	for (dot = strchr(name, '.'); dot; dot = strchr(dot, '.')) {
		const char *part = dot + 1;
		size_t len = strcspn(part, ".");
		const char *const *s;
		bool known = len > 0;
		size_t i;

		for (i = 0; i < len; i++)
			if (!isdigit((unsigned char)part[i]))
				break;
		if (len == 0 || i < len) {
			known = false;
			for (s = suffixes; *s; s++)
				if (strlen(*s) == len && strncmp(part, *s, len) == 0)
					known = true;
		}
		if (!known)
			return false;
		dot = part + len;
	}
	return true;
}

/* 'T' for a global function, 't' for a static one, 0 for anything else. */
static int symbol_class(bfd *abfd, asymbol *sym, const struct read_options *opt)
{
	symbol_info info;
	char leading;

	if (sym->section == NULL || (sym->flags & BSF_DEBUGGING) != 0)
		return 0;
	if (opt->no_static && (sym->flags & BSF_LOCAL))
		return 0;
	bfd_get_symbol_info(abfd, sym, &info);
	if (info.type == 'T' || info.type == 'W')
		return 'T';
	if (info.type != 't')
		return 0;
	if (opt->no_static)
		return 0;
	if (sym->name == NULL || sym->name[0] == '\0')
		return 0;
	if (!static_name_acceptable(sym->name, opt))
		return 0;
	leading = bfd_get_symbol_leading_char(abfd);
	if ((leading && leading != sym->name[0]) || strncmp(sym->name, "__gnu_compiled", 14) == 0 ||
	    strncmp(sym->name, "___gnu_compiled", 15) == 0)
		return 0;
	if (opt->functions_only && (sym->flags & BSF_FUNCTION) == 0)
		return 0;
	return 't';
}

/* ------------------------------------------------------------ the table */

static uint64_t elf_symbol_size(bfd *abfd, asymbol *as, bool *trusted);

/* Before sorting: source files are created in the executable's symbol
 * order, which fixes the order -A prints them in. */
static void map_symbols_to_files(struct object *obj, struct symbol_table *table)
{
	size_t i;

	if (!obj->has_debug_info)
		return;
	for (i = 0; i < table->count; i++) {
		struct symbol *sym = &table->base[i];
		const char *file;
		int line;

		if (object_find_line(obj, sym->address, &file, NULL, &line)) {
			sym->file = source_file_by_path(obj, file);
			sym->line = line;
		}
	}
}

/*
 * BFD keeps each ELF symbol's size in its elf_symbol_type, right after the
 * asymbol; binutils installs no header for that structure, so the two
 * fields read here are mirrored, and believed only when st_value is the
 * symbol's own address (otherwise no size is used, and the next symbol
 * ends each one, as in the executable).
 */
struct elf_symbol_view {
	asymbol symbol;
	struct {
		bfd_vma st_value;
		bfd_vma st_size;
	} internal;
};

static uint64_t elf_symbol_size(bfd *abfd, asymbol *as, bool *trusted)
{
	const struct elf_symbol_view *view = (const struct elf_symbol_view *)as;

	if (!*trusted || bfd_get_flavour(abfd) != bfd_target_elf_flavour ||
	    (as->flags & BSF_SYNTHETIC))
		return 0;
	if (view->internal.st_value != bfd_asymbol_value(as)) {
		*trusted = false;
		return 0;
	}
	return view->internal.st_size;
}

static int compare_range_pairs(const void *lp, const void *rp)
{
	const uint64_t *l = lp, *r = rp;

	return (l[0] > r[0]) - (l[0] < r[0]);
}

/* ------------------------------------------------------------ unnamed code */

/*
 * In an object whose names are not its own .symtab (a stripped program
 * or library), code may lie between the named functions: the static
 * functions a debug file would have named.  Each function .eh_frame
 * describes (eh_frame.c) that no symbol starts at or covers gets a name
 * of its own, "object+0xADDRESS" (the address as nm and addr2line take
 * it), so that its time is never the export's before it.  With gaps, so
 * does what follows a symbol of known size when 16 bytes or more lie
 * before the next one (code without unwinding tables; less is padding,
 * left to the symbol before it).  The pieces as pairs [start, end) in
 * the object's own addresses, sorted; *from_eh_frame: how many came from
 * .eh_frame.
 */
struct piece {
	uint64_t start, end; /* end == start: the size is not known */
};

static int compare_piece(const void *lp, const void *rp)
{
	const struct piece *l = lp, *r = rp;

	return (l->start > r->start) - (l->start < r->start);
}

static size_t unnamed_code(struct object *obj, bool gaps, uint64_t **pieces, size_t *from_eh_frame)
{
	uint64_t *fde = NULL, *out = NULL;
	size_t fde_count = eh_frame_functions(obj->abfd, &fde), named_count = 0, n = 0, i;
	struct piece *named =
		xmalloc(((size_t)obj->bfd_symbol_count + fde_count + 1) * sizeof(*named));
	bool sizes_trusted = true;
	bfd *sized = obj->debug_abfd ? obj->debug_abfd : obj->abfd;

	for (i = 0; i < (size_t)obj->bfd_symbol_count; i++) {
		asymbol *as = obj->bfd_symbols[i];
		uint64_t size;

		if (as->section == NULL || bfd_is_und_section(as->section) ||
		    (as->flags & (BSF_SECTION_SYM | BSF_FILE | BSF_DEBUGGING)) ||
		    !(as->section->flags & SEC_CODE))
			continue;
		size = elf_symbol_size(sized, as, &sizes_trusted);
		named[named_count].start = bfd_asymbol_value(as);
		named[named_count++].end = bfd_asymbol_value(as) + size;
	}
	qsort(named, named_count, sizeof(*named), compare_piece);
	out = xmalloc((2 * fde_count + 2 * named_count + 2) * sizeof(*out));
	/* the functions .eh_frame alone knows */
	for (i = 0; i < fde_count; i++) {
		uint64_t start = fde[2 * i], end = fde[2 * i + 1];
		size_t low = 0, high = named_count;

		while (low < high) { /* the first named at or after start */
			size_t mid = low + (high - low) / 2;

			if (named[mid].start < start)
				low = mid + 1;
			else
				high = mid;
		}
		if (low < named_count && named[low].start == start)
			continue;
		if (low > 0 && named[low - 1].end > start)
			continue; /* inside a named function (its size known) */
		if (low < named_count && named[low].start < end)
			end = named[low].start;
		if (n > 0 && out[2 * n - 2] == start)
			continue; /* two FDEs for one start */
		out[2 * n] = start;
		out[2 * n + 1] = end;
		n++;
	}
	*from_eh_frame = n;
	if (gaps) {
		size_t all = named_count;
		uint64_t cover = 0;
		bool known = false;

		for (i = 0; i < n; i++)
			named[all++] = (struct piece){ out[2 * i], out[2 * i + 1] };
		qsort(named, all, sizeof(*named), compare_piece);
		/* cover: where the code known so far ends; known: whether
		 * that end is a size's (a symbol without one runs on to the
		 * next) */
		for (i = 0; i < all; i++) {
			const struct piece *p = &named[i];

			if (known && p->start >= cover + 16 && cover >= obj->code_low &&
			    p->start <= obj->code_high) {
				out[2 * n] = cover;
				out[2 * n + 1] = p->start;
				n++;
			}
			if (p->start >= cover) {
				known = p->end > p->start;
				cover = known ? p->end : p->start;
			} else if (p->end > cover) {
				cover = p->end;
			}
		}
		qsort(out, n, 2 * sizeof(*out), compare_range_pairs);
	}
	free(named);
	free(fde);
	*pieces = out;
	return n;
}

/* A symbol for a piece of code no symbol names. */
static void unnamed_symbol(struct model *m, struct object *obj, struct symbol *sym, uint64_t start)
{
	char name[512];

	snprintf(name, sizeof(name), "%s+0x%llx", obj->name, (unsigned long long)start);
	symbol_init(sym);
	sym->object = obj;
	sym->name = model_strdup(m, name);
	sym->address = start + obj->model_base;
	sym->is_function = 1;
	sym->is_bb_head = 1;
	sym->is_static = 1;
	sym->is_unnamed = 1;
}

void symbols_read_functions(struct model *m, struct object *obj, const struct read_options *opt)
{
	long i;
	bool has_function_flags;
	size_t n = 0, own = 0; /* own: not BFD's synthetic (PLT) symbols */
	struct symbol_table *table = &m->symbols;
	bool sizes_trusted = true;

	switch (bfd_get_flavour(obj->abfd)) {
	case bfd_target_coff_flavour:
	case bfd_target_ecoff_flavour:
	case bfd_target_xcoff_flavour:
	case bfd_target_elf_flavour:
	case bfd_target_som_flavour:
		has_function_flags = true;
		break;
	default:
		has_function_flags = false;
		break;
	}

	free(table->base);
	table->capacity = (size_t)obj->bfd_symbol_count + 1;
	table->base = xmalloc_huge(table->capacity * sizeof(struct symbol));
	for (i = 0; i < obj->bfd_symbol_count; i++) {
		asymbol *as = obj->bfd_symbols[i];
		int class = symbol_class(obj->abfd, as, opt);
		struct symbol *sym;
		/* -R: the function may stand for its object file, or vanish */
		const char *file = class && opt->file_ordering_map
					   ? file_map_rename(&m->file_map, as->name)
					   : NULL;

		if (!class || (file && !*file))
			continue;
		sym = &table->base[n++];
		symbol_init(sym);
		sym->object = obj;
		sym->address = as->value;
		if (as->section)
			sym->address += bfd_section_vma(as->section);
		if (file)
			sym->name = file;
		else
			names_set(m, sym, as->name, (as->flags & BSF_SYNTHETIC) != 0);
		sym->mapped = file != NULL;
		sym->is_function = !has_function_flags || (as->flags & BSF_FUNCTION) != 0;
		sym->is_bb_head = 1;
		sym->is_static = class == 't';
		sym->is_weak = (as->flags & BSF_WEAK) != 0;
		sym->is_untyped = (as->flags & BSF_FUNCTION) == 0;
		sym->has_size = elf_symbol_size(obj->abfd, as, &sizes_trusted) > 0;
		own += !(as->flags & BSF_SYNTHETIC);
	}
	/* names not from its own .symtab: the code they leave unnamed */
	if (obj->names_from) {
		uint64_t *pieces;
		size_t k, count = unnamed_code(obj, true, &pieces, &obj->eh_frame_functions);

		table->count = n;
		symbol_table_reserve(table, count);
		for (k = 0; k < count; k++)
			unnamed_symbol(m, obj, &table->base[n++], pieces[2 * k]);
		own += count;
		free(pieces);
	}
	/* a stripped program still has PLT stubs: they name no function */
	if (own == 0)
		fatal("%s: no function symbols (is it stripped?)", obj->path);
	table->count = n;
	/* files first: they are made in the order of every symbol (-A) */
	map_symbols_to_files(obj, table);
	table->count = names_choose_aliases(table->base, n, m->alias_rule);
	symbol_table_finalize(table, obj->text_high - 1);
}

/* ------------------------------------------------------------ other objects */

static int compare_by_address(const void *lp, const void *rp)
{
	const struct symbol *left = lp, *right = rp;

	return left->address < right->address ? -1 : left->address > right->address;
}

/* A symbol standing for the object's code outside its symbols. */
static struct symbol *object_symbol(struct model *m, struct object *obj, struct symbol *into,
				    uint64_t low, uint64_t high, struct symbol **first)
{
	char name[512];

	symbol_init(into);
	snprintf(name, sizeof(name), "[%s]", obj->name);
	into->name = model_strdup(m, name);
	into->object = obj;
	into->address = low;
	into->end_address = high - 1;
	into->is_function = 1;
	into->is_object = 1;
	/* the first stands for them all (symbols_link_objects) */
	if (*first)
		into->hidden = 1;
	else
		*first = into;
	return into;
}

void symbols_add_object(struct model *m, struct object *obj, const uint64_t *segments,
			size_t segment_count)
{
	struct symbol_table *table = &m->symbols;
	struct symbol *own, *first_gap = NULL;
	size_t n = 0, i, k, capacity;
	bool sizes_trusted = true;
	bfd *abfd = obj->debug_abfd ? obj->debug_abfd : obj->abfd;

	capacity = (size_t)obj->bfd_symbol_count + 2 * segment_count + 1;
	own = xmalloc(capacity * sizeof(*own));
	for (i = 0; abfd && i < (size_t)obj->bfd_symbol_count; i++) {
		asymbol *as = obj->bfd_symbols[i];
		struct symbol *sym;
		uint64_t size;

		if (as->section == NULL || bfd_is_und_section(as->section) ||
		    (as->flags & (BSF_SECTION_SYM | BSF_FILE | BSF_DEBUGGING)) ||
		    !(as->section->flags & SEC_CODE) || as->name == NULL || as->name[0] == '\0')
			continue;
		size = elf_symbol_size(abfd, as, &sizes_trusted);
		sym = &own[n++];
		symbol_init(sym);
		sym->object = obj;
		names_set(m, sym, as->name, (as->flags & BSF_SYNTHETIC) != 0);
		sym->name = model_printable(m, sym->name); /* an object a process file named */
		sym->address = bfd_asymbol_value(as) + obj->model_base;
		sym->end_address = size ? sym->address + size - 1 : 0;
		sym->is_function = 1;
		sym->is_bb_head = 1;
		sym->is_static = (as->flags & BSF_LOCAL) != 0;
		sym->is_weak = (as->flags & BSF_WEAK) != 0;
		sym->is_untyped = (as->flags & BSF_FUNCTION) == 0;
		sym->has_size = size > 0;
	}
	/* a stripped object: the functions only .eh_frame knows */
	if (obj->names_from && obj->abfd) {
		uint64_t *pieces;
		size_t count = unnamed_code(obj, false, &pieces, &obj->eh_frame_functions);

		capacity += count;
		own = xrealloc(own, capacity * sizeof(*own));
		for (k = 0; k < count; k++) {
			unnamed_symbol(m, obj, &own[n], pieces[2 * k]);
			own[n++].end_address = pieces[2 * k + 1] - 1 + obj->model_base;
		}
		free(pieces);
	}
	n = names_choose_aliases(own, n, m->alias_rule);
	qsort(own, n, sizeof(*own), compare_by_address);
	/* a symbol without a size ends where the next begins */
	for (i = 0; i < n; i++)
		if (own[i].end_address == 0)
			own[i].end_address = i + 1 < n && own[i + 1].address > own[i].address
						     ? own[i + 1].address - 1
						     : own[i].address;
	/* the code between symbols, and all of it without symbols, is the
	 * object's own: one "[name]" symbol, the other gaps its aliases */
	for (k = 0; k < segment_count; k++) {
		uint64_t low = segments[2 * k] + obj->model_base;
		uint64_t high = segments[2 * k + 1] + obj->model_base;
		uint64_t covered = low;
		size_t count = n;

		for (i = 0; i < count && covered < high; i++) {
			if (own[i].end_address < covered || own[i].address >= high)
				continue;
			if (own[i].address > covered) {
				if (n == capacity) {
					capacity *= 2;
					own = xrealloc(own, capacity * sizeof(*own));
				}
				object_symbol(m, obj, &own[n++], covered, own[i].address,
					      &first_gap);
			}
			if (own[i].end_address + 1 > covered)
				covered = own[i].end_address + 1;
		}
		if (covered < high) {
			if (n == capacity) {
				capacity *= 2;
				own = xrealloc(own, capacity * sizeof(*own));
			}
			object_symbol(m, obj, &own[n++], covered, high, &first_gap);
		}
	}
	symbol_table_reserve(table, n);
	memcpy(table->base + table->count, own, n * sizeof(*own));
	table->count += n;
	free(own);
}

struct object_symbol {
	const struct object *object;
	struct symbol *symbol;
};

static int compare_object_symbol(const void *lp, const void *rp)
{
	const struct object_symbol *l = lp, *r = rp;
	uintptr_t a = (uintptr_t)l->object, b = (uintptr_t)r->object;

	return (a > b) - (a < b);
}

/* Each hidden gap to its object's "[name]" symbol: found through the
 * "[name]" symbols sorted by object (one scan of the table per object
 * was quadratic in a profile of many objects). */
void symbols_link_objects(struct model *m)
{
	struct symbol_table *table = &m->symbols;
	struct object_symbol *named = xmalloc((table->count + 1) * sizeof(*named));
	size_t i, n = 0;

	for (i = 0; i < table->count; i++) {
		struct symbol *sym = &table->base[i];

		if (sym->is_object && !sym->hidden)
			named[n++] = (struct object_symbol){ sym->object, sym };
	}
	qsort(named, n, sizeof(*named), compare_object_symbol);
	for (i = 0; i < table->count; i++) {
		struct symbol *gap = &table->base[i];
		struct object_symbol key = { gap->object, NULL }, *found;

		if (!gap->is_object || !gap->hidden)
			continue;
		found = bsearch(&key, named, n, sizeof(*named), compare_object_symbol);
		if (found)
			gap->alias_of = found->symbol;
	}
	free(named);
}
