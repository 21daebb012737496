/* SPDX-License-Identifier: BSD-2-Clause
 *
 * signals.c: the clocks' signals (SIGPROF, SIGTRAP for the perf clock),
 * shared with the program.  Once a clock takes its signal, the runtime's
 * handler stays installed for good, and the program's action for that
 * signal is kept here instead: sigaction, signal, bsd_signal,
 * sysv_signal and sigset are defined here in front of the C library's (in a static
 * link, as pthread_create in threads.c; by interposition through
 * LD_PRELOAD) and set and report that kept action, so that the program
 * sees exactly the action it set.  (The signals no clock takes go to
 * fatal.c's chain, which keeps the signals that end the process, then
 * to guard.c or the C library.)  The handler (sampler.c) samples the
 * signals that are the clock's (each clock tells them by si_code and the
 * value its timers carry) and hands every other one to the program's
 * action (gmon_signal_pass).  So:
 *   - a program with its own SIGPROF handler gets exactly its own
 *     signals, and is profiled all the same;
 *   - a forked child that sets every signal to SIG_DFL (daemons, shells,
 *     supervisors) is not killed by the next sample: the runtime's
 *     handler is still the one the kernel calls;
 *   - a SIGTRAP handler installed before the profiler started (a library
 *     constructor) still gets its breakpoints under the perf clock.
 * The runtime's handler is installed with the program's mask and its
 * SA_ONSTACK and SA_NODEFER, so that the program's handler runs as the
 * kernel would have run it; SA_RESTART always (a sample must not make a
 * call fail with EINTR).  What stays visible: the kernel's view
 * (/proc/PID/status shows the signal caught), and a program that sets
 * the action with the system call itself (then the runtime's handler is
 * gone; gmon_signal_still_ours tells the writer, which says so).  In a
 * vfork child (another process sharing this memory) the calls go
 * straight to the C library's: what is kept here is the parent's.
 * libgmon.a sees the calls of the program's own code only, not those
 * of shared libraries (as with pthread_create), and none with musl.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * gmon_signal_pass and gmon_signal_still_ours run in the signal handler:
 * async-signal-safe (sigaction, sigprocmask and raise are).  The rest
 * runs where the program calls sigaction: system calls only, no lock
 * (the kept action is published with an atomic store; a writer holds
 * a lock word with every signal blocked).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "guard.h"
#include "onstack.h"
#include "signals.h"

/* The C library's sigaction.  As a shared object, the next definition
 * after ours, found as the library loads; in libgmon.a with glibc,
 * __sigaction, which glibc defines besides "sigaction" in libc.so and
 * libc.a alike (a strong reference: in a static link it brings the C
 * library's definition, whose "sigaction" is weak and gives way to
 * ours); with musl, see below. */
#ifdef GMON_SHARED
typedef int sigaction_fn(int, const struct sigaction *, struct sigaction *);
static sigaction_fn *next_sigaction;

static int real_sigaction(int signo, const struct sigaction *act, struct sigaction *old)
{
	sigaction_fn *next = __atomic_load_n(&next_sigaction, __ATOMIC_ACQUIRE);
	if (!next) {
		next = (sigaction_fn *)dlsym(RTLD_NEXT, "sigaction");
		if (!next) {
			errno = ENOSYS;
			return -1;
		}
		__atomic_store_n(&next_sigaction, next, __ATOMIC_RELEASE);
	}
	return next(signo, act, old);
}

#elif defined(__GLIBC__)
extern int __sigaction(int, const struct sigaction *, struct sigaction *);

static int real_sigaction(int signo, const struct sigaction *act, struct sigaction *old)
{
	return __sigaction(signo, act, old);
}
#else
/* musl with libgmon.a: its libc.so keeps __sigaction to itself and a
 * static link cannot look for the next definition, so the calls are
 * left to the C library (as threads.c leaves pthread_create): the
 * program's own sigaction replaces the runtime's handler, which the
 * profile then says (gmon_signal_still_ours). */
#define GMON_NO_WRAPPERS 1

static int real_sigaction(int signo, const struct sigaction *act, struct sigaction *old)
{
	return sigaction(signo, act, old);
}
#endif

