/* SPDX-License-Identifier: BSD-2-Clause
 *
 * onstack.c: the clocks' signals held while a handler of the program's
 * runs on its alternate signal stack (issue 37).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * A clock's signal that arrives while a handler runs on an alternate
 * stack nests on that stack: the kernel's frame for it (about 3 KiB
 * with AVX-512) and the sampler's go below whatever the handler uses,
 * and a program whose handler fits its small stack without the
 * profiler is killed ("overflowed sigaltstack").  So the program's
 * SA_ONSTACK handlers (of the signals no clock takes; signals.c hands
 * them here) are installed with the clocks' signals added to their
 * mask: the kernel blocks those as it delivers the signal, at once,
 * and restores the program's mask when the handler returns; what fires
 * meanwhile waits (a timer counts it in its overrun) and arrives at the
 * code the handler interrupted.  The handler is entered through a
 * trampoline, a tail call (not a byte lower on its stack), which notes
 * in the thread's storage the bits held for the program and the stack
 * they are held on.  Then the program sees its own mask: sigaction
 * reports its handler, flags and mask; sigprocmask and pthread_sigmask
 * (defined here in front of the C library's) hide the held bits in the
 * handler and keep them blocked there; a thread created in the handler
 * lets them go (threads.c); and once the thread is off that stack (a
 * longjmp out of the handler, which leaves them blocked) the next of
 * those calls lets them go.  The context's uc_sigmask is the kernel's
 * (the mask before the handler): the program's.
 *
 * Everything here is async-signal-safe: sigaction and sigprocmask may
 * be called from a signal handler; the masks change by system calls.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include "guard.h"
#include "onstack.h"

static uint64_t clocks; /* atomic: the clocks' signals */

/* The program's SA_ONSTACK actions, for the signals whose handler the
 * kernel holds as the trampoline. */
static struct {
	void *handler;  /* atomic: the program's */
	int siginfo;    /* SA_SIGINFO */
	int nodefer;    /* SA_NODEFER */
	uint64_t asked; /* its own mask, the first 64 signals */
	uint64_t added; /* the clocks' signals the kernel's mask has more */
} actions[NSIG];

/* This thread's hold: the bits its mask keeps blocked while the
 * program's handler runs on the alternate stack [low, high); of those,
 * the ones the program's own mask (as it set it) does not block, which
 * it is not shown and which are let go when the handler is left. */
static __thread struct {
	uint64_t held, hidden;
	uintptr_t low, high;
} hold __attribute__((tls_model("initial-exec")));

static uint64_t bits_of(const sigset_t *set)
{
	uint64_t bits;
	memcpy(&bits, set, sizeof bits);
	return bits;
}

static void add_bits(sigset_t *set, uint64_t bits)
{
	for (int sig = 1; sig <= 64 && bits; sig++, bits >>= 1)
		if (bits & 1)
			sigaddset(set, sig);
}

static void remove_bits(sigset_t *set, uint64_t bits)
{
	for (int sig = 1; sig <= 64 && bits; sig++, bits >>= 1)
		if (bits & 1)
			sigdelset(set, sig);
}

static int mask_syscall(int how, const uint64_t *set, uint64_t *old)
{
	return (int)syscall(SYS_rt_sigprocmask, how, set, old, sizeof *set);
}

static int on_held_stack(void)
{
	char here;
	return (uintptr_t)&here >= hold.low && (uintptr_t)&here < hold.high;
}

typedef void three_argument_handler(int, siginfo_t *, void *);

/* What the trampoline notes as a handler starts: the bits held for it,
 * and its stack.  Not inlined: its frame is gone when the handler
 * runs. */
static void __attribute__((noinline)) note(int sig, const ucontext_t *uc)
{
	uintptr_t low = (uintptr_t)uc->uc_stack.ss_sp;
	uintptr_t high = low + uc->uc_stack.ss_size;
	uint64_t before = bits_of(&uc->uc_sigmask);
	if (hold.held && hold.low == low && hold.high == high)
		before &= ~hold.hidden; /* nested: the program's own mask */
	uint64_t held = actions[sig].added & ~before & ~actions[sig].asked;
	if (!actions[sig].nodefer && sig <= 64)
		held &= ~(1ull << (sig - 1));
	if ((uintptr_t)uc < low || (uintptr_t)uc >= high) {
		/* not on an alternate stack (none set): nothing to hold */
		if (held)
			mask_syscall(SIG_UNBLOCK, &held, NULL);
		held = 0;
	}
	hold.low = low;
	hold.high = high;
	hold.held = held;
	hold.hidden = held;
}

/* Both kinds of handler take (sig, info, context) on these ABIs.  The
 * handler is a tail call: it runs where it would without us. */
static void trampoline(int sig, siginfo_t *info, void *context)
{
	three_argument_handler *h =
		(three_argument_handler *)__atomic_load_n(&actions[sig].handler, __ATOMIC_ACQUIRE);
	if ((uintptr_t)h <= 1) /* SIG_DFL or SIG_IGN meanwhile */
		return;
	note(sig, context);
	h(sig, info, context);
}

