/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ordering.c: --function-ordering (-r) and --file-ordering MAP (-R): a
 * suggested link order, printed one name per line, so that functions (or
 * object files) that call each other often end up next to each other.
 *
 * Both use one greedy placement pass over the call-graph arcs, heaviest
 * first: an arc joins its caller and callee into a chain when one of them
 * is still free and the other has a free end.  Chains are printed whole.
 * The passes, cut-offs (90% and 99% of all calls, groups of up to 1/80 of
 * the called functions) and tie orders are those of GNU gprof 2.40, whose
 * output we reproduce line for line; qsort and bsearch are the C library's
 * so that equal keys come out in the same order as GNU's.
 *
 * The map for -R is nm output over object files ("file.o:ADDR T name",
 * nm -A); every function it names is replaced in the symbol table by its
 * file, so that arcs join files instead of functions.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "gprof.h"
#include "report.h"
#include "symbols.h"
#include "symspec.h"

/* One line of the -R map: a function and the object file defining it.
 * is_first: the first line of a run of lines naming the same file; only
 * that function keeps a symbol (renamed to the file), the others vanish. */
struct function_map {
	char *file_name;
	char *function_name;
	bool is_first;
};

static struct function_map *map;
static size_t map_count;
static bool map_read;

/* ------------------------------------------------------------ the map */

/* The longest field GNU gprof reads from a map line. */
#define MAP_FIELD_MAX 1023

static int compare_map_function(const void *l, const void *r)
{
	const struct function_map *left = l, *right = r;

	return strcmp(left->function_name, right->function_name);
}

static int compare_map_file(const void *l, const void *r)
{
	const struct function_map *left = l, *right = r;

	return strcmp(left->file_name, right->file_name);
}

static int search_map_function(const void *key, const void *entry)
{
	return strcmp(key, ((const struct function_map *)entry)->function_name);
}

/* Read characters up to (not including) a newline, or a colon as well
 * when stop_at_colon; false if the field is longer than GNU accepts. */
static bool read_field(FILE *f, char *buf, bool stop_at_colon)
{
	size_t n = 0;
	int c;

	while ((c = getc(f)) != EOF && c != '\n' && !(stop_at_colon && c == ':')) {
		if (n == MAP_FIELD_MAX)
			return false;
		buf[n++] = (char)c;
	}
	if (c != EOF)
		ungetc(c, f);
	buf[n] = '\0';
	return true;
}

/* Read the -R map: "FILE:... NAME" lines (the function is the last word),
 * "No symbols in ..." lines skipped.  Whitespace between lines is skipped,
 * as GNU gprof's scanner does. */
static void map_load(const char *path)
{
	FILE *f = fopen(path, "r");
	char file[MAP_FIELD_MAX + 1], rest[MAP_FIELD_MAX + 1];
	size_t capacity = 0, i;
	int line = 1, c;

	map_read = true;
	if (f == NULL)
		fatal("%s: cannot open the file-ordering map: %s", path, strerror(errno));
	while ((c = getc(f)) != EOF) {
		const char *space;
		struct function_map *m;

		ungetc(c, f);
		if (c == '\n' || c == ':')
			fatal("%s:%d: a map line must start with an object file name", path, line);
		if (!read_field(f, file, true))
			fatal("%s:%d: object file name longer than %d characters", path, line,
			      MAP_FIELD_MAX);
		if (strncmp(file, "No symbols in ", 14) == 0) {
			read_field(f, rest, false);
			goto next_line;
		}
		if (!read_field(f, rest, false))
			fatal("%s:%d: line longer than %d characters", path, line, MAP_FIELD_MAX);
		space = strrchr(rest, ' ');
		if (rest[0] == '\0' || space == NULL)
			fatal("%s:%d: expected 'FILE:ADDRESS TYPE NAME' (nm -A output)", path,
			      line);
		if (map_count == capacity) {
			capacity = capacity ? capacity * 2 : 64;
			map = xrealloc(map, capacity * sizeof(*map));
		}
		m = &map[map_count++];
		m->file_name = xstrdup(file);
		m->function_name = xstrdup(space + 1);
		m->is_first = false;
next_line:
		/* count the newlines that the whitespace skip passes over */
		while ((c = getc(f)) == ' ' || c == '\t' || c == '\n' || c == '\v' ||
		       c == '\f' || c == '\r')
			if (c == '\n')
				line++;
		if (c != EOF)
			ungetc(c, f);
	}
	if (ferror(f))
		fatal("%s: read error: %s", path, strerror(errno));
	fclose(f);
	if (map_count == 0)
		fatal("%s: the file-ordering map names no functions", path);

	/* runs of one file are marked before sorting, in the map's order */
	for (i = 0; i < map_count; i++)
		map[i].is_first = i == 0 || strcmp(map[i].file_name, map[i - 1].file_name) != 0;
	qsort(map, map_count, sizeof(*map), compare_map_function);
}

