/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * j->c: the --json printer.  One JSON document on stdout holding what
 * the text reports would show (the same symspecs, -z, -p and -q), with
 * figures in seconds instead of rounded columns.  doc/j->md describes
 * the schema; bump JSON_FORMAT_VERSION when a field changes meaning or
 * goes away (adding a field does not).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gmon_out.h"

#include "analysis/histogram.h"
#include "analysis/overhead.h"
#include "report/printers.h"
#include "report/report.h"
#include "core/util.h"

#define JSON_FORMAT_VERSION 1
#define JSON_MAX_DEPTH 16

/*
 * The emitter: a stack of open containers, each remembering whether it
 * holds an element yet, so that commas and indentation come out right
 * whatever order the printer calls it in.
 */
struct json {
	FILE *out;
	int depth;
	bool has_element[JSON_MAX_DEPTH];
	const struct view *v;
	const struct model *m;
	struct report_out *report;
};

static void json_write_string(struct json *j, const char *s);

/* Start a new element of the innermost container, with its key if the
 * container is an object (key != NULL). */
static void json_element(struct json *j, const char *key)
{
	int i;

	if (j->depth > 0) {
		if (j->has_element[j->depth])
			putc(',', j->out);
		j->has_element[j->depth] = true;
		putc('\n', j->out);
		for (i = 0; i < j->depth; i++)
			fputs("  ", j->out);
	}
	if (key) {
		json_write_string(j, key);
		fputs(": ", j->out);
	}
}

static void json_open(struct json *j, const char *key, char bracket)
{
	json_element(j, key);
	putc(bracket, j->out);
	if (++j->depth >= JSON_MAX_DEPTH)
		fatal("internal error: JSON nested too deeply");
	j->has_element[j->depth] = false;
}

static void json_close(struct json *j, char bracket)
{
	int i;

	if (j->has_element[j->depth]) {
		putc('\n', j->out);
		for (i = 0; i < j->depth - 1; i++)
			fputs("  ", j->out);
	}
	j->depth--;
	putc(bracket, j->out);
}

static void json_write_string(struct json *j, const char *s)
{
	put_json_string(j->out, s);
}

static void json_string(struct json *j, const char *key, const char *value)
{
	json_element(j, key);
	if (value)
		json_write_string(j, value);
	else
		fputs("null", j->out);
}

static void json_null(struct json *j, const char *key)
{
	json_element(j, key);
	fputs("null", j->out);
}

static void json_bool(struct json *j, const char *key, bool value)
{
	json_element(j, key);
	fputs(value ? "true" : "false", j->out);
}

static void json_integer(struct json *j, const char *key, long long value)
{
	json_element(j, key);
	fprintf(j->out, "%lld", value);
}

static void json_unsigned(struct json *j, const char *key, unsigned long long value)
{
	json_element(j, key);
	fprintf(j->out, "%llu", value);
}

/* A count the runtime may not have counted (code without -pg): null
 * then, and in a profile with call stacks "counted" says which (GNU's
 * inputs keep their document). */
static void json_calls(struct json *j, const char *key, unsigned long long value, bool counted)
{
	if (counted)
		json_unsigned(j, key, value);
	else
		json_null(j, key);
}

static void json_counted(struct json *j, bool counted)
{
	if (j->m->process.stacks.present || (j->m->input & INPUT_UNCOUNTED_ARCS))
		json_bool(j, "counted", counted);
}

static void json_number(struct json *j, const char *key, double value)
{
	json_element(j, key);
	put_json_number(j->out, value);
}

/* ------------------------------------------------------------ the report */

static double seconds(struct json *j, double ticks)
{
	return j->m->histograms.rate ? ticks / j->m->histograms.rate : 0.0;
}

static double percent(struct json *j, double part, double whole)
{
	return whole > 0.0 ? 100.0 * part / whole : 0.0;
}

/* Name, where it is, and its place in the call graph: shared by every
 * function object. */
