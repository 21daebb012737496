/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * diff.c: --diff, what changed between two profiles of one program.
 *
 *   gprof [options] --diff [EXE] OLD NEW          one executable (a.out)
 *   gprof [options] --diff OLD_EXE OLD NEW_EXE NEW  two builds of it
 *
 * Each side is read by the whole pipeline, as gprof reads one profile,
 * with the same options; then the functions of the two are matched by
 * name (functions of other objects by name and object) and listed by the
 * change in their self time, largest first: the time in seconds and as a
 * share of each run's total (runs differ in length), the total time
 * (self and children, as the call graph gives it), the calls before and
 * after, and which functions ran in only one of the two.  --json gives
 * the same as data, --dot both runs' call graphs drawn as one, coloured
 * by the change (red slower, green faster), with what only one run had
 * marked, and --root, --leaf and --depth choosing from that union as they
 * do for --dot; --html both runs in one page (html.c), compared there.  doc/manual.md shows how to read it.
 *
 * Nothing is printed before both sides are read and found comparable:
 * two different programs (few function names in common), profiles of one
 * executable whose histograms cover different addresses (written by
 * different programs), different sampling rates, or a file that is not a
 * profile are one line on stderr and exit status 1.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/callgraph.h"
#include "diff.h"
#include "gmon_out.h"
#include "report/formats.h"
#include "report/labels.h"
#include "symtab/object.h"
#include "pipeline.h"
#include "report/printers.h"
#include "report/report.h"
#include "symtab/symspec.h"
#include "core/util.h"

enum { OLD, NEW };

/* One side: the files, the options it was read with, the model. */
struct side {
	const char *executable, *profile;
	struct options opt;
	struct model *m;
	struct report_out out;
	double rate;              /* samples per second, 0 without a histogram */
};

/* What one function did in one run, in ticks and calls. */
struct figures {
	double self;              /* samples (the flat profile's self time) */
	double total;             /* self and children as the call graph has them */
	unsigned long calls;
	bool ran;                 /* any time or any call */
};

/* One function of either run, by name. */
struct entry {
	const char *key;          /* the name, or "name [object]" */
	const char *name;         /* the symbol's name */
	const struct symbol *sym[2]; /* the first symbol of the name in each run, or NULL */
	struct figures f[2];
	double self_change, total_change; /* new minus old, in seconds */
	const char *status;       /* slower, faster, appeared, vanished, unchanged */
	size_t group;             /* while matching: its place among the names */
};

struct diff {
	struct side side[2];
	struct entry *entries;
	size_t count;
	size_t slower, faster, appeared, vanished, unchanged;
	size_t *entry_of[2];      /* per symbol of each run's model: its entry, or NO_ENTRY */
};

#define NO_ENTRY ((size_t)-1)

/* ------------------------------------------------------------ reading */

/* The names -b, the crt and the runtime give every program: no sign of
 * which program it is. */
static bool common_to_all_programs(const char *name)
{
	static const char *const names[] = { "main", "atexit", "etext", "frame_dummy",
					     "register_tm_clones", "deregister_tm_clones", NULL };
	const char *const *n;

	if (name[0] == '_' || strchr(name, '@') || strchr(name, '.'))
		return true;
	for (n = names; *n; n++)
		if (strcmp(name, *n) == 0)
			return true;
	return false;
}

static int compare_strings(const void *l, const void *r)
{
	return strcmp(*(const char *const *)l, *(const char *const *)r);
}

/* The executable's own function names that say which program it is, sorted. */
static const char **program_names(const struct model *m, size_t *count)
{
	const char **names = xmalloc((m->symbols.count + 1) * sizeof(*names));
	size_t i, n = 0;

	for (i = 0; i < m->symbols.count; i++) {
		const struct symbol *sym = &m->symbols.base[i];

		if (sym->object == m->objects[0] && sym->is_function && !sym->hidden && sym->name &&
		    !common_to_all_programs(sym->name))
			names[n++] = sym->name;
	}
	qsort(names, n, sizeof(*names), compare_strings);
	*count = n;
	return names;
}

/* Two executables are two builds of one program when their build-ids
 * are equal or when at least half the functions of the smaller one are
 * in the other (by name). */
static void check_same_program(struct diff *df)
{
	const struct model *a = df->side[OLD].m, *b = df->side[NEW].m;
	unsigned char id_a[64], id_b[64];
	size_t size_a = object_build_id(a->objects[0], id_a, sizeof(id_a));
	size_t size_b = object_build_id(b->objects[0], id_b, sizeof(id_b));
	size_t count_a, count_b, i = 0, k = 0, common = 0;
	const char **names_a, **names_b;

	if (size_a && size_a == size_b && memcmp(id_a, id_b, size_a) == 0)
		return;
	names_a = program_names(a, &count_a);
	names_b = program_names(b, &count_b);
	while (i < count_a && k < count_b) {
		int c = strcmp(names_a[i], names_b[k]);

		if (c == 0)
			common++;
		if (c <= 0)
			i++;
		if (c >= 0)
			k++;
	}
	free(names_a);
	free(names_b);
	if (count_a && count_b && 2 * common < (count_a < count_b ? count_a : count_b))
		fatal("--diff: %s and %s are different programs (%zu of their %zu and %zu "
		      "functions have the same name)",
		      df->side[OLD].executable, df->side[NEW].executable, common, count_a, count_b);
}

