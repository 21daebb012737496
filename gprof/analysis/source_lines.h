/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * source_lines.h: each function's source lines as its own code has them
 * (analysis/source_lines.c): the samples on each line of the code at its
 * addresses, inlined code from other functions and files included, and
 * the calls each line makes, by call site.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_SOURCE_LINES_H
#define GPROF_SOURCE_LINES_H

#include <stddef.h>
#include <stdint.h>

#include "core/model.h"

/* As the arcs are charged (callgraph_tally): count calls from site (a
 * return address, model address) to callee. */
void call_sites_add(struct model *m, uint64_t site, const struct symbol *callee,
		    unsigned long count);

/* A line of a function's code: its file (the line table's name) and
 * line, the samples at addresses on it, and its calls (calls[first_call]
 * on, call_count of them, by callee). */
struct source_row {
	const char *file;
	int line;
	double ticks;
	size_t first_call, call_count;
};

struct source_call {
	const struct symbol *callee;
	unsigned long count;
};

/* A function's rows: rows[first_row] on, row_count of them, by file
 * (as the line table orders its names) then line. */
struct source_function {
	const struct symbol *sym;
	size_t first_row, row_count;
};

/* The view: one entry per function with samples or calls on its lines,
 * in the order of the symbol table. */
struct source_lines {
	struct source_function *functions;
	size_t function_count;
	struct source_row *rows;
	size_t row_count;
	struct source_call *calls;
	size_t call_count;
};

/* Builds the view of the functions for which wanted(sym, ctx) holds.
 * Each histogram bin counts on the line of its first address (as the
 * --html source view always did), each of a whole-process profile's
 * samples on its own; a call on the line of the call (its return
 * address less one).  A line is the line table's: the code of a
 * function inlined here is on the inlined function's line, in its file,
 * as `go tool pprof -list` shows it. */
void source_lines_build(const struct model *m, bool (*wanted)(const struct symbol *, void *),
			void *ctx, struct source_lines *out);
void source_lines_free(struct source_lines *v);

#endif