static void emit_identity(struct json *j, const struct symbol *sym, bool with_graph)
{
	char *to_free, address[24];

	json_string(j, "name", sym->name);
	json_string(j, "demangled", display_name(j->report, sym, &to_free));
	free(to_free);
	if (sym->file) {
		json_string(j, "file", sym->file->name);
		json_integer(j, "line", sym->line);
	} else {
		json_null(j, "file");
		json_null(j, "line");
	}
	snprintf(address, sizeof(address), "0x%llx",
		 (unsigned long long)(sym->address - (sym->object ? sym->object->model_base : 0)));
	json_string(j, "address", address);
	/* whole-process profiles: which object (the address is the object's own) */
	if (j->m->object_count > 1)
		json_string(j, "object", sym->object ? sym->object->path : NULL);
	/* the version the symbol's name carried ("f@@GLIBC_2.34"): never in the name */
	if (sym->version)
		json_string(j, "version", sym->version);
	/* with -l, lines are not call-graph entries; only functions are */
	if (with_graph && sym->index != 0 && !(j->v->options.line_granularity && !sym->is_function))
		json_integer(j, "index", sym->index);
	else
		json_null(j, "index");
	json_integer(j, "cycle", sym->cycle_number);
}

/* The profile files read: path, size, modification time (UTC). */
static void emit_sources(struct json *j)
{
	size_t i;

	json_open(j, "sources", '[');
	for (i = 0; i < j->m->source_count; i++) {
		const struct model_source *s = &j->m->sources[i];
		time_t when = (time_t)s->mtime;
		struct tm tm;
		char text[64];

		json_open(j, NULL, '{');
		json_string(j, "path", s->path);
		json_unsigned(j, "size", s->size);
		if (gmtime_r(&when, &tm) &&
		    strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%S", &tm)) {
			snprintf(text + strlen(text), sizeof(text) - strlen(text), ".%09ldZ",
				 s->mtime_ns);
			json_string(j, "mtime", text);
		} else {
			json_null(j, "mtime");
		}
		json_close(j, '}');
	}
	json_close(j, ']');
}

static void emit_histogram(struct json *j, int input)
{
	json_open(j, "histogram", '{');
	json_bool(j, "present", input & INPUT_HISTOGRAM);
	if (input & INPUT_HISTOGRAM) {
		json_unsigned(j, "rate", j->m->histograms.rate);
		json_string(j, "dimension", j->m->histograms.dimension);
		json_string(j, "dimension_abbreviation",
			    (char[]){ j->m->histograms.dimension_abbrev, 0 });
		json_number(j, "sample_period", seconds(j, 1.0));
		/* as the call graph's header prints it, and as it is */
		json_integer(j, "granularity_bytes", histogram_granularity(&j->m->histograms));
		json_number(j, "bytes_per_bin", j->m->histograms.scale * 2.0);
		json_number(j, "total_samples", j->m->total_ticks);
		json_number(j, "total_time", seconds(j, j->m->total_ticks));
	}
	json_close(j, '}');
}

static void emit_flat_profile(struct json *j, bool with_graph)
{
	size_t i;

	json_open(j, "flat_profile", '{');
	json_number(j, "total_time", seconds(j, j->m->total_ticks));
	json_open(j, "functions", '[');
	for (i = 0; i < j->v->flat.count; i++) {
		const struct flat_row *row = &j->v->flat.rows[i];
		const struct symbol *sym = row->sym;

		json_open(j, NULL, '{');
		emit_identity(j, sym, with_graph);
		json_number(j, "self_time", seconds(j, sym->self_ticks));
		json_number(j, "self_percent", percent(j, sym->self_ticks, j->m->total_ticks));
		json_number(j, "cumulative_time", seconds(j, row->cumulative_ticks));
		json_calls(j, "calls", sym->calls, symbol_calls_counted(j->m, sym));
		json_counted(j, symbol_calls_counted(j->m, sym));
		json_unsigned(j, "recursive_calls", with_graph ? sym->self_calls : 0);
		json_number(j, "child_time", seconds(j, symbol_child_ticks(j->m, sym)));
		if (sym->calls != 0) {
			json_number(j, "self_time_per_call",
				    seconds(j, sym->self_ticks) / sym->calls);
			json_number(j, "total_time_per_call",
				    seconds(j, row->total_ticks) / sym->calls);
		} else {
			json_null(j, "self_time_per_call");
			json_null(j, "total_time_per_call");
		}
		json_close(j, '}');
	}
	json_close(j, ']');
	json_close(j, '}');
}

