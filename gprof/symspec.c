/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * symspec.c: resolve symbol specifications into tables of address ranges.
 *
 * A specification names symbols by function name, by source file (a name
 * with a dot, or "file:"), by file and function or line ("file:func",
 * "file:42"), or by line alone ("42"); ":name" is a function whose name
 * has a dot, "file:" a file whose name has none.  "from/to" names arcs
 * (-k, -q, -Q).  Each table holds one address range per run of consecutive
 * matching symbols, sorted and looked up by binary search, as in GNU gprof.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "gprof.h"
#include "symbols.h"
#include "symspec.h"

/* A pattern: every field that is set must match. */
struct pattern {
	struct source_file *file; /* NULL: any file */
	bool file_missing;        /* named a file the program doesn't have */
	int line;                 /* 0: any line */
	const char *name;         /* NULL: any name */
};

/*
 * Where a pattern's matches go in a table, while the table is filled:
 * the symbol of the program matched last (a match right after it extends
 * its range instead of starting a new one), the table slot of the range
 * being extended, and the newest range started (each range's next points
 * to the one started before it).
 */
struct match_state {
	const struct symbol *last;
	size_t slot;
	struct symbol *newest;
};

struct spec {
	struct spec *next;
	char *text;
	enum symspec_table table;
	bool has_right;
	struct pattern left, right;
	struct match_state left_state, right_state;
};

static struct spec *specs; /* newest first */

/*
 * The tables, laid out exactly as GNU gprof 2.40 lays out its own, because
 * --function-ordering shows it: each is allocated once at its final size,
 * filled by walking the program's symbols in address order and, for each
 * symbol, the specifications newest first; then sorted and deduplicated
 * in place.  A "from/to" specification adds, for each of its "from"
 * ranges, an arc (count 0) to each of its "to" ranges, which live in a
 * table of their own that is never sorted.  Arcs point at table slots, so
 * after the sort they name whatever range landed in the slot: GNU's
 * ordering then prints those ranges' names, and so do we.
 */
static struct symbol_table tables[SYMSPEC_TABLES];
static struct symbol_table right_table;
static struct arc **spec_arcs; /* in the order they were made */
static size_t spec_arc_count;
static size_t range_slots; /* slots allocated in all the tables */

void symspec_add(const char *text, enum symspec_table table)
{
	struct spec *s = xcalloc(1, sizeof(*s));

	s->text = xstrdup(text);
	s->table = table;
	s->next = specs;
	specs = s;
}

static void parse_pattern(char *text, struct pattern *p)
{
	char *colon = strrchr(text, ':');

	memset(p, 0, sizeof(*p));
	if (colon) {
		*colon = '\0';
		if (colon > text) {
			p->file = source_file_by_name(text);
			p->file_missing = p->file == NULL;
		}
		text = colon + 1;
		if (*text) {
			if (isdigit((unsigned char)text[0]))
				p->line = atoi(text);
			else
				p->name = text;
		}
	} else if (*text) {
		if (strchr(text, '.')) {
			p->file = source_file_by_name(text);
			p->file_missing = p->file == NULL;
		} else if (isdigit((unsigned char)*text)) {
			p->line = atoi(text);
		} else {
			p->name = text;
		}
	}
}

static bool matches(const struct pattern *p, const struct symbol *sym)
{
	if (p->file_missing)
		return false;
	if (p->file && p->file != sym->file)
		return false;
	if (p->line && p->line != sym->line)
		return false;
	if (p->name) {
		const char *name = sym->name;
		char leading = bfd_get_symbol_leading_char(core_bfd);

		if (*name && leading == *name)
			name++;
		if (strcmp(p->name, name) != 0)
			return false;
	}
	return true;
}

/* Count (fill false) or record (fill true) that sym matches a pattern
 * whose matches go to table t. */
static void extend_match(struct match_state *m, const struct symbol *sym,
			 struct symbol_table *t, bool fill)
{
	if (m->last == NULL || m->last + 1 != sym) {
		if (fill) {
			struct symbol *range = &t->base[t->count];

			*range = *sym;
			range->children = range->parents = NULL;
			range->next = m->newest;
			m->newest = range;
			m->slot = t->count;
		}
		t->count++;
	}
	if (fill)
		t->base[m->slot].end_address = sym->end_address;
	m->last = sym;
}

