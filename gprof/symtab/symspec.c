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

#include "symtab/symspec.h"
#include "core/util.h"

/* A pattern: every field that is set must match. */
struct pattern {
	struct source_file *file; /* NULL: any file */
	bool file_missing;        /* named a file the program doesn't have */
	int line;                 /* 0: any line */
	const char *name;         /* NULL: any name */
	size_t name_length;       /* strlen(name) */
	uint32_t name_hash;       /* name_hash(name, name_length) */
};

/* The name a pattern is compared with: a symbol's name without its
 * object's leading character, with its length and hash worked out once
 * per symbol rather than once per specification (the 33 default
 * exclusions times 20,000 symbols, twice, were a tenth of the run time
 * of `gprof -b`, in strcmp). */
struct symbol_key {
	const char *name;
	size_t length;
	uint32_t hash;
};

static uint32_t name_hash(const char *name, size_t length)
{
	uint32_t h = 2166136261u; /* FNV-1a */
	size_t i;

	for (i = 0; i < length; i++)
		h = (h ^ (unsigned char)name[i]) * 16777619u;
	return h;
}

/* Can a symbol match any specification?  Only if one of them names no
 * function (a file or a line alone), or one names a function of its
 * hash: a filter of the names' hashes lets the other symbols skip the
 * specifications. */
struct name_filter {
	bool any_pattern_without_name;
	uint64_t bits[16];
};

static void filter_add(struct name_filter *f, const struct pattern *p)
{
	if (p->name == NULL)
		f->any_pattern_without_name = true;
	else
		f->bits[p->name_hash / 64 % 16] |= UINT64_C(1) << (p->name_hash % 64);
}

static bool filter_passes(const struct name_filter *f, uint32_t hash)
{
	return f->any_pattern_without_name || (f->bits[hash / 64 % 16] >> (hash % 64) & 1);
}

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
	char *text; /* a copy, cut at the '/' */
	enum symspec_table table;
	bool has_right;
	struct pattern left, right;
	struct match_state left_state, right_state;
};


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
static void parse_pattern(const struct object *obj, char *text, struct pattern *p)
{
	char *colon = strrchr(text, ':');

	memset(p, 0, sizeof(*p));
	if (colon) {
		*colon = '\0';
		if (colon > text) {
			p->file = source_file_by_name(obj, text);
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
			p->file = source_file_by_name(obj, text);
			p->file_missing = p->file == NULL;
		} else if (isdigit((unsigned char)*text)) {
			p->line = atoi(text);
		} else {
			p->name = text;
		}
	}
	if (p->name) {
		p->name_length = strlen(p->name);
		p->name_hash = name_hash(p->name, p->name_length);
	}
}

static bool matches(const struct pattern *p, const struct symbol *sym, const struct symbol_key *key)
{
	if (p->file_missing)
		return false;
	if (p->file && p->file != sym->file)
		return false;
	if (p->line && p->line != sym->line)
		return false;
	if (p->name) {
		if (p->name_hash != key->hash || p->name_length != key->length ||
		    memcmp(p->name, key->name, key->length) != 0)
			return false;
	}
	return true;
}

/* Count (fill false) or record (fill true) that sym matches a pattern
 * whose matches go to table t. */
static void extend_match(struct match_state *m, const struct symbol *sym, struct symbol_table *t,
			 bool fill)
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

/* One pass over the program's symbols for every specification (in the
 * order the tables' layout depends on: symbols by address, specifications
 * newest first; the filter only skips symbols that match none).  The
 * first pass (fill false) keeps in passed the places of the symbols the
 * filter let through, and the second reads only those: each name the
 * filter reads is hashed, scattered in memory, once. */
struct passed {
	uint32_t *at;
	size_t count;
};

static void match_one(const struct symbol *sym, struct spec *specs, struct symspec_tables *out,
		      const struct symbol_key *key, bool fill)
{
	struct spec *s;

	for (s = specs; s; s = s->next) {
		if (matches(&s->left, sym, key))
			extend_match(&s->left_state, sym, &out->tables[s->table], fill);
		if (s->has_right && matches(&s->right, sym, key))
			extend_match(&s->right_state, sym, &out->right_table, fill);
	}
}

static struct symbol_key symbol_key(const struct symbol *sym)
{
	char leading = sym->object ? sym->object->leading_char : 0;
	struct symbol_key key;

	key.name = sym->name;
	if (*key.name && leading == *key.name)
		key.name++;
	key.length = strlen(key.name);
	key.hash = name_hash(key.name, key.length);
	return key;
}

static void match_all(const struct symbol_table *symtab, struct spec *specs,
		      const struct name_filter *filter, struct symspec_tables *out, bool fill,
		      struct passed *passed)
{
	size_t i;

