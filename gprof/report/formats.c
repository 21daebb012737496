/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * formats.c: the table of output formats (formats.h).  A new format is
 * its printer in a file of its own and one row here.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdbool.h>
#include <string.h>

#include "report/formats.h"
#include "report/printers.h"

/* The order the refusals and --help list them in ("only one of --json,
 * --dot, ..."). */
const struct report_format report_formats[] = {
	{ .name = "json",
	  .description = "one JSON document instead of the text reports",
	  .print = print_json,
	  .print_diff = print_json_diff,
	  .goes_with = FORMAT_THREADS | FORMAT_PROCESSES | FORMAT_TIMELINE | FORMAT_DIFF },
	{ .name = "dot",
	  .description = "the call graph as a Graphviz (DOT) picture",
	  .print_picture = print_dot,
	  .print_picture_diff = print_dot_diff,
	  .goes_with = FORMAT_DIFF },
	{ .name = "folded",
	  .description = "the call stacks, one line each: main;f;g SAMPLES",
	  .print = print_folded,
	  .goes_with = FORMAT_THREADS },
	{ .name = "callgrind",
	  .description = "the profile in the callgrind format (KCachegrind)",
	  .print = print_callgrind },
	{ .name = "flame",
	  .description = "the call stacks as an SVG flame graph",
	  .print_picture = print_flame },
	{ .name = "pprof",
	  .description = "the profile in pprof's format (profile.proto, gzipped)",
	  .print = print_pprof,
	  .goes_with = FORMAT_THREADS },
	{ .name = "html",
	  .description = "one self-contained HTML page to explore in a browser",
	  .print = print_html,
	  .print_diff = print_html_diff,
	  .goes_with = FORMAT_TIMELINE | FORMAT_DIFF,
	  .shows_threads = true },
};

const size_t report_format_count = sizeof(report_formats) / sizeof(report_formats[0]);

const struct report_format *report_format_find(const char *name)
{
	size_t i;

	for (i = 0; i < report_format_count; i++)
		if (strcmp(report_formats[i].name, name) == 0)
			return &report_formats[i];
	return NULL;
}

static bool listed(const struct report_format *format, unsigned mask)
{
	return (format->goes_with & mask) == mask;
}

void report_format_list(char *buffer, size_t size, unsigned mask, const char *first,
			const char *conjunction)
{
	size_t i, count = first != NULL, done = 0, used = 0;

	for (i = 0; i < report_format_count; i++)
		count += listed(&report_formats[i], mask);
	buffer[0] = '\0';
	if (first) {
		used += (size_t)snprintf(buffer, size, "%s", first);
		done++;
	}
	for (i = 0; i < report_format_count && used < size; i++) {
		if (!listed(&report_formats[i], mask))
			continue;
		done++;
		used += (size_t)snprintf(buffer + used, size - used, "%s--%s",
					 done == 1       ? ""
					 : done == count ? conjunction
							 : ", ",
					 report_formats[i].name);
	}
}

void report_format_usage(FILE *out)
{
	size_t i;

	for (i = 0; i < report_format_count; i++)
		fprintf(out, "  --%-20s%s\n", report_formats[i].name,
			report_formats[i].description);
}

void report_format_print(const struct report_format *format, const struct view *v,
			 const struct options *opt, struct report_out *out)
{
	if (format->print_picture)
		format->print_picture(v, &opt->picture, out);
	else
		format->print(v, out);
}

void report_format_print_diff(const struct report_format *format, const struct comparison *c,
			      struct report_out names[2], const struct options *opt, FILE *f)
{
	if (format->print_picture_diff)
		format->print_picture_diff(c, names, &opt->picture, f);
	else
		format->print_diff(c, names, f);
}
