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
 * For -R, the functions the map names stand for their object files in
 * the symbol table (filemap.c, symbols.c), so that arcs join files.  The
 * placement marks the symbols and arcs it places (placed, next, prev,
 * has_been_placed) as GNU's does: these two printers take the model
 * without const and run last.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report/printers.h"
#include "report/report.h"
#include "core/util.h"

/* ------------------------------------------------------------ placement */

/*
 * The arcs placed are GNU's: those of the profile and, made first, those
 * that "from/to" symspecs make between their ranges (see symspec.c).
 * Those ranges come with links between them, and in GNU a chain walk over
 * such links can go round forever; ours stops after walk_limit steps, more
 * than any chain without a loop can have.
 */
struct chain;

/* The state of one placement: where it prints, the walk limit, and the
 * chain records (below). */
struct placement {
	struct model *m;
	FILE *f;
	size_t walk_limit;
	struct chain *chains; /* chains[chain_of[i] - 1] */
	size_t *chain_of;     /* per symbol of the model: 0 when free */
	long *position;       /* per symbol of the model */
	size_t chain_count;
	bool chains_valid;
};

/* The arcs to place: the symspecs' then the profile's, in a new array. */
static struct arc **arcs_to_place(struct placement *pl, size_t *count)
{
	struct arc **spec, **arcs;
	size_t spec_count = pl->m->symspecs.arc_count;
	size_t all_count = pl->m->arcs.all_count;

	spec = pl->m->symspecs.arcs;
	*count = spec_count + all_count;
	arcs = xmalloc((*count + 1) * sizeof(*arcs));
	if (spec_count)
		memcpy(arcs, spec, spec_count * sizeof(*arcs));
	if (all_count)
		memcpy(arcs + spec_count, pl->m->arcs.all, all_count * sizeof(*arcs));
	pl->walk_limit = pl->m->symbols.count + pl->m->symspecs.range_slots + 1;
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


static void chains_end(struct placement *pl)
{
	free(pl->chains);
	free(pl->chain_of);
	free(pl->position);
	pl->chains = NULL;
	pl->chain_of = NULL;
	pl->position = NULL;
	pl->chain_count = 0;
	pl->chains_valid = false;
}

/* Start the records, every function free; call after next/prev are set. */
static void chains_begin(struct placement *pl)
{
	size_t i;

	chains_end(pl);
	pl->chains_valid = pl->m->symspecs.arc_count == 0;
	for (i = 0; i < pl->m->symbols.count && pl->chains_valid; i++)
		if (pl->m->symbols.base[i].next || pl->m->symbols.base[i].prev)
			pl->chains_valid = false;
	if (!pl->chains_valid)
		return;
	pl->chain_of = xcalloc(pl->m->symbols.count + 1, sizeof(*pl->chain_of));
	pl->position = xcalloc(pl->m->symbols.count + 1, sizeof(*pl->position));
	pl->chains = xmalloc((pl->m->symbols.count / 2 + 1) * sizeof(*pl->chains));
}

/* The index of sym in symtab, or -1 (then the records are dropped). */
static long symbol_index(struct placement *pl, const struct symbol *sym)
{
	if (sym < pl->m->symbols.base || sym >= pl->m->symbols.base + pl->m->symbols.count) {
		pl->chains_valid = false;
		return -1;
	}
	return sym - pl->m->symbols.base;
}

/* Link a before b (a->next = b), and keep the records. */
static void link_before(struct placement *pl, struct symbol *a, struct symbol *b)
{
	long ia = pl->chains_valid ? symbol_index(pl, a) : -1;
	long ib = pl->chains_valid ? symbol_index(pl, b) : -1;

	a->next = b;
	b->prev = a;
	if (!pl->chains_valid || ia < 0 || ib < 0)
		return;
	if (!pl->chain_of[ia] && !pl->chain_of[ib]) {
		struct chain *c = &pl->chains[pl->chain_count++];

		c->head = a;
		c->tail = b;
		c->head_position = pl->position[ia] = 0;
		c->tail_position = pl->position[ib] = 1;
		pl->chain_of[ia] = pl->chain_of[ib] = pl->chain_count;
	} else if (pl->chain_of[ia] && !pl->chain_of[ib] &&
		   pl->chains[pl->chain_of[ia] - 1].tail == a) {
		struct chain *c = &pl->chains[pl->chain_of[ia] - 1];

		pl->chain_of[ib] = pl->chain_of[ia];
		c->tail = b;
		c->tail_position = pl->position[ib] = pl->position[ia] + 1;
	} else if (!pl->chain_of[ia] && pl->chain_of[ib] &&
		   pl->chains[pl->chain_of[ib] - 1].head == b) {
		struct chain *c = &pl->chains[pl->chain_of[ib] - 1];

		pl->chain_of[ia] = pl->chain_of[ib];
		c->head = a;
		c->head_position = pl->position[ia] = pl->position[ib] - 1;
	} else {
		pl->chains_valid = false;
	}
}

/* The far end of sym's chain, following next (or prev); steps counts the
 * links in between. */
static struct symbol *chain_end(struct placement *pl, struct symbol *sym, bool forward, int *steps)
{
	long i = pl->chains_valid ? symbol_index(pl, sym) : -1;

	*steps = 0;
	if (pl->chains_valid && i >= 0) {
		const struct chain *c;

		if (!pl->chain_of[i])
			return sym;
		c = &pl->chains[pl->chain_of[i] - 1];
		*steps = (int)(forward ? c->tail_position - pl->position[i]
				       : pl->position[i] - c->head_position);
		return forward ? c->tail : c->head;
	}
	while ((forward ? sym->next != NULL : sym->prev != NULL) &&
	       (size_t)*steps < pl->walk_limit) {
		sym = forward ? sym->next : sym->prev;
		++*steps;
	}
	return sym;
}

/* The end of sym's chain on the side that is linked (next first). */
static struct symbol *linked_end(struct placement *pl, struct symbol *sym)
{
	int steps;

