/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * folded.c: --folded, the call stacks one line each, outermost frame
 * first, the frames' names joined by ';' and the samples after a space:
 * "main;heavy;work 123", the "folded stacks" that FlameGraph's
 * flamegraph.pl, speedscope and inferno read.  Names are the plain
 * (demangled) names, without the object's name: what those tools and
 * their users expect.  A frame no symbol holds is "[unknown]".  Stacks
 * that fold to the same line (different addresses in one function) are
 * one line; the lines sum to the stacks' samples.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "printers.h"
#include "util.h"

struct folded_line {
	char *text;
	uint64_t samples;
};

static int compare_line(const void *lp, const void *rp)
{
	const struct folded_line *l = lp, *r = rp;

	return strcmp(l->text, r->text);
}

/* A name as a folded frame: ';' separates frames and the last space the
 * count, so neither may appear in it (C++ names hold spaces). */
static void append_name(char **buf, size_t *len, size_t *cap, const char *name)
{
	size_t n = strlen(name), i;

	if (*len + n + 2 > *cap) {
		*cap = 2 * (*len + n + 2);
		*buf = xrealloc(*buf, *cap);
	}
	for (i = 0; i < n; i++) {
		char ch = name[i];

		(*buf)[(*len)++] = ch == ';' ? ':' : ch == ' ' ? '_' : ch == '\n' ? '?' : ch;
	}
	(*buf)[*len] = '\0';
}

void print_folded(const struct model *m, const struct options *opt, struct report_out *out)
{
	const struct model_stacks *st = &m->process.stacks;
	struct folded_line *lines = xcalloc(st->count + 1, sizeof(*lines));
	size_t w, n = 0, i;

	(void)opt;
	if (!st->present || st->samples == 0)
		fatal("the profile has no call stacks: record them with libgmon's stack sampling "
		      "(GMON_STACK_DEPTH, doc/runtime.md) to get --folded");
	for (w = 0; w < st->word_count;) {
		const uint64_t *stack = st->words + w;
		size_t depth = (size_t)(stack[1] >> 32), len = 0, cap = 64, d;
		char *buf = xmalloc(cap);

		buf[0] = '\0';
		w += 2 + depth;
		for (d = depth; d-- > 0;) {
			const struct symbol *sym = stack_frame_symbol(m, stack + 2, d);
			char *to_free = NULL;

			if (len) {
				append_name(&buf, &len, &cap, "");
				buf[len++] = ';';
				buf[len] = '\0';
			}
			if (sym == NULL) {
				append_name(&buf, &len, &cap, "[unknown]");
				continue;
			}
			append_name(&buf, &len, &cap, display_name(out, sym, &to_free));
			free(to_free);
		}
		lines[n].text = buf;
		lines[n++].samples = stack[0];
	}
	qsort(lines, n, sizeof(*lines), compare_line);
	for (i = 0; i < n; i++) {
		uint64_t samples = lines[i].samples;

		while (i + 1 < n && strcmp(lines[i].text, lines[i + 1].text) == 0) {
			free(lines[i].text);
			i++;
			samples = samples + lines[i].samples < samples ? UINT64_MAX
								 : samples + lines[i].samples;
		}
		if (samples)
			fprintf(out->file, "%s %llu\n", lines[i].text, (unsigned long long)samples);
		free(lines[i].text);
	}
	free(lines);
}
