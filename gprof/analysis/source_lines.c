/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * source_lines.c: each function's source lines from its own code, for
 * the --html source view: the samples at its addresses and the calls
 * from its call sites, each on the line the line table gives the
 * address.  A function's view is then the lines its code is on, the
 * code inlined into it included (another function's lines, in its file
 * or another), and nothing of a function that follows it in the file:
 * the view is by address, not by a range of lines.  Calls are counted by
 * call site (model.call_sites, filled as the arcs are charged), so that
 * each line shows the calls it made and no other's.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/source_lines.h"
#include "symtab/object.h"
#include "core/util.h"

/* ---------------------------------------------------------------- call sites */

static uint64_t site_hash(uint64_t site, const struct symbol *callee)
{
	uint64_t h = (site ^ ((uint64_t)(uintptr_t)callee * 0x9E3779B97F4A7C15ull)) *
		     0xBF58476D1CE4E5B9ull;

	return h ^ (h >> 31);
}

/* A slot: the hash's high 32 bits beside the site's place + 1 (0: empty),
 * so that a search reads no site but the one it finds: the sites are
 * read in profile order, their slots at random, and every site read
 * would be a cache miss (a fifteenth of a run of 100,000 functions). */
static uint64_t site_slot(uint64_t h, size_t place)
{
	return (h >> 32) << 32 | (uint64_t)(place + 1);
}

static void grow_slots(struct call_site_table *t)
{
	size_t i, n = t->slot_count ? 2 * t->slot_count : 1024, mask = n - 1;

	free(t->slots);
	t->slots = xcalloc(n, sizeof(*t->slots));
	t->slot_count = n;
	for (i = 0; i < t->count; i++) {
		uint64_t h = site_hash(t->sites[i].site, t->sites[i].callee);
		size_t k = (size_t)h & mask;

		while (t->slots[k])
			k = (k + 1) & mask;
		t->slots[k] = site_slot(h, i);
	}
}

void call_sites_add(struct model *m, uint64_t site, const struct symbol *callee,
		    unsigned long count)
{
	struct call_site_table *t = &m->call_sites;
	size_t mask, k;
	uint64_t h;

	if (count == 0 || callee == NULL || t->unwanted)
		return;
	if (2 * (t->count + 1) > t->slot_count)
		grow_slots(t);
	mask = t->slot_count - 1;
	h = site_hash(site, callee);
	for (k = (size_t)h & mask; t->slots[k]; k = (k + 1) & mask) {
		struct call_site *s;

		if (t->slots[k] >> 32 != h >> 32)
			continue;
		s = &t->sites[(uint32_t)t->slots[k] - 1];
		if (s->site == site && s->callee == callee) {
			s->count = s->count + count < s->count ? (unsigned long)-1
							       : s->count + count;
			return;
		}
	}
	if (t->count == t->capacity) {
		t->capacity = t->capacity ? 2 * t->capacity : 256;
		t->sites = xrealloc(t->sites, t->capacity * sizeof(*t->sites));
	}
	t->sites[t->count] = (struct call_site){ site, callee, count };
	t->slots[k] = site_slot(h, t->count++);
}

/* ---------------------------------------------------------------- the view */

/* One fact before they are sorted: samples, or calls to a callee, on a
 * line of a function. */
struct fact {
	size_t function; /* place in m->symbols */
	const char *file;
	int line;
	double ticks;
	const struct symbol *callee; /* NULL: samples */
	unsigned long count;
};

struct facts {
	struct fact *list;
	size_t count, capacity;
};

static void add_fact(const struct model *m, struct facts *f, uint64_t address,
		     bool (*wanted)(const struct symbol *, void *), void *ctx, double ticks,
		     const struct symbol *callee, unsigned long count)
{
	const struct symbol *sym = symbol_lookup(&m->symbols, address);
	const char *file = NULL, *function;
	int line = 0;

	if (sym == NULL || sym->object == NULL || !wanted(sym, ctx) ||
	    !object_find_line(sym->object, address - sym->object->model_base, &file, &function,
			      &line) ||
	    file == NULL || line <= 0)
		return;
	if (f->count == f->capacity) {
		f->capacity = f->capacity ? 2 * f->capacity : 1024;
		f->list = xrealloc(f->list, f->capacity * sizeof(*f->list));
	}
	f->list[f->count++] =
		(struct fact){ (size_t)(sym - m->symbols.base), file, line, ticks, callee, count };
}