/* symbols.c calls this for every function symbol when -R is given: NULL
 * to keep the symbol as it is, "" to drop it (its file already has a
 * symbol), else the object file name the symbol takes. */
const char *file_ordering_rename(const char *function_name)
{
	const struct function_map *found;

	if (!map_read)
		map_load(opt.file_ordering_map);
	found = bsearch(function_name, map, map_count, sizeof(*map), search_map_function);
	if (found == NULL)
		return NULL;
	return found->is_first ? found->file_name : "";
}

/* -S with -R: GNU gprof reads (and checks) the map but maps nothing. */
void file_ordering_check_map(void)
{
	if (!map_read)
		map_load(opt.file_ordering_map);
}

/* Forget the map, for an in-process fuzzer that runs gprof many times. */
void file_ordering_reset(void)
{
	size_t i;

	for (i = 0; i < map_count; i++) {
		free(map[i].file_name);
		free(map[i].function_name);
	}
	free(map);
	map = NULL;
	map_count = 0;
	map_read = false;
}

/* ------------------------------------------------------------ placement */

/*
 * The arcs placed are GNU's: those of the profile and, made first, those
 * that "from/to" symspecs make between their ranges (see symspec.c).
 * Those ranges come with links between them, and in GNU a chain walk over
 * such links can go round forever; ours stops after walk_limit steps, more
 * than any chain without a loop can have.
 */
static size_t walk_limit;

/* The arcs to place: the symspecs' then the profile's, in a new array. */
static struct arc **arcs_to_place(size_t *count)
{
	struct arc **spec, **arcs;
	size_t spec_count = symspec_arcs(&spec);

	*count = spec_count + all_arc_count;
	arcs = xmalloc((*count + 1) * sizeof(*arcs));
	if (spec_count)
		memcpy(arcs, spec, spec_count * sizeof(*arcs));
	if (all_arc_count)
		memcpy(arcs + spec_count, all_arcs, all_arc_count * sizeof(*arcs));
	walk_limit = symtab.count + symspec_range_count() + 1;
	return arcs;
}

/* Heaviest arcs first. */
static int compare_arc_count(const void *l, const void *r)
{
	const struct arc *left = *(struct arc *const *)l;
	const struct arc *right = *(struct arc *const *)r;

	return (left->count < right->count) - (left->count > right->count);
}

/* Most used functions first. */
static int compare_uses(const void *l, const void *r)
{
	const struct symbol *left = *(struct symbol *const *)l;
	const struct symbol *right = *(struct symbol *const *)r;

	return (left->uses < right->uses) - (left->uses > right->uses);
}

/*
 * Chains only ever grow by one free function at one of their ends, so
 * instead of walking a chain to find its ends (which made -R on a 100,000
 * function program take minutes) we keep, per chain, its two ends and,
 * per function, its position: the distance to an end is a subtraction.
 * The links themselves (next, prev) are still what is printed.  When the
 * symspecs' ranges take part (their links are GNU's, not chains built
 * here) or a link does not fit the rule, the records are dropped and the
 * chains are walked as GNU walks them.
 */
struct chain {
	struct symbol *head, *tail;
	long head_position, tail_position;
};

static struct chain *chains;      /* chains[chain_of[i] - 1] */
static size_t *chain_of;          /* per symbol of symtab: 0 when free */
static long *position;            /* per symbol of symtab */
static size_t chain_count;
static bool chains_valid;

static void chains_end(void)
{
	free(chains);
	free(chain_of);
	free(position);
	chains = NULL;
	chain_of = NULL;
	position = NULL;
	chain_count = 0;
	chains_valid = false;
}

