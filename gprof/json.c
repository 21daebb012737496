/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * json.c: the --json printer.  One JSON document on stdout holding what
 * the text reports would show (the same symspecs, -z, -p and -q), with
 * figures in seconds instead of rounded columns.  doc/json.md describes
 * the schema; bump JSON_FORMAT_VERSION when a field changes meaning or
 * goes away (adding a field does not).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gprof.h"
#include "report.h"
#include "symbols.h"
#include "symspec.h"

#define JSON_FORMAT_VERSION 1
#define JSON_MAX_DEPTH 16

/*
 * The emitter: a stack of open containers, each remembering whether it
 * holds an element yet, so that commas and indentation come out right
 * whatever order the printer calls it in.
 */
static struct {
	FILE *out;
	int depth;
	bool has_element[JSON_MAX_DEPTH];
} json;

static void json_write_string(const char *s);

/* Start a new element of the innermost container, with its key if the
 * container is an object (key != NULL). */
static void json_element(const char *key)
{
	int i;

	if (json.depth > 0) {
		if (json.has_element[json.depth])
			putc(',', json.out);
		json.has_element[json.depth] = true;
		putc('\n', json.out);
		for (i = 0; i < json.depth; i++)
			fputs("  ", json.out);
	}
	if (key) {
		json_write_string(key);
		fputs(": ", json.out);
	}
}

static void json_open(const char *key, char bracket)
{
	json_element(key);
	putc(bracket, json.out);
	if (++json.depth >= JSON_MAX_DEPTH)
		fatal("internal error: JSON nested too deeply");
	json.has_element[json.depth] = false;
}

static void json_close(char bracket)
{
	int i;

	if (json.has_element[json.depth]) {
		putc('\n', json.out);
		for (i = 0; i < json.depth - 1; i++)
			fputs("  ", json.out);
	}
	json.depth--;
	putc(bracket, json.out);
}

/* A string of any bytes: valid UTF-8 passes, every byte that is not part
 * of it becomes U+FFFD, so the document is always valid JSON. */
static void json_write_string(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	putc('"', json.out);
	while (*p) {
		int length;

		switch (*p) {
		case '"':
			fputs("\\\"", json.out);
			p++;
			continue;
		case '\\':
			fputs("\\\\", json.out);
			p++;
			continue;
		case '\b':
			fputs("\\b", json.out);
			p++;
			continue;
		case '\f':
			fputs("\\f", json.out);
			p++;
			continue;
		case '\n':
			fputs("\\n", json.out);
			p++;
			continue;
		case '\r':
			fputs("\\r", json.out);
			p++;
			continue;
		case '\t':
			fputs("\\t", json.out);
			p++;
			continue;
		}
		if (*p < 0x20 || *p == 0x7F) {
			fprintf(json.out, "\\u%04x", *p);
			p++;
			continue;
		}
		length = utf8_sequence_length(p);
		if (length == 0) {
			fputs("\\ufffd", json.out);
			p++;
			continue;
		}
		fwrite(p, 1, (size_t)length, json.out);
		p += length;
	}
	putc('"', json.out);
}

static void json_string(const char *key, const char *value)
{
	json_element(key);
	if (value)
		json_write_string(value);
	else
		fputs("null", json.out);
}

static void json_null(const char *key)
{
	json_element(key);
	fputs("null", json.out);
}

static void json_bool(const char *key, bool value)
{
	json_element(key);
	fputs(value ? "true" : "false", json.out);
}

static void json_integer(const char *key, long long value)
{
	json_element(key);
	fprintf(json.out, "%lld", value);
}

static void json_unsigned(const char *key, unsigned long long value)
{
	json_element(key);
	fprintf(json.out, "%llu", value);
}

/* The shortest decimal that reads back as the same double; JSON has no
 * NaN or infinity, so those (which would be our bug) print as null. */