static int compare_facts(const void *lp, const void *rp)
{
	const struct fact *l = lp, *r = rp;
	int c;

	if (l->function != r->function)
		return l->function < r->function ? -1 : 1;
	if (l->file != r->file && (c = strcmp(l->file, r->file)) != 0)
		return c;
	if (l->line != r->line)
		return l->line < r->line ? -1 : 1;
	/* samples first, then calls by callee's address */
	if ((l->callee == NULL) != (r->callee == NULL))
		return l->callee == NULL ? -1 : 1;
	if (l->callee && l->callee != r->callee)
		return l->callee->address < r->callee->address ? -1 : 1;
	return 0;
}

void source_lines_build(const struct model *m, bool (*wanted)(const struct symbol *, void *),
			void *ctx, struct source_lines *out)
{
	struct facts f = { NULL, 0, 0 };
	size_t i, r;
	unsigned h;

	memset(out, 0, sizeof(*out));
	for (h = 0; h < m->histograms.count && (m->input & INPUT_HISTOGRAM); h++) {
		const struct histogram *hist = &m->histograms.records[h];

		for (i = 0; i < hist->bin_count; i++)
			if (hist->bins[i])
				add_fact(m, &f,
					 hist->low_pc +
						 2 * (uint64_t)(m->histograms.scale * (double)i),
					 wanted, ctx, hist->bins[i], NULL, 0);
	}
	for (i = 0; i < m->process.sample_count; i++)
		add_fact(m, &f, m->process.samples[i].address, wanted, ctx,
			 (double)m->process.samples[i].count, NULL, 0);
	for (i = 0; i < m->call_sites.count; i++) {
		const struct call_site *s = &m->call_sites.sites[i];

		/* the call is the instruction before the return address */
		add_fact(m, &f, s->site - 1, wanted, ctx, 0.0, s->callee, s->count);
	}
	if (f.count > 1)
		qsort(f.list, f.count, sizeof(*f.list), compare_facts);

	out->rows = xcalloc(f.count + 1, sizeof(*out->rows));
	out->calls = xcalloc(f.count + 1, sizeof(*out->calls));
	out->functions = xcalloc(f.count + 1, sizeof(*out->functions));
	for (i = 0; i < f.count; i = r) {
		const struct fact *first = &f.list[i];
		struct source_row *row;

		if (out->function_count == 0 || out->functions[out->function_count - 1].sym !=
							&m->symbols.base[first->function])
			out->functions[out->function_count++] =
				(struct source_function){ &m->symbols.base[first->function],
							  out->row_count, 0 };
		row = &out->rows[out->row_count++];
		*row = (struct source_row){ first->file, first->line, 0.0, out->call_count, 0 };
		out->functions[out->function_count - 1].row_count++;
		for (r = i;
		     r < f.count && f.list[r].function == first->function &&
		     (f.list[r].file == first->file || strcmp(f.list[r].file, first->file) == 0) &&
		     f.list[r].line == first->line;
		     r++) {
			const struct fact *x = &f.list[r];

			if (x->callee == NULL) {
				row->ticks += x->ticks;
			} else if (row->call_count &&
				   out->calls[out->call_count - 1].callee == x->callee) {
				struct source_call *c = &out->calls[out->call_count - 1];

				c->count = c->count + x->count < c->count ? (unsigned long)-1
									  : c->count + x->count;
			} else {
				out->calls[out->call_count++] =
					(struct source_call){ x->callee, x->count };
				row->call_count++;
			}
		}
	}
	free(f.list);
}

void source_lines_free(struct source_lines *v)
{
	free(v->functions);
	free(v->rows);
	free(v->calls);
	memset(v, 0, sizeof(*v));
}