	return chain_end(pl, sym, sym->next != NULL, &steps);
}

/*
 * Join functions into chains along arcs (heaviest first, as sorted by the
 * caller), then print every chain.  With all false only the arcs making
 * up the first 99% of the calls are used.  Arcs that could not be used go
 * to unplaced[].  With all true, callers of arcs still unplaced are
 * printed one by one at the end.
 */
static void place_by_arcs(struct placement *pl, struct arc **arcs, size_t count, bool all,
			  struct arc **unplaced, size_t *unplaced_count)
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
			forward = chain_end(pl, child, true, &forward_steps);
			backward = chain_end(pl, child, false, &backward_steps);
			child = forward_steps < backward_steps ? forward : backward;
		} else if (!child->next && !child->prev) {
			forward = chain_end(pl, parent, true, &forward_steps);
			backward = chain_end(pl, parent, false, &backward_steps);
			parent = backward_steps < forward_steps ? backward : forward;
		} else {
			unplaced[(*unplaced_count)++] = arc;
			continue;
		}
		/* joining the two ends of one chain would make a ring */
		if (linked_end(pl, parent) == child && linked_end(pl, child) == parent) {
			unplaced[(*unplaced_count)++] = arc;
			continue;
		}
		if (parent->next) {
			if (!child->next) {
				link_before(pl, child, parent);
				arc->has_been_placed = true;
			}
		} else if (parent->prev) {
			if (!child->prev) {
				link_before(pl, parent, child);
				arc->has_been_placed = true;
			}
		} else if (child->prev) {
			link_before(pl, child, parent);
			arc->has_been_placed = true;
		} else {
			link_before(pl, parent, child);
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
		for (steps = 0; sym->prev && steps < pl->walk_limit; steps++)
			sym = sym->prev;
		for (steps = 0; sym && steps < pl->walk_limit; sym = sym->next, steps++) {
			sym->placed = 1;
			fprintf(pl->f, "%s\n", sym->name);
		}
	}
	if (all)
		for (i = 0; i < count; i++) {
			struct symbol *sym = arcs[i]->parent;

			if (sym->placed || arcs[i]->child->placed)
				continue;
			sym->placed = 1;
			fprintf(pl->f, "%s\n", sym->name);
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
void print_function_ordering(struct model *m, struct report_out *out)
{
	struct placement placement = { .m = m, .f = out->file };
	struct placement *pl = &placement;
	size_t n = m->symbols.count, arcs_n, i;
	struct arc **arcs = arcs_to_place(pl, &arcs_n);
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
		struct symbol *sym = &pl->m->symbols.base[i];

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
	chains_begin(pl);

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
			fprintf(pl->f, "%s\n", by_uses[i]->name);

	qsort(high, high_count, sizeof(*high), compare_arc_count);
	place_by_arcs(pl, high, high_count, true, unplaced, &unplaced_count);
	place_by_arcs(pl, arcs, arcs_n, false, unplaced, &unplaced_count);
	place_by_arcs(pl, unplaced, unplaced_count, true, scratch, &scratch_count);

	chains_end(pl);
	for (i = 0; i < used_count; i++)
		if (!used[i]->placed)
			fprintf(pl->f, "%s\n", used[i]->name);
	for (i = 0; i < unused_count; i++)
		fprintf(pl->f, "%s\n", unused[i]->name);

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

void print_file_ordering(struct model *m, struct report_out *out)
{
	struct placement placement = { .m = m, .f = out->file };
	struct placement *pl = &placement;
	size_t arcs_n, unplaced_count = 0, mapped_count = 0, i;
	struct arc **arcs = arcs_to_place(pl, &arcs_n);
	struct arc **unplaced = xmalloc((arcs_n + 1) * sizeof(*unplaced));
	const char **mapped = xmalloc((m->symbols.count + 1) * sizeof(*mapped));
	const char **files = xmalloc((m->file_map.count + 1) * sizeof(*files));
	const char *last = NULL;

	for (i = 0; i < arcs_n; i++)
		if (!arcs[i]->parent->mapped || !arcs[i]->child->mapped)
			arcs[i]->has_been_placed = true;
	chains_begin(pl);
	place_by_arcs(pl, arcs, arcs_n, false, unplaced, &unplaced_count);
	chains_end(pl);

	for (i = 0; i < pl->m->symbols.count; i++)
		if (pl->m->symbols.base[i].mapped) {
			mapped[mapped_count++] = pl->m->symbols.base[i].name;
			if (!pl->m->symbols.base[i].placed)
				fprintf(pl->f, "%s\n", pl->m->symbols.base[i].name);
		}

	/* the files with no symbol: a sorted list of the symbols' names makes
	 * this a search per file, not a pass over the symbol table per file */
	qsort(mapped, mapped_count, sizeof(*mapped), compare_names);
	for (i = 0; i < m->file_map.count; i++)
		files[i] = m->file_map.entries[i].file_name;
	qsort(files, m->file_map.count, sizeof(*files), compare_names);
	for (i = 0; i < m->file_map.count; i++) {
		const char *file = files[i];

		if (last && strcmp(last, file) == 0)
			continue;
		if (!bsearch(&file, mapped, mapped_count, sizeof(*mapped), compare_names))
			fprintf(pl->f, "%s\n", file);
		last = file;
	}
	free(files);
	free(mapped);
	free(unplaced);
	free(arcs);
}