static void json_number(const char *key, double value)
{
	char buf[40];
	int precision;

	json_element(key);
	if (!isfinite(value)) {
		fputs("null", json.out);
		return;
	}
	if (value == 0.0)
		value = 0.0; /* no "-0" */
	for (precision = 1; precision <= 17; precision++) {
		snprintf(buf, sizeof(buf), "%.*g", precision, value);
		if (strtod(buf, NULL) != value)
			continue;
		/* "1e+02" is valid but reads badly: exponents only for the
		 * very small or very large */
		if (strchr(buf, 'e') && fabs(value) >= 1e-4 && fabs(value) < 1e15 && precision < 17)
			continue;
		break;
	}
	fputs(buf, json.out);
}

/* ------------------------------------------------------------ the report */

static double seconds(double ticks)
{
	return histograms.rate ? ticks / histograms.rate : 0.0;
}

static double percent(double part, double whole)
{
	return whole > 0.0 ? 100.0 * part / whole : 0.0;
}

/* Name, where it is, and its place in the call graph: shared by every
 * function object. */
static void emit_identity(const struct symbol *sym, bool with_graph)
{
	char *to_free, address[24];

	json_string("name", sym->name);
	json_string("demangled", display_name(sym, &to_free));
	free(to_free);
	if (sym->file) {
		json_string("file", sym->file->name);
		json_integer("line", sym->line);
	} else {
		json_null("file");
		json_null("line");
	}
	snprintf(address, sizeof(address), "0x%llx", (unsigned long long)sym->address);
	json_string("address", address);
	/* with -l, lines are not call-graph entries; only functions are */
	if (with_graph && sym->index != 0 && !(opt.line_granularity && !sym->is_function))
		json_integer("index", sym->index);
	else
		json_null("index");
	json_integer("cycle", sym->cycle_number);
}

static void emit_histogram(int input)
{
	json_open("histogram", '{');
	json_bool("present", input & INPUT_HISTOGRAM);
	if (input & INPUT_HISTOGRAM) {
		json_unsigned("rate", histograms.rate);
		json_string("dimension", histograms.dimension);
		json_string("dimension_abbreviation", (char[]){ histograms.dimension_abbrev, 0 });
		json_number("sample_period", seconds(1.0));
		/* as the call graph's header prints it, and as it is */
		json_integer("granularity_bytes", histogram_granularity());
		json_number("bytes_per_bin", histograms.scale * 2.0);
		json_number("total_samples", total_ticks);
		json_number("total_time", seconds(total_ticks));
	}
	json_close('}');
}

/* Flat profile order: self time, then calls (both descending), then name,
 * as the text report sorts. */
static int compare_flat(const void *lp, const void *rp)
{
	const struct symbol *left = *(const struct symbol *const *)lp;
	const struct symbol *right = *(const struct symbol *const *)rp;

	if (left->self_ticks != right->self_ticks)
		return left->self_ticks < right->self_ticks ? 1 : -1;
	if (left->calls != right->calls)
		return left->calls < right->calls ? 1 : -1;
	return strcmp(left->name, right->name);
}

static void emit_flat_profile(bool with_graph)
{
	struct symbol **sorted = xmalloc((symtab.count + 1) * sizeof(*sorted));
	double cumulative = 0.0;
	size_t i;

	for (i = 0; i < symtab.count; i++)
		sorted[i] = &symtab.base[i];
	qsort(sorted, symtab.count, sizeof(*sorted), compare_flat);

	json_open("flat_profile", '{');
	json_number("total_time", seconds(total_ticks));
	json_open("functions", '[');
	for (i = 0; i < symtab.count; i++) {
		const struct symbol *sym = sorted[i];

		if (sym->hidden || !symspec_selected(INCL_FLAT, EXCL_FLAT, sym->address))
			continue;
		if (!opt.show_zeros && sym->calls == 0 && sym->self_ticks == 0)
			continue;
		cumulative += sym->self_ticks;
		json_open(NULL, '{');
		emit_identity(sym, with_graph);
		json_number("self_time", seconds(sym->self_ticks));
		json_number("self_percent", percent(sym->self_ticks, total_ticks));
		json_number("cumulative_time", seconds(cumulative));
		json_unsigned("calls", sym->calls);
		json_unsigned("recursive_calls", with_graph ? sym->self_calls : 0);
		json_number("child_time", seconds(sym->child_ticks));
		if (sym->calls != 0) {
			json_number("self_time_per_call", seconds(sym->self_ticks) / sym->calls);
			json_number("total_time_per_call",
				    seconds(sym->self_ticks + sym->child_ticks) / sym->calls);
		} else {
			json_null("self_time_per_call");
			json_null("total_time_per_call");
		}
		json_close('}');
	}
	json_close(']');
	json_close('}');
	free(sorted);
}