static int is_function(const void *h)
{
	return h != (void *)SIG_DFL && h != (void *)SIG_IGN && h != (void *)SIG_ERR;
}

const struct sigaction *gmon_onstack_action(int signo, const struct sigaction *act,
					    struct sigaction *copy)
{
	if (!act || !(act->sa_flags & SA_ONSTACK) || signo <= 0 || signo >= NSIG ||
	    !is_function((const void *)act->sa_sigaction) || act->sa_sigaction == trampoline)
		return act;
	uint64_t asked = bits_of(&act->sa_mask);
	actions[signo].siginfo = !!(act->sa_flags & SA_SIGINFO);
	actions[signo].nodefer = !!(act->sa_flags & SA_NODEFER);
	actions[signo].asked = asked;
	uint64_t added = __atomic_load_n(&clocks, __ATOMIC_ACQUIRE) & ~asked;
	actions[signo].added = added;
	__atomic_store_n(&actions[signo].handler, (void *)act->sa_sigaction, __ATOMIC_RELEASE);
	*copy = *act;
	copy->sa_sigaction = trampoline;
	copy->sa_flags |= SA_SIGINFO;
	add_bits(&copy->sa_mask, added);
	return copy;
}

void gmon_onstack_record(int signo, struct gmon_onstack_record *r)
{
	memset(r, 0, sizeof *r);
	if (signo <= 0 || signo >= NSIG)
		return;
	r->handler = __atomic_load_n(&actions[signo].handler, __ATOMIC_ACQUIRE);
	r->siginfo = actions[signo].siginfo;
	r->added = actions[signo].added;
}

void gmon_onstack_as_asked(struct sigaction *old, const struct gmon_onstack_record *r)
{
	if (old->sa_sigaction != trampoline)
		return;
	old->sa_sigaction = (three_argument_handler *)r->handler;
	if (!r->siginfo)
		old->sa_flags &= ~SA_SIGINFO;
	remove_bits(&old->sa_mask, r->added);
}

void *gmon_onstack_handler(void *old, const struct gmon_onstack_record *r)
{
	return old == (void *)trampoline ? r->handler : old;
}

uint64_t gmon_onstack_clock_bits(void)
{
	return __atomic_load_n(&clocks, __ATOMIC_ACQUIRE);
}

void gmon_onstack_clocks(uint64_t bits)
{
	__atomic_store_n(&clocks, bits, __ATOMIC_RELEASE);
}

uint64_t gmon_onstack_hidden(void)
{
	return hold.held && on_held_stack() ? hold.hidden : 0;
}

void gmon_onstack_release(uint64_t bits)
{
	if (bits)
		mask_syscall(SIG_UNBLOCK, &bits, NULL);
}

void gmon_onstack_sampled(void)
{
	/* a clock's signal got through: no handler holds them now */
	hold.held = 0;
	hold.hidden = 0;
}

/* Off the handler's stack with bits still held (a jump out of it): the
 * ones that are not the program's let go. */
static void let_go(void)
{
	uint64_t hidden = hold.hidden;
	hold.held = 0;
	hold.hidden = 0;
	gmon_guard_left(); /* the wait it may have interrupted is left too */
	if (hidden)
		mask_syscall(SIG_UNBLOCK, &hidden, NULL);
}

void gmon_onstack_check(void)
{
	if (hold.held && !on_held_stack())
		let_go();
}

const sigset_t *gmon_onstack_wait_mask(const sigset_t *mask, sigset_t *copy)
{
	uint64_t held = hold.held && on_held_stack() ? hold.held : 0;
	if (!mask || !held)
		return mask;
	*copy = *mask;
	add_bits(copy, held);
	return copy;
}

/* Bits let go for an exec from the handler (the clocks are stopped). */
static __thread uint64_t exec_released __attribute__((tls_model("initial-exec")));

void gmon_onstack_exec(int on)
{
	if (!on) {
		uint64_t back = exec_released;
		exec_released = 0;
		if (back)
			mask_syscall(SIG_BLOCK, &back, NULL);
		return;
	}
	uint64_t held = gmon_onstack_hidden();
	exec_released = 0; /* not a vfork child's, left from its exec */
	if (!held)
		return;
	/* what fired while the handler ran would arrive here, on its
	 * stack, or in the new image: dropped */
	struct timespec zero = { 0, 0 };
	while (syscall(SYS_rt_sigtimedwait, &held, NULL, &zero, sizeof held) > 0)
		;
	exec_released = held;
	mask_syscall(SIG_UNBLOCK, &held, NULL);
}

/* ---- sigprocmask and pthread_sigmask ---- */
#if defined(GMON_SHARED) || defined(__GLIBC__)

typedef int mask_fn(int, const sigset_t *, sigset_t *);
#ifdef GMON_SHARED
static void *next_sigprocmask, *next_pthread_sigmask;

static mask_fn *next(void **cache, const char *name)
{
	return (mask_fn *)gmon_next_definition(cache, name);
}

__attribute__((constructor)) static void find_the_c_library(void)
{
	next(&next_sigprocmask, "sigprocmask");
	next(&next_pthread_sigmask, "pthread_sigmask");
}

