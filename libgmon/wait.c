/* SPDX-License-Identifier: BSD-2-Clause
 *
 * wait.c: the blocking calls of the C library, wrapped (libgmon.so
 * only), for two things (doc/runtime.md, "Wall-clock time"):
 *
 *   - no call fails with EINTR because of the profiler.  The CPU-time
 *     clocks signal a thread only while it runs, but a timer that
 *     expires on the tick that finds the thread entering a wait makes
 *     poll, select, epoll_wait, nanosleep (so sleep and usleep) and
 *     sem_wait return EINTR, since the kernel restarts them after no
 *     handler, SA_RESTART or not.  Those are called with SIGPROF
 *     blocked, whenever the profile runs; a sample that falls then is
 *     taken when the call returns.  (read, recv, accept, waitpid, the
 *     locks and condition variables are restarted: left alone.)
 *   - with GMON_CLOCK=wall, the time a thread waits in any of them is
 *     measured (CLOCK_MONOTONIC around the call) and counted as samples
 *     of the clock's period, at the call site in the function that
 *     called, with that function's callers: the clock samples the
 *     threads that run, this accounts for the threads that wait, and no
 *     waiting thread is ever interrupted.
 *
 * Each wrapper calls the next definition (dlsym(RTLD_NEXT)), resolved
 * once.  A process where the profile never started calls straight
 * through.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * The wrappers run in the program's context (any thread, possibly a
 * signal handler of the program's): no malloc, no lock; a wait is
 * recorded through the sampler's consumers, which are async-signal-safe,
 * with SIGPROF blocked so that our own handler cannot interrupt them on
 * this thread.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include "sampler.h"
#include "state.h"
#include "wait.h"

/* Set by the sampler once its clock runs (atomic): 1 guard the calls
 * that a signal breaks; 2 also account for the time spent waiting. */
int gmon_wait_mode;
static uint64_t period_ns; /* one sample's worth of waiting */

#if defined(GMON_SHARED) && defined(__x86_64__)
#define WALL_SUPPORTED 1
#else
#define WALL_SUPPORTED 0
#endif

int gmon_wait_start(unsigned rate_hz, int wall)
{
	if (wall && (!WALL_SUPPORTED || rate_hz == 0))
		return -1;
	if (wall)
		period_ns = 1000000000ull / rate_hz;
	__atomic_store_n(&gmon_wait_mode, wall ? 2 : 1, __ATOMIC_RELEASE);
	return 0;
}

void gmon_wait_stop(void)
{
	__atomic_store_n(&gmon_wait_mode, 0, __ATOMIC_RELEASE);
}

#ifdef GMON_SHARED

/* Waiting time not yet worth a sample, per thread. */
static __thread uint64_t carry_ns __attribute__((tls_model("initial-exec")));

struct wait {
	int mode;    /* gmon_wait_mode at the start, or 0: nothing to do */
	int blocked; /* SIGPROF was blocked here */
	sigset_t old;
	struct timespec start;
};

static int block_prof(sigset_t *old)
{
	sigset_t prof;
	sigemptyset(&prof);
	sigaddset(&prof, SIGPROF);
	return pthread_sigmask(SIG_BLOCK, &prof, old) == 0;
}

static void begin(struct wait *w, int guard)
{
	w->mode = __atomic_load_n(&gmon_wait_mode, __ATOMIC_ACQUIRE);
	w->blocked = 0;
	if (!w->mode)
		return;
	if (w->mode == 2 && __atomic_load_n(&gmon_state, __ATOMIC_RELAXED) != GMON_ON)
		w->mode = 1;
	if (guard)
		w->blocked = block_prof(&w->old);
	if (w->mode == 2)
		clock_gettime(CLOCK_MONOTONIC, &w->start);
}

/* The call returned to the wrapper whose return address is ra and frame
 * frame (its saved frame pointer, then ra): record the wait as samples
 * at ra, in the caller, as if the caller had been interrupted there. */
static void __attribute__((noinline)) finish(struct wait *w, void *ra, void *frame)
{
	if (!w->mode)
		return;
	int saved_errno = errno;
	if (w->mode == 2 && period_ns) {
		struct timespec end;
		clock_gettime(CLOCK_MONOTONIC, &end);
		int64_t ns = (int64_t)(end.tv_sec - w->start.tv_sec) * 1000000000 +
		             (end.tv_nsec - w->start.tv_nsec);
		uint64_t total = carry_ns + (ns > 0 ? (uint64_t)ns : 0);
		uint64_t samples = total / period_ns;
		carry_ns = total % period_ns;
#if WALL_SUPPORTED
		if (samples && __atomic_load_n(&gmon_state, __ATOMIC_RELAXED) == GMON_ON) {
			/* our handler must not run into the tables on this
			 * thread while the wait goes in */
			if (!w->blocked)
				w->blocked = block_prof(&w->old);
			ucontext_t uc;
			memset(&uc, 0, sizeof uc);
			uc.uc_mcontext.gregs[REG_RIP] = (greg_t)(uintptr_t)ra;
			uc.uc_mcontext.gregs[REG_RSP] = (greg_t)((uintptr_t)frame + 16);
			uc.uc_mcontext.gregs[REG_RBP] = (greg_t) * (uintptr_t *)frame;
			gmon_sampler_record(&uc, (uintptr_t)ra,
			                    samples > UINT32_MAX ? UINT32_MAX : (unsigned)samples);
		}
#else
		(void)ra;
		(void)frame;
		(void)samples;
#endif
	}
	if (w->blocked)
		pthread_sigmask(SIG_SETMASK, &w->old, NULL);
	errno = saved_errno;
}

