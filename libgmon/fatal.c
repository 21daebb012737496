/* SPDX-License-Identifier: BSD-2-Clause
 *
 * fatal.c: stopped, not lost.  A server or a loop stopped with Ctrl-C or
 * kill dies of a signal at its default action, and exit handlers never
 * run: no profile.  So the signals whose default action ends the process
 * (the list below) get a handler of ours while, and only while, the
 * program leaves them at their default action.  It writes the profile
 * once, then puts the default action back, unblocks the signal and sends
 * it again to its own thread: the process dies of that same signal, with
 * a core where one would have been dumped, and its parent sees the wait
 * status it would have seen without the profiler.
 *
 * The program never sees that handler.  signals.c defines sigaction,
 * signal, bsd_signal and sysv_signal in front of the C library's (for
 * the clocks' signals, which it takes for good); for the other signals
 * it hands sigaction to this file (its chain), and signal and
 * sysv_signal too when they set SIG_DFL (and sigset, in libgmon.so).
 * This file adds sigset to libgmon.a, and glibc's __sysv_signal and
 * ssignal to libgmon.so.  For a signal we hold,
 *   - the old action reported is the program's own idea of it (what was
 *     there at start-up, or what it last set: SIG_DFL, its flags and
 *     mask), never our handler;
 *   - setting SIG_DFL keeps our handler in place and only notes the
 *     program's action; setting anything else (a handler, SIG_IGN)
 *     replaces ours, and the signal is the program's from then on, with
 *     exactly the flags it asked for (no SA_RESTART added, siginterrupt
 *     honoured: the C library's signal sets it);
 *   - a program that sets SIG_DFL again later gets ours back.
 * Installing lazily instead (only when asked) cannot work: nothing calls
 * us before the signal arrives.  Taking the signal for good, as
 * signals.c does for the clocks, would run the program's own handler
 * behind ours, with SA_RESTART: a program whose SIGINT handler must
 * interrupt a blocking read would hang.  Wrapping is what keeps the
 * handler invisible to every caller of the C library (each answer for a
 * held signal first checks that the kernel still has our handler: a
 * change made behind our back, by a call that did not come through
 * here, is the truth); a program that makes the rt_sigaction system
 * call itself (Go's runtime) sees our handler as the previous one, and
 * a handler set with SA_RESETHAND that fires puts the kernel's default
 * back behind our back (the next such signal then ends the process
 * without a profile, as it would without us).
 *
 * Not caught, on purpose: the signals a fault raises (SIGSEGV, SIGBUS,
 * SIGILL, SIGFPE, SIGTRAP, SIGSYS) and abort's SIGABRT (the program is
 * broken or means to die: its memory may be what broke, the runtimes
 * and sanitizers that own those signals look at the previous handler,
 * and a core must show the fault where it happened, not our writer);
 * SIGPROF (the sampler's); SIGKILL and SIGSTOP (they cannot be); the
 * real-time signals and the rarer SIGIO, SIGPWR and SIGSTKFLT (programs
 * that use them install handlers).  Nothing is caught in a process whose
 * id is 1 (the init of a PID namespace, a container's first program):
 * the kernel ignores signals at their default action there, so the
 * signal sent again would not end it.
 *
 * Serialised: the first fatal signal takes the process (a compare-and-
 * swap of its thread's id); the handler blocks every signal while it
 * writes, so a second one on that thread waits and merges; one that
 * lands on another thread meanwhile waits there, a bounded time, for
 * the first to end the process.  A final write nested in a snapshot of
 * the same thread, or waiting for another thread's write, is write.c's
 * business (a complete file either way).
 *
 * Async-signal-safe: the handler and the wrappers use system calls,
 * atomics and copies of structures, no malloc, no lock, no stdio.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "fatal.h"
#include "signals.h"

#if !defined(GMON_SHARED) && !defined(__GLIBC__)
/* libgmon.a on musl: a program linked with musl's libc.so cannot reach
 * the hidden __sigaction, so nothing is wrapped (signals.c) and nothing
 * is caught (a handler the program could see would be worse than no
 * profile). */
void gmon_fatal_install(void (*write_final)(void), int skip)
{
	(void)write_final;
	(void)skip;
}
#else
#define real_sigaction gmon_untaken_sigaction

/* The signals caught while at their default action. */
static const int fatal_signals[] = { SIGHUP,  SIGINT,  SIGQUIT,   SIGTERM, SIGUSR1, SIGUSR2,
				     SIGPIPE, SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ };

