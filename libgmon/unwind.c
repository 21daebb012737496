/* SPDX-License-Identifier: BSD-2-Clause
 *
 * unwind.c: where an unwinder may read (unwind.h): each thread's stack
 * bounds, and the ranges of one walk.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * gmon_unwind_ranges runs in the clock's signal handler: no stdio, no
 * malloc, no locks, no system call.  The bounds are set outside any
 * handler (start-up, a new thread) and may make system calls there.  The walk
 * loads stack words only between the sampled stack pointer and the top
 * of the stack that pointer is on (the thread's own, its bounds kept per
 * thread; or the alternate signal stack, its bounds in the signal's
 * context): nothing it reads can be unmapped by another thread while it
 * reads.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include "maps.h"
#include "unwind.h"

/* How far below the main thread's stack top a stack pointer is taken to
 * be on that stack (where it grows down): the kernel places no mapping
 * within 128 MiB below it but one asked for at a fixed address. */
#define MAIN_STACK_WINDOW (64ul << 20)

/*
 * Each thread's stack, as far as the walk may read it: [low, top) is
 * mapped for as long as the thread runs on it.  Kept in the thread's own
 * storage (initial-exec: a load relative to the thread pointer, safe in
 * a signal handler), written by the thread itself outside any handler:
 * at start-up for the main thread, first thing for a thread started
 * through pthread_create (threads.c).  A thread's storage starts zeroed:
 * top 0 means unknown, and such a thread's samples record their address
 * only.  The main thread's stack grows down on demand: a stack pointer
 * up to MAIN_STACK_WINDOW below its top is on it, and low follows the
 * lowest stack pointer sampled there (the stack never shrinks back).
 */
struct thread_stack {
	uintptr_t low, top;
	int grows; /* the main thread's */
};
static __thread struct thread_stack thread_stack __attribute__((tls_model("initial-exec")));

void gmon_stack_bounds_here(void)
{
	pthread_attr_t attr;
	void *addr;
	size_t size;
	if (pthread_getattr_np(pthread_self(), &attr) != 0)
		return;
	if (pthread_attr_getstack(&attr, &addr, &size) == 0 && size > 0) {
		thread_stack.low = (uintptr_t)addr;
		thread_stack.grows = 0;
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		thread_stack.top = (uintptr_t)addr + size;
	}
	pthread_attr_destroy(&attr);
}

/* The main thread's stack at start-up: the mapping that holds this
 * function's frame, from /proc/self/maps (maps.c: lines of any length);
 * without /proc, from here to the program's name, which the kernel put
 * near the stack's top. */
void gmon_stack_bounds_main(void)
{
	uintptr_t here = (uintptr_t)__builtin_frame_address(0), low = 0, top = 0;
	int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		if (gmon_maps_find(fd, here, &low, &top) != 0)
			low = top = 0;
		close(fd);
	}
	if (!top) {
		uintptr_t name = (uintptr_t)getauxval(AT_EXECFN);
		if (name <= here)
			return;
		low = here & ~(uintptr_t)4095;
		top = name;
	}
	thread_stack.low = low;
	thread_stack.grows = 1;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	thread_stack.top = top;
}

/* A thread nobody told us of (started by the C library's own
 * pthread_create, which libgmon.a's cannot interpose on: std::thread in
 * libstdc++.so, C11 thrd_create, timers' threads, libraries' pools),
 * met at its first sample: in the handler, so only async-signal-safe
 * work.  Its thread pointer is above its stack: glibc and musl put the
 * thread's control block and static TLS at the top of the block they map
 * for it (or of the stack given with pthread_attr_setstack), the stack
 * growing down from just below.  [sp, thread pointer) is then taken as
 * the stack when it is less than MAIN_STACK_WINDOW long and mapped whole
 * (msync fails with ENOMEM on a range with a hole: one system call, once
 * per thread, errno kept); it grows down as the main thread's does.
 * Otherwise (a raw clone with TLS elsewhere) the thread stays unknown,
 * its samples keep their address only. */
static __thread int stack_tried __attribute__((tls_model("initial-exec")));

static void bounds_at_first_sample(struct thread_stack *t, uintptr_t sp)
{
	if (stack_tried)
		return;
	stack_tried = 1;
	uintptr_t top = (uintptr_t)__builtin_thread_pointer();
	uintptr_t page = sp & ~(uintptr_t)4095;
	if (top <= sp || top - sp > MAIN_STACK_WINDOW)
		return;
	int saved = errno;
	long rc = syscall(SYS_msync, (void *)page, top - page, MS_ASYNC);
	errno = saved;
	if (rc != 0)
		return;
	t->low = sp;
	t->grows = 1;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	t->top = top;
}

/* What a walk may read: from the stack pointer sp to the top of the
 * stack it is on; and, when that is the alternate signal stack (a
 * handler of the program's was interrupted; its bounds are in the
 * context), the thread's own stack too, where the frames below the
 * handler are. */
void gmon_unwind_ranges(struct gmon_unwind *w, const void *context, uintptr_t sp)
{
	const ucontext_t *uc = context;
	struct thread_stack *t = &thread_stack;
	uintptr_t top = t->top;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	w->low1 = w->high1 = w->low2 = w->high2 = 0;
	/* The kernel saves the thread's alternate stack as configured, and
	 * the flags it saves say SS_ONSTACK on old kernels only (6.18 saves
	 * the flags the stack was set with): the stack pointer says whether
	 * the handler runs on it. */
	if (!(uc->uc_stack.ss_flags & SS_DISABLE) && uc->uc_stack.ss_size > 0) {
		uintptr_t alt = (uintptr_t)uc->uc_stack.ss_sp;
		uintptr_t alt_top = alt + uc->uc_stack.ss_size;
		if (sp >= alt && sp < alt_top && alt_top > alt) {
			w->low1 = sp;
			w->high1 = alt_top;
			if (top) {
				w->low2 = t->low;
				w->high2 = top;
			}
			return;
		}
	}
	if (!top) {
		bounds_at_first_sample(t, sp);
		top = t->top;
	}
	if (!top || sp >= top)
		return;
	if (t->grows ? top - sp <= MAIN_STACK_WINDOW : sp >= t->low) {
		w->low1 = sp;
		w->high1 = top;
		if (t->grows && sp < t->low)
			t->low = sp; /* mapped now, and for good */
	}
}