	if (specs == NULL)
		return;
	if (fill) {
		for (i = 0; i < passed->count; i++) {
			const struct symbol *sym = &symtab->base[passed->at[i]];
			struct symbol_key key = symbol_key(sym);

			match_one(sym, specs, out, &key, true);
		}
		return;
	}
	for (i = 0; i < symtab->count; i++) {
		const struct symbol *sym = &symtab->base[i];
		struct symbol_key key;

		if (i + 8 < symtab->count)
			__builtin_prefetch(symtab->base[i + 8].name);
		key = symbol_key(sym);
		if (!filter_passes(filter, key.hash))
			continue;
		if ((passed->count & (passed->count - 1)) == 0)
			passed->at =
				xrealloc(passed->at, (2 * passed->count + 1) * sizeof(*passed->at));
		passed->at[passed->count++] = (uint32_t)i;
		match_one(sym, specs, out, &key, false);
	}
}

static void allocate(struct symspec_tables *out, struct symbol_table *t)
{
	t->base = t->count ? xcalloc(t->count, sizeof(struct symbol)) : NULL;
	out->range_slots += t->count;
	t->count = 0;
}

/* Resolve every specification into its table (see above), then mark each
 * symbol with the reports that show it. */
void symspec_resolve(struct model *m, const struct read_options *opt)
{
	struct symspec_tables *out = &m->symspecs;
	const struct object *obj = m->objects[0];
	struct spec *specs = NULL, *s, *next, **tail = &specs;
	struct name_filter filter = { false, { 0 } };
	struct passed passed = { NULL, 0 };
	const struct symspec_request *r;
	size_t i;
	int t;

	/* the requests are newest first, and so are the specifications */
	for (r = opt->symspecs; r; r = r->next) {
		s = xcalloc(1, sizeof(*s));
		s->text = xstrdup(r->text);
		s->table = r->table;
		*tail = s;
		tail = &s->next;
	}
	for (s = specs; s; s = s->next) {
		char *slash = strchr(s->text, '/');

		if (slash) {
			*slash = '\0';
			parse_pattern(obj, slash + 1, &s->right);
			s->has_right = true;
		}
		parse_pattern(obj, s->text, &s->left);
		filter_add(&filter, &s->left);
		if (s->has_right)
			filter_add(&filter, &s->right);
	}
	match_all(&m->symbols, specs, &filter, out, false, &passed);
	for (t = 0; t < SYMSPEC_TABLES; t++)
		allocate(out, &out->tables[t]);
	allocate(out, &out->right_table);
	match_all(&m->symbols, specs, &filter, out, true, &passed);
	free(passed.at);

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
				if ((out->arc_count & (out->arc_count - 1)) == 0)
					out->arcs = xrealloc(out->arcs, (2 * out->arc_count + 1) *
										sizeof(*out->arcs));
				out->arcs[out->arc_count++] = arc;
			}
	}
	for (t = 0; t < SYMSPEC_TABLES; t++)
		symbol_table_finalize(&out->tables[t], obj->text_high - 1);
	for (s = specs; s; s = next) {
		next = s->next;
		free(s->text);
		free(s);
	}

	for (i = 0; i < m->symbols.count; i++) {
		struct symbol *sym = &m->symbols.base[i];

		sym->in_flat = symspec_selected(out, INCL_FLAT, EXCL_FLAT, sym->address);
		sym->in_exec = symspec_selected(out, INCL_EXEC, EXCL_EXEC, sym->address);
		sym->in_annotation = symspec_selected(out, INCL_ANNO, EXCL_ANNO, sym->address);
	}
}

bool symspec_holds(const struct symspec_tables *s, enum symspec_table table, uint64_t addr)
{
	return s->tables[table].count != 0 && symbol_lookup(&s->tables[table], addr) != NULL;
}

bool symspec_empty(const struct symspec_tables *s, enum symspec_table table)
{
	return s->tables[table].count == 0;
}

bool symspec_selected(const struct symspec_tables *s, enum symspec_table incl,
		      enum symspec_table excl, uint64_t addr)
{
	return symspec_holds(s, incl, addr) ||
	       (symspec_empty(s, incl) && !symspec_holds(s, excl, addr));
}

/* -k, -q/-Q with "from/to": does a range of the table hold the caller,
 * with an arc to a range that holds the whole callee?  (The table's ranges
 * may overlap, so every one is looked at.) */
bool symspec_arc_named(const struct symspec_tables *s, enum symspec_table table,
		       const struct symbol *from, const struct symbol *to)
{
	const struct symbol_table *t = &s->tables[table];
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