/*
 * Per signal: held says our handler is the one in the kernel (atomic;
 * set at start-up and when the program sets SIG_DFL again, cleared when
 * the program installs its own action or the handler gives the signal
 * back to the kernel); program is then the action the program believes
 * is there (SIG_DFL with its flags and mask).  eligible: in the list and
 * not skipped, once gmon_fatal_install ran.
 */
static struct {
	int eligible;
	int held; /* atomic */
	struct sigaction program;
} signals[NSIG];

static void (*write_final_profile)(void);
/* The process whose table this is: a forked child takes its copy over
 * (fork handler); a vfork child shares the parent's memory, not its
 * signal actions, so it leaves the table alone (its calls go straight
 * to the C library's). */
static pid_t holder;
static int dying; /* atomic: the thread whose fatal signal ends the process */

static void on_fatal_signal(int signo);
static const struct gmon_signal_chain fatal_chain;

static int ours(int signo)
{
	return signo > 0 && signo < NSIG && signals[signo].eligible && getpid() == holder;
}

static void after_fork_in_child(void)
{
	holder = getpid();
}

static struct sigaction our_action(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal_signal;
	/* nothing else runs in this process while the profile is written:
	 * without us it would already be dead */
	sigfillset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	return sa;
}

static pid_t thread_id(void)
{
	return (pid_t)syscall(SYS_gettid);
}

/* Put the kernel's default back and send the signal again to this
 * thread; once unblocked it ends the process here.  If it does not (a
 * debugger swallowed it), our handler goes back and the program runs
 * on, as it would have. */
static void die_of(int signo)
{
	struct sigaction dfl;
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	real_sigaction(signo, &dfl, NULL);
	syscall(SYS_tgkill, getpid(), thread_id(), signo);
	sigset_t only;
	sigemptyset(&only);
	sigaddset(&only, signo);
	sigprocmask(SIG_UNBLOCK, &only, NULL);
	/* still here */
	struct sigaction sa = our_action();
	real_sigaction(signo, &sa, NULL);
}

/* How long a fatal signal on a second thread waits for the first to end
 * the process (its write waits up to 2 s for another's, then writes). */
enum {
	WAIT_FOR_FIRST_MS = 10000
};

static void on_fatal_signal(int signo)
{
	int saved_errno = errno;
	pid_t tid = thread_id();
	struct timespec ms = { 0, 1000000 };
	for (int waited = 0;; waited++) {
		int first = 0;
		if (__atomic_compare_exchange_n(&dying, &first, tid, 0, __ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE)) {
			if (write_final_profile)
				write_final_profile();
			break;
		}
		if (first == tid || waited >= WAIT_FOR_FIRST_MS)
			break;
		/* another thread writes the profile before it ends the
		 * process; one that is gone (a vfork child sharing this
		 * memory died of its signal) leaves the writing to us */
		if (syscall(SYS_tgkill, getpid(), first, 0) != 0 && errno == ESRCH) {
			__atomic_compare_exchange_n(&dying, &first, 0, 0, __ATOMIC_ACQ_REL,
						    __ATOMIC_RELAXED);
			continue;
		}
		nanosleep(&ms, NULL);
	}
	die_of(signo);
	/* alive after all: let the next fatal signal try again */
	int me = tid;
	__atomic_compare_exchange_n(&dying, &me, 0, 0, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
	errno = saved_errno;
}

void gmon_fatal_install(void (*write_final)(void), int skip)
{
	if (getpid() == 1)
		return;
	write_final_profile = write_final;
	holder = getpid();
	pthread_atfork(NULL, NULL, after_fork_in_child);
	gmon_signals_chain(&fatal_chain);
	for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) {
		int signo = fatal_signals[i];
		struct sigaction now;
		if (signo == skip || real_sigaction(signo, NULL, &now) != 0)
			continue;
		signals[signo].eligible = 1;
		/* ignored (nohup) or handled already: the program's; ours
		 * only if it sets the default later */
		if ((now.sa_flags & SA_SIGINFO) ? now.sa_sigaction != NULL
						: now.sa_handler != SIG_DFL)
			continue;
		signals[signo].program = now;
		struct sigaction sa = our_action();
		if (real_sigaction(signo, &sa, NULL) == 0)
			__atomic_store_n(&signals[signo].held, 1, __ATOMIC_RELEASE);
	}
}