/* Start the records, every function free; call after next/prev are set. */
static void chains_begin(void)
{
	struct arc **spec;
	size_t i;

	chains_end();
	chains_valid = symspec_arcs(&spec) == 0;
	for (i = 0; i < symtab.count && chains_valid; i++)
		if (symtab.base[i].next || symtab.base[i].prev)
			chains_valid = false;
	if (!chains_valid)
		return;
	chain_of = xcalloc(symtab.count + 1, sizeof(*chain_of));
	position = xcalloc(symtab.count + 1, sizeof(*position));
	chains = xmalloc((symtab.count / 2 + 1) * sizeof(*chains));
}

/* The index of sym in symtab, or -1 (then the records are dropped). */
static long symbol_index(const struct symbol *sym)
{
	if (sym < symtab.base || sym >= symtab.base + symtab.count) {
		chains_valid = false;
		return -1;
	}
	return sym - symtab.base;
}

/* Link a before b (a->next = b), and keep the records. */
static void link_before(struct symbol *a, struct symbol *b)
{
	long ia = chains_valid ? symbol_index(a) : -1;
	long ib = chains_valid ? symbol_index(b) : -1;

	a->next = b;
	b->prev = a;
	if (!chains_valid || ia < 0 || ib < 0)
		return;
	if (!chain_of[ia] && !chain_of[ib]) {
		struct chain *c = &chains[chain_count++];

		c->head = a;
		c->tail = b;
		c->head_position = position[ia] = 0;
		c->tail_position = position[ib] = 1;
		chain_of[ia] = chain_of[ib] = chain_count;
	} else if (chain_of[ia] && !chain_of[ib] && chains[chain_of[ia] - 1].tail == a) {
		struct chain *c = &chains[chain_of[ia] - 1];

		chain_of[ib] = chain_of[ia];
		c->tail = b;
		c->tail_position = position[ib] = position[ia] + 1;
	} else if (!chain_of[ia] && chain_of[ib] && chains[chain_of[ib] - 1].head == b) {
		struct chain *c = &chains[chain_of[ib] - 1];

		chain_of[ia] = chain_of[ib];
		c->head = a;
		c->head_position = position[ia] = position[ib] - 1;
	} else {
		chains_valid = false;
	}
}

/* The far end of sym's chain, following next (or prev); steps counts the
 * links in between. */
static struct symbol *chain_end(struct symbol *sym, bool forward, int *steps)
{
	long i = chains_valid ? symbol_index(sym) : -1;

	*steps = 0;
	if (chains_valid && i >= 0) {
		const struct chain *c;

		if (!chain_of[i])
			return sym;
		c = &chains[chain_of[i] - 1];
		*steps = (int)(forward ? c->tail_position - position[i]
				       : position[i] - c->head_position);
		return forward ? c->tail : c->head;
	}
	while ((forward ? sym->next != NULL : sym->prev != NULL) && (size_t)*steps < walk_limit) {
		sym = forward ? sym->next : sym->prev;
		++*steps;
	}
	return sym;
}

/* The end of sym's chain on the side that is linked (next first). */
static struct symbol *linked_end(struct symbol *sym)
{
	int steps;

	return chain_end(sym, sym->next != NULL, &steps);
}

/*
 * Join functions into chains along arcs (heaviest first, as sorted by the
 * caller), then print every chain.  With all false only the arcs making
 * up the first 99% of the calls are used.  Arcs that could not be used go
 * to unplaced[].  With all true, callers of arcs still unplaced are
 * printed one by one at the end.
 */