static int real_sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
	mask_fn *f = next(&next_sigprocmask, "sigprocmask");
	if (!f) {
		errno = ENOSYS;
		return -1;
	}
	return f(how, set, old);
}

static int real_pthread_sigmask(int how, const sigset_t *set, sigset_t *old)
{
	mask_fn *f = next(&next_pthread_sigmask, "pthread_sigmask");
	return f ? f(how, set, old) : ENOSYS;
}
#else
/* libgmon.a: the system call, as the C library makes it (its two
 * signals for cancellation and set*id are never blocked) */
static int real_sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
	sigset_t copy;
	if (set && how != SIG_UNBLOCK) {
		copy = *set;
		sigdelset(&copy, 32);
		sigdelset(&copy, 33);
		set = &copy;
	}
	return (int)syscall(SYS_rt_sigprocmask, how, set, old, (size_t)_NSIG / 8);
}

static int real_pthread_sigmask(int how, const sigset_t *set, sigset_t *old)
{
	int saved_errno = errno;
	int rc = real_sigprocmask(how, set, old) == 0 ? 0 : errno;
	errno = saved_errno;
	return rc;
}
#endif

/* One call of the program's: in a handler whose bits are held, the
 * program sets and sees its own mask, the held bits staying blocked;
 * off that stack, bits still held (a jump out of the handler) let go. */
static int change_mask(mask_fn *real, int how, const sigset_t *set, sigset_t *old)
{
	if (!hold.held)
		return real(how, set, old);
	if (!on_held_stack()) {
		let_go();
		return real(how, set, old);
	}
	uint64_t held = hold.held, hidden = hold.hidden;
	sigset_t copy;
	if (set) {
		copy = *set;
		uint64_t asked = bits_of(set);
		if (how == SIG_BLOCK) {
			hidden &= ~asked; /* the program's own now */
		} else if (how == SIG_UNBLOCK) {
			hidden |= asked & held;
			remove_bits(&copy, held);
		} else if (how == SIG_SETMASK) {
			hidden = held & ~asked;
			add_bits(&copy, held);
		}
		set = &copy;
	}
	int rc = real(how, set, old);
	if (rc == 0) {
		if (old)
			remove_bits(old, hold.hidden);
		hold.hidden = hidden;
	}
	return rc;
}

int sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
	return change_mask(real_sigprocmask, how, set, old);
}

int pthread_sigmask(int how, const sigset_t *set, sigset_t *old)
{
	return change_mask(real_pthread_sigmask, how, set, old);
}
#endif

/* ---- the jumps out of a handler (glibc, libgmon.so) ----
 * siglongjmp to a context saved with its mask puts that mask back
 * before it leaves the handler's stack: what fired meanwhile would
 * arrive there, nested on that stack.  So a jump from a handler whose
 * bits are held restores them held (a copy of the context, the held
 * bits added to its mask); once off that stack, the next mask call,
 * wrapped wait, exec or sample lets them go. */
#if defined(GMON_SHARED) && defined(__GLIBC__)
#include <setjmp.h>

typedef void jump_fn(struct __jmp_buf_tag *, int);
enum {
	JUMP_LONGJMP,
	JUMP__LONGJMP,
	JUMP_SIGLONGJMP,
	JUMP_CHK,
	JUMPS
};
static const char *const jump_names[JUMPS] = { "longjmp", "_longjmp", "siglongjmp",
					       "__longjmp_chk" };
static void *next_jump[JUMPS];

__attribute__((constructor)) static void find_the_jumps(void)
{
	for (int i = 0; i < JUMPS; i++)
		gmon_next_definition(&next_jump[i], jump_names[i]);
}

static void __attribute__((noinline, noreturn))
jump_held(jump_fn *real, struct __jmp_buf_tag *env, int value)
{
	struct __jmp_buf_tag copy = *env;
	/* held through the jump; what the restored mask does not block
	 * is not the program's */
	hold.hidden = hold.held & ~bits_of(&env->__saved_mask);
	add_bits(&copy.__saved_mask, hold.held);
	real(&copy, value);
	__builtin_unreachable();
}

static void __attribute__((noreturn)) jump(int which, struct __jmp_buf_tag *env, int value)
{
	jump_fn *real = (jump_fn *)gmon_next_definition(&next_jump[which], jump_names[which]);
	if (!real)
		_exit(127); /* no C library to jump with: cannot happen */
	if (env->__mask_was_saved && hold.held && on_held_stack())
		jump_held(real, env, value);
	real(env, value);
	__builtin_unreachable();
}

void longjmp(struct __jmp_buf_tag env[1], int value)
{
	jump(JUMP_LONGJMP, env, value);
}

void _longjmp(struct __jmp_buf_tag env[1], int value)
{
	jump(JUMP__LONGJMP, env, value);
}

void siglongjmp(struct __jmp_buf_tag env[1], int value)
{
	jump(JUMP_SIGLONGJMP, env, value);
}

void __longjmp_chk(struct __jmp_buf_tag env[1], int value);
void __longjmp_chk(struct __jmp_buf_tag env[1], int value)
{
	jump(JUMP_CHK, env, value);
}
#endif
