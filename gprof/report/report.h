/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * report.h: what the printers share, below all of them: the output
 * (a FILE and whether a report was printed on it yet), how a symbol's
 * name is shown, and which symbols the call graph shows.  No printer
 * calls another; they all call this.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_REPORT_H
#define GPROF_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "report/blurbs.h"
#include "core/model.h"
#include "core/options.h"
#include "report/text.h"

/*
 * What the reports print of a function of the program's table, kept for
 * it once (report.c): its name as shown, demangled once (a name is
 * printed several times: flat profile, every call-graph line naming it,
 * index; demangling was an eighth of a run at 100,000 functions), and
 * what a call-graph line prints beside it (its cycle, its index, its
 * callers' total), so that such a line reads nothing of the symbol: at
 * 100,000 functions each read of a symbol was a cache miss.  Made the
 * first time it is asked for, after the analysis.
 */
enum {
	NAME_KNOWN = 1,     /* the facts are here */
	NAME_ALLOCATED = 2, /* shown was allocated (by demangling) */
	NAME_PRINTED = 4,   /* it has an entry in the call graph: "[N]", not "(N)" */
	NAME_PLAIN = 8      /* text_name_only prints the name alone (no object,
			     * no file and line) */
};

struct name_facts {
	const char *shown; /* the name as the reports show it */
	uint32_t length;   /* strlen(shown) */
	uint32_t flags;    /* NAME_* */
	int index, cycle_number;
	unsigned long total; /* calls of its cycle as a whole, or its own */
};

/*
 * struct report_out: where the reports go.  started: a report has been
 * printed, so the next one starts with a form feed line.  facts: one per
 * function of symbols, found by its place in the table (a hash table
 * keyed by name cost as much as demangling, in cache misses); other
 * symbols (symspec ranges) are demangled every time.
 */
struct report_out {
	FILE *file;
	bool started;
	const struct name_options *names;   /* how names are shown */
	const struct symbol_table *symbols; /* the model's: names cached by place */
	struct name_facts *facts;
	size_t facts_count;
};

void report_out_init(struct report_out *out, FILE *file, const struct name_options *names);
/* Demangle the names of this table once each (others every time). */
void report_out_cache_names(struct report_out *out, const struct symbol_table *symbols);
void report_out_free(struct report_out *out);
/* Print the form feed line that separates reports (not before the first). */
void report_separator(struct report_out *out);

/* The name to print (demangled unless -T or --no-demangle); *to_free is
 * set when the caller must free it. */
const char *display_name(struct report_out *out, const struct symbol *sym, char **to_free);
/* The name as the pictures and stacks show it (--folded, --flame): the
 * display name, then " [OBJECT]" for a function of another object than
 * the program, as the text reports write it, so that libc's read and
 * the program's read stay two frames.  Allocated: the caller frees it. */
char *frame_name(struct report_out *out, const struct symbol *sym);
/* The same with the name given (a shortened one: --strip). */
char *frame_name_as(const struct symbol *sym, const char *name);
/* Ask for the whole of a symbol (a line's fields span its size).
 * Inlined by force: a function that only prefetches has no effect GCC
 * must keep, and its calls were removed. */
static inline __attribute__((always_inline)) void symbol_prefetch(const struct symbol *sym)
{
	size_t at;

	for (at = 0; at < sizeof(*sym); at += 64)
		__builtin_prefetch((const char *)sym + at);
}

/* What a report printing symbols in order asks for ahead of row i of n
 * (sym(k) gives row k's symbol): the symbol 8 rows on, its place in the
 * names' cache 4 on, the name 2 on (text_name_prefetch). */
#define ROWS_PREFETCH(out, i, n, sym) \
	do { \
		if ((i) + 8 < (n)) \
			symbol_prefetch(sym((i) + 8)); \
		if ((i) + 4 < (n)) \
			text_name_prefetch((out), sym((i) + 4), false); \
		if ((i) + 2 < (n)) \
			text_name_prefetch((out), sym((i) + 2), true); \
	} while (0)