static void emit_graph_figures(struct json *j, const struct symbol *sym)
{
	json_number(j, "percent_time",
		    percent(j, sym->prop_self + sym->prop_child, j->m->print_ticks));
	json_number(j, "self_time", seconds(j, sym->prop_self));
	json_number(j, "child_time", seconds(j, sym->prop_child));
}

/* The cycle of entry i of the graph, its members in the view's order
 * (more time, then more calls, then the lower index). */
static void emit_cycle(struct json *j, size_t entry)
{
	const struct symbol *cycle = j->v->graph.entries[entry];
	const struct graph_order *o = &j->v->graph.order;
	size_t k;

	json_open(j, NULL, '{');
	json_integer(j, "number", cycle->cycle_number);
	json_integer(j, "index", cycle->index);
	emit_graph_figures(j, cycle);
	json_calls(j, "calls", cycle->calls, symbol_calls_counted(j->m, cycle));
	json_counted(j, symbol_calls_counted(j->m, cycle));
	json_unsigned(j, "inner_calls", cycle->self_calls);
	json_open(j, "members", '[');
	for (k = o->member_start[entry]; k < o->member_start[entry + 1]; k++) {
		json_open(j, NULL, '{');
		json_integer(j, "index", o->json_members[k]->index);
		json_string(j, "name", o->json_members[k]->name);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_close(j, '}');
}

static void emit_arc(struct json *j, const struct arc *arc)
{
	char *to_free;
	bool inside = arc->parent == arc->child ||
		      (arc->parent->cycle_number != 0 &&
		       arc->parent->cycle_number == arc->child->cycle_number);

	json_open(j, NULL, '{');
	json_integer(j, "caller", arc->parent->index);
	json_string(j, "caller_name", arc->parent->name);
	json_integer(j, "callee", arc->child->index);
	json_string(j, "callee_name", arc->child->name);
	json_string(j, "caller_demangled", display_name(j->report, arc->parent, &to_free));
	free(to_free);
	json_string(j, "callee_demangled", display_name(j->report, arc->child, &to_free));
	free(to_free);
	json_calls(j, "count", arc->count, !arc->uncounted);
	json_counted(j, !arc->uncounted);
	json_bool(j, "recursive", arc->parent == arc->child);
	json_bool(j, "within_cycle", inside && arc->parent != arc->child);
	json_number(j, "self_time", seconds(j, arc->time));
	json_number(j, "child_time", seconds(j, arc->child_time));
	json_number(j, "percent_time", percent(j, arc->time + arc->child_time, j->m->print_ticks));
	json_close(j, '}');
}

static void emit_call_graph(struct json *j)
{
	struct symbol *const *by_time = j->m->by_time;
	size_t n = j->m->by_time_count, i;
	struct arc *arc;

	json_open(j, "call_graph", '{');
	json_number(j, "total_time", seconds(j, j->m->print_ticks));
	/* only profiles with call stacks say it: GNU inputs keep their document */
	if (j->m->process.stacks.present) {
		json_string(j, "times", j->m->measured ? "measured" : "estimated");
		json_unsigned(j, "stacks", j->m->process.stacks.count);
		json_unsigned(j, "stack_samples_lost", j->m->process.stacks.lost);
		json_unsigned(j, "stacks_at_depth_limit", j->m->process.stacks.at_limit);
		json_unsigned(j, "stacks_cut_short", j->m->process.stacks.cut_short);
	}

	json_open(j, "functions", '[');
	for (i = 0; i < j->v->graph.count; i++) {
		const struct symbol *sym = j->v->graph.entries[i];

		if (symbol_is_cycle_header(sym))
			continue;
		json_open(j, NULL, '{');
		emit_identity(j, sym, true);
		emit_graph_figures(j, sym);
		json_calls(j, "calls", sym->calls, symbol_calls_counted(j->m, sym));
		json_counted(j, symbol_calls_counted(j->m, sym));
		json_unsigned(j, "recursive_calls", sym->self_calls);
		json_close(j, '}');
	}
	json_close(j, ']');

	json_open(j, "cycles", '[');
	for (i = 0; i < j->v->graph.count; i++)
		if (symbol_is_cycle_header(j->v->graph.entries[i]))
			emit_cycle(j, i);
	json_close(j, ']');

	/* every arc the text lists: under its caller's entry, its callee's,
	 * or both; walked from the callers in graph order */
	json_open(j, "arcs", '[');
	for (i = 0; i < n; i++) {
		const struct symbol *parent = by_time[i];

		if (symbol_is_cycle_header(parent))
			continue;
		for (arc = parent->children; arc; arc = arc->next_child)
			if (view_graph_shows(j->v, parent) || view_graph_shows(j->v, arc->child))
				emit_arc(j, arc);
	}
	json_close(j, ']');
	json_close(j, '}');
}

static void emit_count(struct json *j, const struct symbol *sym, const char *kind, uint64_t address,
		       unsigned long count)
{
	char text[24];

	json_open(j, NULL, '{');
	json_string(j, "kind", kind);
	json_string(j, "name", sym->name);
	json_string(j, "file", sym->file ? sym->file->name : NULL);
	json_integer(j, "line", sym->line);
	snprintf(text, sizeof(text), "0x%llx", (unsigned long long)address);
	json_string(j, "address", text);
	json_unsigned(j, "count", count);
	json_close(j, '}');
}

/* What -C prints: each function's calls and its basic blocks' counts. */
static void emit_execution_counts(struct json *j)
{
	size_t i;

	json_open(j, "execution_counts", '[');
	for (i = 0; i < j->v->exec.count; i++) {
		const struct exec_row *row = &j->v->exec.rows[i];

		emit_count(j, row->sym, row->block ? "block" : "function", row->address,
			   row->count);
	}
	json_close(j, ']');
}

/* --threads: each thread's flat profile (analysis/threads.c), in
 * --threads' order. */
static void emit_threads(struct json *j)
{
	const struct thread_profiles *tp = &j->v->threads;
	size_t i, k;

	if (!j->v->has_threads)
		fatal("the profile does not say which thread each call stack came from: "
		      "--threads needs the thread stacks libgmon records with its call stacks "
		      "(doc/runtime.md, \"Threads\")");
	json_open(j, "threads", '[');
	for (i = 0; i < tp->count; i++) {
		const struct thread_profile *p = &tp->profiles[i];
		const struct thread_view *rows = &j->v->thread_rows[i];

		json_open(j, NULL, '{');
		if (p->thread) {
			json_unsigned(j, "tid", p->thread->tid);
			json_string(j, "name", p->thread->name);
			json_bool(j, "main", p->thread->flags & GMON_THREAD_FLAG_MAIN);
		} else {
			json_null(j, "tid");
			json_null(j, "name");
			json_bool(j, "main", false);
		}
		json_unsigned(j, "samples", p->samples);
		json_number(j, "time", seconds(j, (double)p->samples));
		json_number(j, "percent",
			    percent(j, (double)p->samples, (double)j->v->thread_samples));
		json_open(j, "functions", '[');
		for (k = 0; k < rows->count; k++) {
			const struct thread_view_row *row = &rows->rows[k];

			json_open(j, NULL, '{');
			emit_identity(j, row->sym, j->m->by_time != NULL);
			json_number(j, "self_time", seconds(j, row->ticks));
			json_number(j, "self_percent", percent(j, row->ticks, (double)p->samples));
			json_number(j, "cumulative_time", seconds(j, row->cumulative_ticks));
			json_close(j, '}');
		}
		json_close(j, ']');
		json_close(j, '}');
	}
	json_close(j, ']');
	json_unsigned(j, "threads_without_samples", tp->without_samples);
}

/* Where the names came from, when the executable's are not its own
 * .symtab (report_names_sentence's figures): each object whose names
 * came from elsewhere, and the time on code no symbol names. */
static void emit_names(struct json *j)
{
	const struct model *m = j->m;
	size_t k;

	if (m->object_count == 0 || m->objects[0]->names_from == NULL)
		return;
	json_open(j, "names", '{');
	json_open(j, "objects", '[');
	for (k = 0; k < m->object_count; k++) {
		const struct object *obj = m->objects[k];

		if (obj->names_from == NULL)
			continue;
		json_open(j, NULL, '{');
		json_string(j, "object", obj->path);
		json_string(j, "from", obj->names_from);
		json_unsigned(j, "eh_frame_functions", obj->eh_frame_functions);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_number(j, "unnamed_time", seconds(j, m->unnamed_ticks));
	json_number(j, "unnamed_percent",
		    m->total_ticks > 0.0 ? 100.0 * m->unnamed_ticks / m->total_ticks : 0.0);
	json_close(j, '}');
}

void print_json(const struct view *v, struct report_out *out)
{
	const struct model *m = v->model;
	unsigned report = v->options.report;
	int input = m->input;
	bool flat = report & REPORT_FLAT, graph = report & REPORT_GRAPH;
	struct json json = { .out = out->file, .v = v, .m = m, .report = out };
	struct json *j = &json;
	char sentence[512];

	if (flat && !(input & INPUT_HISTOGRAM))
		fatal("gmon.out file is missing histogram");
	if (graph && !(input & INPUT_CALL_GRAPH))
		fatal("gmon.out file is missing call-graph data");

	json_open(j, NULL, '{');
	json_integer(j, "format_version", JSON_FORMAT_VERSION);
	json_string(j, "executable", m->objects[0]->path);
	/* the executable's build-id, in hex, or null when it has none */
	if (v->build_id[0])
		json_string(j, "build_id", v->build_id);
	else
		json_null(j, "build_id");
	emit_sources(j);
	json_string(j, "granularity", j->v->options.line_granularity ? "line" : "function");
	emit_histogram(j, input);
	if (m->process.has_times) {
		json_open(j, "process", '{');
		json_number(j, "user_time", (double)m->process.user_ns / 1e9);
		json_number(j, "system_time", (double)m->process.system_ns / 1e9);
		json_unsigned(j, "samples_taken", m->process.samples_taken);
		json_unsigned(j, "samples_lost", m->process.samples_lost);
		/* files that record it (older ones keep their document) */
		if (m->process.clock) {
			const char *clock = gmon_process_clock_name(m->process.clock);

			json_string(j, "clock", clock ? clock : "unknown");
			json_number(j, "elapsed_time", (double)m->process.elapsed_ns / 1e9);
		}
		if (m->process.missing) { /* what the runtime knows its samples miss */
			const char *name;

			json_open(j, "missing", '[');
			for (unsigned i = 0; (name = report_missing_name(m->process.missing, i));
			     i++)
				json_string(j, NULL, name);
			json_close(j, ']');
		}
		if (report_coverage_sentence(m, seconds(j, m->total_ticks), sentence,
					     sizeof(sentence)))
			json_string(j, "coverage_note", sentence);
		json_close(j, '}');
	}
	if (m->overhead_known && m->overhead_ticks > 0.0) {
		bool of_cpu;
		double percent = overhead_percent(m, &of_cpu);

		json_open(j, "profiler_overhead", '{');
		json_number(j, "samples", m->overhead_ticks);
		json_number(j, "time", report_overhead_seconds(m));
		json_number(j, "percent", percent);
		json_string(j, "percent_of", of_cpu ? "cpu_time" : "samples");
		json_bool(j, "counted", m->overhead_counted);
		json_close(j, '}');
	}
	emit_names(j);
	if (flat)
		emit_flat_profile(j, m->by_time != NULL);
	if (graph && m->by_time)
		emit_call_graph(j);
	if (report & REPORT_EXEC_COUNTS)
		emit_execution_counts(j);
	if (v->options.threads)
		emit_threads(j);
	json_close(j, '}');
	putc('\n', j->out);
}
