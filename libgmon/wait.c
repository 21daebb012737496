/* SPDX-License-Identifier: BSD-2-Clause
 *
 * wait.c: the blocking calls of the C library, wrapped (libgmon.so
 * only), for two things (doc/runtime.md, "Wall-clock time"):
 *
 *   - no call fails with EINTR because of the profiler.  The CPU-time
 *     clocks signal a thread only while it runs, but a timer that
 *     expires on the tick that finds the thread entering a wait makes
 *     the calls the kernel never restarts (poll, ppoll, select, pselect,
 *     epoll_wait, epoll_pwait(2), nanosleep, clock_nanosleep, so sleep
 *     and usleep, pause, sigsuspend, sigtimedwait, sigwaitinfo and
 *     sem_wait) return EINTR, SA_RESTART or not.  Those are called with
 *     SIGPROF blocked, whenever the profile runs (the ones that install
 *     a signal mask of the program's get it with SIGPROF added); a
 *     sample that falls then is taken when the call returns.  The guard
 *     (guard.c) never outlives the wait: a handler of the program's that
 *     runs in it runs with the program's own mask (a longjmp out of it
 *     leaves that mask), and a thread cancelled in it lets go of it
 *     before its cleanup handlers run.  (read,
 *     write, recv, recvfrom, recvmsg, accept, connect, waitpid, the locks,
 *     barriers and condition variables are restarted: left alone.)
 *   - with GMON_CLOCK=wall, the time a thread waits in any of them is
 *     measured (CLOCK_MONOTONIC around the call) and counted as samples
 *     of the clock's period, at the call site in the function that
 *     called, with that function's callers: the clock samples the
 *     threads that run, this accounts for the threads that wait, and no
 *     waiting thread is ever interrupted.
 *
 * Each wrapper calls the next definition (dlsym(RTLD_NEXT)), all of them
 * resolved when the library is loaded (a constructor), before any signal
 * of ours is armed: dlsym is not async-signal-safe.  A process where the
 * profile never started calls straight through.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * The wrappers run in the program's context (any thread, possibly a
 * signal handler of the program's, on a small alternate stack): no
 * malloc, no lock, small frames; a wait is recorded through the
 * sampler's consumers, which are async-signal-safe, with SIGPROF blocked
 * so that our own handler cannot interrupt them on this thread, from a
 * context that holds only what they read, and not at all on an
 * alternate stack with too little left.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include "arch.h"
#include "guard.h"
#include "onstack.h"
#include "sampler.h"
#include "state.h"
#include "wait.h"

/* Set by the sampler once its clock runs (atomic): 1 guard the calls
 * that a signal breaks; 2 also account for the time spent waiting. */
int gmon_wait_mode;
static uint64_t period_ns; /* one sample's worth of waiting */

/* Waits are recorded where the calls are wrapped: libgmon.so. */
#ifdef GMON_SHARED
#define WALL_SUPPORTED 1
#else
#define WALL_SUPPORTED 0
#endif

static int guarding; /* block SIGPROF in the calls a signal breaks */

/* Whether a thread's own CPU-time timer can signal it while it enters a
 * wait.  Since Linux 5.11 on x86-64 (POSIX_CPU_TIMERS_TASK_WORK; arch.h
 * says since when) the expiry found by the tick is acted on when the
 * thread returns to user mode, so the signal comes after the call, never
 * inside; before, the tick interrupt sent it at once, and one that found
 * the thread on its way into poll broke the poll.  Elsewhere: assume it
 * can. */
static int thread_signal_can_break_waits(void)
{
	unsigned since = GMON_ARCH_TIMER_TASK_WORK;
	if (since == 0)
		return 1;
	struct utsname u;
	if (uname(&u) != 0)
		return 1;
	const char *p = u.release;
	unsigned major = 0, minor = 0;
	while (*p >= '0' && *p <= '9')
		major = major * 10 + (unsigned)(*p++ - '0');
	if (*p++ != '.')
		return 1;
	while (*p >= '0' && *p <= '9')
		minor = minor * 10 + (unsigned)(*p++ - '0');
	return major < (since >> 8) || (major == (since >> 8) && minor < (since & 0xff));
}