/* Ask for what text_name will read of sym's name, in two steps some
 * lines apart: its facts (shown false), then the name itself (shown
 * true: the facts are read, so ask for them before); neither reads sym.
 * The call graph's and the index's lines name symbols scattered in
 * memory: the misses overlap instead of following one another. */
void text_name_prefetch(const struct report_out *out, const struct symbol *sym, bool shown);
/* The facts of sym (made now if they were not), or NULL when sym is not
 * the table's; once made, asking reads nothing of sym. */
const struct name_facts *name_facts(struct report_out *out, const struct symbol *sym);
/* Into t: text_name's text from facts with NAME_PLAIN. */
void text_name_of(struct text *t, const struct name_facts *facts);
/* Into t (text.h): the name (and, for -l or --inline-file-names, where it
 * is); return the number of characters it took. */
int text_name_only(struct text *t, struct report_out *out, const struct symbol *sym);
/* The name, its cycle and its call-graph index: "f <cycle 1> [3]". */
void text_name(struct text *t, struct report_out *out, const struct symbol *sym);
/* A file's name as printed: its last component, or all of it with -L. */
const char *file_base_name(const struct name_options *names, const char *path);
/* A source file opened for reading (-A, --html): as named, else in each
 * of the count directories of the search path dirs (-I, $GPROF_PATH,
 * struct view_options); only a regular file
 * outside /proc, /dev and /sys, opened without blocking.  NULL when none
 * opens, with *why saying why the first file found was refused, or NULL
 * when no file of the name is there. */
FILE *report_open_source(char *const *dirs, size_t count, const char *name, const char **why);
/* The profiler's own time (analysis/overhead.c) in one sentence, the
 * same in every view that can say it (the text reports' headers, the
 * comments of --pprof, --callgrind and --dot): into buf, true; false
 * (buf empty) when there is nothing to say (no sample in the runtime, or
 * its functions not told apart). */
bool report_overhead_sentence(const struct model *m, char *buf, size_t size);
/* Where the executable's names came from when not its own .symtab (a
 * stripped program: its debug file, .dynsym, .eh_frame...) and the
 * share of the time on code no symbol names, in one sentence: into buf,
 * true; false (buf empty) for a program that names itself (GNU's
 * reports stay as they were). */
bool report_names_sentence(const struct model *m, char *buf, size_t size);
/* When the samples (sampled seconds of them) cover less than 90% of the
 * process's CPU time, by more than sampling's noise (three standard
 * deviations of the count expected), one sentence saying so and why, where the runtime
 * recorded why (the times record's GMON_MISSING_* bits), the same in
 * every view: into buf, true; else false (buf empty).  Wall-clock
 * profiles, files without the process's times and files that do not say
 * their clock (older ones, sums of runs of different clocks) have
 * nothing to say. */
bool report_coverage_sentence(const struct model *m, double sampled, char *buf, size_t size);
/* The names of the reasons, for --json: the i-th of n (NULL past them). */
const char *report_missing_name(uint32_t missing, unsigned i);
/* The seconds of the profiler's own time. */
double report_overhead_seconds(const struct model *m);
/* s as a JSON string, quotes included: every byte that is not part of
 * valid UTF-8 becomes U+FFFD, so the document is always valid JSON. */
void put_json_string(FILE *f, const char *s);
/* A number as JSON: the shortest decimal that reads back as the same
 * double, null for NaN and infinities. */
void put_json_number(FILE *f, double value);
/* Bytes in the valid UTF-8 sequence at s (1 for ASCII), 0 if invalid. */
int utf8_sequence_length(const unsigned char *s);
/* The same for a character XML 1.0 allows (no C0 control but tab,
 * newline and CR; no U+FFFE or U+FFFF): 0 for the others.  What every
 * XML and DOT output (Graphviz writes SVG from DOT) writes as it is. */
int xml_sequence_length(const unsigned char *s);

#endif