static void place_by_arcs(struct arc **arcs, size_t count, bool all, struct arc **unplaced,
			  size_t *unplaced_count)
{
	unsigned long long total = 0, running = 0;
	size_t i;

	if (!all)
		for (i = 0; i < count; i++)
			total += arcs[i]->count;
	for (i = 0; i < count; i++) {
		struct arc *arc = arcs[i];
		struct symbol *parent = arc->parent, *child = arc->child;
		int forward_steps, backward_steps;
		struct symbol *forward, *backward;

		running += arc->count;
		if (arc->has_been_placed)
			continue;
		/* a 0/0 ratio (no calls at all) is NaN: never over the cut */
		if ((!all && (double)running / (double)total > 0.99) || child->placed ||
		    parent->placed) {
			unplaced[(*unplaced_count)++] = arc;
			continue;
		}
		if (parent->next && parent->prev && child->next && child->prev) {
			unplaced[(*unplaced_count)++] = arc;
			continue;
		}
		if (!parent->next && !parent->prev) {
			/* a free caller goes to the nearer end of the callee's chain */
			forward = chain_end(child, true, &forward_steps);
			backward = chain_end(child, false, &backward_steps);
			child = forward_steps < backward_steps ? forward : backward;
		} else if (!child->next && !child->prev) {
			forward = chain_end(parent, true, &forward_steps);
			backward = chain_end(parent, false, &backward_steps);
			parent = backward_steps < forward_steps ? backward : forward;
		} else {
			unplaced[(*unplaced_count)++] = arc;
			continue;
		}
		/* joining the two ends of one chain would make a ring */
		if (linked_end(parent) == child && linked_end(child) == parent) {
			unplaced[(*unplaced_count)++] = arc;
			continue;
		}
		if (parent->next) {
			if (!child->next) {
				link_before(child, parent);
				arc->has_been_placed = true;
			}
		} else if (parent->prev) {
			if (!child->prev) {
				link_before(parent, child);
				arc->has_been_placed = true;
			}
		} else if (child->prev) {
			link_before(child, parent);
			arc->has_been_placed = true;
		} else {
			link_before(parent, child);
			arc->has_been_placed = true;
		}
	}

	/* print each chain once, from its first function */
	for (i = 0; i < count; i++) {
		struct symbol *sym = arcs[i]->parent;
		size_t steps;

		if (sym->placed || arcs[i]->child->placed)
			continue;
		if (sym->next == NULL && sym->prev == NULL)
			continue;
		for (steps = 0; sym->prev && steps < walk_limit; steps++)
			sym = sym->prev;
		for (steps = 0; sym && steps < walk_limit; sym = sym->next, steps++) {
			sym->placed = 1;
			printf("%s\n", sym->name);
		}
	}
	if (all)
		for (i = 0; i < count; i++) {
			struct symbol *sym = arcs[i]->parent;

			if (sym->placed || arcs[i]->child->placed)
				continue;
			sym->placed = 1;
			printf("%s\n", sym->name);
		}
}

/* ------------------------------------------------------------ -r */

/*
 * Functions never called go last.  Functions that are the callee of many
 * of the heaviest arcs (90% of the calls) are printed first as a group,
 * then chains built from the arcs among them, then chains from the
 * heaviest 99% of all arcs, then chains from the arcs left over, then the
 * called functions no arc placed.
 */
