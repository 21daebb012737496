/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * inlines.c: the chain of inlined functions at an address, read from the
 * DWARF inline tree through elfutils' libdw.
 *
 * The out-of-line function (DW_TAG_subprogram) holding the address is
 * found by the ranges of its unit's functions (read once per unit, the
 * units by their own ranges), then walked down through the DIEs whose
 * ranges hold the address: each DW_TAG_inlined_subroutine nested in it,
 * lexical blocks passed through.  Each inlined call says where it was
 * called from (DW_AT_call_file, DW_AT_call_line); its name and
 * declaration come from its abstract origin.  (dwarf_getscopes is not
 * used: past an inlined call it gives the abstract definition's scopes,
 * not the caller's.)  File names are as the line index gives them
 * (lineindex.c): a relative one under the unit's compilation directory.
 *
 * A look-up walks one function's DIEs; the reports that use it ask once
 * per distinct address (pprof's locations).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "symtab/inlines.h"
#include "symtab/lineindex.h"
#include "core/util.h"

/* Nesting deeper than this is cut (at the innermost end). */
#define INLINE_DEPTH_MAX 64

/* An address range of a DIE: a unit's, or a function's. */
struct die_range {
	uint64_t low, high;
	Dwarf_Off die;
	size_t unit; /* a unit's: its place in inline_reader.functions */
};

/* Ranges sorted by low. */
struct range_table {
	struct die_range *ranges;
	size_t count, capacity;
	bool read; /* a unit's functions: read */
};

/* A function the DWARF names without a linkage name (C++: what is
 * inlined only, lambdas, templates), by the offset of the DIE that
 * declares it: its name with its scopes, and where it is declared. */
struct qualified_name {
	Dwarf_Off die;
	char *name;
	const char *decl_file;
	int decl_line;
};

struct inline_reader {
	int fd;
	Dwarf *dwarf;
	struct range_table units;      /* every unit's ranges */
	struct range_table *functions; /* by unit: its out-of-line functions' ranges */
	size_t unit_count;
	struct unit_paths paths;      /* libdw's file names and their paths as given */
	struct qualified_name *names; /* sorted by die */
	size_t name_count, name_capacity;
};

static void add_range(struct range_table *t, uint64_t low, uint64_t high, Dwarf_Off die,
		      size_t unit)
{
	if (low >= high)
		return;
	if (t->count == t->capacity) {
		t->capacity = t->capacity ? 2 * t->capacity : 64;
		t->ranges = xrealloc(t->ranges, t->capacity * sizeof(*t->ranges));
	}
	t->ranges[t->count++] = (struct die_range){ low, high, die, unit };
}

static int compare_ranges(const void *lp, const void *rp)
{
	const struct die_range *l = lp, *r = rp;

	return l->low < r->low ? -1 : l->low > r->low;
}

static void sort_ranges(struct range_table *t)
{
	if (t->count > 1)
		qsort(t->ranges, t->count, sizeof(*t->ranges), compare_ranges);
}

/* The range holding address (of those starting at or below it, the
 * last that holds it), or NULL. */
static const struct die_range *find_range(const struct range_table *t, uint64_t address)
{
	size_t low = 0, high = t->count;

	while (low < high) { /* the first range starting above the address */
		size_t mid = low + (high - low) / 2;

		if (t->ranges[mid].low <= address)
			low = mid + 1;
		else
			high = mid;
	}
	while (low-- > 0)
		if (t->ranges[low].high > address)
			return &t->ranges[low];
	return NULL;
}

/* Every unit's ranges, from the units themselves: .debug_aranges
 * (dwarf_addrdie's) may cover only some of them (clang writes none, and
 * libdw does not look further when another compiler's units have one). */
static void read_units(struct inline_reader *r)
{
	Dwarf_Off offset = 0, next;
	size_t header_size;

	while (dwarf_next_unit(r->dwarf, offset, &next, &header_size, NULL, NULL, NULL, NULL, NULL,
			       NULL) == 0) {
		Dwarf_Die cu;
		Dwarf_Addr base, low, high;
		ptrdiff_t at = 0;

		if (dwarf_offdie(r->dwarf, offset + header_size, &cu) == NULL)
			break;
		while ((at = dwarf_ranges(&cu, at, &base, &low, &high)) > 0)
			add_range(&r->units, low, high, dwarf_dieoffset(&cu), r->unit_count);
		r->unit_count++;
		offset = next;
	}
	sort_ranges(&r->units);
	r->functions = xcalloc(r->unit_count + 1, sizeof(*r->functions));
}

/* The ranges of the out-of-line functions under die (in namespaces and
 * classes too), read once per unit: a look-up then walks one function,
 * not the whole unit. */
static void read_functions(struct range_table *t, Dwarf_Die *die, int level)
{
	Dwarf_Die child;

	if (level > 256 || dwarf_child(die, &child) != 0)
		return;
	do {
		int tag = dwarf_tag(&child);

		if (tag == DW_TAG_subprogram) {
			Dwarf_Addr base, low, high;
			ptrdiff_t at = 0;

			while ((at = dwarf_ranges(&child, at, &base, &low, &high)) > 0)
				add_range(t, low, high, dwarf_dieoffset(&child), 0);
		} else if (tag == DW_TAG_namespace || tag == DW_TAG_module ||
			   tag == DW_TAG_class_type || tag == DW_TAG_structure_type) {
			read_functions(t, &child, level + 1);
		}
	} while (dwarf_siblingof(&child, &child) == 0);
}

/* The out-of-line function holding address, and its unit. */
static bool find_function(struct inline_reader *r, uint64_t address, Dwarf_Die *cu,
			  Dwarf_Die *function)
{
	const struct die_range *unit = find_range(&r->units, address), *f;
	struct range_table *t;

	if (unit == NULL || dwarf_offdie(r->dwarf, unit->die, cu) == NULL)
		return false;
	t = &r->functions[unit->unit];
	if (!t->read) {
		t->read = true;
		read_functions(t, cu, 0);
		sort_ranges(t);
	}
	f = find_range(t, address);
	return f && dwarf_offdie(r->dwarf, f->die, function) != NULL;
}

struct inline_reader *inline_reader_open(const char *path)
{
	struct inline_reader *r;
	struct stat st;
	const char *why;
	int fd = open_regular(path, &st, &why); /* a regular file, as BFD's was */
	Dwarf *dwarf;

	if (fd < 0)
		return NULL;
	dwarf = dwarf_begin(fd, DWARF_C_READ);
	if (dwarf == NULL) {
		close(fd);
		return NULL;
	}
	r = xcalloc(1, sizeof(*r));
	r->fd = fd;
	r->dwarf = dwarf;
	read_units(r);
	return r;
}

void inline_reader_close(struct inline_reader *r)
{
	size_t i;

	if (r == NULL)
		return;
	for (i = 0; i < r->paths.count; i++)
		free(r->paths.to[i]);
	free(r->paths.from);
	free(r->paths.to);
	for (i = 0; i < r->name_count; i++)
		free(r->names[i].name);
	free(r->names);
	for (i = 0; i < r->unit_count; i++)
		free(r->functions[i].ranges);
	free(r->functions);
	free(r->units.ranges);
	dwarf_end(r->dwarf);
	close(r->fd);
	free(r);
}

/* A file name as the line index names it, made once per libdw string. */
static const char *file_path(struct inline_reader *r, Dwarf_Die *cu, const char *name)
{
	Dwarf_Attribute attr;
	const char *dir = NULL;
	bool made;

	if (name == NULL || name[0] == '/')
		return name;
	if (dwarf_attr(cu, DW_AT_comp_dir, &attr))
		dir = dwarf_formstring(&attr);
	return unit_path(&r->paths, dir, name, false, &made);
}

static const char *linkage_name(Dwarf_Die *die)
{
	Dwarf_Attribute attr;

	if (dwarf_attr_integrate(die, DW_AT_linkage_name, &attr) ||
	    dwarf_attr_integrate(die, DW_AT_MIPS_linkage_name, &attr))
		return dwarf_formstring(&attr);
	return NULL;
}

static const char *plain_name(Dwarf_Die *die)
{
	Dwarf_Attribute attr;

	if (dwarf_attr_integrate(die, DW_AT_name, &attr))
		return dwarf_formstring(&attr);
	return NULL;
}

/* The DIE that names die: down its abstract origin and specification. */
static void declaring_die(Dwarf_Die *die, Dwarf_Die *out)
{
	Dwarf_Attribute attr;
	int hops;

	*out = *die;
	for (hops = 0; hops < 16; hops++) {
		Dwarf_Die next;

		if (!((dwarf_attr(out, DW_AT_abstract_origin, &attr) ||
		       dwarf_attr(out, DW_AT_specification, &attr)) &&
		      dwarf_formref_die(&attr, &next)))
			return;
		*out = next;
	}
}

static bool is_cplusplus(Dwarf_Die *cu)
{
	Dwarf_Word language;
	Dwarf_Attribute attr;

	if (!dwarf_attr(cu, DW_AT_language, &attr) || dwarf_formudata(&attr, &language) != 0)
		return false;
	return language == DW_LANG_C_plus_plus || language == DW_LANG_C_plus_plus_03 ||
	       language == DW_LANG_C_plus_plus_11 || language == DW_LANG_C_plus_plus_14;
}

static const char *last_component(const char *path)
{
	const char *slash = path ? strrchr(path, '/') : NULL;

	return slash ? slash + 1 : path ? path : "";
}

static void append(char **buf, size_t *used, size_t *room, const char *s)
{
	size_t n = strlen(s);

	if (*used + n + 1 > *room) {
		*room = 2 * (*used + n + 1) + 64;
		*buf = xrealloc(*buf, *room);
	}
	memcpy(*buf + *used, s, n + 1);
	*used += n;
}

/* A C++ function without a linkage name, with its scopes
 * ("shapes::Scale::operator()<double>"), a lambda's closure named for
 * where it is written, as the DWARF names it nothing ("main::{lambda at
 * t.cc:16}::operator()"), so that two lambdas are two functions; its
 * declaration from the closure's when it has none of its own.  Made once
 * per declaring DIE (dwarf_getscopes_die walks the unit). */
static const struct qualified_name *qualified(struct inline_reader *r, Dwarf_Die *cu,
					      Dwarf_Die *die, const char *name)
{
	Dwarf_Die origin, *scopes = NULL;
	Dwarf_Off key;
	size_t low = 0, high = r->name_count, used = 0, room = 0;
	struct qualified_name *q;
	char *text = NULL;
	int n, i;

	declaring_die(die, &origin);
	key = dwarf_dieoffset(&origin);
	while (low < high) {
		size_t mid = low + (high - low) / 2;

		if (r->names[mid].die == key)
			return &r->names[mid];
		if (r->names[mid].die < key)
			low = mid + 1;
		else
			high = mid;
	}
	if (r->name_count == r->name_capacity) {
		r->name_capacity = r->name_capacity ? 2 * r->name_capacity : 64;
		r->names = xrealloc(r->names, r->name_capacity * sizeof(*r->names));
	}
	memmove(&r->names[low + 1], &r->names[low], (r->name_count - low) * sizeof(*r->names));
	r->name_count++;
	q = &r->names[low];
	q->die = key;
	q->decl_file = NULL;
	q->decl_line = 0;
	n = dwarf_getscopes_die(&origin, &scopes);
	/* scopes[0] is origin, scopes[n - 1] the unit: the ones between,
	 * outermost first */
	for (i = n - 2; i >= 1; i--) {
		Dwarf_Die *scope = &scopes[i];
		int tag = dwarf_tag(scope);
		const char *scope_name = plain_name(scope);
		char piece[300];

		if (tag == DW_TAG_namespace) {
			append(&text, &used, &room,
			       scope_name ? scope_name : "(anonymous namespace)");
		} else if (tag == DW_TAG_subprogram) {
			if (scope_name == NULL)
				continue;
			append(&text, &used, &room, scope_name);
		} else if (tag == DW_TAG_structure_type || tag == DW_TAG_class_type ||
			   tag == DW_TAG_union_type) {
			int line = 0;

			if (scope_name) {
				append(&text, &used, &room, scope_name);
			} else {
				dwarf_decl_line(scope, &line);
				snprintf(piece, sizeof(piece), "{%s at %s:%d}",
					 strcmp(name, "operator()") == 0 ? "lambda" : "unnamed",
					 last_component(dwarf_decl_file(scope)), line);
				append(&text, &used, &room, piece);
			}
			if (i == 1 && !dwarf_hasattr_integrate(&origin, DW_AT_decl_line)) {
				q->decl_file = file_path(r, cu, dwarf_decl_file(scope));
				q->decl_line = line;
				if (line == 0 && dwarf_decl_line(scope, &line) == 0)
					q->decl_line = line;
			}
		} else {
			continue; /* lexical blocks */
		}
		append(&text, &used, &room, "::");
	}
	free(scopes);
	append(&text, &used, &room, name);
	q->name = text;
	return q;
}

static bool has_range(Dwarf_Die *die)
{
	return dwarf_hasattr(die, DW_AT_low_pc) || dwarf_hasattr(die, DW_AT_ranges);
}

/* Down from die's children to the innermost inlined call holding
 * address: path[] gets the calls met, outermost first. */
static void walk(Dwarf_Die *die, uint64_t address, Dwarf_Die *path, size_t *depth, int level)
{
	Dwarf_Die child;

	if (level > 256 || dwarf_child(die, &child) != 0)
		return;
	do {
		int tag = dwarf_tag(&child);
		bool function = tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine;
		bool scope = function || tag == DW_TAG_lexical_block;

		if (scope && has_range(&child)) {
			if (dwarf_haspc(&child, address) != 1)
				continue;
			if (function && *depth < INLINE_DEPTH_MAX)
				path[(*depth)++] = child;
			walk(&child, address, path, depth, level + 1);
			return; /* scopes do not overlap: this one holds it */
		}
		/* no range of its own, but what it holds may have one */
		if (tag == DW_TAG_lexical_block || tag == DW_TAG_namespace ||
		    tag == DW_TAG_module || tag == DW_TAG_class_type ||
		    tag == DW_TAG_structure_type) {
			size_t before = *depth;

			walk(&child, address, path, depth, level + 1);
			if (*depth > before)
				return;
		}
	} while (dwarf_siblingof(&child, &child) == 0);
}

size_t inline_reader_frames(struct inline_reader *r, uint64_t address, struct inline_frame *frames,
			    size_t max)
{
	Dwarf_Die cu, path[INLINE_DEPTH_MAX];
	Dwarf_Files *files = NULL;
	size_t file_count = 0, depth = 0, i, n;

	if (r == NULL || !find_function(r, address, &cu, &path[0]))
		return 0;
	depth = 1;
	walk(&path[0], address, path, &depth, 0);
	if (dwarf_getsrcfiles(&cu, &files, &file_count) != 0)
		files = NULL;
	n = depth < max ? depth : max;
	for (i = 0; i < n; i++) {
		Dwarf_Die *die = &path[depth - 1 - i];
		struct inline_frame *f = &frames[i];
		Dwarf_Attribute attr;
		Dwarf_Word value;

		f->raw_name = linkage_name(die);
		if (f->raw_name == NULL)
			f->raw_name = plain_name(die);
		f->function = f->raw_name;
		f->decl_file = file_path(r, &cu, dwarf_decl_file(die));
		/* libdw takes file 0 for none, which in DWARF 5 is the unit's
		 * own (clang names it): then from this unit's table */
		if (f->decl_file == NULL && files &&
		    dwarf_attr_integrate(die, DW_AT_decl_file, &attr) &&
		    dwarf_formudata(&attr, &value) == 0 && value < file_count)
			f->decl_file = file_path(r, &cu, dwarf_filesrc(files, value, NULL, NULL));
		f->decl_line = 0;
		if (dwarf_decl_line(die, &f->decl_line) != 0 || f->decl_line < 0)
			f->decl_line = 0;
		if (f->raw_name && !linkage_name(die) && is_cplusplus(&cu)) {
			const struct qualified_name *q = qualified(r, &cu, die, f->raw_name);

			f->function = q->name;
			if (f->decl_file == NULL && f->decl_line == 0) {
				f->decl_file = q->decl_file;
				f->decl_line = q->decl_line;
			}
		}
		f->call_file = NULL;
		f->call_line = 0;
		if (i == 0)
			continue;
		/* where the inner one (inlined) was called in this one */
		die = &path[depth - i];
		if (dwarf_attr(die, DW_AT_call_line, &attr) &&
		    dwarf_formudata(&attr, &value) == 0 && value <= INT32_MAX)
			f->call_line = (int)value;
		if (files && dwarf_attr(die, DW_AT_call_file, &attr) &&
		    dwarf_formudata(&attr, &value) == 0 && value < file_count)
			f->call_file = file_path(r, &cu, dwarf_filesrc(files, value, NULL, NULL));
	}
	return n;
}