int gmon_wait_start(unsigned rate_hz, int wall, int process_wide)
{
	if (wall && (!WALL_SUPPORTED || rate_hz == 0))
		return -1;
	guarding = process_wide || thread_signal_can_break_waits();
	if (wall)
		period_ns = 1000000000ull / rate_hz;
	if (guarding || wall)
		gmon_guard_start(); /* the program's handlers lift the guards */
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
	int mode;    /* gmon_wait_mode at the start, or 0: nothing (more) to do */
	int blocked; /* a guard is held (guard.h) */
	struct gmon_guard_save guard;
	struct timespec start;
};

static void begin(struct wait *w, int guard)
{
	w->mode = __atomic_load_n(&gmon_wait_mode, __ATOMIC_ACQUIRE);
	w->blocked = 0;
	gmon_onstack_check(); /* bits left held by a jump out of a handler */
	if (!w->mode)
		return;
	if (w->mode == 2 && __atomic_load_n(&gmon_state, __ATOMIC_RELAXED) != GMON_ON)
		w->mode = 1;
#ifndef GMON_WAIT_NO_GUARD /* bench/runtime/wait-cost.sh builds without */
	if (guard && guarding) {
		gmon_guard_block(&w->guard);
		w->blocked = 1;
	}
#else
	(void)guard;
#endif
	if (w->mode == 2)
		clock_gettime(CLOCK_MONOTONIC, &w->start);
}

/* A thread cancelled in a guarded wait leaves the wrapper without
 * finish: its cleanup handlers run next, and must run with the mask it
 * had.  So the guarded calls are made inside a cleanup of their own
 * (pthread_cleanup_push: C's, no unwinder needed here), which lets go of
 * the guard.  (A longjmp out of a handler does not come here: guard.c's
 * trampoline sees to that.) */
static void wait_left(void *arg)
{
	struct wait *w = arg;
	if (w->mode && w->blocked)
		gmon_guard_release(&w->guard);
}

/* glibc's C cleanups are a setjmp: after its longjmp the cleanup runs
 * and the unwinding goes on, it never comes back into the wrapper, so no
 * variable of the wrapper's is used after one (GCC cannot see that) */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wclobbered"
#endif
#define IN_WAIT(w, guard, call) \
	do { \
		if (guard) { \
			pthread_cleanup_push(wait_left, &(w)); \
			call; \
			pthread_cleanup_pop(0); \
		} else { \
			call; \
		} \
	} while (0)

#if WALL_SUPPORTED
/* What of a ucontext_t the sample consumers read (sample.h): uc_stack and
 * the general registers, no more.  A recorded wait builds only that much
 * of one (not the 1 KiB of x86-64's, nor the 4.5 KiB of aarch64's), so
 * that a wait in a handler on a small alternate stack still has room. */
#define CONTEXT_BYTES GMON_ARCH_CONTEXT_BYTES
/* Below this much stack left on an alternate signal stack, a wait is not
 * recorded (its time is carried to the next one): what the recording
 * itself needs, measured (tests/runtime/t-invisible-waits.sh), twice. */
#define RECORD_STACK_MIN 2048

/* Is there room to record a wait here (sp)?  On the thread's alternate
 * signal stack, only with RECORD_STACK_MIN left; *stack gets the
 * alternate stack, for the walk. */
static int room_to_record(uintptr_t sp, stack_t *stack)
{
	if (sigaltstack(NULL, stack) != 0 || (stack->ss_flags & SS_DISABLE)) {
		memset(stack, 0, sizeof *stack);
		stack->ss_flags = SS_DISABLE;
		return 1;
	}
	uintptr_t low = (uintptr_t)stack->ss_sp;
	if (sp < low || sp - low >= stack->ss_size)
		return 1; /* not on it */
	return sp - low >= RECORD_STACK_MIN;
}

static void __attribute__((noinline)) record(void *ra, void *frame, void *cfa, uint64_t samples)
{
	union {
		unsigned char bytes[CONTEXT_BYTES];
		long double align;
	} context;
	stack_t stack;
	memset(&context, 0, sizeof context);
	if (!room_to_record((uintptr_t)__builtin_frame_address(0), &stack))
		return;
	memcpy(context.bytes + offsetof(ucontext_t, uc_stack), &stack, sizeof stack);
	gmon_arch_partial_context(context.bytes, (uintptr_t)ra, (uintptr_t)cfa,
				  *(uintptr_t *)frame);
	gmon_sampler_record(context.bytes, (uintptr_t)ra,
			    samples > UINT32_MAX ? UINT32_MAX : (unsigned)samples);
}
#endif