/* Two profiles of one executable cover the same addresses: the runtime
 * makes the histogram from the program's code.  Different ranges mean
 * one of them was written by another program. */
static void check_same_histogram(struct diff *df)
{
	const struct histogram_set *a = &df->side[OLD].m->histograms;
	const struct histogram_set *b = &df->side[NEW].m->histograms;
	unsigned i;

	if (!(df->side[OLD].m->input & INPUT_HISTOGRAM) || !(df->side[NEW].m->input & INPUT_HISTOGRAM))
		return;
	if (a->count == b->count) {
		for (i = 0; i < a->count; i++)
			if (a->records[i].low_pc != b->records[i].low_pc ||
			    a->records[i].high_pc != b->records[i].high_pc)
				break;
		if (i == a->count)
			return;
	}
	fatal("--diff: %s and %s were not written by the same program (their histograms "
	      "cover different addresses of %s)",
	      df->side[OLD].profile, df->side[NEW].profile, df->side[OLD].executable);
}

static void read_side(struct side *s, const struct options *opt, const char *executable,
		      const char *profile)
{
	s->executable = executable;
	s->profile = profile;
	s->opt = *opt;
	s->opt.executable = executable;
	s->opt.profile_files = &s->profile;
	s->opt.profile_file_count = 1;
	s->opt.report = 0;
	s->m = pipeline_run(&s->opt, NULL, NULL);
	if (!(s->m->input & (INPUT_HISTOGRAM | INPUT_CALL_GRAPH)))
		fatal("--diff: %s holds neither samples nor calls", profile);
	s->rate = (s->m->input & INPUT_HISTOGRAM) ? s->m->histograms.rate : 0.0;
	report_out_init(&s->out, stdout, &s->opt);
	report_out_cache_names(&s->out, &s->m->symbols);
}

/* ------------------------------------------------------------ matching */

struct item {
	const char *key;
	int run;
	const struct symbol *sym;
	size_t group;             /* its entry before the entries are sorted */
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

