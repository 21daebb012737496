/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * view_lines.c: what the view tells of source lines and objects
 * (view_lines.h), so that printers look nothing up in symtab/ themselves:
 * the compilation directories of the executable's units (--html's
 * embedded sources, report/page_sources.c), the line of an address
 * (--callgrind) and an object's path; for --pprof, the chain of inlined
 * calls at an address (symtab/inlines.c, the DWARF inline tree), where a
 * function is declared, a function's self time by line.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/histogram.h"
#include "analysis/view_lines.h"
#include "symtab/inlines.h"
#include "symtab/lineindex.h"
#include "symtab/object.h"
#include "core/util.h"

void view_lines_unit_dirs(const struct model *m, const char *const **dirs, size_t *count)
{
	const struct line_index *index = m->object_count ? m->objects[0]->line_index : NULL;

	*dirs = index ? (const char *const *)index->directories : NULL;
	*count = index ? index->directory_count : 0;
}

bool view_line_of(const struct symbol *sym, uint64_t address, const char **file, int *line)
{
	const struct object *obj = sym->object;
	const char *f = NULL;
	int l = 0;

	if (obj && obj->abfd && obj->text && address >= obj->model_base &&
	    object_find_line(obj, address - obj->model_base, &f, NULL, &l) && f && l > 0) {
		*file = f;
		*line = l;
		return true;
	}
	return false;
}

const char *view_object_path(const struct object *obj)
{
	return obj ? obj->path : NULL;
}

/* readers[k]: m->objects[k]'s DWARF, opened when first asked (tried[k]);
 * NULL when it has none.  count: m's objects when made (freeing it
 * reads nothing of the model, which may be gone by then). */
struct view_dwarf {
	const struct model *m;
	size_t count;
	struct inline_reader **readers;
	bool *tried;
};

struct view_dwarf *view_dwarf_new(const struct model *m)
{
	struct view_dwarf *d = xcalloc(1, sizeof(*d));

	d->m = m;
	d->count = m->object_count;
	d->readers = xcalloc(m->object_count + 1, sizeof(*d->readers));
	d->tried = xcalloc(m->object_count + 1, sizeof(*d->tried));
	return d;
}

void view_dwarf_free(struct view_dwarf *d)
{
	size_t k;

	if (d == NULL)
		return;
	for (k = 0; k < d->count; k++)
		inline_reader_close(d->readers[k]);
	free(d->readers);
	free(d->tried);
	free(d);
}

/* The DWARF reader of an object, opened once; NULL for an object of
 * another model, without a path or without debug information. */
static struct inline_reader *reader_of(struct view_dwarf *d, const struct object *obj)
{
	size_t k;

	if (obj == NULL)
		return NULL;
	for (k = 0; k < d->count; k++)
		if (d->m->objects[k] == obj)
			break;
	if (k == d->count || obj->path == NULL || !obj->has_debug_info)
		return NULL;
	if (!d->tried[k]) {
		d->tried[k] = true;
		d->readers[k] = inline_reader_open(obj->path);
	}
	return d->readers[k];
}

size_t view_line_chain(struct view_dwarf *d, const struct symbol *sym, uint64_t address,
		       struct view_line_level *levels, size_t max)
{
	const struct object *obj = sym ? sym->object : NULL;
	struct inline_frame frames[VIEW_LINE_LEVELS_MAX];
	struct inline_reader *r;
	const char *file, *function;
	int number = 0;
	size_t n = 0, i;

	if (max == 0 || obj == NULL || obj->abfd == NULL || obj->text == NULL ||
	    !object_find_line(obj, address - obj->model_base, &file, &function, &number) ||
	    number <= 0)
		return 0;
	r = reader_of(d, obj);
	if (r)
		n = inline_reader_frames(r, address - obj->model_base, frames,
					 max < VIEW_LINE_LEVELS_MAX ? max : VIEW_LINE_LEVELS_MAX);
	if (n == 0) {
		levels[0] = (struct view_line_level){ NULL, NULL, NULL, 0, number };
		return 1;
	}
	for (i = 0; i < n; i++)
		levels[i] = (struct view_line_level){ frames[i].function, frames[i].raw_name,
						      frames[i].decl_file, frames[i].decl_line,
						      i == 0 ? number : frames[i].call_line };
	return n;
}

int view_decl_line(struct view_dwarf *d, const struct symbol *sym)
{
	struct inline_frame frames[VIEW_LINE_LEVELS_MAX];
	struct inline_reader *r = sym->object ? reader_of(d, sym->object) : NULL;
	size_t n = r ? inline_reader_frames(r, sym->address - sym->object->model_base, frames,
					    VIEW_LINE_LEVELS_MAX)
		     : 0;

	if (n && sym->file && frames[n - 1].decl_line > 0 && frames[n - 1].decl_file &&
	    strcmp(frames[n - 1].decl_file, sym->file->name) == 0)
		return frames[n - 1].decl_line;
	return 0;
}

struct line_starts {
	const struct symbol *sym;
	uint64_t base; /* its object's model_base */
	view_line_piece_fn visit;
	void *ctx;
};

static void at_line_start(void *ctx, uint64_t address, const struct line_span *span, double ticks)
{
	struct line_starts *ls = ctx;
	uint64_t at = address;

	if (span && span->address + ls->base > ls->sym->address)
		at = span->address + ls->base;
	else if (span)
		at = ls->sym->address;
	ls->visit(ls->ctx, at, ticks);
}

double view_ticks_by_line(const struct model *m, size_t i, view_line_piece_fn visit, void *ctx)
{
	const struct symbol *sym = &m->symbols.base[i];
	struct line_starts ls = { sym, sym->object ? sym->object->model_base : 0, visit, ctx };

	return histogram_by_line(m, i, at_line_start, &ls);
}
