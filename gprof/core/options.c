/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * options.c: the options struct's defaults and the lists it owns.  The
 * command line itself is parsed by gprof.c.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "core/options.h"
#include "core/util.h"

void options_init(struct options *opt)
{
	memset(opt, 0, sizeof(*opt));
	opt->names.demangle = true;
	opt->text.width = 80;
	opt->text.table_length = 10;
	opt->text.min_count = 1;
	opt->read.format = FORMAT_AUTO;
	opt->picture.node_threshold = 0.5;
	opt->picture.edge_threshold = 0.1;
	opt->picture.depth = -1;
	opt->read.executable = "a.out";
}

void options_add_symspec(struct options *opt, const char *text, enum symspec_table table)
{
	struct symspec_request *r = xcalloc(1, sizeof(*r));

	r->text = xstrdup(text);
	r->table = table;
	r->next = opt->read.symspecs;
	opt->read.symspecs = r;
}

void options_complete(struct options *opt)
{
	opt->view.line_granularity = opt->read.line_granularity;
	opt->names.line_granularity = opt->read.line_granularity;
	opt->read.show_zeros = opt->view.show_zeros;
	opt->read.sum = (opt->view.report & REPORT_SUM) != 0;
	opt->read.call_sites = opt->mode.output != NULL || opt->mode.diff;
	opt->view.gnu_index = (opt->read.gnu_quirks & QUIRK_INDEX) != 0;
	opt->names.traditional = opt->text.traditional;
	opt->picture.symspecs = opt->read.symspecs;
}

const char *symspec_first(const struct symspec_request *list, enum symspec_table table)
{
	const struct symspec_request *r, *first = NULL;

	for (r = list; r; r = r->next)
		if (r->table == table)
			first = r; /* the list is newest first */
	return first ? first->text : NULL;
}

void options_add_search_path(struct options *opt, const char *paths)
{
	const char *start = paths;

	for (;;) {
		const char *colon = strchr(start, ':');
		size_t len = colon ? (size_t)(colon - start) : strlen(start);
		char *dir = xmalloc(len + 1);

		memcpy(dir, start, len);
		dir[len] = '\0';
		opt->view.search_dirs =
			xrealloc(opt->view.search_dirs,
				 (opt->view.search_dir_count + 1) * sizeof(*opt->view.search_dirs));
		opt->view.search_dirs[opt->view.search_dir_count++] = dir;
		if (!colon)
			break;
		start = colon + 1;
	}
}

void options_free(struct options *opt)
{
	struct symspec_request *r, *next;
	size_t i;

	for (r = opt->read.symspecs; r; r = next) {
		next = r->next;
		free(r->text);
		free(r);
	}
	opt->read.symspecs = NULL;
	opt->picture.symspecs = NULL;
	for (i = 0; i < opt->view.search_dir_count; i++)
		free(opt->view.search_dirs[i]);
	free(opt->view.search_dirs);
	free(opt->read.debug_dirs);
	opt->read.debug_dirs = NULL;
	opt->read.debug_dir_count = 0;
	opt->view.search_dirs = NULL;
	opt->view.search_dir_count = 0;
}
