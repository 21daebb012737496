/* SPDX-License-Identifier: BSD-2-Clause
 *
 * guard.c: SIGPROF held off a thread while it waits (wait.c), by a guard
 * that never outlives the wait (issue 37, fault 11).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * A wrapped wait that our clock's signal could break (EINTR) is called
 * with SIGPROF blocked, and a recorded wait is counted with it blocked.
 * A signal of the program's may come meanwhile; its handler then starts
 * with SIGPROF blocked too, and a handler that leaves by longjmp (or
 * siglongjmp to a context saved without the mask) would leave SIGPROF
 * blocked for good: no more samples, and threads and exec'd programs
 * inherit the mask.  So in libgmon.so every handler the program installs
 * (sigaction, signal, bsd_signal, sysv_signal, sigset; and those
 * installed before the guards were first needed) is entered through a
 * trampoline (signals.c defines those calls and hands the program's
 * handlers of the signals the clocks do not take to this file), which
 * unblocks SIGPROF when a guard of this thread
 * blocked it (and neither the program's mask before the wait nor the
 * handler's own sa_mask did):
 * the handler runs with exactly the mask it would have had without the
 * profiler, a longjmp out of it leaves exactly that, and when it returns
 * the kernel restores the waiting mask.  The program sees its own
 * handler, flags and mask in what sigaction reports.
 *
 * Everything here is async-signal-safe: sigaction may be called from a
 * signal handler; the masks are changed by the system call itself, whose
 * old mask the kernel writes into this thread's guard before any signal
 * can be delivered on the way back.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "guard.h"

#define PROF_BIT (1ull << (SIGPROF - 1))

/* This thread's guard: active while a wrapper holds one (or is about to:
 * old then says "blocked", until the kernel wrote the real old mask). */
static __thread struct {
	uint64_t old;
	int active;
} guard __attribute__((tls_model("initial-exec")));

static int mask_syscall(int how, const uint64_t *set, uint64_t *old)
{
	return (int)syscall(SYS_rt_sigprocmask, how, set, old, sizeof *set);
}

void gmon_guard_block(struct gmon_guard_save *save)
{
	save->old = guard.old;
	save->active = guard.active;
	save->added = 0;
	guard.old = ~0ull; /* a handler before the kernel answers: lift nothing */
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	guard.active = 1;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	uint64_t prof = PROF_BIT;
	if (mask_syscall(SIG_BLOCK, &prof, &guard.old) != 0) {
		guard.active = save->active;
		guard.old = save->old;
		return;
	}
	save->added = !(guard.old & PROF_BIT);
}

void gmon_guard_release(struct gmon_guard_save *save)
{
	if (save->added) {
		uint64_t prof = PROF_BIT;
		mask_syscall(SIG_UNBLOCK, &prof, NULL);
		save->added = 0;
	}
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	guard.active = save->active;
	guard.old = save->old;
}

void gmon_guard_left(void)
{
	guard.active = 0;
}

void gmon_guard_program_mask(int blocks_prof)
{
	if (blocks_prof)
		guard.old |= PROF_BIT;
	else
		guard.old &= ~PROF_BIT;
}

#ifdef GMON_SHARED

/* The program's actions, as it asked for them, for the signals whose
 * handler the kernel holds as the trampoline. */
static struct {
	void *handler; /* atomic */
	int siginfo;   /* SA_SIGINFO */
	int mask_prof; /* its sa_mask blocks SIGPROF */
} actions[NSIG];

static int started;                 /* atomic */
static uintptr_t own_low, own_high; /* libgmon's code: its handlers are its own */

static int (*real_sigaction)(int, const struct sigaction *, struct sigaction *);

__attribute__((constructor(101))) static void resolve(void)
{
	real_sigaction = (int (*)(int, const struct sigaction *,
				  struct sigaction *))dlsym(RTLD_NEXT, "sigaction");
}

typedef void (*three_argument_handler)(int, siginfo_t *, void *);

/* A handler that interrupted a guarded wait: SIGPROF unblocked for its
 * time (unless the program's own masks held it), the guard put back when
 * it returns.  Not inlined: its frame is paid only here. */
static void __attribute__((noinline))
guarded_call(three_argument_handler h, int sig, siginfo_t *info, void *context)
{
	uint64_t was_old = guard.old;
	/* the handler is not in the wait: nested waits start afresh, and a
	 * longjmp out of it leaves no guard behind */
	guard.active = 0;
	if (!(was_old & PROF_BIT) && !actions[sig].mask_prof) {
		uint64_t prof = PROF_BIT;
		mask_syscall(SIG_UNBLOCK, &prof, NULL);
	}
	h(sig, info, context);
	guard.old = was_old;
	guard.active = 1;
	/* returning, the kernel restores the mask of the wait */
}

