/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * formats.c: the table of output formats (formats.h).  A new format is
 * its printer in a file of its own and one row here.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <string.h>

#include "report/formats.h"
#include "report/printers.h"

/* The order the refusals list them in ("only one of --json, --dot, ..."). */
const struct report_format report_formats[] = {
	{ .name = "json", .print = print_json, .print_diff = print_json_diff },
	{ .name = "dot", .print = print_dot, .print_diff = print_dot_diff },
	{ .name = "folded", .print = print_folded },
	{ .name = "callgrind", .print = print_callgrind },
	{ .name = "flame", .print = print_flame },
	{ .name = "pprof", .print = print_pprof },
	{ .name = "html", .print = print_html, .print_diff = print_html_diff, .shows_threads = true },
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

void report_format_list(char *buffer, size_t size, int for_diff)
{
	size_t i, listed = 0, count = 0, used = 0;

	for (i = 0; i < report_format_count; i++)
		count += !for_diff || report_formats[i].print_diff;
	buffer[0] = '\0';
	for (i = 0; i < report_format_count && used < size; i++) {
		if (for_diff && !report_formats[i].print_diff)
			continue;
		listed++;
		used += (size_t)snprintf(buffer + used, size - used, "%s--%s",
					 listed == 1 ? "" : listed == count ? " and " : ", ",
					 report_formats[i].name);
	}
}
