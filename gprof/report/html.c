/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * html.c: --html, the profile as one page to open in a browser: the
 * header facts, the flat profile (sortable, filtered), the call graph
 * (each function's entry, its callers and callees, walked by clicking),
 * a flame graph and icicle of the call stacks, and the source lines
 * with their samples.  With --diff, both runs in one page and their
 * differences (print_html_diff, --diff's printer in report/formats.c).
 *
 * The page stands alone: its script and style (gprof/report/html/'s
 * .js files and report.css, made into a C header at build time) are
 * inline, and the profile is data in a <script type="application/json">
 * block that the
 * script builds the page from with textContent only.  No figure is
 * computed here: the model's ticks, calls and times are written as they
 * are and the script divides by the rate as the text printers do, so
 * the page's figures are the text report's.  A Content-Security-Policy
 * forbids every load and every inline script but the page's own (by its
 * SHA-256), so the page reaches no network and runs nothing else even if
 * a name managed to become markup.  Names are data: the JSON is written with
 * '<', '>' and '&' as \u escapes, so nothing in it can close the block.
 *
 * The data (read by the script; not a promised format, --json is that):
 *   fn     one row per function any view shows: [name, the name as the
 *          flat profile prints it or null if the same, file, line, object, index, cycle, self ticks, calls,
 *          recursive calls, child ticks, graph self, graph child, flags
 *          (1 flat profile, 2 call graph)]
 *   arcs   [caller, callee, count (null: not counted), self ticks, child ticks]
 *   cycles [number, index, self, child, calls, inner calls, [members]]
 *   files  the source files' names
 *   threads one per thread, as --threads lists them: [name (null: the
 *          samples of no known thread), id, main thread (1), samples,
 *          [[function, samples]...]]; [] when the profile names none
 * and, with --diff, "comparison" beside "profiles": the text's table
 *          (emit_comparison)
 * and, in blocks of their own that the script parses only when their
 * view is first shown (#gprof-flame-K, #gprof-source-K for profile K):
 *   flame  the stacks as a tree: function (-1 unknown), parent node
 *          (-1 the root), samples, per node, parents first, flattened
 *   rows   per function shown: [function, [[file, line, samples, [callee,
 *          calls, ...]]...]], the lines its code is on, inlined code
 *          included (analysis/source_lines.c: each histogram bin on the
 *          line of its first address, each call on its call site's line),
 *          src [[file, text]] of the files found
 *   threads (#gprof-threads-K) each thread's stacks as a tree, as flame
 *          with each node's thread first: [thread, function, parent,
 *          samples]
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/comparison.h"
#include "analysis/histogram.h"
#include "analysis/source_lines.h"
#include "core/intern.h"
#include "core/sha256.h"
#include "gmon_out.h"
#include "report/page_sources.h"
#include "report/printers.h"
#include "report/report.h"
#include "core/util.h"

#include "report/html/report-assets.h"

#define SOURCE_FILE_MAX (1u << 20)   /* bytes of one source file embedded */
#define SOURCE_TOTAL_MAX (16u << 20) /* and of all of them */

/* ------------------------------------------------------------ small tables */

/* The source files' names, numbered in the order met (core/intern.h). */
static int string_id(struct intern_table *t, const char *name)
{
	return (int)intern_string(t, name, NULL);
}

/* Pairs of numbers to a slot (flame graph nodes by parent and function,
 * samples by file and line). */
struct pair_map {
	uint64_t *keys; /* key + 1, 0 empty */
	size_t *values;
	size_t count, slot_count;
};

static size_t *pair_slot(struct pair_map *t, uint64_t key, bool *made)
{
	size_t k;

	if (2 * (t->count + 1) > t->slot_count) {
		size_t n = t->slot_count ? 2 * t->slot_count : 1024, i;
		uint64_t *keys = xcalloc(n, sizeof(*keys));
		size_t *values = xmalloc(n * sizeof(*values));

		for (i = 0; i < t->slot_count; i++) {
			if (!t->keys[i])
				continue;
			for (k = (size_t)((t->keys[i] * 0x9E3779B97F4A7C15ull) >> 20) & (n - 1);
			     keys[k]; k = (k + 1) & (n - 1))
				;
			keys[k] = t->keys[i];
			values[k] = t->values[i];
		}
		free(t->keys);
		free(t->values);
		t->keys = keys;
		t->values = values;
		t->slot_count = n;
	}
	key++;
	for (k = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & (t->slot_count - 1); t->keys[k];
	     k = (k + 1) & (t->slot_count - 1))
		if (t->keys[k] == key) {
			*made = false;
			return &t->values[k];
		}
	t->keys[k] = key;
	t->count++;
	*made = true;
	return &t->values[k];
}

static void pair_map_free(struct pair_map *t)
{
	free(t->keys);
	free(t->values);
}

/* ------------------------------------------------------------ one profile */

struct page {
	FILE *f;                               /* the JSON read first, before escaping */
	FILE *flame;                           /* the flame graph's, read when it is shown */
	FILE *source;                          /* the source view's, likewise */
	FILE *thread_flame;                    /* the threads' flame graphs, likewise */
	const struct thread_profiles *threads; /* count 0: the profile names no thread */
	size_t *thread_row;                    /* per thread_of_stack(): its row in threads */
	const struct view *v;
	const struct model *m;
	struct report_out *names;
	int *id;              /* per symbol: its row in fn, or -1 */
	unsigned char *flags; /* per symbol: 1 flat profile, 2 call graph, 4 needed */
	struct intern_table files;
	struct text name; /* a name as the text reports print it */
};

static size_t symbol_place(const struct page *p, const struct symbol *sym)
{
	return (size_t)(sym - p->m->symbols.base);
}

static void need(struct page *p, const struct symbol *sym, unsigned char flag)
{
	if (sym && !symbol_is_cycle_header(sym))
		p->flags[symbol_place(p, sym)] |= flag;
}

static int id_of(const struct page *p, const struct symbol *sym)
{
	return sym ? p->id[symbol_place(p, sym)] : -1;
}

static int object_number(const struct model *m, const struct object *obj)
{
	size_t i;

	for (i = 0; i < m->object_count; i++)
		if (m->objects[i] == obj)
			return (int)i;
	return -1;
}

static bool arc_listed(const struct page *p, const struct arc *arc)
{
	return view_graph_shows(p->v, arc->parent) || view_graph_shows(p->v, arc->child);
}

/* Which symbols any view names, and their rows, in address order. */
static void choose_functions(struct page *p)
{
	const struct model *m = p->m;
	const struct model_stacks *st = &m->process.stacks;
	size_t i, w, rows = 0;
	struct arc *arc;

	p->id = xmalloc((m->symbols.count + 1) * sizeof(*p->id));
	p->flags = xcalloc(m->symbols.count + 1, 1);
	if (m->input & INPUT_HISTOGRAM)
		for (i = 0; i < p->v->flat.count; i++)
			p->flags[symbol_place(p, p->v->flat.rows[i].sym)] |= 1;
	for (i = 0; m->by_time && i < m->by_time_count; i++) {
		const struct symbol *sym = m->by_time[i];

		if (symbol_is_cycle_header(sym)) {
			const struct symbol *member;

			if (view_graph_shows(p->v, sym))
				for (member = sym->cycle_next; member; member = member->cycle_next)
					need(p, member, 4);
			continue;
		}
		if (view_graph_shows(p->v, sym))
			need(p, sym, 2);
		for (arc = sym->children; arc; arc = arc->next_child)
			if (arc_listed(p, arc)) {
				need(p, arc->parent, 4);
				need(p, arc->child, 4);
			}
	}
	if (st->present) {
		struct frame_cache *cache = frame_cache_new();

		for (w = 0; w < st->word_count;) {
			const uint64_t *stack = st->words + w;
			size_t depth = (size_t)(stack[1] >> 32), d;

			w += 2 + depth;
			for (d = 0; d < depth && stack[0] != 0; d++)
				need(p, frame_cache_symbol(m, cache, stack + 2, d), 4);
		}
		free(cache);
	}
	for (i = 0; i < p->threads->count; i++)
		for (w = 0; w < p->threads->profiles[i].row_count; w++)
			need(p, p->threads->profiles[i].rows[w].sym, 4);
	for (i = 0; i < m->symbols.count; i++)
		p->id[i] = p->flags[i] ? (int)rows++ : -1;
}

static void put_key(struct page *p, const char *key)
{
	put_json_string(p->f, key);
	putc(':', p->f);
}

static void put_string_field(struct page *p, const char *key, const char *value)
{
	put_key(p, key);
	if (value)
		put_json_string(p->f, value);
	else
		fputs("null", p->f);
	putc(',', p->f);
}

static void put_number_field(struct page *p, const char *key, double value)
{
	put_key(p, key);
	put_json_number(p->f, value);
	putc(',', p->f);
}

static void emit_header(struct page *p)
{
	const struct model *m = p->m;
	const struct model_stacks *st = &m->process.stacks;
	size_t i;
	char sentence[256];

	put_string_field(p, "program", m->objects[0]->path);
	put_string_field(p, "build_id", p->v->build_id[0] ? p->v->build_id : NULL);
	put_key(p, "runs");
	putc('[', p->f);
	for (i = 0; i < m->source_count; i++) {
		if (i)
			putc(',', p->f);
		put_json_string(p->f, m->sources[i].path);
	}
	fputs("],", p->f);
	put_number_field(p, "histogram", (m->input & INPUT_HISTOGRAM) != 0);
	put_number_field(p, "call_graph", m->by_time != NULL);
	put_number_field(p, "rate", m->histograms.rate);
	put_string_field(p, "dimension", m->histograms.dimension);
	put_number_field(p, "granularity", (double)histogram_granularity(&m->histograms));
	put_number_field(p, "total_ticks", m->total_ticks);
	put_number_field(p, "print_ticks", m->print_ticks);
	put_number_field(p, "measured", m->measured);
	/* the profiler's own time, in the sentence every view states */
	if (report_overhead_sentence(m, sentence, sizeof(sentence)))
		put_string_field(p, "overhead", sentence);
	put_number_field(p, "line_granularity", p->v->options.line_granularity);
	put_number_field(p, "traditional", p->names->names->traditional);
	if (m->process.has_times) {
		put_key(p, "process");
		fprintf(p->f, "[%.9f,%.9f,%llu,%llu],", (double)m->process.user_ns / 1e9,
			(double)m->process.system_ns / 1e9,
			(unsigned long long)m->process.samples_taken,
			(unsigned long long)m->process.samples_lost);
	}
	if (st->present) {
		put_key(p, "stacks");
		fprintf(p->f, "[%zu,%llu,%llu,%llu,%llu,%u],", st->count,
			(unsigned long long)st->samples, (unsigned long long)st->lost,
			(unsigned long long)st->at_limit, (unsigned long long)st->cut_short,
			st->depth_limit);
	}
	put_key(p, "objects");
	putc('[', p->f);
	for (i = 0; i < m->object_count; i++) {
		if (i)
			putc(',', p->f);
		put_json_string(p->f, m->objects[i]->path);
	}
	fputs("],", p->f);
}

static void emit_functions(struct page *p)
{
	const struct model *m = p->m;
	size_t i;
	bool first = true;

	put_key(p, "fn");
	putc('[', p->f);
	for (i = 0; i < m->symbols.count; i++) {
		const struct symbol *sym = &m->symbols.base[i];

		if (p->id[i] < 0)
			continue;
		fputs(first ? "\n[" : ",\n[", p->f);
		first = false;
		put_json_string(p->f, sym->name);
		putc(',', p->f);
		/* as the flat profile prints it: demangled, its object, with -l
		 * its line (report.c) */
		p->name.length = 0;
		text_name_only(&p->name, p->names, sym);
		text_char(&p->name, '\0');
		if (strcmp(p->name.data, sym->name) != 0)
			put_json_string(p->f, p->name.data);
		else
			fputs("null", p->f);
		fprintf(p->f, ",%d,%d,%d,%d,%d,",
			sym->file ? string_id(&p->files, sym->file->name) : -1, sym->line,
			object_number(m, sym->object), (p->flags[i] & 2) ? sym->index : 0,
			sym->cycle_number);
		put_json_number(p->f, sym->self_ticks);
		fprintf(p->f, ",%lu,%lu,", sym->calls, sym->self_calls);
		/* what the flat total adds to the self time: self + this is
		 * the total every view gives (model.h) */
		put_json_number(p->f, symbol_total_ticks(m, sym) - sym->self_ticks);
		putc(',', p->f);
		put_json_number(p->f, sym->prop_self);
		putc(',', p->f);
		put_json_number(p->f, sym->prop_child);
		fprintf(p->f, ",%d]", p->flags[i] & 3);
	}
	fputs("],\n", p->f);
}

static void emit_graph(struct page *p)
{
	const struct model *m = p->m;
	size_t i;
	bool first = true;
	struct arc *arc;

	put_key(p, "arcs");
	putc('[', p->f);
	for (i = 0; m->by_time && i < m->by_time_count; i++) {
		const struct symbol *parent = m->by_time[i];

		if (symbol_is_cycle_header(parent))
			continue;
		for (arc = parent->children; arc; arc = arc->next_child) {
			if (!arc_listed(p, arc))
				continue;
			fprintf(p->f, "%s[%d,%d,", first ? "\n" : ",\n", id_of(p, arc->parent),
				id_of(p, arc->child));
			if (arc->uncounted) /* no runtime counted it: no count */
				fputs("null,", p->f);
			else
				fprintf(p->f, "%lu,", arc->count);
			first = false;
			put_json_number(p->f, arc->time);
			putc(',', p->f);
			put_json_number(p->f, arc->child_time);
			putc(']', p->f);
		}
	}
	fputs("],\n", p->f);

	put_key(p, "cycles");
	putc('[', p->f);
	first = true;
	for (i = 0; m->by_time && i < m->by_time_count; i++) {
		const struct symbol *cycle = m->by_time[i], *member;

		if (!symbol_is_cycle_header(cycle) || !view_graph_shows(p->v, cycle))
			continue;
		fprintf(p->f, "%s[%d,%d,", first ? "\n" : ",\n", cycle->cycle_number, cycle->index);
		first = false;
		put_json_number(p->f, cycle->prop_self);
		putc(',', p->f);
		put_json_number(p->f, cycle->prop_child);
		fprintf(p->f, ",%lu,%lu,[", cycle->calls, cycle->self_calls);
		for (member = cycle->cycle_next; member; member = member->cycle_next)
			fprintf(p->f, "%d%s", id_of(p, member), member->cycle_next ? "," : "");
		fputs("]]", p->f);
	}
	fputs("],\n", p->f);
	put_key(p, "threads_without_samples");
	fprintf(p->f, "%zu,\n", p->threads->without_samples);
}

/* The stacks as a tree of paths from the outermost frame: one node per
 * distinct path, numbered as made, so that a parent comes before its
 * children.  by_thread: one tree per thread (its roots' parent is the
 * thread), each node [thread's row in p->threads, function, parent,
 * samples]; else one tree of all, each node [function, parent,
 * samples]. */
static void emit_flame(struct page *p, FILE *out, bool by_thread)
{
	const struct model *m = p->m;
	const struct model_stacks *st = &m->process.stacks;
	struct frame_cache *cache;
	struct pair_map nodes = { 0 };
	uint64_t *samples = NULL;
	int *function = NULL;
	size_t *parent = NULL, *thread = NULL, count = 0, capacity = 0, w, i;

	fputs("[", out);
	if (!st->present || (by_thread && p->threads->count == 0)) {
		fputs("]", out);
		return;
	}
	cache = frame_cache_new();
	for (w = 0; w < st->word_count;) {
		const uint64_t *stack = st->words + w;
		size_t depth = (size_t)(stack[1] >> 32), d, node = (size_t)-1, row = 0;
		uint64_t root = 0; /* the key's parent part for an outermost frame */

		w += 2 + depth;
		if (stack[0] == 0)
			continue;
		if (by_thread) {
			row = p->thread_row[thread_of_stack(m, stack[1])];
			root = 0xffffffffu - row; /* above any node's number */
		}
		for (d = depth; d-- > 0;) {
			int fn = id_of(p, frame_cache_symbol(m, cache, stack + 2, d));
			bool made;
			uint64_t up = node == (size_t)-1 ? root : (uint64_t)(node + 1);
			size_t *slot = pair_slot(&nodes, up << 32 | (uint32_t)(fn + 1), &made);

			if (made) {
				if (count == capacity) {
					capacity = capacity ? 2 * capacity : 1024;
					samples = xrealloc(samples, capacity * sizeof(*samples));
					function = xrealloc(function, capacity * sizeof(*function));
					parent = xrealloc(parent, capacity * sizeof(*parent));
					thread = xrealloc(thread, capacity * sizeof(*thread));
				}
				*slot = count;
				samples[count] = 0;
				function[count] = fn;
				parent[count] = node;
				thread[count] = row;
				count++;
			}
			node = *slot;
			samples[node] += stack[0];
		}
	}
	free(cache);
	for (i = 0; i < count; i++) {
		fputs(i ? (i % 16 ? "," : ",\n") : "", out);
		if (by_thread)
			fprintf(out, "%zu,", thread[i]);
		fprintf(out, "%d,%lld,%llu", function[i],
			parent[i] == (size_t)-1 ? -1LL : (long long)parent[i],
			(unsigned long long)samples[i]);
	}
	fputs("]", out);
	pair_map_free(&nodes);
	free(samples);
	free(function);
	free(parent);
	free(thread);
}

/* The threads (analysis/threads.c), in --threads' order: [name (null for
 * the samples of no known thread), id, 1 if the main thread, samples,
 * [[function, samples]...] by samples]. */
static void emit_threads(struct page *p)
{
	size_t i, k;

	put_key(p, "threads");
	putc('[', p->f);
	for (i = 0; i < p->threads->count; i++) {
		const struct thread_profile *t = &p->threads->profiles[i];

		fputs(i ? ",\n[" : "\n[", p->f);
		if (t->thread) {
			put_json_string(p->f, t->thread->name);
			fprintf(p->f, ",%u,%d,", t->thread->tid,
				(t->thread->flags & GMON_THREAD_FLAG_MAIN) != 0);
		} else {
			fputs("null,null,0,", p->f);
		}
		fprintf(p->f, "%llu,[", (unsigned long long)t->samples);
		for (k = 0; k < t->row_count; k++)
			fprintf(p->f, "%s[%d,%llu]", k ? "," : "", id_of(p, t->rows[k].sym),
				(unsigned long long)t->rows[k].samples);
		fputs("]]", p->f);
	}
	fputs("],\n", p->f);
}

/* The source view's rows (analysis/source_lines.c): per function shown,
 * the lines its code is on, with their samples and calls by site. */
static bool shown(const struct symbol *sym, void *ctx)
{
	const struct page *p = ctx;

	return p->id[symbol_place(p, sym)] >= 0;
}

static void emit_lines(struct page *p)
{
	struct source_lines v;
	size_t i, r, c;

	source_lines_build(p->m, shown, p, &v);
	fputs("{\"rows\":[", p->source);
	for (i = 0; i < v.function_count; i++) {
		const struct source_function *fn = &v.functions[i];

		fprintf(p->source, "%s[%d,[", i ? ",\n" : "", id_of(p, fn->sym));
		for (r = fn->first_row; r < fn->first_row + fn->row_count; r++) {
			const struct source_row *row = &v.rows[r];
			bool first = true;

			fprintf(p->source, "%s[%d,%d,", r > fn->first_row ? "," : "",
				string_id(&p->files, row->file), row->line);
			put_json_number(p->source, row->ticks);
			fputs(",[", p->source);
			for (c = row->first_call; c < row->first_call + row->call_count; c++) {
				int callee = id_of(p, v.calls[c].callee);

				if (callee < 0)
					continue;
				fprintf(p->source, "%s%d,%lu", first ? "" : ",", callee,
					v.calls[c].count);
				first = false;
			}
			fputs("]]", p->source);
		}
		fputs("]]", p->source);
	}
	fputs("],\n", p->source);
	source_lines_free(&v);
}

/* The source files found (-I, $GPROF_PATH), each whole, while they fit;
 * only those under the program's compilation directories or the search
 * path (page_sources.c: the page is made to be shared). */
static void emit_sources(struct page *p)
{
	size_t i, total = 0, known = p->files.count;
	bool first = true;
	char *text = xmalloc(SOURCE_FILE_MAX + 1);
	struct page_sources allowed;

	page_sources_init(&allowed, p->v);
	fputs("\"src\":[", p->source);
	for (i = 0; i < known && total < SOURCE_TOTAL_MAX; i++) {
		FILE *in = page_sources_open(&allowed, p->v, p->files.strings[i]);
		size_t n;

		if (in == NULL)
			continue;
		n = fread(text, 1, SOURCE_FILE_MAX + 1, in);
		fclose(in);
		if (n > SOURCE_FILE_MAX || memchr(text, 0, n)) /* too big, or not text */
			continue;
		text[n] = '\0';
		total += n;
		fprintf(p->source, "%s[%zu,", first ? "\n" : ",\n", i);
		first = false;
		put_json_string(p->source, text);
		putc(']', p->source);
	}
	fputs("]}", p->source);
	free(text);
	page_sources_free(&allowed);
}

static void emit_files(struct page *p)
{
	size_t i;

	put_key(p, "files");
	putc('[', p->f);
	for (i = 0; i < p->files.count; i++) {
		if (i)
			putc(',', p->f);
		put_json_string(p->f, p->files.strings[i]);
	}
	fputs("]", p->f);
}

/* One profile as JSON: an object on f (header, functions, graph, file
 * names), the flame graph's nodes on flame, the lines' samples and the
 * sources on source. */
static void emit_profile(FILE *f, FILE *flame, FILE *source, FILE *thread_flame,
			 const struct view *v, struct report_out *names, const char *label,
			 bool with_threads)
{
	static const struct thread_profiles no_threads;
	const struct model *m = v->model;
	struct page page = { .f = f,
			     .flame = flame,
			     .source = source,
			     .thread_flame = thread_flame,
			     .threads = &no_threads,
			     .v = v,
			     .m = m,
			     .names = names };
	struct page *p = &page;
	size_t i;

	/* the threads (a --diff page shows none); a stack's thread to its
	 * row, the samples of no known thread at thread_count */
	if (with_threads && v->has_threads) {
		p->threads = &v->threads;
		p->thread_row = xcalloc(m->process.thread_count + 1, sizeof(*p->thread_row));
		for (i = 0; i < p->threads->count; i++)
			p->thread_row[p->threads->profiles[i].number] = i;
	}
	choose_functions(p);
	putc('{', f);
	put_string_field(p, "label", label);
	emit_header(p);
	emit_functions(p);
	emit_graph(p);
	emit_threads(p);
	emit_flame(p, p->flame, false);
	emit_flame(p, p->thread_flame, true);
	emit_lines(p);
	emit_sources(p);
	emit_files(p);
	putc('}', f);
	free(p->id);
	free(p->flags);
	free(p->name.data);
	free(p->thread_row);
	intern_free(&p->files);
}

/* ------------------------------------------------------------ the page */

/* JSON into a <script> block: '<', '>' and '&' (found only inside
 * strings) as \u escapes, so that no name can end the block or open a
 * comment. */
static void put_script_safe(FILE *out, const char *json, size_t size)
{
	size_t i, from = 0;

	for (i = 0; i < size; i++) {
		const char *escape = json[i] == '<'   ? "\\u003c"
				     : json[i] == '>' ? "\\u003e"
				     : json[i] == '&' ? "\\u0026"
						      : NULL;

		if (escape) {
			fwrite(json + from, 1, i - from, out);
			fputs(escape, out);
			from = i + 1;
		}
	}
	fwrite(json + from, 1, size - from, out);
}

struct html_side {
	const struct view *v;
	struct report_out *names;
	const char *label;
};

/* A memory stream, or the end of the program. */
static FILE *memory_stream(char **text, size_t *size)
{
	FILE *f = open_memstream(text, size);

	if (f == NULL)
		fatal("out of memory");
	return f;
}

static void close_memory_stream(FILE *f, char **text)
{
	if (fclose(f) != 0 || *text == NULL)
		fatal("out of memory");
}

/* One JSON block of the page. */
static void put_data_block(FILE *out, const char *id, size_t number, FILE *f, char **text,
			   size_t *size)
{
	close_memory_stream(f, text);
	fprintf(out, "<script type=\"application/json\" id=\"%s%zu\">", id, number);
	put_script_safe(out, *text, *size);
	fputs("</script>\n", out);
	free(*text);
}

/* --diff's comparison as the text prints it (analysis/comparison.c: its
 * figures, in its order): "comparison": {"runs": [[profile, executable,
 * seconds, rate]...], "summary": [slower, faster, appeared, vanished, unchanged],
 * "rows": [[name as shown, [old symbol, object] or null, [new...] or
 * null, old self s, new self s, change, old self %, new self %, old
 * total s, new total s, change, old calls, new calls, ratio (null:
 * none), status]...]} */
static void put_diff_side(FILE *f, const struct comparison *c, const struct comparison_entry *e,
			  int run)
{
	const struct symbol *sym = e->sym[run];

	if (sym == NULL) {
		fputs("null,", f);
		return;
	}
	putc('[', f);
	put_json_string(f, sym->name);
	fprintf(f, ",%d],", object_number(c->run[run].m, sym->object));
}

static void emit_comparison(FILE *f, const struct comparison *c, struct report_out names[2])
{
	size_t i;
	int run;

	fputs(",\n\"comparison\":{\"runs\":[", f);
	for (run = OLD; run <= NEW; run++) {
		fprintf(f, "%s[", run == OLD ? "" : ",");
		put_json_string(f, c->run[run].profile);
		putc(',', f);
		put_json_string(f, c->run[run].executable);
		fprintf(f, ",%.9g,%.9g]", comparison_run_time(c, run), c->run[run].rate);
	}
	fprintf(f, "],\"summary\":[%zu,%zu,%zu,%zu,%zu],\"rows\":[", c->slower, c->faster,
		c->appeared, c->vanished, c->unchanged);
	for (i = 0; i < c->count; i++) {
		const struct comparison_entry *e = &c->entries[i];
		int shown = e->sym[NEW] ? NEW : OLD;
		char *to_free;
		const char *name = display_name(&names[shown], e->sym[shown], &to_free);
		double ratio = comparison_self_ratio(c, e);

		fputs(i ? ",\n[" : "\n[", f);
		put_json_string(f, name);
		free(to_free);
		if (e->key != e->name) /* not the executable's: its object, as the text */
			fprintf(f, ",\" [%s]\"", e->sym[shown]->object->name);
		else
			fputs(",\"\"", f);
		putc(',', f);
		put_diff_side(f, c, e, OLD);
		put_diff_side(f, c, e, NEW);
		fprintf(f, "%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%lu,%lu,",
			comparison_seconds(c, OLD, e->f[OLD].self),
			comparison_seconds(c, NEW, e->f[NEW].self), e->self_change,
			comparison_self_share(c, OLD, e), comparison_self_share(c, NEW, e),
			comparison_seconds(c, OLD, e->f[OLD].total),
			comparison_seconds(c, NEW, e->f[NEW].total), e->total_change,
			e->f[OLD].calls, e->f[NEW].calls);
		if (isnan(ratio))
			fputs("null,", f);
		else
			fprintf(f, "%.9g,", ratio);
		put_json_string(f, e->status);
		putc(']', f);
	}
	fputs("]}", f);
}

static void print_page(FILE *out, const struct html_side *sides, size_t count,
		       const struct comparison *c, struct report_out *names)
{
	char *json = NULL, *flame[2] = { NULL, NULL }, *source[2] = { NULL, NULL };
	char *threads[2] = { NULL, NULL }, *script, script_hash[45];
	size_t size = 0, flame_size[2], source_size[2], threads_size[2], i;
	FILE *f = memory_stream(&json, &size), *flame_f[2], *source_f[2], *threads_f[2];

	fprintf(f, "{\"kind\":\"%s\",\"profiles\":[", count > 1 ? "diff" : "profile");
	for (i = 0; i < count; i++) {
		if (i)
			fputs(",\n", f);
		flame_f[i] = memory_stream(&flame[i], &flame_size[i]);
		source_f[i] = memory_stream(&source[i], &source_size[i]);
		threads_f[i] = memory_stream(&threads[i], &threads_size[i]);
		emit_profile(f, flame_f[i], source_f[i], threads_f[i], sides[i].v, sides[i].names,
			     sides[i].label, count == 1);
	}
	fputs("]", f);
	if (c)
		emit_comparison(f, c, names);
	fputs("}", f);
	close_memory_stream(f, &json);

	/* nothing may be loaded: no script, style, image, font or request;
	 * and of inline scripts only the page's own runs, named by the
	 * hash of its exact text (what lies between <script> and
	 * </script>), so that a name that became markup could not run */
	script = xmalloc(strlen((const char *)html_report_js) + 2);
	script[0] = '\n';
	strcpy(script + 1, (const char *)html_report_js);
	sha256_base64(script, strlen(script), script_hash);
	fprintf(out,
		"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		"script-src 'sha256-%s'; style-src 'unsafe-inline'; img-src data:\">\n",
		script_hash);
	fputs("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<meta name=\"generator\" content=\"gprof --html\">\n"
	      "<title>gprof report</title>\n<style>\n",
	      out);
	fputs((const char *)html_report_css, out);
	fputs("</style>\n</head>\n<body>\n<noscript>This report needs JavaScript.</noscript>\n"
	      "<script type=\"application/json\" id=\"gprof-data\">",
	      out);
	put_script_safe(out, json, size);
	fputs("</script>\n", out);
	free(json);
	/* read by the script only when their view is first shown */
	for (i = 0; i < count; i++) {
		put_data_block(out, "gprof-flame-", i, flame_f[i], &flame[i], &flame_size[i]);
		put_data_block(out, "gprof-source-", i, source_f[i], &source[i], &source_size[i]);
		put_data_block(out, "gprof-threads-", i, threads_f[i], &threads[i],
			       &threads_size[i]);
	}
	fputs("<script>", out);
	fputs(script, out);
	fputs("</script>\n</body>\n</html>\n", out);
	free(script);
}

void print_html(const struct view *v, struct report_out *out)
{
	const struct model *m = v->model;
	struct html_side side = { v, out, NULL };

	if (!(m->input & (INPUT_HISTOGRAM | INPUT_CALL_GRAPH)) && !m->process.stacks.present)
		fatal("--html: the profile holds no samples, arcs or stacks");
	print_page(out->file, &side, 1, NULL, NULL);
}

void print_html_diff(const struct comparison *c, struct report_out names[2], FILE *f)
{
	struct html_side sides[2] = { { &c->run[OLD].view, &names[OLD], c->run[OLD].profile },
				      { &c->run[NEW].view, &names[NEW], c->run[NEW].profile } };

	print_page(f, sides, 2, c, names);
}