/* The call returned to the wrapper whose return address is ra, frame
 * record frame (the caller's frame pointer, then ra) and canonical frame
 * address cfa (the caller's stack pointer at the call): record the wait
 * as samples at ra, in the caller, as if the caller had been interrupted
 * there. */
static void __attribute__((noinline)) finish(struct wait *w, void *ra, void *frame, void *cfa)
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
			if (!w->blocked) {
				gmon_guard_block(&w->guard);
				w->blocked = 1;
			}
			record(ra, frame, cfa, samples);
		}
#else
		(void)ra;
		(void)frame;
		(void)cfa;
		(void)samples;
#endif
	}
	if (w->blocked)
		gmon_guard_release(&w->guard);
	w->mode = 0;
	errno = saved_errno;
}

/* Condition variables: glibc has two versions, and the default is the
 * one a program built today binds to. */
#ifdef __GLIBC__
#define COND_VERSION GMON_ARCH_GLIBC_COND_VERSION
#else
#define COND_VERSION NULL
#endif

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 35))
#define HAVE_EPOLL_PWAIT2 1
#define EPOLL_PWAIT2(X) X(epoll_pwait2, NULL)
#else
#define HAVE_EPOLL_PWAIT2 0
#define EPOLL_PWAIT2(X)
#endif

/* Every call wrapped here, with the version of its definition to bind
 * to (NULL: the default one). */
#define CALLS(X) \
	X(poll, NULL) \
	X(ppoll, NULL) \
	X(select, NULL) \
	X(pselect, NULL) \
	X(epoll_wait, NULL) \
	X(epoll_pwait, NULL) \
	EPOLL_PWAIT2(X) \
	X(nanosleep, NULL) \
	X(clock_nanosleep, NULL) \
	X(sleep, NULL) \
	X(usleep, NULL) \
	X(pause, NULL) \
	X(sigsuspend, NULL) \
	X(sigtimedwait, NULL) \
	X(sigwaitinfo, NULL) \
	X(sem_wait, NULL) \
	X(read, NULL) \
	X(write, NULL) \
	X(recv, NULL) \
	X(recvfrom, NULL) \
	X(recvmsg, NULL) \
	X(accept, NULL) \
	X(connect, NULL) \
	X(waitpid, NULL) \
	X(pthread_join, NULL) \
	X(pthread_cond_wait, COND_VERSION) \
	X(pthread_cond_timedwait, COND_VERSION) \
	X(pthread_mutex_lock, NULL) \
	X(pthread_mutex_trylock, NULL) \
	X(pthread_rwlock_rdlock, NULL) \
	X(pthread_rwlock_tryrdlock, NULL) \
	X(pthread_rwlock_wrlock, NULL) \
	X(pthread_rwlock_trywrlock, NULL) \
	X(pthread_barrier_wait, NULL)

#define CALL_ENUM(name, version) CALL_##name,
enum {
	CALLS(CALL_ENUM) N_CALLS
};
#define CALL_ENTRY(name, version) { #name, version },
static const struct {
	const char *name, *version;
} calls[N_CALLS] = { CALLS(CALL_ENTRY) };

/* The next definitions, resolved by the constructor below; until it ran
 * (a call from another object's constructor), on first use.  &absent:
 * resolved, and the C library has none. */
static void *real[N_CALLS];
static char absent;

static void *resolve(int i)
{
	void *f = NULL;
#ifdef __GLIBC__
	if (calls[i].version)
		f = dlvsym(RTLD_NEXT, calls[i].name, calls[i].version);
#endif
	if (!f)
		f = dlsym(RTLD_NEXT, calls[i].name);
	if (!f)
		f = &absent;
	__atomic_store_n(&real[i], f, __ATOMIC_RELEASE);
	return f;
}

/* dlsym is not async-signal-safe, and a wrapper may be called first in
 * a signal handler: resolve all of them at load, before our clock's
 * signal can be armed (its priority puts it before start.c's
 * self-start constructor), and again from __monstartup in case. */
__attribute__((constructor(101))) void gmon_wait_resolve(void)
{
	for (int i = 0; i < N_CALLS; i++)
		if (!__atomic_load_n(&real[i], __ATOMIC_ACQUIRE))
			resolve(i);
}

static void *next(int i)
{
	void *f = __atomic_load_n(&real[i], __ATOMIC_ACQUIRE);
	if (!f)
		f = resolve(i);
	return f == &absent ? NULL : f;
}

/* The wrapper's own return address, frame record and canonical frame
 * address: what finish finds the caller by. */
