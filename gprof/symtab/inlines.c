/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * inlines.c: the chain of inlined functions at an address, read from the
 * DWARF inline tree through elfutils' libdw.
 *
 * The compile unit holding the address (by the units' own ranges, read
 * once) is walked down
 * through the DIEs whose ranges hold it: the out-of-line function
 * (DW_TAG_subprogram), then each DW_TAG_inlined_subroutine nested in it,
 * lexical blocks passed through.  Each inlined call says where it was
 * called from (DW_AT_call_file, DW_AT_call_line); its name and
 * declaration come from its abstract origin.  (dwarf_getscopes is not
 * used: past an inlined call it gives the abstract definition's scopes,
 * not the caller's.)  File names are as the line index gives them
 * (lineindex.c): a relative one under the unit's compilation directory.
 *
 * A lookup walks the unit's top-level DIEs: the reports that use it ask
 * once per distinct address (pprof's locations).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "symtab/inlines.h"
#include "core/util.h"

/* Nesting deeper than this is cut (at the innermost end). */
#define INLINE_DEPTH_MAX 64

/* One address range of a compile unit. */
struct unit_range {
	uint64_t low, high;
	Dwarf_Off die; /* the unit's DIE */
};

struct inline_reader {
	int fd;
	Dwarf *dwarf;
	struct unit_range *units; /* sorted by low */
	size_t unit_count;
	const char **from; /* libdw's file names and their paths as given */
	char **to;
	size_t path_count;
};

static int compare_units(const void *lp, const void *rp)
{
	const struct unit_range *l = lp, *r = rp;

	return l->low < r->low ? -1 : l->low > r->low;
}

/* Every unit's ranges, from the units themselves: .debug_aranges
 * (dwarf_addrdie's) may cover only some of them (clang writes none, and
 * libdw does not look further when another compiler's units have one). */
static void read_units(struct inline_reader *r)
{
	Dwarf_Off offset = 0, next;
	size_t header_size, capacity = 0;

	while (dwarf_next_unit(r->dwarf, offset, &next, &header_size, NULL, NULL, NULL, NULL,
			       NULL, NULL) == 0) {
		Dwarf_Die cu;
		Dwarf_Addr base, low, high;
		ptrdiff_t at = 0;

		if (dwarf_offdie(r->dwarf, offset + header_size, &cu) == NULL)
			break;
		while ((at = dwarf_ranges(&cu, at, &base, &low, &high)) > 0) {
			if (low >= high)
				continue;
			if (r->unit_count == capacity) {
				capacity = capacity ? 2 * capacity : 64;
				r->units = xrealloc(r->units, capacity * sizeof(*r->units));
			}
			r->units[r->unit_count++] =
				(struct unit_range){ low, high, dwarf_dieoffset(&cu) };
		}
		offset = next;
	}
	if (r->unit_count > 1)
		qsort(r->units, r->unit_count, sizeof(*r->units), compare_units);
}

/* The unit holding address (the last starting at or below it that
 * holds it). */
static bool find_unit(struct inline_reader *r, uint64_t address, Dwarf_Die *cu)
{
	size_t low = 0, high = r->unit_count;

	while (low < high) { /* the first range starting above the address */
		size_t mid = low + (high - low) / 2;

		if (r->units[mid].low <= address)
			low = mid + 1;
		else
			high = mid;
	}
	while (low-- > 0)
		if (r->units[low].high > address)
			return dwarf_offdie(r->dwarf, r->units[low].die, cu) != NULL;
	return false;
}

struct inline_reader *inline_reader_open(const char *path)
{
	struct inline_reader *r;
	int fd = open(path, O_RDONLY);
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
	for (i = 0; i < r->path_count; i++)
		free(r->to[i]);
	free(r->from);
	free(r->to);
	free(r->units);
	dwarf_end(r->dwarf);
	close(r->fd);
	free(r);
}

/* A file name as the line index names it, made once per libdw string. */
static const char *file_path(struct inline_reader *r, Dwarf_Die *cu, const char *name)
{
	Dwarf_Attribute attr;
	const char *dir = NULL;
	size_t i, len;
	char *path;

	if (name == NULL || name[0] == '/')
		return name;
	if (dwarf_attr(cu, DW_AT_comp_dir, &attr))
		dir = dwarf_formstring(&attr);
	if (dir == NULL)
		return name;
	for (i = r->path_count; i-- > 0;)
		if (r->from[i] == name)
			return r->to[i];
	len = strlen(dir);
	path = xmalloc(len + strlen(name) + 2);
	memcpy(path, dir, len);
	path[len] = '/';
	strcpy(path + len + 1, name);
	r->from = xrealloc(r->from, (r->path_count + 1) * sizeof(*r->from));
	r->to = xrealloc(r->to, (r->path_count + 1) * sizeof(*r->to));
	r->from[r->path_count] = name;
	r->to[r->path_count++] = path;
	return path;
}

static const char *function_name(Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	const char *name;

	if ((dwarf_attr_integrate(die, DW_AT_linkage_name, &attr) ||
	     dwarf_attr_integrate(die, DW_AT_MIPS_linkage_name, &attr)) &&
	    (name = dwarf_formstring(&attr)) != NULL)
		return name;
	if (dwarf_attr_integrate(die, DW_AT_name, &attr))
		return dwarf_formstring(&attr);
	return NULL;
}

static bool has_range(Dwarf_Die *die)
{
	return dwarf_hasattr(die, DW_AT_low_pc) || dwarf_hasattr(die, DW_AT_ranges);
}

/* Down from die's children to the innermost function holding address:
 * path[] gets the functions met, outermost first. */
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

size_t inline_reader_frames(struct inline_reader *r, uint64_t address,
			    struct inline_frame *frames, size_t max)
{
	Dwarf_Die cu, path[INLINE_DEPTH_MAX];
	Dwarf_Files *files = NULL;
	size_t file_count = 0, depth = 0, i, n;

	if (r == NULL || !find_unit(r, address, &cu))
		return 0;
	walk(&cu, address, path, &depth, 0);
	if (depth == 0)
		return 0;
	if (dwarf_getsrcfiles(&cu, &files, &file_count) != 0)
		files = NULL;
	n = depth < max ? depth : max;
	for (i = 0; i < n; i++) {
		Dwarf_Die *die = &path[depth - 1 - i];
		struct inline_frame *f = &frames[i];
		Dwarf_Attribute attr;
		Dwarf_Word value;

		f->function = function_name(die);
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
		f->call_file = NULL;
		f->call_line = 0;
		if (i == 0)
			continue;
		/* where the inner one (inlined) was called in this one */
		die = &path[depth - i];
		if (dwarf_attr(die, DW_AT_call_line, &attr) && dwarf_formudata(&attr, &value) == 0 &&
		    value <= INT32_MAX)
			f->call_line = (int)value;
		if (files && dwarf_attr(die, DW_AT_call_file, &attr) &&
		    dwarf_formudata(&attr, &value) == 0 && value < file_count)
			f->call_file = file_path(r, &cu, dwarf_filesrc(files, value, NULL, NULL));
	}
	return n;
}
