/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * stack_arcs.c: the calls seen in the stacks but never counted.
 *
 * The runtime counts a call when the callee's prologue calls the hook:
 * calls into code built without -pg (the C library, libm, libstdc++, the
 * start-up code) and every call inside it are never counted.  The call
 * stacks show them all: frame d + 1 called frame d.  Each such pair
 * whose functions have no arc becomes one, marked uncounted, so that
 * the call graph (and every view of it: text, JSON, DOT, callgrind,
 * HTML) links a library function to its callers, with its times
 * measured from the stacks (stack_times.c) and its count left empty.
 * A program without hooks at all (gprof-run) gets all its arcs here.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include "analysis/callgraph.h"
#include "analysis/stack_arcs.h"

void stack_arcs_add(struct model *m)
{
	const struct model_stacks *st = &m->process.stacks;
	size_t w, d;

	if (!st->present)
		return;
	for (w = 0; w + 2 <= st->word_count;) {
		const uint64_t *stack = st->words + w;
		size_t depth = (size_t)(stack[1] >> 32);

		if (depth > st->word_count - w - 2)
			break;
		/* frames are the sampled pc, then return addresses: a return
		 * address less one is inside the call, in the caller */
		for (d = 0; d + 1 < depth; d++)
			callgraph_add_uncounted(m, stack[2 + d + 1] - 1, stack[2 + d] - (d > 0));
		w += 2 + depth;
	}
}