/* Both kinds of handler take (sig, info, context) on these ABIs: one of
 * one argument ignores the others.  Outside a guarded wait the handler
 * is a tail call: it runs on the stack exactly where it would without
 * the trampoline (a small alternate stack has no byte less). */
static void trampoline(int sig, siginfo_t *info, void *context)
{
	three_argument_handler h =
		(three_argument_handler)__atomic_load_n(&actions[sig].handler, __ATOMIC_ACQUIRE);
	if ((uintptr_t)h <= 1) /* SIG_DFL or SIG_IGN meanwhile */
		return;
	if (!guard.active) {
		h(sig, info, context);
		return;
	}
	guarded_call(h, sig, info, context);
}

static int is_function(const void *h)
{
	return h != (void *)SIG_DFL && h != (void *)SIG_IGN && h != (void *)SIG_ERR;
}

/* Whether the handler h of signal sig goes through the trampoline. */
static int wanted(int sig, const void *h)
{
	return __atomic_load_n(&started, __ATOMIC_ACQUIRE) && sig > 0 && sig < NSIG &&
	       sig != SIGPROF && is_function(h) && (void *)h != (void *)trampoline &&
	       !((uintptr_t)h >= own_low && (uintptr_t)h < own_high);
}

/* What the program asked for, in place of the trampoline, in *old. */
static void as_asked(int sig, struct sigaction *old, const void *handler, int siginfo)
{
	if (old->sa_sigaction != trampoline)
		return;
	old->sa_sigaction = (void (*)(int, siginfo_t *, void *))handler;
	if (!siginfo)
		old->sa_flags &= ~SA_SIGINFO;
	(void)sig;
}

int gmon_guard_sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	if (!real_sigaction)
		resolve();
	if (!real_sigaction)
		return -1;
	void *was_handler = sig > 0 && sig < NSIG
				    ? __atomic_load_n(&actions[sig].handler, __ATOMIC_ACQUIRE)
				    : NULL;
	int was_siginfo = sig > 0 && sig < NSIG ? actions[sig].siginfo : 0;
	struct sigaction through;
	if (act && wanted(sig, (const void *)act->sa_sigaction)) {
		actions[sig].siginfo = !!(act->sa_flags & SA_SIGINFO);
		actions[sig].mask_prof = sigismember(&act->sa_mask, SIGPROF) == 1;
		__atomic_store_n(&actions[sig].handler, (void *)act->sa_sigaction,
				 __ATOMIC_RELEASE);
		through = *act;
		through.sa_sigaction = trampoline;
		through.sa_flags |= SA_SIGINFO;
		act = &through;
	}
	int rc = real_sigaction(sig, act, old);
	if (rc == 0 && old)
		as_asked(sig, old, was_handler, was_siginfo);
	return rc;
}

/* After the C library installed a handler its own way (signal's BSD
 * semantics, siginterrupt's flags, sigset's mask): the same action,
 * through the trampoline. */
static void adopt(int sig)
{
	struct sigaction now;
	if (real_sigaction(sig, NULL, &now) != 0 || !wanted(sig, (const void *)now.sa_sigaction))
		return;
	gmon_guard_sigaction(sig, &now, NULL);
}

/* One of the C library's signal, bsd_signal, sysv_signal or sigset
 * called for the program (signals.c): its result as the program would
 * see it, and the handler adopted. */
sighandler_t gmon_guard_installed(sighandler_t (*real)(int, sighandler_t), int sig, sighandler_t h)
{
	if (!real_sigaction)
		resolve();
	if (!real || !real_sigaction)
		return SIG_ERR;
	void *was = sig > 0 && sig < NSIG ? __atomic_load_n(&actions[sig].handler, __ATOMIC_ACQUIRE)
					  : NULL;
	sighandler_t rc = real(sig, h);
	if ((void *)rc == (void *)trampoline)
		rc = (sighandler_t)was;
	if (rc != SIG_ERR)
		adopt(sig);
	return rc;
}

static int find_own_code(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	(void)data;
	uintptr_t here = (uintptr_t)trampoline;
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t low = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type == PT_LOAD && here >= low && here < low + ph->p_memsz) {
			own_low = low;
			own_high = low + ph->p_memsz;
			return 1;
		}
	}
	return 0;
}

void gmon_guard_start(void)
{
	if (__atomic_load_n(&started, __ATOMIC_ACQUIRE))
		return;
	if (!real_sigaction)
		resolve();
	if (!real_sigaction)
		return;
	dl_iterate_phdr(find_own_code, NULL);
	__atomic_store_n(&started, 1, __ATOMIC_RELEASE);
	for (int sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			adopt(sig);
}

#else /* !GMON_SHARED: no wait is wrapped, no guard is held */

void gmon_guard_start(void) {}

#endif
