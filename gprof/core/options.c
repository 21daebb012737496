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
	opt->format = FORMAT_AUTO;
	opt->picture.node_threshold = 0.5;
	opt->picture.edge_threshold = 0.1;
	opt->picture.depth = -1;
	opt->executable = "a.out";
}

void options_add_symspec(struct options *opt, const char *text, enum symspec_table table)
{
	struct symspec_request *r = xcalloc(1, sizeof(*r));

	r->text = xstrdup(text);
	r->table = table;
	r->next = opt->symspecs;
	opt->symspecs = r;
}

const char *options_first_symspec(const struct options *opt, enum symspec_table table)
{
	const struct symspec_request *r, *first = NULL;

	for (r = opt->symspecs; r; r = r->next)
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
		opt->search_dirs = xrealloc(opt->search_dirs, (opt->search_dir_count + 1) *
								      sizeof(*opt->search_dirs));
		opt->search_dirs[opt->search_dir_count++] = dir;
		if (!colon)
			break;
		start = colon + 1;
	}
}

void options_free(struct options *opt)
{
	struct symspec_request *r, *next;
	size_t i;

	for (r = opt->symspecs; r; r = next) {
		next = r->next;
		free(r->text);
		free(r);
	}
	opt->symspecs = NULL;
	for (i = 0; i < opt->search_dir_count; i++)
		free(opt->search_dirs[i]);
	free(opt->search_dirs);
	free(opt->debug_dirs);
	opt->debug_dirs = NULL;
	opt->debug_dir_count = 0;
	opt->search_dirs = NULL;
	opt->search_dir_count = 0;
}
