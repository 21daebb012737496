/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * symbols.h: the stage that makes the model's symbol table from an
 * object: its function symbols (the default), one symbol per source line
 * (-l), or an nm-style listing (-S); then compiler clones.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_SYMBOLS_H
#define GPROF_SYMBOLS_H

#include "core/model.h"
#include "core/options.h"

/* The object's function symbols, each mapped to its source file and line
 * (symbols.c); with -R, a function named in the map stands for its file. */
void symbols_read_functions(struct model *m, struct object *obj, const struct read_options *opt);
/* -l: the function symbols and one symbol per source line (lines.c). */
void symbols_read_lines(struct model *m, struct object *obj, const struct read_options *opt);
/* -S FILE: the function symbols of an nm-style listing (extsyms.c). */
void symbols_read_listing(struct model *m, struct object *obj, const char *path);
/* A whole-process profile's other object: its function symbols (with
 * their sizes) at obj->model_base, and "[name]" symbols for the code of
 * its segments (pairs of object addresses, [start, end)) that no symbol
 * covers.  Appended to the model's table, which the caller sorts. */
void symbols_add_object(struct model *m, struct object *obj, const uint64_t *segments,
			size_t segment_count);
/* After the table is sorted: each object's "[name]" pieces become
 * aliases of its first. */
void symbols_link_objects(struct model *m);
/* -l: basic-block counts to the symbols holding their addresses (lines.c). */
struct bb_count;
void lines_assign_block_counts(struct model *m, const struct bb_count *blocks, size_t count);
/* Charge ".cold" parts to their functions (clones.c), unless
 * GPROF_GNU_QUIRKS=clones asks for GNU's behaviour. */
void symbols_resolve_clones(struct model *m, const struct read_options *opt);

#endif
