/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * view_lines.h: what the view tells of source lines and objects
 * (view_lines.c), so that printers look nothing up in symtab/: an
 * address's line, its chain of inlined calls (--pprof's frames), a
 * function's self time by line.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_VIEW_LINES_H
#define GPROF_VIEW_LINES_H

#include "core/model.h"

/* The compilation directories of the executable's units, as its line
 * table names them (owned by the model); none without a line table.
 * view_build puts them in the view (unit_dirs). */
void view_lines_unit_dirs(const struct model *m, const char *const **dirs, size_t *count);
/* The file and line of the code at model address in sym, as the line
 * table gives them (the innermost inlined function's line, in its own
 * file); false when it gives none. */
bool view_line_of(const struct symbol *sym, uint64_t address, const char **file, int *line);
/* An object's path, NULL for none. */
const char *view_object_path(const struct object *obj);

/* The objects' DWARF inline trees (symtab/inlines.c), each opened when
 * first asked and kept until view_dwarf_free; view_build makes one for
 * the view (v->dwarf). */
struct view_dwarf;
struct view_dwarf *view_dwarf_new(const struct model *m);
void view_dwarf_free(struct view_dwarf *d);

/* Inlined calls nested deeper than this keep their innermost levels. */
#define VIEW_LINE_LEVELS_MAX 64

/* One level of the source-line chain at an address: a function active
 * there and the line in it.  The DWARF's names (the linkage name, else
 * the name, C++ with its scopes), owned by the view's dwarf. */
struct view_line_level {
	const char *function; /* NULL if the DWARF names none */
	const char *raw_name; /* as the DWARF gives it, NULL if none */
	const char *decl_file;
	int decl_line; /* where the function is declared, 0 if unknown */
	int line;      /* the line in it: the code's, or where it inlines the level before */
};

/*
 * The chain of the code at model address in sym (pprof's Location.Line),
 * innermost first, at most max levels: levels[0] the function whose code
 * it is (an inlined one, or sym's) with the line table's line; each next
 * the function it was inlined into, with the line of that call; the last
 * stands for sym's own function (its names are the DWARF's).  One level
 * (no names) when the line table gives a line but the DWARF no inlined
 * call; 0 when the line table gives the address no line.
 */
size_t view_line_chain(struct view_dwarf *d, const struct symbol *sym, uint64_t address,
		       struct view_line_level *levels, size_t max);
/* The line that declares sym's function (the DWARF's, at its address),
 * when it is in sym's own file; 0 otherwise. */
int view_decl_line(struct view_dwarf *d, const struct symbol *sym);

/* histogram_by_line (analysis/histogram.h) for the symbol at place i of
 * m->symbols, each piece told at the address where its line starts in
 * the symbol (the symbol's address for a line that starts before it;
 * its own address outside every line): one look-up per line.  Returns
 * the ticks visited (0: the symbol's samples lie outside its code). */
typedef void (*view_line_piece_fn)(void *ctx, uint64_t at, double ticks);
double view_ticks_by_line(const struct model *m, size_t i, view_line_piece_fn visit, void *ctx);

#endif
