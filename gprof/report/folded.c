/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * folded.c: --folded, the call stacks one line each, outermost frame
 * first, the frames' names joined by ';' and the samples after a space:
 * "main;heavy;work 123", the "folded stacks" that FlameGraph's
 * flamegraph.pl, speedscope and inferno read.  Names are spelled as in
 * every other view (report.c's frame_name): demangled, spaces kept (those
 * tools split the count at the line's last space), a function of a
 * library followed by its object's name, "read [libc.so.6]", so that two
 * functions of one name stay two frames.  A frame no symbol holds is
 * "[unknown]".  Stacks
 * that fold to the same line (different addresses in one function) are
 * one line; the lines sum to the stacks' samples.  With --threads each
 * line starts with a frame for its thread, "NAME-TID" (as FlameGraph's
 * stackcollapse-perf.pl --tid starts one with the command and the ids),
 * "[unknown thread]" for a stack of no known thread.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/printers.h"
#include "core/util.h"

/* A line: its text in the arena, and its samples. */
struct folded_line {
	size_t at;
	uint64_t samples;
};

static const char *sorting_arena;

static int compare_line(const void *lp, const void *rp)
{
	const struct folded_line *l = lp, *r = rp;

	return strcmp(sorting_arena + l->at, sorting_arena + r->at);
}

/* A name as a folded frame, in place: ';' separates frames and a line
 * ends the stack, so neither may appear in it (the count follows the
 * last space: spaces inside names stay). */
static char *folded_name(char *s)
{
	char *p;

	for (p = s; *p; p++)
		*p = *p == ';' ? ':' : *p == '\n' ? '?' : *p;
	return s;
}

/* Each symbol's folded name, made the first time a frame needs it. */
static const char *name_of(struct report_out *out, char **names, const struct symbol *base,
			   const struct symbol *sym)
{
	if (sym == NULL)
		return "[unknown]";
	if (names[sym - base] == NULL)
		names[sym - base] = folded_name(frame_name(out, sym));
	return names[sym - base];
}

/* A stack's thread as its first frame: "NAME-TID". */
static char *thread_frame(const struct model *m, uint32_t thread)
{
	const struct model_thread *t;
	char *name, *frame;
	size_t size;

	if (thread == 0 || thread > m->process.thread_count)
		return xstrdup("[unknown thread]");
	t = &m->process.threads[thread - 1];
	name = folded_name(xstrdup(t->shown));
	size = strlen(name) + 16;
	frame = xmalloc(size);
	snprintf(frame, size, "%s-%u", name, t->tid);
	free(name);
	return frame;
}

void print_folded(const struct view *v, struct report_out *out)
{
	const struct model *m = v->model;
	const struct model_stacks *st = &m->process.stacks;
	struct folded_line *lines = xcalloc(st->count + 1, sizeof(*lines));
	char **names = xcalloc(m->symbols.count + 1, sizeof(*names));
	struct frame_cache *cache = frame_cache_new();
	char *arena = NULL;
	size_t w, n = 0, i, used = 0, room = 0;

	if (!st->present || st->samples == 0)
		fatal("the profile has no call stacks: record them with libgmon's stack sampling "
		      "(GMON_STACK_DEPTH, doc/runtime.md) to get --folded");
	if (v->options.threads && m->process.thread_count == 0)
		fatal("the profile does not say which thread each call stack came from: "
		      "--threads needs the thread stacks libgmon records with its call stacks "
		      "(doc/runtime.md, \"Threads\")");
	for (w = 0; w < st->word_count;) {
		const uint64_t *stack = st->words + w;
		size_t depth = (size_t)(stack[1] >> 32), d;

		w += 2 + depth;
		lines[n].at = used;
		lines[n++].samples = stack[0];
		if (v->options.threads) {
			uint32_t thread = MODEL_STACK_THREAD(stack[1]);
			char *frame = thread_frame(m, thread);
			size_t len = strlen(frame);

			if (used + len + 2 > room) {
				room = 2 * (used + len + 2) + 4096;
				arena = xrealloc(arena, room);
			}
			memcpy(arena + used, frame, len);
			used += len;
			arena[used++] = depth ? ';' : '\0';
			free(frame);
		}
		for (d = depth; d-- > 0;) {
			const char *name = name_of(out, names, m->symbols.base,
						   frame_cache_symbol(m, cache, stack + 2, d));
			size_t len = strlen(name);

			if (used + len + 2 > room) {
				room = 2 * (used + len + 2) + 4096;
				arena = xrealloc(arena, room);
			}
			memcpy(arena + used, name, len);
			used += len;
			arena[used++] = d ? ';' : '\0';
		}
		if (depth == 0) {
			if (used + 1 > room) {
				room = 2 * used + 4096;
				arena = xrealloc(arena, room);
			}
			arena[used++] = '\0';
		}
	}
	/* the lines' own text sorted (names as this format spells them, the
	 * thread's frame first): stacks that fold to one line meet and are
	 * summed; no view holds this format's names to do it earlier */
	sorting_arena = arena;
	qsort(lines, n, sizeof(*lines), compare_line);
	for (i = 0; i < n; i++) {
		uint64_t samples = lines[i].samples;

		while (i + 1 < n && strcmp(arena + lines[i].at, arena + lines[i + 1].at) == 0) {
			i++;
			samples = samples + lines[i].samples < samples ? UINT64_MAX
								       : samples + lines[i].samples;
		}
		if (samples)
			fprintf(out->file, "%s %llu\n", arena + lines[i].at,
				(unsigned long long)samples);
	}
	for (i = 0; i < m->symbols.count; i++)
		free(names[i]);
	free(names);
	free(cache);
	free(arena);
	free(lines);
}
