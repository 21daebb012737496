/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * comparison.c: --diff's matching of two runs' functions by name, with
 * their figures and the change (comparison.h).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/comparison.h"
#include "core/util.h"

struct item {
	const char *key;
	int run;
	const struct symbol *sym;
	size_t group; /* its entry before the entries are sorted */
};

static int compare_items(const void *l, const void *r)
{
	const struct item *a = l, *b = r;
	int c = strcmp(a->key, b->key);

	if (c != 0)
		return c;
	if (a->run != b->run)
		return a->run - b->run;
	return a->sym < b->sym ? -1 : a->sym > b->sym;
}

static const char *key_of(struct model *m, const struct symbol *sym)
{
	char *key;
	const char *kept;

	if (sym->object == NULL || sym->object == m->objects[0] || sym->is_object ||
	    sym->is_unnamed)
		return sym->name;
	key = xmalloc(strlen(sym->name) + strlen(sym->object->name) + 4);
	sprintf(key, "%s [%s]", sym->name, sym->object->name);
	kept = model_strdup(m, key);
	free(key);
	return kept;
}

static void add_figures(struct figures *f, const struct model *m, const struct symbol *sym)
{
	double total = m->by_time ? sym->prop_self + sym->prop_child : sym->self_ticks;

	f->self += sym->self_ticks;
	f->total += total;
	f->calls = add_calls(f->calls, sym->calls);
	f->ran |= sym->self_ticks > 0 || total > 0 || sym->calls > 0;
}

double comparison_seconds(const struct comparison *c, int run, double ticks)
{
	return c->run[run].rate > 0 ? ticks / c->run[run].rate : 0.0;
}

static double magnitude(double x)
{
	return x < 0 ? -x : x;
}

/* By the change in self time, then in total time, then in calls, then
 * by name. */
static int compare_entries(const void *l, const void *r)
{
	const struct comparison_entry *a = l, *b = r;
	double calls_a = fabs((double)a->f[NEW].calls - (double)a->f[OLD].calls);
	double calls_b = fabs((double)b->f[NEW].calls - (double)b->f[OLD].calls);

	if (magnitude(a->self_change) != magnitude(b->self_change))
		return magnitude(a->self_change) < magnitude(b->self_change) ? 1 : -1;
	if (magnitude(a->total_change) != magnitude(b->total_change))
		return magnitude(a->total_change) < magnitude(b->total_change) ? 1 : -1;
	if (calls_a != calls_b)
		return calls_a < calls_b ? 1 : -1;
	return strcmp(a->key, b->key);
}

/* Every function that ran in either run (and is in the flat profile's
 * symspecs), with its figures in both. */
void comparison_match(struct comparison *c)
{
	size_t room = c->run[OLD].m->symbols.count + c->run[NEW].m->symbols.count + 1;
	struct item *items = xmalloc(room * sizeof(*items));
	size_t n = 0, i, total, groups, *final;
	int run;

	for (run = OLD; run <= NEW; run++) {
		struct model *m = c->run[run].m;

		for (i = 0; i < m->symbols.count; i++) {
			const struct symbol *sym = &m->symbols.base[i];

			if (sym->hidden || sym->name == NULL || !sym->in_flat)
				continue;
			items[n++] = (struct item){ key_of(m, sym), run, sym, 0 };
		}
	}
	qsort(items, n, sizeof(*items), compare_items);
	total = n;
	c->entries = xcalloc(n + 1, sizeof(*c->entries));
	for (i = 0; i < n; i++) {
		struct comparison_entry *e;

		if (c->count == 0 || strcmp(c->entries[c->count - 1].key, items[i].key) != 0) {
			e = &c->entries[c->count++];
			e->key = items[i].key;
			e->name = items[i].sym->name;
			e->group = c->count - 1;
		}
		e = &c->entries[c->count - 1];
		items[i].group = c->count - 1;
		if (e->sym[items[i].run] == NULL)
			e->sym[items[i].run] = items[i].sym;
		add_figures(&e->f[items[i].run], c->run[items[i].run].m, items[i].sym);
	}

	/* only what ran, with its change and status */
	groups = c->count;
	n = 0;
	for (i = 0; i < c->count; i++) {
		struct comparison_entry *e = &c->entries[i];

		if (!e->f[OLD].ran && !e->f[NEW].ran)
			continue;
		e->self_change = comparison_seconds(c, NEW, e->f[NEW].self) -
				 comparison_seconds(c, OLD, e->f[OLD].self);
		e->total_change = comparison_seconds(c, NEW, e->f[NEW].total) -
				  comparison_seconds(c, OLD, e->f[OLD].total);
		if (!e->f[OLD].ran) {
			e->status = "appeared";
			c->appeared++;
		} else if (!e->f[NEW].ran) {
			e->status = "vanished";
			c->vanished++;
		} else if (e->self_change > 0 || (e->self_change == 0 && e->total_change > 0)) {
			e->status = "slower";
			c->slower++;
		} else if (e->self_change < 0 || (e->self_change == 0 && e->total_change < 0)) {
			e->status = "faster";
			c->faster++;
		} else {
			e->status = "unchanged";
			c->unchanged++;
		}
		c->entries[n++] = *e;
	}
	c->count = n;
	qsort(c->entries, c->count, sizeof(*c->entries), compare_entries);

	/* each symbol's entry, for the picture's nodes and arcs */
	final = xmalloc((groups + 1) * sizeof(*final));
	for (i = 0; i < groups; i++)
		final[i] = NO_ENTRY;
	for (i = 0; i < c->count; i++)
		final[c->entries[i].group] = i;
	for (run = OLD; run <= NEW; run++) {
		size_t count = c->run[run].m->symbols.count;

		c->entry_of[run] = xmalloc((count + 1) * sizeof(*c->entry_of[run]));
		for (i = 0; i < count; i++)
			c->entry_of[run][i] = NO_ENTRY;
	}
	for (i = 0; i < total; i++)
		c->entry_of[items[i].run][items[i].sym - c->run[items[i].run].m->symbols.base] =
			final[items[i].group];
	free(final);
	free(items);
}

double comparison_run_time(const struct comparison *c, int run)
{
	return comparison_seconds(c, run, c->run[run].m->total_ticks);
}

/* The share of the run's total a function's self or total time is. */
double comparison_self_share(const struct comparison *c, int run, const struct comparison_entry *e)
{
	double whole = c->run[run].m->total_ticks;

	return whole > 0 ? 100.0 * e->f[run].self / whole : 0.0;
}

double comparison_total_share(const struct comparison *c, int run, const struct comparison_entry *e)
{
	const struct model *m = c->run[run].m;
	double whole = m->by_time ? m->print_ticks : m->total_ticks;

	return whole > 0 ? 100.0 * e->f[run].total / whole : 0.0;
}

/* New self time over old, or NAN when the old one is 0. */
double comparison_self_ratio(const struct comparison *c, const struct comparison_entry *e)
{
	return e->f[OLD].self > 0 ? comparison_seconds(c, NEW, e->f[NEW].self) /
					    comparison_seconds(c, OLD, e->f[OLD].self)
				  : NAN;
}

void comparison_free(struct comparison *c)
{
	free(c->entries);
	free(c->entry_of[OLD]);
	free(c->entry_of[NEW]);
}