/* A taken signal: the runtime's handler and the program's action.  The
 * program's action is double-buffered: a change is written into the
 * copy the handler is not reading, then published by one atomic store
 * of current (two changes within one signal's delivery could still tear
 * the handler's copy: two sigaction calls racing a signal, which a
 * program cannot order anyway).  Writers take the slot's lock word, a
 * spin held with every signal blocked and never taken by our handler. */
#define MAX_TAKEN 2
static struct taken {
	int signo; /* 0: free */
	gmon_signal_handler *handler;
	struct sigaction program[2];
	int current; /* atomic: which of program[] is the program's action */
	int writing; /* atomic: a writer's lock */
} taken[MAX_TAKEN];
static pid_t owner; /* atomic: the process whose actions these are */

static struct taken *find(int signo)
{
	if (signo <= 0)
		return NULL;
	for (int i = 0; i < MAX_TAKEN; i++)
		if (__atomic_load_n(&taken[i].signo, __ATOMIC_ACQUIRE) == signo)
			return &taken[i];
	return NULL;
}

/* The taken slot of signo, if this process is the one that took it (not
 * a vfork child sharing our memory). */
static __attribute__((unused)) struct taken *find_here(int signo)
{
	struct taken *t = find(signo);
	if (!t)
		return NULL;
	/* a forked child's atfork handler made it the owner
	 * (gmon_signals_after_fork); a vfork child is not */
	pid_t self = (pid_t)syscall(SYS_getpid);
	return __atomic_load_n(&owner, __ATOMIC_ACQUIRE) == self ? t : NULL;
}

/* The runtime's handler for t, with the program's mask and stack. */
static int install(int signo, struct taken *t, const struct sigaction *program)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = t->handler;
	sa.sa_mask = program->sa_mask;
	sa.sa_flags = SA_SIGINFO | SA_RESTART | (program->sa_flags & (SA_ONSTACK | SA_NODEFER));
	if (sa.sa_flags & SA_ONSTACK) {
		/* the other clock's signal waits too (onstack.c) */
		uint64_t clocks = gmon_onstack_clock_bits();
		for (int sig = 1; sig <= 64; sig++)
			if (sig != signo && (clocks >> (sig - 1)) & 1)
				sigaddset(&sa.sa_mask, sig);
	}
	return real_sigaction(signo, &sa, NULL);
}

/* The taken signals, for onstack.c, which holds them while a handler
 * of the program's runs on its alternate stack; the taken handlers
 * installed again with the other's. */
static void clocks_changed(void)
{
	uint64_t bits = 0;
	for (int i = 0; i < MAX_TAKEN; i++) {
		int signo = __atomic_load_n(&taken[i].signo, __ATOMIC_ACQUIRE);
		if (signo > 0 && signo <= 64)
			bits |= 1ull << (signo - 1);
	}
	if (bits == gmon_onstack_clock_bits())
		return;
	gmon_onstack_clocks(bits);
	/* the handlers on the alternate stack installed meanwhile (before
	 * the profile started, say), again with these bits */
#ifndef GMON_NO_WRAPPERS
	int saved_errno = errno;
	for (int sig = 1; sig < NSIG; sig++) {
		struct sigaction now;
		if (sig == SIGKILL || sig == SIGSTOP || find(sig) ||
		    sigaction(sig, NULL, &now) != 0)
			continue;
		if ((now.sa_flags & SA_ONSTACK) && now.sa_handler != SIG_DFL &&
		    now.sa_handler != SIG_IGN)
			sigaction(sig, &now, NULL);
	}
	errno = saved_errno;
#endif
	for (int i = 0; i < MAX_TAKEN; i++) {
		struct taken *t = &taken[i];
		int signo = __atomic_load_n(&t->signo, __ATOMIC_ACQUIRE);
		if (signo)
			install(signo, t,
				&t->program[__atomic_load_n(&t->current, __ATOMIC_ACQUIRE)]);
	}
}

int gmon_signal_take(int signo, gmon_signal_handler *handler)
{
	struct taken *t = find(signo);
	if (t) {
		/* taken already (a clock that failed, then another): the
		 * program's action is the one kept, not the runtime's handler */
		t->handler = handler;
		return install(signo, t,
			       &t->program[__atomic_load_n(&t->current, __ATOMIC_ACQUIRE)]);
	}
	for (int i = 0; i < MAX_TAKEN && !t; i++)
		if (taken[i].signo == 0)
			t = &taken[i];
	if (!t)
		return -1;
	struct sigaction program;
	if (real_sigaction(signo, NULL, &program) != 0)
		return -1;
	t->handler = handler;
	t->program[0] = program;
	__atomic_store_n(&t->current, 0, __ATOMIC_RELEASE);
	if (install(signo, t, &program) != 0)
		return -1;
	__atomic_store_n(&owner, (pid_t)syscall(SYS_getpid), __ATOMIC_RELEASE);
	__atomic_store_n(&t->signo, signo, __ATOMIC_RELEASE);
	clocks_changed();
	return 0;
}

