/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * stack_arcs.c: the calls seen in the stacks but never counted.
 *
 * The runtime counts a call when the callee's prologue calls the hook:
 * calls into code built without -pg (the C library, libm, libstdc++, the
 * start-up code) and every call inside it are never counted.  The call
 * stacks show them all: frame d + 1 called frame d.  Each such pair
 * whose functions have no arc, the callee one whose calls were never
 * counted, becomes an arc, marked uncounted, so that
 * the call graph (and every view of it: text, JSON, DOT, callgrind,
 * HTML) links a library function to its callers, with its times
 * measured from the stacks (stack_times.c) and its count left empty.
 * A program without hooks at all (gprof-run) gets all its arcs here.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>

#include "analysis/callgraph.h"
#include "analysis/stack_arcs.h"

void stack_arcs_add(struct model *m)
{
	const struct model_stacks *st = &m->process.stacks;
	struct frame_cache *cache;
	size_t w, d;

	if (!st->present)
		return;
	cache = frame_cache_new();
	for (w = 0; w + 2 <= st->word_count;) {
		const uint64_t *stack = st->words + w;
		size_t depth = (size_t)(stack[1] >> 32);
		struct symbol *callee, *caller;

		if (depth > st->word_count - w - 2)
			break;
		/* a pair into a function whose calls were counted costs one
		 * cached lookup, a pair that has its arc two; the others go
		 * through the call graph's own rules (symspecs, -l).  Frames
		 * are the sampled pc, then return addresses: a return address
		 * less one is inside the call, in the caller. */
		callee = depth ? frame_cache_symbol(m, cache, stack + 2, 0) : NULL;
		for (d = 0; d + 1 < depth; d++, callee = caller) {
			caller = frame_cache_symbol(m, cache, stack + 2, d + 1);
			if (callee && caller && callee->calls == 0 &&
			    !arc_lookup(&m->arcs, caller, callee))
				callgraph_add_uncounted(m, stack[2 + d + 1] - 1,
							stack[2 + d] - (d > 0));
		}
		w += 2 + depth;
	}
	free(cache);
}
