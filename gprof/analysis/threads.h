/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * threads.h: the profile of each thread (threads.c), from the call
 * stacks of a process file that says which thread each came from
 * (doc/format.md, "Tag 6, thread stacks").
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_THREADS_H
#define GPROF_THREADS_H

#include "core/model.h"

/* One function's samples in one thread. */
struct thread_row {
	const struct symbol *sym;
	uint64_t samples;
};

/* One thread's flat profile: its samples (every stack of it, whether a
 * function holds its innermost frame or not), and each function's, by
 * samples (descending), then as the flat profile breaks ties (name,
 * address). */
struct thread_profile {
	const struct model_thread *thread; /* NULL: stacks of no known thread */
	size_t number;                     /* in m->process.threads; thread_count: none */
	uint64_t samples;
	struct thread_row *rows;
	size_t row_count;
};

struct thread_profiles {
	struct thread_profile *profiles;
	size_t count;
	size_t without_samples; /* threads named but never sampled (the main
				   * thread apart): not in profiles */
};

/* The thread of a stack whose second word is word: its number in
 * m->process.threads, or m->process.thread_count for a stack of no
 * known thread (model.h's MODEL_STACK_THREAD field, 0 or out of range). */
size_t thread_of_stack(const struct model *m, uint64_t word);

/* Every thread the profile names that has samples, and the main thread
 * (the others without samples are only counted: 100,000 short threads
 * would make 100,000 empty profiles), then the samples of no known
 * thread if any, in the order --threads prints:
 * by samples (descending), then by thread id, then by run and the order
 * the runtime met them; the unknown last.  false if the profile has no
 * thread record (a process file without tag 6). */
bool thread_profiles_build(const struct model *m, struct thread_profiles *tp);
void thread_profiles_free(struct thread_profiles *tp);

#endif
