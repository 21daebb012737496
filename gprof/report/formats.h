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

/*
 * struct report_format: one output format.  print is a function of the
 * model, the options and the output (report/printers.h); print_diff, when
 * not NULL, prints two profiles compared (--diff), the names of each run
 * shown through its own report_out.  Both own the output: nothing else
 * is printed on it (no -i lines, no form feeds).
 */
struct report_format {
	const char *name; /* the option without its dashes: "json" for --json */
	void (*print)(const struct view *v, const struct options *opt, struct report_out *out);
	void (*print_diff)(const struct comparison *c, struct report_out names[2],
			   const struct options *opt, FILE *f);
	bool shows_threads; /* its view has every thread's rows, --threads or not */
};

/* The table, in the order the refusals name them; count rows. */
extern const struct report_format report_formats[];
extern const size_t report_format_count;

/* The row named name ("json"), or NULL. */
const struct report_format *report_format_find(const char *name);
/* Into buffer (size bytes): the options of the formats, "--json, --dot
 * and --html" (only those --diff prints when for_diff); for messages. */
void report_format_list(char *buffer, size_t size, int for_diff);

#endif