/* The call graph shows the same entries as the text report. */
static bool graph_entry_shown(const struct symbol *sym)
{
	if (!opt.show_zeros && sym->calls == 0 && sym->self_calls == 0 && sym->prop_self == 0 &&
	    sym->prop_child == 0)
		return false;
	return sym->printed && !sym->hidden && !(opt.line_granularity && !sym->is_function);
}

static bool is_cycle_header(const struct symbol *sym)
{
	return sym->name == NULL && sym->cycle_number != 0;
}

static void emit_graph_figures(const struct symbol *sym)
{
	json_number("percent_time", percent(sym->prop_self + sym->prop_child, print_ticks));
	json_number("self_time", seconds(sym->prop_self));
	json_number("child_time", seconds(sym->prop_child));
}

static int compare_member(const void *lp, const void *rp)
{
	const struct symbol *left = *(const struct symbol *const *)lp;
	const struct symbol *right = *(const struct symbol *const *)rp;
	double left_time = left->prop_self + left->prop_child;
	double right_time = right->prop_self + right->prop_child;

	if (left_time != right_time)
		return left_time < right_time ? 1 : -1;
	if (left->calls + left->self_calls != right->calls + right->self_calls)
		return left->calls + left->self_calls < right->calls + right->self_calls ? 1 : -1;
	return left->index - right->index;
}

static void emit_cycle(const struct symbol *cycle)
{
	const struct symbol *member;
	const struct symbol **members;
	size_t count = 0, i;

	for (member = cycle->cycle_next; member; member = member->cycle_next)
		count++;
	members = xmalloc((count + 1) * sizeof(*members));
	count = 0;
	for (member = cycle->cycle_next; member; member = member->cycle_next)
		members[count++] = member;
	qsort(members, count, sizeof(*members), compare_member);

	json_open(NULL, '{');
	json_integer("number", cycle->cycle_number);
	json_integer("index", cycle->index);
	emit_graph_figures(cycle);
	json_unsigned("calls", cycle->calls);
	json_unsigned("inner_calls", cycle->self_calls);
	json_open("members", '[');
	for (i = 0; i < count; i++) {
		json_open(NULL, '{');
		json_integer("index", members[i]->index);
		json_string("name", members[i]->name);
		json_close('}');
	}
	json_close(']');
	json_close('}');
	free(members);
}

static void emit_arc(const struct arc *arc)
{
	bool inside = arc->parent == arc->child ||
		      (arc->parent->cycle_number != 0 &&
		       arc->parent->cycle_number == arc->child->cycle_number);

	json_open(NULL, '{');
	json_integer("caller", arc->parent->index);
	json_string("caller_name", arc->parent->name);
	json_integer("callee", arc->child->index);
	json_string("callee_name", arc->child->name);
	json_unsigned("count", arc->count);
	json_bool("recursive", arc->parent == arc->child);
	json_bool("within_cycle", inside && arc->parent != arc->child);
	json_number("self_time", seconds(arc->time));
	json_number("child_time", seconds(arc->child_time));
	json_number("percent_time", percent(arc->time + arc->child_time, print_ticks));
	json_close('}');
}