void gmon_signal_give_back(int signo)
{
	struct taken *t = find(signo);
	if (!t)
		return;
	real_sigaction(signo, &t->program[__atomic_load_n(&t->current, __ATOMIC_ACQUIRE)], NULL);
	__atomic_store_n(&t->signo, 0, __ATOMIC_RELEASE);
	clocks_changed();
}

void gmon_signals_after_fork(void)
{
	if (__atomic_load_n(&owner, __ATOMIC_ACQUIRE))
		__atomic_store_n(&owner, (pid_t)syscall(SYS_getpid), __ATOMIC_RELEASE);
}

int gmon_signal_still_ours(int signo, gmon_signal_handler *handler)
{
	struct sigaction sa;
	if (real_sigaction(signo, NULL, &sa) != 0)
		return 1;
	return (sa.sa_flags & SA_SIGINFO) && sa.sa_sigaction == handler;
}

/* The signals whose default action is to do nothing. */
static int ignored_by_default(int signo)
{
	return signo == SIGCHLD || signo == SIGURG || signo == SIGWINCH || signo == SIGCONT;
}

void gmon_signal_pass(int signo, siginfo_t *info, void *context)
{
	struct taken *t = find(signo);
	if (!t)
		return;
	int saved_errno = errno;
	struct sigaction *kept = &t->program[__atomic_load_n(&t->current, __ATOMIC_ACQUIRE)];
	struct sigaction program = *kept;
	if (program.sa_handler == SIG_IGN || program.sa_sigaction == t->handler ||
	    (program.sa_handler == SIG_DFL && ignored_by_default(signo))) {
		errno = saved_errno;
		return;
	}
	if (program.sa_handler == SIG_DFL) {
		/* die of it, as the program would have: the default action
		 * taken for real, the signal sent again and let through */
		struct sigaction dfl;
		memset(&dfl, 0, sizeof dfl);
		dfl.sa_handler = SIG_DFL;
		real_sigaction(signo, &dfl, NULL);
		sigset_t just;
		sigemptyset(&just);
		sigaddset(&just, signo);
		raise(signo);
		sigprocmask(SIG_UNBLOCK, &just, NULL);
		/* still here (a stop signal, say): the runtime's handler back */
		install(signo, t, &program);
		errno = saved_errno;
		return;
	}
	if (program.sa_flags & SA_RESETHAND) {
		/* once: the kept action becomes the default, as the kernel
		 * would have made it */
		struct sigaction dfl;
		memset(&dfl, 0, sizeof dfl);
		dfl.sa_handler = SIG_DFL;
		int next = !__atomic_load_n(&t->current, __ATOMIC_ACQUIRE);
		t->program[next] = dfl;
		__atomic_store_n(&t->current, next, __ATOMIC_RELEASE);
	}
	errno = saved_errno;
	/* the kernel already applied the program's mask and stack: the
	 * runtime's handler was installed with them */
	if (program.sa_flags & SA_SIGINFO)
		program.sa_sigaction(signo, info, context);
	else
		program.sa_handler(signo);
}

/* fatal.c's, for the signals not taken here (gmon_signals_chain) */
static const struct gmon_signal_chain *chain;

void gmon_signals_chain(const struct gmon_signal_chain *c)
{
	__atomic_store_n(&chain, c, __ATOMIC_RELEASE);
}

int gmon_signals_here(void)
{
	return __atomic_load_n(&owner, __ATOMIC_ACQUIRE) == (pid_t)syscall(SYS_getpid);
}

/* A vfork child's actions are its own copy (only its memory is shared):
 * it ignores what its parent's program ignores too. */
