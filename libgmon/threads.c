/* SPDX-License-Identifier: BSD-2-Clause
 *
 * threads.c: pthread_create, wrapped so that every thread the program
 * starts tells the stack walk where its stack is before it runs any of
 * the program's code (stacks.c, gmon_stack_bounds_here), and gets its
 * own CPU-time timer (clock_thread.c, through the sampler).  The walk reads
 * a thread's stack only between the sampled stack pointer and the
 * stack's top, both known; a thread it was not told of (started through
 * the C library's own pthread_create in a program that links libgmon.a
 * and calls it from a shared library, as std::thread does) learns its
 * bounds and enters the thread table at its first sample instead
 * (unwind.c, thread_table.c).  Defined here, it takes
 * precedence over the C library's in a static link (this file is linked
 * only into programs that call pthread_create) and by interposition
 * through LD_PRELOAD.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Ordinary context only, as pthread_create itself (it may allocate).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "sampler.h"
#include "stacks.h"
#include "onstack.h"
#include "thread_table.h"
#include "threads.h"
#include "unwind.h"

/* With musl, libgmon.a leaves pthread_create alone: in a static link
 * there would be no C library's pthread_create to call (musl's is a weak
 * alias in a member nothing else pulls in, its real name hidden in
 * libc.so), and a static build cannot be told from a dynamic one here.
 * Threads of musl programs linked with libgmon.a then record their
 * sampled addresses only; with LD_PRELOAD=libgmon.so they are walked. */
#if defined(__GLIBC__) || defined(GMON_SHARED)
typedef int create_fn(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

/* In a static link the C library's pthread_create is a weak alias of
 * this, which is linked in with it (by timer_create, which the sampler
 * calls); dynamically, the next definition after ours. */
extern create_fn __pthread_create __attribute__((weak));

static create_fn *real_create;

struct start {
	void *(*routine)(void *);
	void *arg;
	uint64_t held; /* the creator's bits held for a handler (onstack.c) */
};

/* The new thread: its stack's bounds first, then the program's routine,
 * called last so that it returns straight to the C library's start code
 * and no frame of ours shows in its stacks. */
static void *start_thread(void *p)
{
	struct start s = *(struct start *)p;
	free(p);
	gmon_onstack_release(s.held); /* inherited from a handler: not the program's */
	gmon_stack_bounds_here();
	gmon_thread_here(); /* its id and name, for its stacks (thread_table.c) */
	gmon_sampler_thread_here((uintptr_t)s.routine); /* its CPU-time timer (clock_thread.c) */
	return s.routine(s.arg);
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*routine)(void *),
		   void *arg)
{
	create_fn *real = __atomic_load_n(&real_create, __ATOMIC_ACQUIRE);
	if (!real) {
		real = __pthread_create ? __pthread_create
					: (create_fn *)dlsym(RTLD_NEXT, "pthread_create");
		if (!real)
			return EAGAIN;
		__atomic_store_n(&real_create, real, __ATOMIC_RELEASE);
	}
	if (!__atomic_load_n(&gmon_stacks_enabled, __ATOMIC_ACQUIRE) &&
	    !gmon_sampler_wants_threads())
		return real(thread, attr, routine, arg);
	struct start *s = malloc(sizeof *s);
	if (!s)
		return real(thread, attr, routine, arg);
	s->routine = routine;
	s->arg = arg;
	s->held = gmon_onstack_hidden();
	int rc = real(thread, attr, start_thread, s);
	if (rc != 0)
		free(s);
	return rc;
}

#ifndef GMON_SHARED
extern char _DYNAMIC[] __attribute__((weak)); /* none in a static program */
#endif

int gmon_threads_all_wrapped(void)
{
#ifdef GMON_SHARED
	return 1;
#else
	/* a shared library's calls bind to the first pthread_create the
	 * loader finds: ours only if the executable exports it */
	return !_DYNAMIC || dlsym(RTLD_DEFAULT, "pthread_create") == (void *)pthread_create;
#endif
}
#endif