static void *next(void **slot, const char *name, const char *version)
{
	void *f = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
	if (!f) {
#ifdef __GLIBC__
		f = version ? dlvsym(RTLD_NEXT, name, version) : NULL;
#else
		(void)version; /* musl has one version of each */
#endif
		if (!f)
			f = dlsym(RTLD_NEXT, name);
		__atomic_store_n(slot, f, __ATOMIC_RELEASE);
	}
	return f;
}

/* WRAP(type, name, guard, failure, (parameters), (arguments)): guard 1 for
 * the calls a signal breaks.  The frame pointer the wrapper keeps
 * (__builtin_frame_address) is what finish finds its caller by. */
#define WRAP(type, name, guard, failure, params, args)                                    \
	type name params                                                                 \
	{                                                                                \
		static void *real;                                                       \
		type(*f) params = (type(*) params)next(&real, #name, NULL);              \
		if (!f) {                                                                \
			errno = ENOSYS;                                                  \
			return failure;                                                  \
		}                                                                        \
		struct wait w;                                                           \
		begin(&w, guard);                                                        \
		type rc = f args;                                                        \
		finish(&w, __builtin_return_address(0), __builtin_frame_address(0));     \
		return rc;                                                               \
	}

WRAP(int, poll, 1, -1, (struct pollfd *fds, nfds_t n, int timeout), (fds, n, timeout))
WRAP(int, select, 1, -1,
     (int n, fd_set *r, fd_set *wr, fd_set *e, struct timeval *timeout), (n, r, wr, e, timeout))
WRAP(int, epoll_wait, 1, -1, (int fd, struct epoll_event *events, int max, int timeout),
     (fd, events, max, timeout))
WRAP(int, nanosleep, 1, -1, (const struct timespec *t, struct timespec *left), (t, left))
WRAP(int, clock_nanosleep, 1, EINVAL,
     (clockid_t c, int flags, const struct timespec *t, struct timespec *left), (c, flags, t, left))
WRAP(unsigned, sleep, 1, 0, (unsigned seconds), (seconds))
WRAP(int, usleep, 1, -1, (useconds_t us), (us))
WRAP(int, sem_wait, 1, -1, (sem_t *s), (s))
WRAP(ssize_t, read, 0, -1, (int fd, void *buf, size_t n), (fd, buf, n))
WRAP(ssize_t, recv, 0, -1, (int fd, void *buf, size_t n, int flags), (fd, buf, n, flags))
WRAP(int, accept, 0, -1, (int fd, struct sockaddr *a, socklen_t *len), (fd, a, len))
WRAP(pid_t, waitpid, 0, -1, (pid_t pid, int *status, int options), (pid, status, options))
WRAP(int, pthread_join, 0, ENOSYS, (pthread_t t, void **value), (t, value))

/* Condition variables: glibc has two versions, and the default is the
 * one a program built today binds to. */
#if defined(__GLIBC__) && defined(__x86_64__)
#define COND_VERSION "GLIBC_2.3.2"
#else
#define COND_VERSION NULL
#endif

int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
	static void *real;
	int (*f)(pthread_cond_t *, pthread_mutex_t *) = next(&real, "pthread_cond_wait",
	                                                      COND_VERSION);
	if (!f)
		return ENOSYS;
	struct wait w;
	begin(&w, 0);
	int rc = f(c, m);
	finish(&w, __builtin_return_address(0), __builtin_frame_address(0));
	return rc;
}

int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *t)
{
	static void *real;
	int (*f)(pthread_cond_t *, pthread_mutex_t *, const struct timespec *) =
		next(&real, "pthread_cond_timedwait", COND_VERSION);
	if (!f)
		return ENOSYS;
	struct wait w;
	begin(&w, 0);
	int rc = f(c, m, t);
	finish(&w, __builtin_return_address(0), __builtin_frame_address(0));
	return rc;
}

/* A lock that is free costs what it did: only one that would block is
 * measured. */
int pthread_mutex_lock(pthread_mutex_t *m)
{
	static void *real, *real_try;
	int (*f)(pthread_mutex_t *) = next(&real, "pthread_mutex_lock", NULL);
	if (!f)
		return ENOSYS;
	if (__atomic_load_n(&gmon_wait_mode, __ATOMIC_RELAXED) != 2)
		return f(m);
	int (*try)(pthread_mutex_t *) = next(&real_try, "pthread_mutex_trylock", NULL);
	if (try && try(m) == 0)
		return 0;
	struct wait w;
	begin(&w, 0);
	int rc = f(m);
	finish(&w, __builtin_return_address(0), __builtin_frame_address(0));
	return rc;
}

#endif /* GMON_SHARED */