void gmon_signals_exec(int on)
{
	for (int i = 0; i < MAX_TAKEN; i++) {
		struct taken *t = &taken[i];
		int signo = __atomic_load_n(&t->signo, __ATOMIC_ACQUIRE);
		if (!signo)
			continue;
		const struct sigaction *program =
			&t->program[__atomic_load_n(&t->current, __ATOMIC_ACQUIRE)];
		if (program->sa_handler != SIG_IGN)
			continue;
		if (on)
			real_sigaction(signo, program, NULL);
		else
			install(signo, t, program);
	}
}

/* ---- what the program calls ---- */
#ifndef GMON_NO_WRAPPERS

/* A signal no clock takes: the C library's action, the handler through
 * guard.c's trampoline where guards may hold SIGPROF (libgmon.so). */
static int untaken_sigaction(int signo, const struct sigaction *act, struct sigaction *old)
{
#ifdef GMON_SHARED
	return gmon_guard_sigaction(signo, act, old);
#else
	return real_sigaction(signo, act, old);
#endif
}

int gmon_untaken_sigaction(int signo, const struct sigaction *act, struct sigaction *old)
{
	return untaken_sigaction(signo, act, old);
}

int sigaction(int signo, const struct sigaction *act, struct sigaction *old)
{
	struct taken *t = find_here(signo);
	if (!t) {
		/* a handler on the alternate stack: the clocks' signals wait
		 * while it runs (onstack.c) */
		const struct gmon_signal_chain *c = __atomic_load_n(&chain, __ATOMIC_ACQUIRE);
		struct gmon_onstack_record was;
		struct sigaction copy;
		gmon_onstack_record(signo, &was);
		act = gmon_onstack_action(signo, act, &copy);
		int rc = c ? c->sigaction(signo, act, old) : untaken_sigaction(signo, act, old);
		if (rc == 0 && old)
			gmon_onstack_as_asked(old, &was);
		return rc;
	}
	/* no signal in between: a handler of the program's that sets the
	 * same action (System V's idiom) must not find the lock held by the
	 * code it interrupted */
	sigset_t all, saved;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &saved);
	while (__atomic_exchange_n(&t->writing, 1, __ATOMIC_ACQUIRE))
		;
	int current = __atomic_load_n(&t->current, __ATOMIC_ACQUIRE);
	struct sigaction was = t->program[current];
	int rc = 0;
	if (act) {
		int next = !current;
		t->program[next] = *act;
		/* what the kernel would keep */
		sigdelset(&t->program[next].sa_mask, SIGKILL);
		sigdelset(&t->program[next].sa_mask, SIGSTOP);
		if (install(signo, t, &t->program[next]) != 0)
			rc = -1;
		else
			__atomic_store_n(&t->current, next, __ATOMIC_RELEASE);
	}
	__atomic_store_n(&t->writing, 0, __ATOMIC_RELEASE);
	int saved_errno = errno;
	sigprocmask(SIG_SETMASK, &saved, NULL);
	errno = saved_errno;
	if (rc == 0 && old)
		*old = was;
	return rc;
}

/* The C library's signal and sysv_signal, for the signals not taken (so
 * that what they do, siginterrupt's setting included, stays theirs):
 * glibc's under the names it has besides ours (ssignal is its signal),
 * or the next definitions after ours; NULL: none (then the taken
 * signals' emulation below serves). */
typedef void (*handler_fn)(int);
typedef handler_fn set_fn(int, handler_fn);
#ifdef GMON_SHARED
static set_fn *next_fn(void **cache, const char *name)
{
	return (set_fn *)gmon_next_definition(cache, name);
}
static void *next_signal, *next_sysv_signal, *next_bsd_signal, *next_sigset;
#define LIBC_SIGNAL next_fn(&next_signal, "signal")
#define LIBC_SYSV_SIGNAL next_fn(&next_sysv_signal, "sysv_signal")
#define LIBC_BSD_SIGNAL next_fn(&next_bsd_signal, "bsd_signal")
#define LIBC_SIGSET next_fn(&next_sigset, "sigset")
/* the C library's call for a signal no clock takes, its handler put
 * through guard.c's trampoline */
#define UNTAKEN(libc, signo, handler) gmon_guard_installed(libc, signo, handler)

/* Found as the library loads, so that a program's first call, from a
 * signal handler perhaps, never has dlsym to run. */