#define FINISH(w) \
	finish(w, __builtin_return_address(0), __builtin_frame_address(0), __builtin_dwarf_cfa())

/* WRAP(type, name, guard, failure, (parameters), (arguments)): guard 1 for
 * the calls a signal breaks.  The frame pointer the wrapper keeps
 * (__builtin_frame_address) is what finish finds its caller by. */
#define WRAP(type, name, guard, failure, params, args) \
	type name params \
	{ \
		type(*f) params = (type(*) params)next(CALL_##name); \
		if (!f) { \
			errno = ENOSYS; \
			return failure; \
		} \
		struct wait w; \
		begin(&w, guard); \
		type rc; \
		IN_WAIT(w, guard, rc = f args); \
		FINISH(&w); \
		return rc; \
	}

/* The calls that install a signal mask of the program's for the time
 * they wait: while guarded, the same mask with SIGPROF added (SIGPROF
 * is the profile's, blocked only while the call waits). */
static const sigset_t *with_prof(const struct wait *w, const sigset_t *mask, sigset_t *copy)
{
	if (!mask || !w->blocked)
		return mask;
	/* a handler that runs in the wait has this mask as the program's */
	gmon_guard_program_mask(sigismember(mask, SIGPROF) == 1);
	*copy = *mask;
	sigaddset(copy, SIGPROF);
	return copy;
}

/* WRAP_MASKED: as WRAP(guard 1), for a call whose argument mask is such
 * a mask. */
#define WRAP_MASKED(type, name, params, args) \
	type name params \
	{ \
		type(*f) params = (type(*) params)next(CALL_##name); \
		if (!f) { \
			errno = ENOSYS; \
			return -1; \
		} \
		struct wait w; \
		sigset_t copy; \
		sigset_t held_copy; \
		begin(&w, 1); \
		mask = with_prof(&w, mask, &copy); \
		mask = gmon_onstack_wait_mask(mask, &held_copy); \
		type rc; \
		IN_WAIT(w, 1, rc = f args); \
		FINISH(&w); \
		return rc; \
	}

WRAP(int, poll, 1, -1, (struct pollfd * fds, nfds_t n, int timeout), (fds, n, timeout))
WRAP_MASKED(int, ppoll,
	    (struct pollfd * fds, nfds_t n, const struct timespec *timeout, const sigset_t *mask),
	    (fds, n, timeout, mask))
WRAP(int, select, 1, -1, (int n, fd_set *r, fd_set *wr, fd_set *e, struct timeval *timeout),
     (n, r, wr, e, timeout))
WRAP_MASKED(int, pselect,
	    (int n, fd_set *r, fd_set *wr, fd_set *e, const struct timespec *timeout,
	     const sigset_t *mask),
	    (n, r, wr, e, timeout, mask))
WRAP(int, epoll_wait, 1, -1, (int fd, struct epoll_event *events, int max, int timeout),
     (fd, events, max, timeout))
WRAP_MASKED(int, epoll_pwait,
	    (int fd, struct epoll_event *events, int max, int timeout, const sigset_t *mask),
	    (fd, events, max, timeout, mask))
#if HAVE_EPOLL_PWAIT2
WRAP_MASKED(int, epoll_pwait2,
	    (int fd, struct epoll_event *events, int max, const struct timespec *timeout,
	     const sigset_t *mask),
	    (fd, events, max, timeout, mask))
#endif
WRAP(int, nanosleep, 1, -1, (const struct timespec *t, struct timespec *left), (t, left))
WRAP(int, clock_nanosleep, 1, EINVAL,
     (clockid_t c, int flags, const struct timespec *t, struct timespec *left), (c, flags, t, left))
WRAP(unsigned, sleep, 1, 0, (unsigned seconds), (seconds))
WRAP(int, usleep, 1, -1, (useconds_t us), (us))
WRAP(int, pause, 1, -1, (void), ())
WRAP_MASKED(int, sigsuspend, (const sigset_t *mask), (mask))
WRAP(int, sigtimedwait, 1, -1, (const sigset_t *set, siginfo_t *info, const struct timespec *t),
     (set, info, t))
WRAP(int, sigwaitinfo, 1, -1, (const sigset_t *set, siginfo_t *info), (set, info))
WRAP(int, sem_wait, 1, -1, (sem_t * s), (s))
WRAP(ssize_t, read, 0, -1, (int fd, void *buf, size_t n), (fd, buf, n))
WRAP(ssize_t, write, 0, -1, (int fd, const void *buf, size_t n), (fd, buf, n))
WRAP(ssize_t, recv, 0, -1, (int fd, void *buf, size_t n, int flags), (fd, buf, n, flags))
WRAP(ssize_t, recvfrom, 0, -1,
     (int fd, void *buf, size_t n, int flags, struct sockaddr *from, socklen_t *len),
     (fd, buf, n, flags, from, len))
WRAP(ssize_t, recvmsg, 0, -1, (int fd, struct msghdr *msg, int flags), (fd, msg, flags))
WRAP(int, accept, 0, -1, (int fd, struct sockaddr *a, socklen_t *len), (fd, a, len))
WRAP(int, connect, 0, -1, (int fd, const struct sockaddr *a, socklen_t len), (fd, a, len))
WRAP(pid_t, waitpid, 0, -1, (pid_t pid, int *status, int options), (pid, status, options))
WRAP(int, pthread_join, 0, ENOSYS, (pthread_t t, void **value), (t, value))
WRAP(int, pthread_cond_wait, 0, ENOSYS, (pthread_cond_t * c, pthread_mutex_t *m), (c, m))
WRAP(int, pthread_cond_timedwait, 0, ENOSYS,
     (pthread_cond_t * c, pthread_mutex_t *m, const struct timespec *t), (c, m, t))
WRAP(int, pthread_barrier_wait, 0, ENOSYS, (pthread_barrier_t * b), (b))

/* A lock that is free costs what it did and one atomic load (a try
 * first, in wall mode): only one that would block is measured.  Only
 * EBUSY means "would block": any other result of the try is the lock's
 * own (EOWNERDEAD: acquired from an owner that died, to be made
 * consistent; ENOTRECOVERABLE, EAGAIN, EINVAL, EDEADLK), and is what the
 * lock would have returned, so it is returned as it is; calling the lock
 * after a try that took it would hang or fail.
 *
 * The try must also change nothing the lock would not: glibc's trylock
 * of a robust mutex made unrecoverable returns ENOTRECOVERABLE but
 * leaves the mutex held (where its lock releases it), and every later
 * lock then hangs.  So a robust mutex (glibc's kind bit 16, in the
 * public structure; elsewhere any mutex) is not tried: its lock is
 * timed as it is. */
static int mutex_try_is_neutral(pthread_mutex_t *m)
{
#ifdef __GLIBC__
	return !(__atomic_load_n(&m->__data.__kind, __ATOMIC_RELAXED) & 16);
#else
	(void)m;
	return 0;
#endif
}

static int rwlock_try_is_neutral(pthread_rwlock_t *l)
{
	(void)l;
	return 1;
}

#define WRAP_LOCK(type, name, tryname, neutral) \
	int name(type *m) \
	{ \
		int (*f)(type *) = (int (*)(type *))next(CALL_##name); \
		if (!f) \
			return ENOSYS; \
		if (__atomic_load_n(&gmon_wait_mode, __ATOMIC_RELAXED) != 2) \
			return f(m); \
		int (*try)(type *) = (int (*)(type *))next(CALL_##tryname); \
		if (try && neutral(m)) { \
			int tried = try(m); \
			if (tried != EBUSY) \
				return tried; \
		} \
		struct wait w; \
		begin(&w, 0); \
		int rc = f(m); \
		FINISH(&w); \
		return rc; \
	}

WRAP_LOCK(pthread_mutex_t, pthread_mutex_lock, pthread_mutex_trylock, mutex_try_is_neutral)
WRAP_LOCK(pthread_rwlock_t, pthread_rwlock_rdlock, pthread_rwlock_tryrdlock, rwlock_try_is_neutral)
WRAP_LOCK(pthread_rwlock_t, pthread_rwlock_wrlock, pthread_rwlock_trywrlock, rwlock_try_is_neutral)

/* libgmon's own writes (the profile's files, its messages) are not the
 * program's waits: straight to the C library's write. */
ssize_t gmon_write(int fd, const void *buf, size_t n)
{
	ssize_t (*f)(int, const void *, size_t) =
		(ssize_t(*)(int, const void *, size_t))next(CALL_write);
	if (!f) {
		errno = ENOSYS;
		return -1;
	}
	return f(fd, buf, n);
}

#else /* !GMON_SHARED */

void gmon_wait_resolve(void) {}

ssize_t gmon_write(int fd, const void *buf, size_t n)
{
	return write(fd, buf, n);
}

#endif /* GMON_SHARED */
