/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * formats.h: the one table of gprof's output formats beyond the classic
 * text reports (flat profile, call graph, index and GNU's -p/-q/-A/-C/-r/-R
 * combinations, which gprof.c prints when no format is chosen).  Each row
 * names the format, the option that asks for it (--NAME), and its printers:
 * the profile's, and, for the formats --diff can print, the comparison's.
 * gprof.c makes its options from the table and diff.c looks the chosen
 * format up in it; a new format is one new file in report/ and one row
 * in formats.c (doc/code-map.md, "where a new report format goes").
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_FORMATS_H
#define GPROF_FORMATS_H

#include <stdio.h>

#include "analysis/views.h"
#include "core/model.h"
#include "core/options.h"
#include "report/report.h"

struct comparison;

/* What a format goes with, beyond the text reports' options. */
enum {
	FORMAT_THREADS = 1 << 0,   /* --threads: its printer shows each thread */
	FORMAT_PROCESSES = 1 << 1, /* --processes prints its list in it */
	FORMAT_TIMELINE = 1 << 2,  /* --timeline prints its windows in it */
	FORMAT_DIFF = 1 << 3,      /* --diff prints in it (print_diff set) */
};

/*
 * struct report_format: one output format, describing itself: its name
 * (the option --NAME), its line in --help, its printers, and what it
 * goes with (FORMAT_*), from which gprof.c makes its options, --help's
 * list and every refusal of a conflicting option, before any file is
 * read.  Its printer is a function of the view and the output
 * (report/printers.h), handed its own output's options if it reads any:
 * print, or print_picture for a picture (--strip, --wrap, --depth...).
 * print_diff (or print_picture_diff), when set, prints two profiles
 * compared (--diff), the names of each run shown through its own
 * report_out.  All own the output: nothing else is printed on it (no -i
 * lines, no form feeds).
 */
struct report_format {
	const char *name;        /* the option without its dashes: "json" for --json */
	const char *description; /* --help's text (further lines indented by 24) */
	void (*print)(const struct view *v, struct report_out *out);
	void (*print_picture)(const struct view *v, const struct picture_options *opt,
			      struct report_out *out);
	void (*print_diff)(const struct comparison *c, struct report_out names[2], FILE *f);
	void (*print_picture_diff)(const struct comparison *c, struct report_out names[2],
				   const struct picture_options *opt, FILE *f);
	unsigned goes_with; /* FORMAT_* */
	bool shows_threads; /* its view has every thread's rows, --threads or not */
};

/* The table, in the order the refusals name them; count rows. */
extern const struct report_format report_formats[];
extern const size_t report_format_count;

/* The row named name ("json"), or NULL. */
const struct report_format *report_format_find(const char *name);
/* Into buffer (size bytes), for messages: first (if not NULL) then the
 * options of the formats that go with all of mask (every one for 0),
 * joined by commas and the last by conjunction: "--json, --dot and
 * --html", "the text or --json". */
void report_format_list(char *buffer, size_t size, unsigned mask, const char *first,
			const char *conjunction);
/* --help's lines of the formats, in the table's order. */
void report_format_usage(FILE *out);
/* Print v in format, handing its printer its own options of opt. */
void report_format_print(const struct report_format *format, const struct view *v,
			 const struct options *opt, struct report_out *out);
/* Print the comparison c in format (FORMAT_DIFF), likewise. */
void report_format_print_diff(const struct report_format *format, const struct comparison *c,
			      struct report_out names[2], const struct options *opt, FILE *f);

#endif