static void emit_call_graph(struct symbol **by_time)
{
	size_t n = symtab.count + (size_t)cycle_count, i;
	struct arc *arc;

	json_open("call_graph", '{');
	json_number("total_time", seconds(print_ticks));

	json_open("functions", '[');
	for (i = 0; i < n; i++) {
		const struct symbol *sym = by_time[i];

		if (is_cycle_header(sym) || !graph_entry_shown(sym))
			continue;
		json_open(NULL, '{');
		emit_identity(sym, true);
		emit_graph_figures(sym);
		json_unsigned("calls", sym->calls);
		json_unsigned("recursive_calls", sym->self_calls);
		json_close('}');
	}
	json_close(']');

	json_open("cycles", '[');
	for (i = 0; i < n; i++)
		if (is_cycle_header(by_time[i]) && graph_entry_shown(by_time[i]))
			emit_cycle(by_time[i]);
	json_close(']');

	/* every arc the text lists: under its caller's entry, its callee's,
	 * or both; walked from the callers in graph order */
	json_open("arcs", '[');
	for (i = 0; i < n; i++) {
		const struct symbol *parent = by_time[i];

		if (is_cycle_header(parent))
			continue;
		for (arc = parent->children; arc; arc = arc->next_child)
			if (graph_entry_shown(parent) || graph_entry_shown(arc->child))
				emit_arc(arc);
	}
	json_close(']');
	json_close('}');
}

/* -C's order: by file and line (when both have a file), then address. */
static int compare_block_order(const void *lp, const void *rp)
{
	const struct symbol *left = *(const struct symbol *const *)lp;
	const struct symbol *right = *(const struct symbol *const *)rp;

	if (left->file && right->file) {
		int by_file = strcmp(left->file->name, right->file->name);

		if (by_file != 0)
			return by_file;
		if (left->line != right->line)
			return left->line < right->line ? -1 : 1;
	}
	if (left->address != right->address)
		return left->address < right->address ? -1 : 1;
	return 0;
}

static void emit_count(const struct symbol *sym, const char *kind, uint64_t address,
		       unsigned long count)
{
	char text[24];

	json_open(NULL, '{');
	json_string("kind", kind);
	json_string("name", sym->name);
	json_string("file", sym->file ? sym->file->name : NULL);
	json_integer("line", sym->line);
	snprintf(text, sizeof(text), "0x%llx", (unsigned long long)address);
	json_string("address", text);
	json_unsigned("count", count);
	json_close('}');
}

/* What -C prints: each function's calls and its basic blocks' counts. */
static void emit_execution_counts(void)
{
	struct symbol **sorted = xmalloc((symtab.count + 1) * sizeof(*sorted));
	size_t n = 0, i;

	for (i = 0; i < symtab.count; i++)
		if (symspec_selected(INCL_EXEC, EXCL_EXEC, symtab.base[i].address))
			sorted[n++] = &symtab.base[i];
	qsort(sorted, n, sizeof(*sorted), compare_block_order);
	json_open("execution_counts", '[');
	for (i = 0; i < n; i++) {
		const struct symbol *sym = sorted[i];
		int k;

		if (sym->calls > 0 || opt.show_zeros)
			emit_count(sym, "function", sym->address, sym->calls);
		for (k = 0; k < SYMBOL_BB_MAX && symbol_bb_address(sym, k); k++)
			if (symbol_bb_calls(sym, k) > 0 || opt.show_zeros)
				emit_count(sym, "block", symbol_bb_address(sym, k), symbol_bb_calls(sym, k));
	}
	json_close(']');
	free(sorted);
}

void print_json(struct symbol **by_time, unsigned report, int input)
{
	bool flat = report & REPORT_FLAT, graph = report & REPORT_GRAPH;

	if (flat && !(input & INPUT_HISTOGRAM))
		fatal("gmon.out file is missing histogram");
	if (graph && !(input & INPUT_CALL_GRAPH))
		fatal("gmon.out file is missing call-graph data");

	json.out = stdout;
	json.depth = 0;
	json_open(NULL, '{');
	json_integer("format_version", JSON_FORMAT_VERSION);
	json_string("executable", executable_name);
	json_string("granularity", opt.line_granularity ? "line" : "function");
	emit_histogram(input);
	if (flat)
		emit_flat_profile(by_time != NULL);
	if (graph && by_time)
		emit_call_graph(by_time);
	if (report & REPORT_EXEC_COUNTS)
		emit_execution_counts();
	json_close('}');
	putc('\n', json.out);
}
