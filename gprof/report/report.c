/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * report.c: what every printer shares: the output and its report
 * separators; how a symbol's name is shown: demangled (unless -T or
 * --no-demangle), with its file and line for -l or --inline-file-names,
 * and in the call graph with its cycle and index; and which symbols the
 * call graph shows.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bfd.h>
#include <demangle.h>

#include "gmon_out.h"
#include "analysis/overhead.h"
#include "report/report.h"
#include "core/util.h"

const char *file_base_name(const struct name_options *names, const char *path)
{
	const char *slash;

	if (names->print_path)
		return path;
	slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

void report_out_init(struct report_out *out, FILE *file, const struct name_options *names)
{
	out->file = file;
	out->started = false;
	out->names = names;
	out->symbols = NULL;
	out->facts = NULL;
	out->facts_count = 0;
}

void report_out_cache_names(struct report_out *out, const struct symbol_table *symbols)
{
	report_out_free(out);
	out->symbols = symbols;
}

void report_out_free(struct report_out *out)
{
	size_t i;

	for (i = 0; i < out->facts_count; i++)
		if (out->facts[i].flags & NAME_ALLOCATED)
			free((char *)out->facts[i].shown);
	free(out->facts);
	out->facts = NULL;
	out->facts_count = 0;
}
void report_separator(struct report_out *out)
{
	if (out->started)
		fputs("\f\n", out->file);
	out->started = true;
}

static const char *demangle(const struct symbol *sym, char **to_free)
{
	char *demangled = NULL;

	if (sym->object)
		demangled = bfd_demangle(sym->object->abfd, sym->name, DMGL_ANSI | DMGL_PARAMS);
	*to_free = demangled;
	return demangled ? demangled : sym->name;
}

/* Whether a name is followed by its object's: a whole-process profile's
 * functions of other objects ("libm.so.6+0x1a2b0" names it already). */
static bool names_object(const struct symbol *sym)
{
	return sym->object && !(sym->object->flags & GMON_OBJECT_MAIN) && !sym->is_object &&
	       !sym->is_unnamed && sym->object->name;
}

/* Whether text_name_only prints more than the name: the object's, or
 * the file and line. */
static bool names_more(const struct name_options *names, const struct symbol *sym)
{
	return names_object(sym) ||
	       ((names->line_granularity || names->inline_file_names) && sym->file);
}

static void make_facts(struct report_out *out, struct name_facts *f, const struct symbol *sym)
{
	const struct name_options *names = out->names;
	char *allocated = NULL;
	const char *shown = "";

	if (sym->name)
		shown = names->traditional || !names->demangle ? sym->name
							       : demangle(sym, &allocated);
	f->shown = shown;
	f->length = (uint32_t)strlen(shown);
	f->flags = NAME_KNOWN | (allocated ? NAME_ALLOCATED : 0) |
		   (sym->printed ? NAME_PRINTED : 0) | (names_more(names, sym) ? 0 : NAME_PLAIN);
	f->index = sym->index;
	f->cycle_number = sym->cycle_number;
	f->total = sym->cycle_head ? sym->cycle_head->calls : sym->calls;
}

const struct name_facts *name_facts(struct report_out *out, const struct symbol *sym)
{
	const struct symbol_table *symtab = out->symbols;
	struct name_facts *f;

	if (symtab == NULL || sym < symtab->base || sym >= symtab->base + symtab->count)
		return NULL;
	if (out->facts_count != symtab->count) {
		report_out_free(out);
		out->facts = xcalloc_huge(symtab->count, sizeof(*out->facts));
		out->facts_count = symtab->count;
	}
	f = &out->facts[sym - symtab->base];
	if (!(f->flags & NAME_KNOWN))
		make_facts(out, f, sym);
	return f;
}

/* " <cycle N>" and " [N]" (" (N)" for a function the graph does not
 * list) after a name */
static void text_cycle_and_index(struct text *t, int cycle_number, int index, bool printed)
{
	if (cycle_number != 0) {
		text_bytes(t, " <cycle ", 8);
		text_int(t, cycle_number);
		text_char(t, '>');
	}
	if (index != 0) {
		text_bytes(t, printed ? " [" : " (", 2);
		text_int(t, index);
		text_char(t, printed ? ']' : ')');
	}
}

void text_name_of(struct text *t, const struct name_facts *f)
{
	text_bytes(t, f->shown, f->length);
	text_cycle_and_index(t, f->cycle_number, f->index, (f->flags & NAME_PRINTED) != 0);
}

/* The name shown, demangled once for a function of the table. */
static const char *demangle_once(struct report_out *out, const struct symbol *sym, char **to_free,
				 size_t *length)
{
	const struct name_facts *f = name_facts(out, sym);

	if (f == NULL) {
		const char *shown = demangle(sym, to_free);

		*length = strlen(shown);
		return shown;
	}
	*length = f->length;
	return f->shown;
}

void text_name_prefetch(const struct report_out *out, const struct symbol *sym, bool shown)
{
	const struct symbol_table *symtab = out->symbols;
	const struct name_facts *f;

	if (symtab == NULL || out->facts_count != symtab->count || sym < symtab->base ||
	    sym >= symtab->base + symtab->count)
		return;
	f = &out->facts[sym - symtab->base];
	if (!shown)
		__builtin_prefetch(f);
	else if (f->flags & NAME_KNOWN)
		__builtin_prefetch(f->shown);
}

/* display_name, and the name's length */
static const char *shown_name(struct report_out *out, const struct symbol *sym, char **to_free,
			      size_t *length)
{
	*to_free = NULL;
	if (sym->name == NULL) {
		*length = 0;
		return "";
	}
	if (out->names->traditional || !out->names->demangle) {
		*length = strlen(sym->name);
		return sym->name;
	}
	return demangle_once(out, sym, to_free, length);
}

const char *display_name(struct report_out *out, const struct symbol *sym, char **to_free)
{
	size_t length;

	return shown_name(out, sym, to_free, &length);
}

char *frame_name_as(const struct symbol *sym, const char *name)
{
	char *frame;

	if (!names_object(sym))
		return xstrdup(name);
	frame = xmalloc(strlen(name) + strlen(sym->object->name) + 4);
	sprintf(frame, "%s [%s]", name, sym->object->name);
	return frame;
}

char *frame_name(struct report_out *out, const struct symbol *sym)
{
	char *to_free, *frame;
	size_t length;
	const char *name = shown_name(out, sym, &to_free, &length);

	if (to_free && !names_object(sym))
		return to_free;
	frame = frame_name_as(sym, name);
	free(to_free);
	return frame;
}

int text_name_only(struct text *t, struct report_out *out, const struct symbol *sym)
{
	const struct name_options *names = out->names;
	char *to_free;
	const char *name;
	size_t length, start = t->length;

	if (sym->name == NULL)
		return 0;
	name = shown_name(out, sym, &to_free, &length);
	text_bytes(t, name, length);
	free(to_free);
	/* a whole-process profile names the other objects: " [libm.so.6]" */
	if (names_object(sym)) {
		text_bytes(t, " [", 2);
		text_bytes(t, sym->object->name, strlen(sym->object->name));
		text_char(t, ']');
	}
	/* " (%s:%d @ %lx)" or " (%s:%d)" */
	if ((names->line_granularity || names->inline_file_names) && sym->file) {
		const char *file = file_base_name(names, sym->file->name);

		text_bytes(t, " (", 2);
		text_bytes(t, file, strlen(file));
		text_char(t, ':');
		text_int(t, sym->line);
		if (names->line_granularity) {
			text_bytes(t, " @ ", 3);
			text_hex(t, (unsigned long)sym->address);
		}
		text_char(t, ')');
	}
	return (int)(t->length - start);
}

void text_name(struct text *t, struct report_out *out, const struct symbol *sym)
{
	text_name_only(t, out, sym);
	text_cycle_and_index(t, sym->cycle_number, sym->index, sym->printed);
}

/* Length of the valid UTF-8 sequence at s (1 to 4), or 0 if it is not
 * one: overlong forms, surrogates and code points past U+10FFFF are not. */
int utf8_sequence_length(const unsigned char *s)
{
	uint32_t code;

	return (int)utf8_sequence(s, &code);
}

int xml_sequence_length(const unsigned char *s)
{
	uint32_t code;
	size_t n = utf8_sequence(s, &code);

	/* XML 1.0's Char: tab, newline, CR, then U+0020 up, less the
	 * surrogates (not valid UTF-8) and U+FFFE, U+FFFF */
	if (n == 0 || (code < 0x20 && code != '\t' && code != '\n' && code != '\r') ||
	    code == 0xFFFE || code == 0xFFFF)
		return 0;
	return (int)n;
}

/* The shortest decimal that reads back as the same double; JSON has no
 * NaN or infinity, so those (which would be our bug) print as null. */
void put_json_number(FILE *f, double value)
{
	char buf[40];
	int precision;

	if (!isfinite(value)) {
		fputs("null", f);
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
	fputs(buf, f);
}

/* A string of any bytes: valid UTF-8 passes, every byte that is not part
 * of it becomes U+FFFD, so the document is always valid JSON. */
void put_json_string(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	putc('"', f);
	while (*p) {
		int length;

		switch (*p) {
		case '"':
			fputs("\\\"", f);
			p++;
			continue;
		case '\\':
			fputs("\\\\", f);
			p++;
			continue;
		case '\b':
			fputs("\\b", f);
			p++;
			continue;
		case '\f':
			fputs("\\f", f);
			p++;
			continue;
		case '\n':
			fputs("\\n", f);
			p++;
			continue;
		case '\r':
			fputs("\\r", f);
			p++;
			continue;
		case '\t':
			fputs("\\t", f);
			p++;
			continue;
		}
		if (*p < 0x20 || *p == 0x7F) {
			fprintf(f, "\\u%04x", *p);
			p++;
			continue;
		}
		length = utf8_sequence_length(p);
		if (length == 0) {
			fputs("\\ufffd", f);
			p++;
			continue;
		}
		fwrite(p, 1, (size_t)length, f);
		p += length;
	}
	putc('"', f);
}

/* One candidate of report_open_source: a regular file outside the
 * kernel's trees, opened without blocking (a FIFO named by the debug
 * information would hang gprof, /proc/kmsg be drained).  NULL with *why
 * set when the file is there but refused, left alone when it is not
 * there. */
static FILE *open_candidate(const char *path, const char **why)
{
	const char *refused = NULL;
	struct stat st;
	FILE *in;
	int fd;

	if (kernel_path(path)) {
		if (access(path, F_OK) == 0 && *why == NULL)
			*why = "under /proc, /dev or /sys, not a source file";
		return NULL;
	}
	fd = open_regular(path, &st, &refused);
	if (fd < 0) {
		if (errno != ENOENT && errno != ENOTDIR && *why == NULL)
			*why = refused;
		return NULL;
	}
	if (kernel_file_system(path, fd)) {
		if (*why == NULL)
			*why = "a kernel file (proc, sysfs...), not a source file";
		close(fd);
		return NULL;
	}
	in = fdopen(fd, "rb");
	if (in == NULL)
		close(fd);
	return in;
}

/* Open a source file: as named, else each search directory with the
 * name, else each search directory with the name's last component. */
FILE *report_open_source(char *const *dirs, size_t count, const char *name, const char **why)
{
	const char *base = strrchr(name, '/');
	FILE *in;
	size_t i;
	int pass;

	*why = NULL;
	in = open_candidate(name, why);
	/* an absolute name is only tried by its last component */
	for (pass = name[0] == '/' ? 1 : 0; pass < 2 && !in; pass++) {
		const char *tail = pass == 0 ? name : base ? base + 1 : NULL;

		/* GNU gprof tries the whole relative name in each directory,
		 * then, when the name has a directory, its last component */
		if (tail == NULL)
			break;
		for (i = 0; i < count && !in; i++) {
			char *path = xmalloc(strlen(dirs[i]) + strlen(tail) + 2);

			sprintf(path, "%s/%s", dirs[i], tail);
			in = open_candidate(path, why);
			free(path);
		}
	}
	if (in)
		*why = NULL;
	return in;
}

double report_overhead_seconds(const struct model *m)
{
	unsigned rate = m->histograms.rate ? m->histograms.rate : m->process.rate;

	return rate ? m->overhead_ticks / rate : 0.0;
}

bool report_names_sentence(const struct model *m, char *buf, size_t size)
{
	const struct object *obj = m->object_count ? m->objects[0] : NULL;
	double whole = m->total_ticks;
	char functions[64] = "";

	buf[0] = '\0';
	if (obj == NULL || obj->names_from == NULL)
		return false;
	if (obj->eh_frame_functions)
		snprintf(functions, sizeof(functions), "; %zu function%s from .eh_frame",
			 obj->eh_frame_functions, obj->eh_frame_functions == 1 ? "" : "s");
	snprintf(buf, size, "Names of %s: %s%s; %.1f%% of the time on code without a name.",
		 obj->name, obj->names_from, functions,
		 whole > 0.0 ? 100.0 * m->unnamed_ticks / whole : 0.0);
	return true;
}

/* GMON_MISSING_* bits, their names in --json and their reasons in text. */
static const struct {
	uint32_t bit;
	const char *name, *reason;
} missing_reasons[] = {
	{ GMON_MISSING_EARLY_THREADS, "threads_before_start",
	  "threads started before the profile were not sampled" },
	{ GMON_MISSING_SYSTEM_TIME, "system_time",
	  "the system time (%.2f seconds) is not sampled (the perf clock counts user time "
	  "only where perf_event_paranoid is above 1)" },
	{ GMON_MISSING_SIGNAL, "signal_taken",
	  "the program set the clock's signal with the system call itself, and its "
	  "handler got the samples" },
	{ GMON_MISSING_MANY_THREADS, "too_many_threads",
	  "more than 65536 threads ran at once: the newest were not sampled" },
	{ GMON_MISSING_CLOCK_CLOSED, "clock_closed",
	  "the program closed the perf clock's descriptor, which ended it" },
};
#define MISSING_REASON_COUNT (sizeof(missing_reasons) / sizeof(missing_reasons[0]))

const char *report_missing_name(uint32_t missing, unsigned i)
{
	for (size_t k = 0; k < MISSING_REASON_COUNT; k++)
		if ((missing & missing_reasons[k].bit) && i-- == 0)
			return missing_reasons[k].name;
	return NULL;
}

bool report_coverage_sentence(const struct model *m, double sampled, char *buf, size_t size)
{
	double cpu = (double)(m->process.user_ns + m->process.system_ns) / 1e9;
	double hz = m->histograms.rate, expected = cpu * hz, shortfall;
	size_t used;
	unsigned n = 0;

	buf[0] = '\0';
	/* the samples of the profiler's own work, when not counted below,
	 * covered CPU time too: its own sentence says how much */
	if (m->overhead_known && !m->overhead_counted)
		sampled += report_overhead_seconds(m);
	shortfall = (cpu - sampled) * hz;
	/* a file that does not say its clock predates the reasons: its
	 * reports stay as they were */
	if (!m->process.has_times || m->process.clock == GMON_PROCESS_CLOCK_UNKNOWN ||
	    m->process.clock == GMON_PROCESS_CLOCK_WALL || !(cpu > 0.0) || !(hz > 0.0) ||
	    sampled >= 0.9 * cpu)
		return false;
	/* a few samples short of a short run is sampling's own noise (a
	 * count of N expected varies by about its square root), not time
	 * missed: said only beyond three standard deviations */
	if (shortfall <= 3.0 * sqrt(expected))
		return false;
	used = (size_t)snprintf(buf, size, "The samples miss more than 10%% of the CPU time: ");
	for (size_t k = 0; k < MISSING_REASON_COUNT && used < size; k++)
		if (m->process.missing & missing_reasons[k].bit) {
			used += (size_t)snprintf(buf + used, size - used, "%s", n++ ? "; " : "");
			if (used < size) /* the one reason with a figure: the system time */
				used += (size_t)snprintf(buf + used, size - used,
							 missing_reasons[k].reason,
							 (double)m->process.system_ns / 1e9);
		}
	if (used < size)
		snprintf(buf + used, size - used, "%s.",
			 n ? ""
			   : "the run did not record why (a profile switched off for a while, "
			     "or threads the profiler did not see)");
	return true;
}

bool report_overhead_sentence(const struct model *m, char *buf, size_t size)
{
	bool of_cpu;
	double percent;

	buf[0] = '\0';
	if (!m->overhead_known || !(m->overhead_ticks > 0.0))
		return false;
	percent = overhead_percent(m, &of_cpu);
	snprintf(buf, size, "The profiler's own work took %.2f seconds (%.1f%% of %s), %s.",
		 report_overhead_seconds(m), percent,
		 of_cpu ? "the process's CPU time" : "the samples",
		 m->overhead_counted ? "counted below under its callers" : "not counted below");
	return true;
}