void print_function_ordering(void)
{
	size_t n = symtab.count, arcs_n, i;
	struct arc **arcs = arcs_to_place(&arcs_n);
	/* a group member's arcs can be listed twice (as child and as parent),
	 * and the last pass appends to what the group left behind */
	size_t arc_room = 6 * arcs_n + 1;
	struct symbol **unused = xmalloc((n + 1) * sizeof(*unused));
	struct symbol **used = xmalloc((n + 1) * sizeof(*used));
	struct symbol **by_uses = xmalloc((n + 1) * sizeof(*by_uses));
	struct arc **high = xmalloc(arc_room * sizeof(*high));
	struct arc **scratch = xmalloc(arc_room * sizeof(*scratch));
	struct arc **unplaced = xmalloc(arc_room * sizeof(*unplaced));
	size_t unused_count = 0, used_count = 0, high_count = 0, scratch_count = 0;
	size_t unplaced_count = 0, group_last = 0;
	unsigned long long total = 0, running = 0;

	for (i = 0; i < n; i++) {
		struct symbol *sym = &symtab.base[i];

		if (sym->calls == 0) {
			unused[unused_count++] = sym;
			sym->placed = 1;
		} else {
			used[used_count++] = sym;
			sym->placed = 0;
			sym->next = sym->prev = NULL;
			sym->uses = 0;
		}
	}
	chains_begin();

	if (arcs_n > 0) /* arcs is NULL with no arcs: qsort wants a pointer */
		qsort(arcs, arcs_n, sizeof(*arcs), compare_arc_count);
	for (i = 0; i < arcs_n; i++) {
		total += arcs[i]->count;
		arcs[i]->has_been_placed = false;
	}
	/* how often each function is the callee of the heaviest 90% */
	for (i = 0; i < arcs_n; i++) {
		running += arcs[i]->count;
		if ((double)running / (double)total > 0.90)
			break;
		arcs[i]->child->uses++;
	}

	/* The group: up to 1/80 of the called functions, most used first.
	 * GNU stops at a function used exactly five times, and its count of
	 * members is the last member's index, so the last one is not printed
	 * with the group. */
	memcpy(by_uses, used, used_count * sizeof(*used));
	qsort(by_uses, used_count, sizeof(*by_uses), compare_uses);
	for (i = 0; i < used_count / 80; i++) {
		struct symbol *sym = by_uses[i];
		struct arc *arc;

		if (sym->uses == 5)
			break;
		for (arc = sym->children; arc; arc = arc->next_child) {
			if (arc->parent != arc->child)
				scratch[scratch_count++] = arc;
			arc->has_been_placed = true;
		}
		for (arc = sym->parents; arc; arc = arc->next_parent) {
			if (arc->parent != arc->child)
				scratch[scratch_count++] = arc;
			arc->has_been_placed = true;
		}
		group_last = i;
		sym->placed = 1;
	}
	/* arcs between two group members are ordered among themselves */
	for (i = 0; i < scratch_count; i++) {
		struct arc *arc = scratch[i];

		if (arc->child->placed && arc->parent->placed) {
			high[high_count++] = arc;
			arc->child->placed = 0;
			arc->parent->placed = 0;
		}
	}
	for (i = 0; i < group_last; i++)
		if (by_uses[i]->placed)
			printf("%s\n", by_uses[i]->name);

	qsort(high, high_count, sizeof(*high), compare_arc_count);
	place_by_arcs(high, high_count, true, unplaced, &unplaced_count);
	place_by_arcs(arcs, arcs_n, false, unplaced, &unplaced_count);
	place_by_arcs(unplaced, unplaced_count, true, scratch, &scratch_count);

	chains_end();
	for (i = 0; i < used_count; i++)
		if (!used[i]->placed)
			printf("%s\n", used[i]->name);
	for (i = 0; i < unused_count; i++)
		printf("%s\n", unused[i]->name);

	free(unused);
	free(used);
	free(by_uses);
	free(high);
	free(scratch);
	free(unplaced);
	free(arcs);
}

/* ------------------------------------------------------------ -R */

/*
 * Chains of object files from the arcs between mapped functions, then the
 * mapped files no arc placed, then (in name order) the map's files that
 * have no symbol at all, e.g. files with data only.
 */
static int compare_names(const void *l, const void *r)
{
	return strcmp(*(const char *const *)l, *(const char *const *)r);
}

void print_file_ordering(void)
{
	size_t arcs_n, unplaced_count = 0, mapped_count = 0, i;
	struct arc **arcs = arcs_to_place(&arcs_n);
	struct arc **unplaced = xmalloc((arcs_n + 1) * sizeof(*unplaced));
	const char **mapped = xmalloc((symtab.count + 1) * sizeof(*mapped));
	const char *last = NULL;

	for (i = 0; i < arcs_n; i++)
		if (!arcs[i]->parent->mapped || !arcs[i]->child->mapped)
			arcs[i]->has_been_placed = true;
	chains_begin();
	place_by_arcs(arcs, arcs_n, false, unplaced, &unplaced_count);
	chains_end();

	for (i = 0; i < symtab.count; i++)
		if (symtab.base[i].mapped) {
			mapped[mapped_count++] = symtab.base[i].name;
			if (!symtab.base[i].placed)
				printf("%s\n", symtab.base[i].name);
		}

	/* the files with no symbol: a sorted list of the symbols' names makes
	 * this a search per file, not a pass over the symbol table per file */
	qsort(mapped, mapped_count, sizeof(*mapped), compare_names);
	qsort(map, map_count, sizeof(*map), compare_map_file);
	for (i = 0; i < map_count; i++) {
		const char *file = map[i].file_name;

		if (last && strcmp(last, file) == 0)
			continue;
		if (!bsearch(&file, mapped, mapped_count, sizeof(*mapped), compare_names))
			printf("%s\n", file);
		last = file;
	}
	free(mapped);
	free(unplaced);
	free(arcs);
}