/* One pass over the program's symbols for every specification. */
static void match_all(bool fill)
{
	size_t i;
	struct spec *s;

	for (i = 0; i < symtab.count; i++) {
		const struct symbol *sym = &symtab.base[i];

		for (s = specs; s; s = s->next) {
			if (matches(&s->left, sym))
				extend_match(&s->left_state, sym, &tables[s->table], fill);
			if (s->has_right && matches(&s->right, sym))
				extend_match(&s->right_state, sym, &right_table, fill);
		}
	}
}

static void allocate(struct symbol_table *t)
{
	t->base = t->count ? xcalloc(t->count, sizeof(struct symbol)) : NULL;
	range_slots += t->count;
	t->count = 0;
}

/* Resolve every specification into its table (see above). */
void symspec_resolve(void)
{
	struct spec *s;
	int t;

	for (s = specs; s; s = s->next) {
		char *slash = strchr(s->text, '/');

		if (slash) {
			*slash = '\0';
			parse_pattern(slash + 1, &s->right);
			s->has_right = true;
		}
		parse_pattern(s->text, &s->left);
	}
	match_all(false);
	for (t = 0; t < SYMSPEC_TABLES; t++)
		allocate(&tables[t]);
	allocate(&right_table);
	match_all(true);

	for (s = specs; s; s = s->next) {
		struct symbol *from, *to;

		if (!s->has_right)
			continue;
		for (from = s->left_state.newest; from; from = from->next)
			for (to = s->right_state.newest; to; to = to->next) {
				struct arc *arc = xcalloc(1, sizeof(*arc));

				arc->parent = from;
				arc->child = to;
				arc->next_child = from->children;
				from->children = arc;
				arc->next_parent = to->parents;
				to->parents = arc;
				/* grow at 1, 2, 4, 8, ... */
				if ((spec_arc_count & (spec_arc_count - 1)) == 0)
					spec_arcs = xrealloc(spec_arcs,
							     (2 * spec_arc_count + 1) *
								     sizeof(*spec_arcs));
				spec_arcs[spec_arc_count++] = arc;
			}
	}
	for (t = 0; t < SYMSPEC_TABLES; t++)
		symbol_table_finalize(&tables[t]);
}

size_t symspec_arcs(struct arc ***arcs)
{
	*arcs = spec_arcs;
	return spec_arc_count;
}

size_t symspec_range_count(void)
{
	return range_slots;
}

/* Forget every specification and table, for an in-process fuzzer that
 * runs gprof's command line many times (gprof itself resolves once). */
void symspec_reset(void)
{
	struct spec *s, *next;
	size_t i;
	int t;

	for (s = specs; s; s = next) {
		next = s->next;
		free(s->text);
		free(s);
	}
	specs = NULL;
	for (i = 0; i < spec_arc_count; i++)
		free(spec_arcs[i]);
	free(spec_arcs);
	spec_arcs = NULL;
	spec_arc_count = 0;
	for (t = 0; t < SYMSPEC_TABLES; t++) {
		free(tables[t].base);
		tables[t].base = NULL;
		tables[t].count = 0;
	}
	free(right_table.base);
	right_table.base = NULL;
	right_table.count = 0;
	range_slots = 0;
}

bool symspec_holds(enum symspec_table table, uint64_t addr)
{
	return symbol_lookup(&tables[table], addr) != NULL;
}

bool symspec_empty(enum symspec_table table)
{
	return tables[table].count == 0;
}

bool symspec_selected(enum symspec_table incl, enum symspec_table excl, uint64_t addr)
{
	return symspec_holds(incl, addr) ||
	       (symspec_empty(incl) && !symspec_holds(excl, addr));
}

/* -k, -q/-Q with "from/to": does a range of the table hold the caller,
 * with an arc to a range that holds the whole callee?  (The table's ranges
 * may overlap, so every one is looked at.) */
bool symspec_arc_named(enum symspec_table table, const struct symbol *from,
		       const struct symbol *to)
{
	const struct symbol_table *t = &tables[table];
	size_t i;

	for (i = 0; i < t->count; i++) {
		const struct symbol *range = &t->base[i];
		const struct arc *arc;

		if (from->address < range->address || from->address > range->end_address)
			continue;
		for (arc = range->children; arc; arc = arc->next_child)
			if (to->address >= arc->child->address &&
			    to->end_address <= arc->child->end_address)
				return true;
	}
	return false;
}