	if (sym->object == NULL || sym->object == m->objects[0] || sym->is_object)
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

static double seconds(const struct diff *df, int run, double ticks)
{
	return df->side[run].rate > 0 ? ticks / df->side[run].rate : 0.0;
}

static double magnitude(double x)
{
	return x < 0 ? -x : x;
}

/* By the change in self time, then in total time, then in calls, then
 * by name. */
static int compare_entries(const void *l, const void *r)
{
	const struct entry *a = l, *b = r;
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
static void match_functions(struct diff *df)
{
	size_t room = df->side[OLD].m->symbols.count + df->side[NEW].m->symbols.count + 1;
	struct item *items = xmalloc(room * sizeof(*items));
	size_t n = 0, i, total, groups, *final;
	int run;

	for (run = OLD; run <= NEW; run++) {
		struct model *m = df->side[run].m;

		for (i = 0; i < m->symbols.count; i++) {
			const struct symbol *sym = &m->symbols.base[i];

			if (sym->hidden || sym->name == NULL || !sym->in_flat)
				continue;
			items[n++] = (struct item){ key_of(m, sym), run, sym, 0 };
		}
	}
	qsort(items, n, sizeof(*items), compare_items);
	total = n;
	df->entries = xcalloc(n + 1, sizeof(*df->entries));
	for (i = 0; i < n; i++) {
		struct entry *e;

		if (df->count == 0 || strcmp(df->entries[df->count - 1].key, items[i].key) != 0) {
			e = &df->entries[df->count++];
			e->key = items[i].key;
			e->name = items[i].sym->name;
			e->group = df->count - 1;
		}
		e = &df->entries[df->count - 1];
		items[i].group = df->count - 1;
		if (e->sym[items[i].run] == NULL)
			e->sym[items[i].run] = items[i].sym;
		add_figures(&e->f[items[i].run], df->side[items[i].run].m, items[i].sym);
	}

	/* only what ran, with its change and status */
	groups = df->count;
	n = 0;
	for (i = 0; i < df->count; i++) {
		struct entry *e = &df->entries[i];

		if (!e->f[OLD].ran && !e->f[NEW].ran)
			continue;
		e->self_change = seconds(df, NEW, e->f[NEW].self) - seconds(df, OLD, e->f[OLD].self);
		e->total_change =
			seconds(df, NEW, e->f[NEW].total) - seconds(df, OLD, e->f[OLD].total);
		if (!e->f[OLD].ran) {
			e->status = "appeared";
			df->appeared++;
		} else if (!e->f[NEW].ran) {
			e->status = "vanished";
			df->vanished++;
		} else if (e->self_change > 0 || (e->self_change == 0 && e->total_change > 0)) {
			e->status = "slower";
			df->slower++;
		} else if (e->self_change < 0 || (e->self_change == 0 && e->total_change < 0)) {
			e->status = "faster";
			df->faster++;
		} else {
			e->status = "unchanged";
			df->unchanged++;
		}
		df->entries[n++] = *e;
	}
	df->count = n;
	qsort(df->entries, df->count, sizeof(*df->entries), compare_entries);

	/* each symbol's entry, for the picture's nodes and arcs */
	final = xmalloc((groups + 1) * sizeof(*final));
	for (i = 0; i < groups; i++)
		final[i] = NO_ENTRY;
	for (i = 0; i < df->count; i++)
		final[df->entries[i].group] = i;
	for (run = OLD; run <= NEW; run++) {
		size_t count = df->side[run].m->symbols.count;

		df->entry_of[run] = xmalloc((count + 1) * sizeof(*df->entry_of[run]));
		for (i = 0; i < count; i++)
			df->entry_of[run][i] = NO_ENTRY;
	}
	for (i = 0; i < total; i++)
		df->entry_of[items[i].run][items[i].sym - df->side[items[i].run].m->symbols.base] =
			final[items[i].group];
	free(final);
	free(items);
}

/* ------------------------------------------------------------ figures */

static double run_time(const struct diff *df, int run)
{
	return seconds(df, run, df->side[run].m->total_ticks);
}

/* The share of the run's total a function's self or total time is. */
static double self_share(const struct diff *df, int run, const struct entry *e)
{
	double whole = df->side[run].m->total_ticks;

	return whole > 0 ? 100.0 * e->f[run].self / whole : 0.0;
}

static double total_share(const struct diff *df, int run, const struct entry *e)
{
	const struct model *m = df->side[run].m;
	double whole = m->by_time ? m->print_ticks : m->total_ticks;

	return whole > 0 ? 100.0 * e->f[run].total / whole : 0.0;
}

/* New self time over old, or NAN when the old one is 0. */
static double self_ratio(const struct diff *df, const struct entry *e)
{
	return e->f[OLD].self > 0 ? seconds(df, NEW, e->f[NEW].self) / seconds(df, OLD, e->f[OLD].self)
				  : NAN;
}

/* A name as the text and the pictures show it (demangled unless
 * --no-demangle), from whichever run has it. */
static char *shown_name(struct diff *df, const struct entry *e, bool picture)
{
	int run = e->sym[NEW] ? NEW : OLD;
	char *to_free, *name;
	const struct symbol *sym = e->sym[run];

	if (picture)
		return label_name(&df->side[run].out, sym);
	name = xstrdup(display_name(&df->side[run].out, sym, &to_free));
	free(to_free);
	if (e->key != e->name) {
		const char *object = sym->object->name;
		char *with = xmalloc(strlen(name) + strlen(object) + 4);

		sprintf(with, "%s [%s]", name, object);
		free(name);
		name = with;
	}
	return name;
}

/* ------------------------------------------------------------ text */

static void print_side(struct diff *df, int run, const char *label)
{
	const struct side *s = &df->side[run];

	printf("%s %s of %s: %.3f seconds", label, s->profile, s->executable, run_time(df, run));
	if (s->rate > 0)
		printf(" at %g Hz", s->rate);
	printf("\n");
}

static const char diff_blurb[] =
	"\n"
	"Functions are listed by how much their self time changed, largest first.\n"
	"\n"
	"self seconds   the time spent in the function itself, in the old run, in the\n"
	"               new one, and the change (new minus old: more is slower)\n"
	"self %         that time as a share of each run's total: runs of different\n"
	"               lengths are compared by shares\n"
	"total seconds  the function and what it calls, as the call graph has them\n"
	"calls          how often it was called in each run\n"
	"ratio          new self time over old: 0.50 is twice as fast, 2.00 half as\n"
	"               fast (\"-\" when it had no time before)\n"
	"\n"
	"A function that ran in one run only is marked (appeared) or (vanished).\n";

static void print_text(struct diff *df, const struct options *opt)
{
	size_t i;

	print_side(df, OLD, "old:");
	print_side(df, NEW, "new:");
	printf("functions: %zu slower, %zu faster, %zu appeared, %zu vanished, %zu unchanged\n\n",
	       df->slower, df->faster, df->appeared, df->vanished, df->unchanged);
	printf("      self seconds            self %%          total seconds              calls\n");
	printf("    old      new   change    old    new      old      new   change        old"
	       "        new   ratio  name\n");
	for (i = 0; i < df->count; i++) {
		const struct entry *e = &df->entries[i];
		double ratio = self_ratio(df, e);
		char *name = shown_name(df, e, false);

		printf("%7.3f  %7.3f  %+7.3f %6.2f %6.2f  %7.3f  %7.3f  %+7.3f %10lu %10lu ",
		       seconds(df, OLD, e->f[OLD].self), seconds(df, NEW, e->f[NEW].self),
		       e->self_change, self_share(df, OLD, e), self_share(df, NEW, e),
		       seconds(df, OLD, e->f[OLD].total), seconds(df, NEW, e->f[NEW].total),
		       e->total_change, e->f[OLD].calls, e->f[NEW].calls);
		if (isnan(ratio))
			printf("%7s", "-");
		else
			printf("%7.2f", ratio);
		printf("  %s", name);
		if (strcmp(e->status, "appeared") == 0 || strcmp(e->status, "vanished") == 0)
			printf(" (%s)", e->status);
		printf("\n");
		free(name);
	}
	if (!opt->brief)
		fputs(diff_blurb, stdout);
}

/* ------------------------------------------------------------ JSON */

static void put_number(double value)
{
	put_json_number(stdout, value);
}

static void put_side_json(struct diff *df, int run)
{
	const struct side *s = &df->side[run];

	printf("    \"%s\": {\n      \"executable\": ", run == OLD ? "old" : "new");
	put_json_string(stdout, s->executable);
	printf(",\n      \"profile\": ");
	put_json_string(stdout, s->profile);
	printf(",\n      \"rate\": ");
	put_number(s->rate);
	printf(",\n      \"total_time\": ");
	put_number(run_time(df, run));
	printf("\n    },\n");
}

static void put_figures_json(struct diff *df, int run, const struct entry *e)
{
	printf("\"%s\": {\"self_time\": ", run == OLD ? "old" : "new");
	put_number(seconds(df, run, e->f[run].self));
	printf(", \"self_percent\": ");
	put_number(self_share(df, run, e));
	printf(", \"total_time\": ");
	put_number(seconds(df, run, e->f[run].total));
	printf(", \"total_percent\": ");
	put_number(total_share(df, run, e));
	printf(", \"calls\": %lu}", e->f[run].calls);
}

static void print_json_diff(struct diff *df)
{
	size_t i;

	printf("{\n  \"format_version\": 1,\n  \"diff\": {\n");
	put_side_json(df, OLD);
	put_side_json(df, NEW);
	printf("    \"summary\": {\"slower\": %zu, \"faster\": %zu, \"appeared\": %zu, "
	       "\"vanished\": %zu, \"unchanged\": %zu},\n",
	       df->slower, df->faster, df->appeared, df->vanished, df->unchanged);
	printf("    \"functions\": [");
	for (i = 0; i < df->count; i++) {
		const struct entry *e = &df->entries[i];
		int run = e->sym[NEW] ? NEW : OLD;
		char *to_free;

		printf("%s\n      {\"name\": ", i ? "," : "");
		put_json_string(stdout, e->name);
		printf(", \"demangled\": ");
		put_json_string(stdout, display_name(&df->side[run].out, e->sym[run], &to_free));
		free(to_free);
		if (e->key != e->name) {
			printf(", \"object\": ");
			put_json_string(stdout, e->sym[run]->object->path);
		}
		printf(", \"status\": \"%s\",\n       ", e->status);
		put_figures_json(df, OLD, e);
		printf(",\n       ");
		put_figures_json(df, NEW, e);
		printf(",\n       \"self_change\": ");
		put_number(e->self_change);
		printf(", \"total_change\": ");
		put_number(e->total_change);
		printf(", \"self_ratio\": ");
		put_number(self_ratio(df, e));
		printf("}");
	}
	printf("%s]\n  }\n}\n", df->count ? "\n    " : "");
}

/* ------------------------------------------------------------ DOT */

/*
 * The picture is the union of the two call graphs: a node for every
 * function of either run (an entry), an edge for every pair of entries
 * that an arc of either run joins (arcs between symbols of one name
 * added up).  Nodes are numbered by name, so that the picture of two
 * runs is the same each time it is drawn.
 */
struct picture {
	struct diff *df;
	const struct options *opt;
	size_t nodes;             /* df->count */
	size_t *entry;            /* node number -> entry, by name */
	size_t *node;             /* entry -> node number */
	struct union_arc *arcs;   /* sorted by parent, then child */
	size_t arc_count;
	size_t *down_start, *down; /* per node: its arcs, by the child's node */
	size_t *up_start, *up;     /* per node: its arcs, by the parent's node */
	size_t *cycle;            /* per node: its cycle (1...), or 0 */
	size_t cycle_count;
	unsigned char *kept;      /* per node: drawn */
};

/* An edge: calls[run] is the calls it stands for, in[run] whether that
 * run had such an arc. */
struct union_arc {
	size_t parent, child;     /* node numbers */
	unsigned long calls[2];
	bool in[2];
};

static const struct entry *node_entry(const struct picture *p, size_t node)
{
	return &p->df->entries[p->entry[node]];
}

static int compare_entry_keys(const void *l, const void *r)
{
	return strcmp((*(const struct entry *const *)l)->key, (*(const struct entry *const *)r)->key);
}

static int compare_union_arcs(const void *l, const void *r)
{
	const struct union_arc *a = l, *b = r;

	if (a->parent != b->parent)
		return a->parent < b->parent ? -1 : 1;
	if (a->child != b->child)
		return a->child < b->child ? -1 : 1;
	return 0;
}

/* The arcs of both runs between entries, one per pair of nodes. */
static void collect_arcs(struct picture *p)
{
	struct diff *df = p->df;
	size_t room = 64, n = 0, i, k;
	int run;

	p->arcs = xmalloc((room + 1) * sizeof(*p->arcs));
	for (run = OLD; run <= NEW; run++) {
		const struct model *m = df->side[run].m;

		for (i = 0; i < m->symbols.count; i++) {
			const struct arc *arc;

			if (df->entry_of[run][i] == NO_ENTRY)
				continue;
			for (arc = m->symbols.base[i].children; arc; arc = arc->next_child) {
				const struct symbol *child = arc->child;
				size_t to;

				if (child < m->symbols.base || child >= m->symbols.base + m->symbols.count)
					continue;
				to = df->entry_of[run][child - m->symbols.base];
				if (to == NO_ENTRY)
					continue;
				if (n == room) {
					room = 2 * room + 16;
					p->arcs = xrealloc(p->arcs, (room + 1) * sizeof(*p->arcs));
				}
				p->arcs[n] = (struct union_arc){ p->node[df->entry_of[run][i]], p->node[to],
								 { 0, 0 }, { false, false } };
				p->arcs[n].calls[run] = arc->count;
				p->arcs[n].in[run] = true;
				n++;
			}
		}
	}
	qsort(p->arcs, n, sizeof(*p->arcs), compare_union_arcs);
	for (i = 0, k = 0; i < n; i++) {
		if (k > 0 && compare_union_arcs(&p->arcs[k - 1], &p->arcs[i]) == 0) {
			struct union_arc *a = &p->arcs[k - 1];

			for (run = OLD; run <= NEW; run++) {
				a->calls[run] = add_calls(a->calls[run], p->arcs[i].calls[run]);
				a->in[run] |= p->arcs[i].in[run];
			}
		} else {
			p->arcs[k++] = p->arcs[i];
		}
	}
	p->arc_count = k;

	/* each node's arcs down (to its callees) and up (to its callers) */
	p->down_start = xcalloc(p->nodes + 2, sizeof(size_t));
	p->up_start = xcalloc(p->nodes + 2, sizeof(size_t));
	p->down = xmalloc((k + 1) * sizeof(size_t));
	p->up = xmalloc((k + 1) * sizeof(size_t));
	for (i = 0; i < k; i++) {
		p->down_start[p->arcs[i].parent + 1]++;
		p->up_start[p->arcs[i].child + 1]++;
	}
	for (i = 0; i < p->nodes; i++) {
		p->down_start[i + 1] += p->down_start[i];
		p->up_start[i + 1] += p->up_start[i];
	}
	{
		size_t *down_at = xmalloc((p->nodes + 1) * sizeof(size_t));
		size_t *up_at = xmalloc((p->nodes + 1) * sizeof(size_t));

		memcpy(down_at, p->down_start, p->nodes * sizeof(size_t));
		memcpy(up_at, p->up_start, p->nodes * sizeof(size_t));
		for (i = 0; i < k; i++) {
			p->down[down_at[p->arcs[i].parent]++] = p->arcs[i].child;
			p->up[up_at[p->arcs[i].child]++] = p->arcs[i].parent;
		}
		free(down_at);
		free(up_at);
	}
}

/*
 * The cycles of the union graph (Tarjan's strongly connected components,
 * without recursion): nodes that call each other in either run, or
 * through both (f calls g in one run, g calls f in the other).  Numbered
 * by their first node, by name.
 */
static void find_cycles(struct picture *p)
{
	size_t n = p->nodes, counter = 0, top = 0, frames = 0, i, *order, *low, *stack, *component;
	size_t components = 0, *first_node, *number;
	struct frame {
		size_t node, next;
	} *frame;
	unsigned char *on_stack;

	order = xcalloc(n + 1, sizeof(size_t)); /* 0: not visited; else visit order + 1 */
	low = xcalloc(n + 1, sizeof(size_t));
	stack = xmalloc((n + 1) * sizeof(size_t));
	component = xmalloc((n + 1) * sizeof(size_t));
	frame = xmalloc((n + 1) * sizeof(*frame));
	on_stack = xcalloc(n + 1, 1);
	for (i = 0; i < n; i++) {
		if (order[i])
			continue;
		frame[frames++] = (struct frame){ i, p->down_start[i] };
		order[i] = low[i] = ++counter;
		stack[top++] = i;
		on_stack[i] = 1;
		while (frames > 0) {
			struct frame *f = &frame[frames - 1];

			if (f->next < p->down_start[f->node + 1]) {
				size_t to = p->down[f->next++];

				if (!order[to]) {
					order[to] = low[to] = ++counter;
					stack[top++] = to;
					on_stack[to] = 1;
					frame[frames++] = (struct frame){ to, p->down_start[to] };
				} else if (on_stack[to] && order[to] < low[f->node]) {
					low[f->node] = order[to];
				}
				continue;
			}
			if (low[f->node] == order[f->node]) {
				size_t member;

				do {
					member = stack[--top];
					on_stack[member] = 0;
					component[member] = components;
				} while (member != f->node);
				components++;
			}
			frames--;
			if (frames > 0 && low[f->node] < low[frame[frames - 1].node])
				low[frame[frames - 1].node] = low[f->node];
		}
	}

	/* a component of two nodes or more is a cycle */
	first_node = xmalloc((components + 1) * sizeof(size_t));
	number = xcalloc(components + 1, sizeof(size_t));
	for (i = 0; i < components; i++)
		first_node[i] = NO_ENTRY;
	for (i = n; i-- > 0;) {
		if (first_node[component[i]] != NO_ENTRY)
			number[component[i]] = 1; /* more than one member */
		first_node[component[i]] = i;
	}
	p->cycle = xcalloc(n + 1, sizeof(size_t));
	p->cycle_count = 0;
	for (i = 0; i < n; i++) {
		size_t c = component[i];

		if (number[c] == 1 && first_node[c] == i)
			number[c] = 1 + ++p->cycle_count; /* numbers from 2: 1 marks a cycle */
		if (number[c] > 1)
			p->cycle[i] = number[c] - 1;
	}
	free(first_node);
	free(number);
	free(order);
	free(low);
	free(stack);
	free(component);
	free(frame);
	free(on_stack);
}

/*
 * --root (down, to the callees) or --leaf (up, to the callers): mark in
 * reach every node at most --depth arcs of either run away from a
 * function the symspec names in either run.  False when none was given.
 */
static bool select_reachable(struct picture *p, enum symspec_table table, bool down,
			     unsigned char *reach)
{
	struct diff *df = p->df;
	const char *text = options_first_symspec(p->opt, table);
	const size_t *start = down ? p->down_start : p->up_start, *next = down ? p->down : p->up;
	size_t head = 0, tail = 0, i, *queue;
	int *depth;
	bool named = false;
	int run;

	if (text == NULL)
		return false;
	queue = xmalloc((p->nodes + 1) * sizeof(*queue));
	depth = xmalloc((p->nodes + 1) * sizeof(*depth));
	for (run = OLD; run <= NEW; run++) {
		const struct model *m = df->side[run].m;

		for (i = 0; i < m->symbols.count; i++) {
			const struct symbol *sym = &m->symbols.base[i];
			size_t node;

			if (sym->hidden || !symspec_holds(&m->symspecs, table, sym->address))
				continue;
			named = true;
			if (df->entry_of[run][i] == NO_ENTRY)
				continue;
			node = p->node[df->entry_of[run][i]];
			if (!reach[node]) {
				reach[node] = 1;
				depth[node] = 0;
				queue[tail++] = node;
			}
		}
	}
	if (!named)
		fatal("%s=%s: no function of the program matches", down ? "--root" : "--leaf", text);
	while (head < tail) {
		size_t at = queue[head++], k;

		if (p->opt->depth >= 0 && depth[at] >= p->opt->depth)
			continue;
		for (k = start[at]; k < start[at + 1]; k++)
			if (!reach[next[k]]) {
				reach[next[k]] = 1;
				depth[next[k]] = depth[at] + 1;
				queue[tail++] = next[k];
			}
	}
	free(queue);
	free(depth);
	return true;
}

/* Does the call graph of either run show the entry? */
static bool entry_shown(const struct entry *e, const struct options *opt)
{
	return (e->sym[OLD] && callgraph_shows(e->sym[OLD], opt)) ||
	       (e->sym[NEW] && callgraph_shows(e->sym[NEW], opt));
}

/* Which nodes are drawn: the entries either call graph shows, whose
 * total share in either run reaches the node threshold, within --root's
 * and --leaf's reach; then every member of a cycle one of whose members
 * is drawn (and that either call graph shows). */
static void choose_nodes(struct picture *p)
{
	struct diff *df = p->df;
	unsigned char *below = xcalloc(p->nodes + 1, 1), *above = xcalloc(p->nodes + 1, 1);
	unsigned char *cycle_kept = xcalloc(p->cycle_count + 1, 1);
	bool rooted = select_reachable(p, PICTURE_ROOT, true, below);
	bool leafed = select_reachable(p, PICTURE_LEAF, false, above);
	size_t i;

	p->kept = xcalloc(p->nodes + 1, 1);
	for (i = 0; i < p->nodes; i++) {
		const struct entry *e = node_entry(p, i);
		bool big = !(df->side[OLD].m->print_ticks > 0 || df->side[NEW].m->print_ticks > 0) ||
			   total_share(df, OLD, e) >= p->opt->node_threshold ||
			   total_share(df, NEW, e) >= p->opt->node_threshold;

		p->kept[i] = entry_shown(e, p->opt) && big && (!rooted || below[i]) &&
			     (!leafed || above[i]);
		if (p->kept[i])
			cycle_kept[p->cycle[i]] = 1;
	}
	for (i = 0; i < p->nodes; i++)
		if (p->cycle[i] && cycle_kept[p->cycle[i]] && entry_shown(node_entry(p, i), p->opt))
			p->kept[i] = 1;
	free(below);
	free(above);
	free(cycle_kept);
}

/* White for no change, to red (slower) or green (faster) for the
 * largest change drawn; the square root spreads the small ones. */
static void change_colour(double change, double largest, char rgb[8], bool *dark)
{
	double t = largest > 0 ? sqrt(fabs(change) / largest) : 0.0;
	int r, g, b;

	if (t > 1.0)
		t = 1.0;
	if (change > 0) { /* #d62728 */
		r = (int)lround(255 - t * (255 - 0xd6));
		g = (int)lround(255 - t * (255 - 0x27));
		b = (int)lround(255 - t * (255 - 0x28));
	} else { /* #2ca02c */
		r = (int)lround(255 - t * (255 - 0x2c));
		g = (int)lround(255 - t * (255 - 0xa0));
		b = (int)lround(255 - t * (255 - 0x2c));
	}
	snprintf(rgb, 8, "#%02x%02x%02x", r & 0xFF, g & 0xFF, b & 0xFF);
	*dark = t > 0.7;
}

/* A function that ran in one run only has a dashed outline (the old run
 * only: grey, "vanished") or a bold one (the new run only, "appeared"). */
static void print_diff_node(struct picture *p, size_t node, double largest, const char *indent)
{
	struct diff *df = p->df;
	const struct entry *e = node_entry(p, node);
	char rgb[8], *name = shown_name(df, e, true), *line, *newline;
	bool dark, vanished = strcmp(e->status, "vanished") == 0,
		   appeared = strcmp(e->status, "appeared") == 0;

	change_colour(e->self_change, largest, rgb, &dark);
	printf("%sf%zu [label=\"", indent, node);
	/* --wrap's lines are DOT's centred lines */
	for (line = name; (newline = strchr(line, '\n')) != NULL; line = newline + 1) {
		*newline = '\0';
		put_dot_string(stdout, line);
		fputs("\\n", stdout);
	}
	put_dot_string(stdout, line);
	free(name);
	/* a function of another object is named with it, as in the table */
	if (e->key != e->name) {
		fputs(" [", stdout);
		put_dot_string(stdout, e->sym[e->sym[NEW] ? NEW : OLD]->object->name);
		fputc(']', stdout);
	}
	if (vanished || appeared)
		printf("\\n(%s)", e->status);
	printf("\\nself %.3f \xE2\x86\x92 %.3f s (%+.3f)", seconds(df, OLD, e->f[OLD].self),
	       seconds(df, NEW, e->f[NEW].self), e->self_change);
	printf("\\ntotal %.3f \xE2\x86\x92 %.3f s\\n%lu \xE2\x86\x92 %lu\xC3\x97\", "
	       "fillcolor=\"%s\", fontcolor=\"%s\"",
	       seconds(df, OLD, e->f[OLD].total), seconds(df, NEW, e->f[NEW].total),
	       e->f[OLD].calls, e->f[NEW].calls, rgb, dark ? "#ffffff" : "#000000");
	if (vanished)
		printf(", style=\"filled,rounded,dashed\", color=\"#808080\"");
	else if (appeared)
		printf(", style=\"filled,rounded,bold\"");
	printf("];\n");
}

/* An arc of one run only is dashed: grey when only the old run made it,
 * dark and bold when only the new one did. */
static void print_diff_edge(const struct union_arc *a)
{
	printf("  f%zu -> f%zu [label=\"%lu \xE2\x86\x92 %lu\xC3\x97\"", a->parent, a->child,
	       a->calls[OLD], a->calls[NEW]);
	if (!a->in[NEW])
		printf(", style=dashed, color=\"#b0b0b0\"");
	else if (!a->in[OLD])
		printf(", style=\"dashed,bold\", color=\"#404040\"");
	printf("];\n");
}

static void print_dot_diff(struct diff *df, const struct options *opt)
{
	struct picture pic = { df, opt, df->count, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL,
			       NULL, 0, NULL };
	struct picture *p = &pic;
	const struct entry **by_name;
	double largest = 0.0;
	size_t i, cycle;
	int run;

	for (run = OLD; run <= NEW; run++) {
		const struct model *m = df->side[run].m;

		if (m->by_time == NULL || !(m->input & INPUT_CALL_GRAPH))
			fatal("--diff --dot: %s is missing call-graph data", df->side[run].profile);
	}
	by_name = xmalloc((p->nodes + 1) * sizeof(*by_name));
	for (i = 0; i < p->nodes; i++)
		by_name[i] = &df->entries[i];
	qsort(by_name, p->nodes, sizeof(*by_name), compare_entry_keys);
	p->entry = xmalloc((p->nodes + 1) * sizeof(size_t));
	p->node = xmalloc((p->nodes + 1) * sizeof(size_t));
	for (i = 0; i < p->nodes; i++) {
		p->entry[i] = (size_t)(by_name[i] - df->entries);
		p->node[p->entry[i]] = i;
	}
	free(by_name);
	collect_arcs(p);
	find_cycles(p);
	choose_nodes(p);
	for (i = 0; i < p->nodes; i++)
		if (p->kept[i] && fabs(node_entry(p, i)->self_change) > largest)
			largest = fabs(node_entry(p, i)->self_change);

	printf("digraph \"");
	put_dot_string(stdout, df->side[NEW].executable);
	printf("\" {\n");
	printf("  graph [fontname=\"Helvetica\", nodesep=0.25, ranksep=0.35, labelloc=t, "
	       "label=\"");
	put_dot_string(stdout, df->side[OLD].profile);
	printf(" \xE2\x86\x92 ");
	put_dot_string(stdout, df->side[NEW].profile);
	printf(": %.3f s \xE2\x86\x92 %.3f s (red: slower, green: faster)\"];\n", run_time(df, OLD),
	       run_time(df, NEW));
	printf("  node [fontname=\"Helvetica\", shape=box, style=\"filled,rounded\", fontsize=10];\n");
	printf("  edge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.6, color=\"#808080\", "
	       "fontcolor=\"#606060\"];\n");
	/* members of each cycle inside its cluster, the rest outside */
	for (cycle = 1; cycle <= p->cycle_count; cycle++) {
		bool any = false;

		for (i = 0; i < p->nodes; i++)
			any |= p->cycle[i] == cycle && p->kept[i];
		if (!any)
			continue;
		printf("  subgraph cluster_%zu {\n", cycle);
		printf("    label=\"<cycle %zu>\"; style=\"dashed,rounded\"; color=\"#606060\"; "
		       "fontname=\"Helvetica\"; fontsize=10;\n",
		       cycle);
		for (i = 0; i < p->nodes; i++)
			if (p->cycle[i] == cycle && p->kept[i])
				print_diff_node(p, i, largest, "    ");
		printf("  }\n");
	}
	for (i = 0; i < p->nodes; i++)
		if (p->cycle[i] == 0 && p->kept[i])
			print_diff_node(p, i, largest, "  ");
	for (i = 0; i < p->arc_count; i++)
		if (p->kept[p->arcs[i].parent] && p->kept[p->arcs[i].child])
			print_diff_edge(&p->arcs[i]);
	printf("}\n");
	free(p->entry);
	free(p->node);
	free(p->arcs);
	free(p->down_start);
	free(p->down);
	free(p->up_start);
	free(p->up);
	free(p->cycle);
	free(p->kept);
}

/* ------------------------------------------------------------ the top */

static bool is_format(const struct options *opt, const char *name)
{
	return opt->output && strcmp(opt->output->name, name) == 0;
}

int print_diff(const struct options *opt)
{
	struct diff df;
	const char *const *files = opt->operands;
	const char *old_exe, *new_exe, *old_profile, *new_profile;
	int run;

	memset(&df, 0, sizeof(df));
	switch (opt->operand_count) {
	case 2:
		old_exe = new_exe = "a.out";
		old_profile = files[0];
		new_profile = files[1];
		break;
	case 3:
		old_exe = new_exe = files[0];
		old_profile = files[1];
		new_profile = files[2];
		break;
	case 4:
		old_exe = files[0];
		old_profile = files[1];
		new_exe = files[2];
		new_profile = files[3];
		break;
	default:
		fatal("--diff takes [EXE] OLD NEW, or OLD_EXE OLD NEW_EXE NEW (given: %d)",
		      opt->operand_count);
	}
	if (opt->outputs_given > 1 ||
	    (opt->output && !(is_format(opt, "json") || is_format(opt, "dot") || is_format(opt, "html"))))
		fatal("--diff prints a table, or one of --json, --dot and --html");
	if (opt->report & REPORT_SUM)
		fatal("--diff cannot be combined with -s");

	read_side(&df.side[OLD], opt, old_exe, old_profile);
	read_side(&df.side[NEW], opt, new_exe, new_profile);
	if (strcmp(old_exe, new_exe) != 0)
		check_same_program(&df);
	else
		check_same_histogram(&df);
	if ((df.side[OLD].rate > 0) != (df.side[NEW].rate > 0))
		fatal("--diff: %s has samples and %s has none; they are not compared",
		      df.side[OLD].rate > 0 ? old_profile : new_profile,
		      df.side[OLD].rate > 0 ? new_profile : old_profile);
	if (df.side[OLD].rate != df.side[NEW].rate)
		fatal("--diff: %s was sampled at %g Hz and %s at %g Hz; profiles taken at "
		      "different rates are not compared",
		      old_profile, df.side[OLD].rate, new_profile, df.side[NEW].rate);
	match_functions(&df);

	if (is_format(opt, "html"))
		print_html_diff(df.side[OLD].m, &df.side[OLD].out, df.side[OLD].profile,
				df.side[NEW].m, &df.side[NEW].out, df.side[NEW].profile, opt, stdout);
	else if (is_format(opt, "json"))
		print_json_diff(&df);
	else if (is_format(opt, "dot"))
		print_dot_diff(&df, opt);
	else
		print_text(&df, opt);
	if (fflush(stdout) != 0 || ferror(stdout))
		fatal("error writing the report: %s", strerror(errno));

	for (run = OLD; run <= NEW; run++) {
		report_out_free(&df.side[run].out);
		model_free(df.side[run].m);
	}
	free(df.entries);
	free(df.entry_of[OLD]);
	free(df.entry_of[NEW]);
	return 0;
}
