/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * symspec.c: resolve symbol specifications into tables of address ranges.
 *
 * A specification names symbols by function name, by source file (a name
 * with a dot, or "file:"), by file and function or line ("file:func",
 * "file:42"), or by line alone ("42").  "from/to" names arcs (-k, -q, -Q).
 * Each table holds one address range per run of consecutive matching
 * symbols, sorted and looked up by binary search, as in GNU gprof.
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

struct spec {
	struct spec *next;
	char *text;
	enum symspec_table table;
	bool has_right;
	struct pattern left, right;
	struct symbol_table right_ranges; /* "from/to": the ranges "to" names */
};

static struct spec *specs; /* newest first */
static struct symbol_table tables[SYMSPEC_TABLES];

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

static void table_append(struct symbol_table *t, size_t *capacity, const struct symbol *sym)
{
	if (t->count == *capacity) {
		*capacity = *capacity ? *capacity * 2 : 8;
		t->base = xrealloc(t->base, *capacity * sizeof(struct symbol));
	}
	t->base[t->count] = *sym;
	t->base[t->count].next = NULL;
	t->base[t->count].children = NULL;
	t->base[t->count].parents = NULL;
	t->count++;
}

/* Add one range per run of consecutive symbols matching p. */
static void collect(const struct pattern *p, struct symbol_table *t, size_t *capacity)
{
	size_t i;
	bool in_run = false;

	for (i = 0; i < symtab.count; i++) {
		const struct symbol *sym = &symtab.base[i];

		if (!matches(p, sym)) {
			in_run = false;
			continue;
		}
		if (!in_run)
			table_append(t, capacity, sym);
		else
			t->base[t->count - 1].end_address = sym->end_address;
		in_run = true;
	}
}

/*
 * Resolve every specification, newest first, into its table.  A "from/to"
 * specification gives each range it adds to the table (each run of
 * symbols "from" names) a list of arcs to the ranges "to" names; the list
 * travels with the range when the table is sorted, and when two ranges
 * start at one address only one is kept, with its own list (GNU gprof
 * 2.40 does the same: "-k a/b -k a/c" keeps only the newer a/c).
 */
void symspec_resolve(void)
{
	struct spec *s;
	size_t capacity[SYMSPEC_TABLES] = { 0 };
	int t;

	for (s = specs; s; s = s->next) {
		char *slash = strchr(s->text, '/');
		struct symbol_table *table = &tables[s->table];
		size_t first_new = table->count, i, j;

		if (slash) {
			*slash = '\0';
			parse_pattern(slash + 1, &s->right);
			s->has_right = true;
		}
		parse_pattern(s->text, &s->left);
		collect(&s->left, table, &capacity[s->table]);
		if (!s->has_right)
			continue;
		{
			size_t right_capacity = 0;

			collect(&s->right, &s->right_ranges, &right_capacity);
		}
		for (i = first_new; i < table->count; i++) {
			table->base[i].children = NULL;
			for (j = 0; j < s->right_ranges.count; j++) {
				struct arc *arc = xcalloc(1, sizeof(*arc));

				arc->child = &s->right_ranges.base[j];
				arc->next_child = table->base[i].children;
				table->base[i].children = arc;
			}
		}
	}
	for (t = 0; t < SYMSPEC_TABLES; t++)
		symbol_table_finalize(&tables[t]);
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