__attribute__((constructor)) static void find_the_c_library(void)
{
	int saved_errno = errno;
	real_sigaction(0, NULL, NULL);
	next_fn(&next_signal, "signal");
	next_fn(&next_sysv_signal, "sysv_signal");
	next_fn(&next_bsd_signal, "bsd_signal");
	next_fn(&next_sigset, "sigset");
	errno = saved_errno;
}
#else
extern handler_fn ssignal(int, handler_fn);
extern handler_fn __sysv_signal(int, handler_fn);
#define LIBC_SIGNAL ssignal
#define LIBC_SYSV_SIGNAL __sysv_signal
#define LIBC_BSD_SIGNAL ssignal
#define UNTAKEN(libc, signo, handler) (libc)(signo, handler)
#endif

/* A taken signal's action set as signal, bsd_signal (BSD's semantics:
 * the handler stays, calls are restarted, the signal is blocked while
 * its handler runs) or sysv_signal (System V's: once, not blocked,
 * calls interrupted) set it. */
static handler_fn set_action(int signo, handler_fn handler, int flags)
{
	struct sigaction sa, old;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sa.sa_flags = flags;
	sigemptyset(&sa.sa_mask);
	if (!(flags & SA_NODEFER))
		sigaddset(&sa.sa_mask, signo);
	if (sigaction(signo, &sa, &old) != 0)
		return SIG_ERR;
	return old.sa_handler;
}

/* For a signal of the chain's (fatal.c): SIG_DFL set through sigaction
 * (which keeps the chain's handler), anything else the C library's,
 * the old handler it returns seen through the chain. */
static const struct gmon_signal_chain *chained(int signo)
{
	const struct gmon_signal_chain *c = __atomic_load_n(&chain, __ATOMIC_ACQUIRE);
	return c && c->owns(signo) ? c : NULL;
}

/* signal, bsd_signal and sysv_signal: a taken signal's action (or the
 * chain's SIG_DFL) set as the call sets it (flags), any other the C
 * library's own call (libc) made. */
static handler_fn set_handler(set_fn *libc, int signo, handler_fn handler, int flags)
{
	const struct gmon_signal_chain *c = chained(signo);
	if (find_here(signo) || !libc || (c && handler == SIG_DFL))
		return set_action(signo, handler, flags);
	struct gmon_onstack_record r;
	gmon_onstack_record(signo, &r);
	handler_fn was =
		(handler_fn)gmon_onstack_handler((void *)UNTAKEN(libc, signo, handler), &r);
	return c ? c->old_handler(signo, was) : was;
}

handler_fn signal(int signo, handler_fn handler)
{
	return set_handler(LIBC_SIGNAL, signo, handler, SA_RESTART);
}

handler_fn bsd_signal(int signo, handler_fn handler)
{
	return set_handler(LIBC_BSD_SIGNAL, signo, handler, SA_RESTART);
}

handler_fn sysv_signal(int signo, handler_fn handler)
{
	return set_handler(LIBC_SYSV_SIGNAL, signo, handler, SA_RESETHAND | SA_NODEFER);
}

#ifdef GMON_SHARED
/* System V's sigset: SIG_HOLD (a change of mask, not of action) and the
 * signals no clock takes go to the C library; a taken signal's handler
 * is kept as signal's is (it stays, the signal blocked while it runs).
 * SIG_DFL for a signal of the chain's goes through sigaction (the
 * chain keeps its handler), then the signal is unblocked, as the C
 * library's sigset does. */
handler_fn sigset(int signo, handler_fn handler)
{
	set_fn *libc = LIBC_SIGSET;
	const struct gmon_signal_chain *c = chained(signo);
	if (c && handler == SIG_DFL) {
		sigset_t one, before;
		sigemptyset(&one);
		sigaddset(&one, signo);
		handler_fn was = set_action(signo, handler, 0);
		if (was == SIG_ERR || sigprocmask(SIG_UNBLOCK, &one, &before) != 0)
			return SIG_ERR;
		return sigismember(&before, signo) == 1 ? SIG_HOLD : was;
	}
	if (libc && (handler == SIG_HOLD || !find_here(signo))) {
		struct gmon_onstack_record r;
		gmon_onstack_record(signo, &r);
		handler_fn was =
			(handler_fn)gmon_onstack_handler((void *)UNTAKEN(libc, signo, handler), &r);
		return c ? c->old_handler(signo, was) : was;
	}
	return set_action(signo, handler, 0);
}
#endif
#endif
