/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * page_sources.c: the source files --html may embed (page_sources.h).
 * A page is made to be shared, and the executable's debug information
 * names its files: "#line 1 "/home/me/.ssh/id_rsa"" in a program handed
 * to someone would put the key into the page they publish.  So a file
 * is embedded only when the file actually opened (its real path, read
 * back from the descriptor, so that neither "..", nor a link, nor a
 * search directory joined with the name can lead elsewhere) lies under
 * a compilation directory of the program's units or a directory the
 * user gave (-I, $GPROF_PATH).  A compilation directory of "/" allows
 * nothing: it would allow everything.  Opening is report_open_source's:
 * a regular file, without blocking, outside the kernel's trees.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/page_sources.h"
#include "report/report.h"
#include "core/util.h"

static void add_dir(struct page_sources *ps, const char *dir, bool root_allowed)
{
	char *real = realpath(dir, NULL);
	size_t i;

	if (real == NULL)
		return;
	if (!root_allowed && strcmp(real, "/") == 0) {
		free(real);
		return;
	}
	for (i = 0; i < ps->count; i++)
		if (strcmp(ps->dirs[i], real) == 0) {
			free(real);
			return;
		}
	ps->dirs = xrealloc(ps->dirs, (ps->count + 1) * sizeof(*ps->dirs));
	ps->dirs[ps->count++] = real;
}

void page_sources_init(struct page_sources *ps, const struct view *v)
{
	size_t i;

	ps->dirs = NULL;
	ps->count = 0;
	for (i = 0; i < v->unit_dir_count; i++)
		add_dir(ps, v->unit_dirs[i], false);
	for (i = 0; i < v->options.search_dir_count; i++) /* the user's own choice */
		add_dir(ps, v->options.search_dirs[i], true);
}

/* Is path within dir (both real paths)? */
static bool under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	if (strcmp(dir, "/") == 0)
		return path[0] == '/';
	return strncmp(path, dir, n) == 0 && path[n] == '/';
}

FILE *page_sources_open(const struct page_sources *ps, const struct view *v, const char *name)
{
	char link[64], real[PATH_MAX];
	const char *why;
	FILE *in;
	ssize_t n;
	size_t i;

	if (ps->count == 0)
		return NULL;
	in = report_open_source(v->options.search_dirs, v->options.search_dir_count, name, &why);
	if (in == NULL)
		return NULL;
	/* the file opened, not the name: without /proc, nothing is embedded */
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fileno(in));
	n = readlink(link, real, sizeof(real) - 1);
	if (n > 0) {
		real[n] = '\0';
		for (i = 0; i < ps->count; i++)
			if (under(real, ps->dirs[i]))
				return in;
	}
	fclose(in);
	return NULL;
}

void page_sources_free(struct page_sources *ps)
{
	size_t i;

	for (i = 0; i < ps->count; i++)
		free(ps->dirs[i]);
	free(ps->dirs);
	ps->dirs = NULL;
	ps->count = 0;
}
