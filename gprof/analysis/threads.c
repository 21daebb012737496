/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * threads.c: each thread's flat profile, from its call stacks: a
 * stack's samples go to the function of its innermost frame (the
 * sampled program counter), in the stack's thread.  Computed here once,
 * for every view that shows threads (the text reports' --threads,
 * --json's "threads").
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "gmon_out.h"
#include "analysis/threads.h"
#include "core/util.h"

static struct symbol *owner(struct symbol *sym)
{
	return sym && sym->alias_of ? sym->alias_of : sym;
}

static int compare_row(const void *lp, const void *rp)
{
	const struct thread_row *l = lp, *r = rp;

	if (l->samples != r->samples)
		return l->samples < r->samples ? 1 : -1;
	if (l->sym->name_rank != r->sym->name_rank)
		return l->sym->name_rank > r->sym->name_rank ? 1 : -1;
	return (l->sym->address > r->sym->address) - (l->sym->address < r->sym->address);
}

static int compare_profile(const void *lp, const void *rp)
{
	const struct thread_profile *l = lp, *r = rp;

	if (!l->thread != !r->thread)
		return l->thread ? -1 : 1;
	if (l->samples != r->samples)
		return l->samples < r->samples ? 1 : -1;
	if (l->thread && l->thread->tid != r->thread->tid)
		return l->thread->tid > r->thread->tid ? 1 : -1;
	return (l->number > r->number) - (l->number < r->number);
}

/* One stack's samples, credited to (thread slot, function). */
struct credit {
	size_t slot;
	const struct symbol *sym;
	uint64_t samples;
};

static int compare_credit(const void *lp, const void *rp)
{
	const struct credit *l = lp, *r = rp;

	if (l->slot != r->slot)
		return l->slot > r->slot ? 1 : -1;
	return (l->sym > r->sym) - (l->sym < r->sym);
}

static uint64_t add_saturating(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

size_t thread_of_stack(const struct model *m, uint64_t word)
{
	uint32_t thread = MODEL_STACK_THREAD(word);

	return thread && thread <= m->process.thread_count ? thread - 1 : m->process.thread_count;
}

bool thread_profiles_build(const struct model *m, struct thread_profiles *tp)
{
	const struct model_stacks *st = &m->process.stacks;
	size_t threads = m->process.thread_count, slots = threads + 1, i, w, n = 0;
	struct frame_cache *cache;
	struct credit *credits; /* memory: one per stack, whatever the threads */

	memset(tp, 0, sizeof(*tp));
	if (threads == 0)
		return false;
	tp->profiles = xcalloc(slots, sizeof(*tp->profiles));
	credits = xcalloc(st->count + 1, sizeof(*credits));
	cache = frame_cache_new();
	for (i = 0; i < slots; i++) {
		tp->profiles[i].number = i;
		tp->profiles[i].thread = i < threads ? &m->process.threads[i] : NULL;
	}
	for (w = 0; w < st->word_count;) {
		const uint64_t *stack = st->words + w;
		size_t depth = (size_t)(stack[1] >> 32);
		size_t slot = thread_of_stack(m, stack[1]);
		struct thread_profile *p = &tp->profiles[slot];
		struct symbol *sym;

		w += 2 + depth;
		p->samples = add_saturating(p->samples, stack[0]);
		sym = depth ? owner(frame_cache_symbol(m, cache, stack + 2, 0)) : NULL;
		if (sym && stack[0] && n < st->count)
			credits[n++] = (struct credit){ slot, sym, stack[0] };
	}
	free(cache);
	qsort(credits, n, sizeof(*credits), compare_credit);
	for (i = 0; i < n;) {
		struct thread_profile *p = &tp->profiles[credits[i].slot];
		size_t k, rows = 0;

		for (k = i; k < n && credits[k].slot == credits[i].slot; k++)
			rows += k == i || credits[k].sym != credits[k - 1].sym;
		p->rows = xcalloc(rows + 1, sizeof(*p->rows));
		for (k = i; k < n && credits[k].slot == credits[i].slot; k++) {
			if (k == i || credits[k].sym != credits[k - 1].sym)
				p->rows[p->row_count++] = (struct thread_row){ credits[k].sym, 0 };
			p->rows[p->row_count - 1].samples =
				add_saturating(p->rows[p->row_count - 1].samples,
					       credits[k].samples);
		}
		qsort(p->rows, p->row_count, sizeof(*p->rows), compare_row);
		i = k;
	}
	free(credits);
	/* a thread without samples is counted, not kept, but for the main
	 * thread (the process's own, one at most a run); the unknown thread
	 * only when some stack belongs to it */
	for (i = 0, n = 0; i < slots; i++) {
		const struct model_thread *t = tp->profiles[i].thread;

		if (tp->profiles[i].samples == 0 && !(t && (t->flags & GMON_THREAD_FLAG_MAIN))) {
			tp->without_samples += i < threads;
			free(tp->profiles[i].rows);
			continue;
		}
		tp->profiles[n++] = tp->profiles[i];
	}
	tp->count = n;
	qsort(tp->profiles, tp->count, sizeof(*tp->profiles), compare_profile);
	return true;
}

void thread_profiles_free(struct thread_profiles *tp)
{
	size_t i;

	for (i = 0; i < tp->count; i++)
		free(tp->profiles[i].rows);
	free(tp->profiles);
	memset(tp, 0, sizeof(*tp));
}
