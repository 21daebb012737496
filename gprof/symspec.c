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
	struct symbol_table left_ranges, right_ranges; /* for arcs */
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

void symspec_resolve(void)
{
	struct spec *s;
	size_t capacity[SYMSPEC_TABLES] = { 0 };
	int t;

	for (s = specs; s; s = s->next) {
		char *slash = strchr(s->text, '/');

		if (slash) {
			*slash = '\0';
			parse_pattern(slash + 1, &s->right);
			s->has_right = true;
		}
		parse_pattern(s->text, &s->left);
		collect(&s->left, &tables[s->table], &capacity[s->table]);
		if (s->has_right) {
			size_t lc = 0, rc = 0;

			collect(&s->left, &s->left_ranges, &lc);
			collect(&s->right, &s->right_ranges, &rc);
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

static bool range_holds(const struct symbol_table *t, const struct symbol *sym)
{
	size_t i;

	for (i = 0; i < t->count; i++)
		if (sym->address >= t->base[i].address &&
		    sym->end_address <= t->base[i].end_address)
			return true;
	return false;
}

/* GNU gprof: the arc's caller lies in a range of the table, and that range
 * has an arc to a range holding the callee. */
bool symspec_arc_named(enum symspec_table table, const struct symbol *from,
		       const struct symbol *to)
{
	struct spec *s;

	if (tables[table].count == 0)
		return false;
	for (s = specs; s; s = s->next) {
		size_t i;

		if (s->table != table || !s->has_right)
			continue;
		for (i = 0; i < s->left_ranges.count; i++) {
			const struct symbol *r = &s->left_ranges.base[i];

			if (from->address >= r->address && from->address <= r->end_address &&
			    range_holds(&s->right_ranges, to))
				return true;
		}
	}
	return false;
}
