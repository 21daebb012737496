/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * symbols.c: read the executable with BFD and build the symbol table: one
 * entry per function symbol, sorted by address, duplicates resolved as GNU
 * gprof resolves them, each mapped to its source file and line.
 *
 * GNU gprof asks bfd_find_nearest_line for every symbol with the whole
 * symbol table attached, and BFD then scans all symbols on each call: that
 * is quadratic.  We ask with no symbol table (the DWARF line and function
 * information is enough, found by BFD's own address index), and only when
 * the file has debugging information at all.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gprof.h"
#include "profile.h"
#include "ordering.h"
#include "symbols.h"

bfd *core_bfd;
asection *core_text_section;
unsigned char *core_text_bytes;
struct target target;
const char *executable_name;
struct symbol_table symtab;
struct source_file *first_source_file;

static asymbol **core_symbols;
static long core_symbol_count;

void symbol_init(struct symbol *sym)
{
	memset(sym, 0, sizeof(*sym));
}

/* ------------------------------------------------------------ opening */

void core_open(const char *path)
{
	struct stat st;
	long bytes;
	asymbol *synthetic;
	long synthetic_count;

	executable_name = path;
	if (stat(path, &st) != 0)
		fatal("%s: %s", path, strerror(errno));
	if (S_ISDIR(st.st_mode))
		fatal("%s: is a directory, not an executable", path);
	/* BFD seeks: a pipe or a device would hang or fail obscurely */
	if (!S_ISREG(st.st_mode))
		fatal("%s: not a regular file, not an executable", path);
	bfd_init();
	core_bfd = bfd_openr(path, NULL);
	if (core_bfd == NULL)
		fatal("%s: %s", path, bfd_errmsg(bfd_get_error()));
	core_bfd->flags |= BFD_DECOMPRESS;
	if (!bfd_check_format(core_bfd, bfd_object))
		fatal("%s: not an executable or object file (%s)", path,
		      bfd_errmsg(bfd_get_error()));

	core_text_section = bfd_get_section_by_name(core_bfd, ".text");
	if (core_text_section == NULL)
		core_text_section = bfd_get_section_by_name(core_bfd, "$CODE$");
	if (core_text_section == NULL)
		fatal("%s: no .text section", path);

	/* GNU gprof takes the address size from the ELF class, else from
	 * the architecture; the byte order is the executable's. */
	{
		int bits = bfd_get_arch_size(core_bfd);

		if (bits == -1)
			bits = bfd_arch_bits_per_address(core_bfd);
		if (bits != 32 && bits != 64)
			fatal("%s: unsupported address size of %d bits", path, bits);
		target.address_size = bits / 8;
		target.big_endian = bfd_big_endian(core_bfd);
	}

	/* the extent of the code, to notice another program's gmon.out */
	{
		asection *sec;
		uint64_t low = UINT64_MAX, high = 0;

		for (sec = core_bfd->sections; sec; sec = sec->next) {
			uint64_t vma = bfd_section_vma(sec);
			uint64_t size = bfd_section_size(sec);

			if ((sec->flags & (SEC_CODE | SEC_ALLOC)) != (SEC_CODE | SEC_ALLOC) ||
			    size == 0)
				continue;
			if (vma < low)
				low = vma;
			if (vma + size > high)
				high = vma + size;
		}
		if (low < high)
			profile_set_code_range(low, high);
	}

	bytes = bfd_get_symtab_upper_bound(core_bfd);
	if (bytes < 0)
		fatal("%s: %s", path, bfd_errmsg(bfd_get_error()));
	core_symbols = xmalloc((size_t)bytes);
	core_symbol_count = bfd_canonicalize_symtab(core_bfd, core_symbols);
	if (core_symbol_count < 0)
		fatal("%s: %s", path, bfd_errmsg(bfd_get_error()));

	/* GNU gprof adds BFD's synthetic symbols (PLT entries and the like). */
	synthetic_count = bfd_get_synthetic_symtab(core_bfd, core_symbol_count,
						   core_symbols, 0, NULL, &synthetic);
	if (synthetic_count > 0) {
		long i;

		core_symbols = xrealloc(core_symbols,
					(size_t)(core_symbol_count + synthetic_count + 1) *
						sizeof(*core_symbols));
		for (i = 0; i < synthetic_count; i++)
			core_symbols[core_symbol_count++] = synthetic + i;
		core_symbols[core_symbol_count] = NULL;
	}
}

void core_read_text(void)
{
	bfd_size_type size = bfd_section_size(core_text_section);

	core_text_bytes = xmalloc(size);
	if (!bfd_get_section_contents(core_bfd, core_text_section, core_text_bytes, 0,
				      size)) {
		warning("%s: cannot read .text (%s); -c ignored", executable_name,
			bfd_errmsg(bfd_get_error()));
		free(core_text_bytes);
		core_text_bytes = NULL;
	}
}

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
static bool static_name_acceptable(const char *name)
{
	static const char *const suffixes[] = { "constprop", "isra", "part", "clone",
						"lto_priv", "cold", NULL };
	const char *dot;

	if (opt.gnu_quirks & QUIRK_CLONES)
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
static int symbol_class(asymbol *sym)
{
	symbol_info info;
	char leading;

	if (sym->section == NULL || (sym->flags & BSF_DEBUGGING) != 0)
		return 0;
	if (opt.no_static && (sym->flags & BSF_LOCAL))
		return 0;
	bfd_get_symbol_info(core_bfd, sym, &info);
	if (info.type == 'T' || info.type == 'W')
		return 'T';
	if (info.type != 't')
		return 0;
	if (opt.no_static)
		return 0;
	if (sym->name == NULL || sym->name[0] == '\0')
		return 0;
	if (!static_name_acceptable(sym->name))
		return 0;
	leading = bfd_get_symbol_leading_char(core_bfd);
	if ((leading && leading != sym->name[0]) ||
	    strncmp(sym->name, "__gnu_compiled", 14) == 0 ||
	    strncmp(sym->name, "___gnu_compiled", 15) == 0)
		return 0;
	if (opt.functions_only && (sym->flags & BSF_FUNCTION) == 0)
		return 0;
	return 't';
}

/* ------------------------------------------------------------ source files */

/* Source files are found by path through a hash table: GNU gprof's list
 * search is quadratic in the number of files. */
#define SOURCE_HASH_SIZE 4096

struct source_file_entry {
	struct source_file file;
	struct source_file_entry *hash_next;
};

static struct source_file_entry *source_hash[SOURCE_HASH_SIZE];

static unsigned long hash_string(const char *s)
{
	unsigned long h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

struct source_file *source_file_by_path(const char *path)
{
	unsigned long h = hash_string(path) % SOURCE_HASH_SIZE;
	struct source_file_entry *e;

	for (e = source_hash[h]; e; e = e->hash_next)
		if (strcmp(e->file.name, path) == 0)
			return &e->file;
	e = xcalloc(1, sizeof(*e));
	e->file.name = xstrdup(path);
	e->file.next = first_source_file;
	first_source_file = &e->file;
	e->hash_next = source_hash[h];
	source_hash[h] = e;
	return &e->file;
}

/* Newest first, as GNU gprof searches. */
struct source_file *source_file_by_name(const char *name)
{
	struct source_file *sf;

	for (sf = first_source_file; sf; sf = sf->next) {
		const char *slash = strrchr(sf->name, '/');
		const char *base = slash ? slash + 1 : sf->name;

		if (strcmp(name, base) == 0)
			return sf;
	}
	return NULL;
}

static bool has_debug_info(void)
{
	return bfd_get_section_by_name(core_bfd, ".debug_info") != NULL ||
	       bfd_get_section_by_name(core_bfd, ".debug_line") != NULL ||
	       bfd_get_section_by_name(core_bfd, ".stab") != NULL;
}

/* File and line of an address, as GNU gprof's get_src_info finds them. */
static bool source_of(uint64_t address, const char **file, int *line)
{
	const char *fname = NULL, *func = NULL;
	unsigned int l = 0;

	if (bfd_find_nearest_line(core_bfd, core_text_section, NULL,
				  address - bfd_section_vma(core_text_section), &fname,
				  &func, &l) &&
	    fname != NULL && l != 0) {
		*file = fname;
		*line = (int)l;
		return true;
	}
	return false;
}

static void map_symbols_to_files(void)
{
	size_t i;

	if (!has_debug_info())
		return;
	for (i = 0; i < symtab.count; i++) {
		struct symbol *sym = &symtab.base[i];
		const char *file;
		int line;

		if (source_of(sym->address, &file, &line)) {
			sym->file = source_file_by_path(file);
			sym->line = line;
		}
	}
}

/* ------------------------------------------------------------ the table */

void symbols_create_functions(void)
{
	long i;
	bool has_function_flags;
	size_t n = 0;

	switch (bfd_get_flavour(core_bfd)) {
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

	symtab.base = xmalloc((size_t)(core_symbol_count + 1) * sizeof(struct symbol));
	for (i = 0; i < core_symbol_count; i++) {
		asymbol *as = core_symbols[i];
		int class = symbol_class(as);
		struct symbol *sym;
		/* -R: the function may stand for its object file, or vanish */
		const char *file = class && opt.file_ordering_map
					   ? file_ordering_rename(as->name) : NULL;

		if (!class || (file && !*file))
			continue;
		sym = &symtab.base[n++];
		symbol_init(sym);
		sym->address = as->value;
		if (as->section)
			sym->address += bfd_section_vma(as->section);
		sym->name = file ? file : as->name;
		sym->mapped = file != NULL;
		sym->is_function = !has_function_flags || (as->flags & BSF_FUNCTION) != 0;
		sym->is_bb_head = 1;
		sym->is_static = class == 't';
	}
	if (n == 0)
		fatal("%s: no function symbols (is it stripped?)", executable_name);
	symtab.count = n;
	/* before sorting: source files are created in the executable's symbol
	 * order, which fixes the order -A prints them in */
	map_symbols_to_files();
	symbol_table_finalize(&symtab);
}

/* Order by address; at one address a function sorts before a non-function
 * and a global before a static, so that duplicate removal keeps them. */
static int compare_address(const void *lp, const void *rp)
{
	const struct symbol *left = lp, *right = rp;

	if (left->address > right->address)
		return 1;
	if (left->address < right->address)
		return -1;
	if (left->is_function != right->is_function)
		return (int)right->is_function - (int)left->is_function;
	return (int)left->is_static - (int)right->is_static;
}

/* Should src replace kept, the symbol already kept at the same address?
 * Global over static, function over line, then a name without a leading
 * underscore (or with one rather than two) over one with. */
static bool replaces(const struct symbol *src, const struct symbol *kept)
{
	if (!src->is_static && kept->is_static)
		return true;
	if (src->is_static != kept->is_static)
		return false;
	if (src->is_function && !kept->is_function)
		return true;
	if (src->is_function != kept->is_function)
		return false;
	if (src->name[0] != '_' && kept->name[0] == '_')
		return true;
	return src->name[0] == '_' && kept->name[0] == '_' && src->name[1] != '_' &&
	       kept->name[1] == '_';
}

void symbol_table_finalize(struct symbol_table *table)
{
	struct symbol *src, *dst, *limit;
	uint64_t previous;

	if (table->count == 0)
		return;
	qsort(table->base, table->count, sizeof(struct symbol), compare_address);
	limit = table->base + table->count;
	previous = table->base[0].address - 1;
	for (src = dst = table->base; src < limit; src++) {
		if (src->address == previous) {
			if (replaces(src, &dst[-1]))
				dst[-1] = *src;
			continue;
		}
		if (dst > table->base && dst[-1].end_address == 0)
			dst[-1].end_address = src->address - 1;
		/* keep only symbols with a non-empty range */
		if (src->end_address == 0 || src->address <= src->end_address) {
			*dst++ = *src;
			previous = src->address;
		}
	}
	/* every range may have been empty (a symspec naming only a data
	 * symbol past the text): then nothing is left to close (tests/fuzz) */
	if (dst > table->base && dst[-1].end_address == 0)
		dst[-1].end_address = bfd_section_vma(core_text_section) +
				      bfd_section_size(core_text_section) - 1;
	table->count = (size_t)(dst - table->base);
}

struct symbol *symbol_lookup(const struct symbol_table *table, uint64_t addr)
{
	size_t low = 0, high = table->count;
	struct symbol *sym;

	/* find the last symbol whose address is <= addr */
	while (low < high) {
		size_t mid = low + (high - low) / 2;

		if (table->base[mid].address <= addr)
			low = mid + 1;
		else
			high = mid;
	}
	if (low == 0)
		return NULL;
	sym = &table->base[low - 1];
	return addr <= sym->end_address ? sym : NULL;
}