static int is_default(const struct sigaction *act)
{
	/* sa_handler and sa_sigaction share their storage: SIG_DFL is 0 */
	return act->sa_handler == SIG_DFL;
}

/* Whether our handler is still the kernel's: a call that did not come
 * through here (the C library's own, a library's in a static link, the
 * system call made directly) or a handler with SA_RESETHAND that fired
 * may have changed it behind our back; then the kernel's is the truth. */
static int still_held(int signo)
{
	struct sigaction now;
	if (real_sigaction(signo, NULL, &now) != 0)
		return 1;
	return !(now.sa_flags & SA_SIGINFO) && now.sa_handler == on_fatal_signal;
}

/* The program's sigaction of a signal signals.c has not taken (its
 * chain): see the top of the file. */
static int fatal_sigaction(int signo, const struct sigaction *act, struct sigaction *old)
{
	if (!ours(signo))
		return real_sigaction(signo, act, old);
	if (__atomic_load_n(&signals[signo].held, __ATOMIC_ACQUIRE) && !still_held(signo))
		__atomic_store_n(&signals[signo].held, 0, __ATOMIC_RELEASE);
	if (__atomic_load_n(&signals[signo].held, __ATOMIC_ACQUIRE)) {
		struct sigaction before = signals[signo].program;
		if (act && !is_default(act)) {
			/* the program's own action replaces ours */
			if (real_sigaction(signo, act, NULL) != 0)
				return -1;
			__atomic_store_n(&signals[signo].held, 0, __ATOMIC_RELEASE);
		} else if (act) {
			signals[signo].program = *act;
		}
		if (old)
			*old = before;
		return 0;
	}
	if (act && is_default(act)) {
		/* back to the default: ours again, the program's noted */
		struct sigaction sa = our_action(), before;
		if (real_sigaction(signo, &sa, &before) != 0)
			return -1;
		signals[signo].program = *act;
		__atomic_store_n(&signals[signo].held, 1, __ATOMIC_RELEASE);
		if (old)
			*old = before;
		return 0;
	}
	return real_sigaction(signo, act, old);
}

/* signal() and sysv_signal() (signals.c) of one of these signals set
 * SIG_DFL through fatal_sigaction, anything else through the C
 * library's, whose old handler may be ours: the program's is reported. */
static int fatal_owns(int signo)
{
	return ours(signo);
}

static gmon_handler_fn fatal_old_handler(int signo, gmon_handler_fn old)
{
	return old == on_fatal_signal ? signals[signo].program.sa_handler : old;
}

static const struct gmon_signal_chain fatal_chain = { fatal_sigaction, fatal_owns,
						      fatal_old_handler };

#ifndef GMON_SHARED
/* libgmon.a (libgmon.so has signals.c's, which knows this chain):
 * System V's sigset: SIG_HOLD blocks the signal; any other action is
 * set (no flags, nothing held while it runs) and the signal unblocked.
 * Returns SIG_HOLD if the signal was blocked, else the old action. */
sighandler_t sigset(int signo, sighandler_t handler)
{
	if (handler == SIG_ERR || signo < 1 || signo >= NSIG) {
		errno = EINVAL;
		return SIG_ERR;
	}
	sigset_t one, before;
	sigemptyset(&one);
	sigaddset(&one, signo);
	struct sigaction sa, old;
	if (handler == SIG_HOLD) {
		if (sigaction(signo, NULL, &old) != 0 || sigprocmask(SIG_BLOCK, &one, &before) != 0)
			return SIG_ERR;
	} else {
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = handler;
		sigemptyset(&sa.sa_mask);
		if (sigaction(signo, &sa, &old) != 0 ||
		    sigprocmask(SIG_UNBLOCK, &one, &before) != 0)
			return SIG_ERR;
	}
	return sigismember(&before, signo) == 1 ? SIG_HOLD : old.sa_handler;
}
#endif

#if defined(GMON_SHARED) && defined(__GLIBC__)
/* glibc's other names for signal and sysv_signal (a program compiled for
 * strict ISO C calls __sysv_signal for signal): through ours, so that a
 * signal held here is reported as the program's.  (In libgmon.a these
 * names are the C library's own, which signals.c calls.) */
sighandler_t __sysv_signal(int signo, sighandler_t handler)
{
	return sysv_signal(signo, handler);
}

sighandler_t ssignal(int signo, sighandler_t handler)
{
	return signal(signo, handler);
}
#endif
#endif /* libgmon.a on musl */
