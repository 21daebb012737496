/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * signals.c: the lifecycle matrix's shapes of signals: every signal
 * blocked, the program's own SIGPROF, SIGALRM and SIGTRAP handlers,
 * handlers on small alternate stacks, and jumps out of handlers that
 * interrupted a wait.
 */
#include "matrix.h"

#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "early.h"

extern char **environ;

static void *computing_thread(void *arg)
{
	compute();
	return arg;
}

/* everything blocked from the start: a thread, a fork and a spawned
 * program inherit the mask */
int shape_all_blocked(const char *arg)
{
	(void)arg;
	sigset_t all;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, NULL);
	compute();
	pthread_t t;
	pthread_create(&t, NULL, computing_thread, NULL);
	pthread_join(t, NULL);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		report_as("blocked child");
		compute();
		exit(0);
	}
	int status;
	waitpid(pid, &status, 0);
	print_status("blocked child", status);
	char *argv[] = { matrix_self, "exec-child", "blocked", NULL };
	if (posix_spawn(&pid, matrix_self, NULL, NULL, argv, environ) == 0) {
		waitpid(pid, &status, 0);
		print_status("spawned child", status);
	}
	compute();
	return 0;
}

static volatile sig_atomic_t prof_calls, alrm_calls;
static void on_prof(int sig)
{
	(void)sig;
	prof_calls++;
}
static void on_alrm(int sig)
{
	(void)sig;
	alrm_calls++;
}

/* SIGTRAP's handler is installed by libmatrix-early.so's constructor,
 * before the runtime starts (early.c); SIGPROF's and SIGALRM's here. */
int shape_own_handlers(const char *arg)
{
	(void)arg;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	name_handler(on_prof, "on_prof");
	name_handler(on_alrm, "on_alrm");
	name_handler(early_on_trap, "early_on_trap");
	sa.sa_handler = on_prof;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGPROF, &sa, NULL);
	sa.sa_handler = on_alrm;
	sigaction(SIGALRM, &sa, NULL);

	for (int i = 0; i < 10; i++)
		raise(SIGPROF);
	compute();
	compute();
	printf("SIGPROF raised 10 times, handled %d\n", (int)prof_calls);

	int traps = early_traps;
	for (int i = 0; i < 3; i++)
		raise(SIGTRAP);
#if defined(__x86_64__)
	for (int i = 0; i < 3; i++)
		__asm__ volatile("int3");
#else
	for (int i = 0; i < 3; i++)
		raise(SIGTRAP);
#endif
	compute();
	printf("SIGTRAP raised 6 times, handled %d (constructor %s)\n", early_traps - traps,
	       early_installed ? "installed its handler" : "did not run");

	struct itimerval it = { { 0, 0 }, { 0, 5000 } };
	setitimer(ITIMER_REAL, &it, NULL);
	for (int i = 0; i < 4000 && !alrm_calls; i++)
		compute_turns(100000);
	printf("SIGALRM timer: handled %d\n", (int)alrm_calls);

	prof_calls = 0;
	struct itimerval prof = { { 0, 10000 }, { 0, 10000 } };
	setitimer(ITIMER_PROF, &prof, NULL);
	for (int i = 0; i < 4000 && prof_calls < 3; i++)
		compute_turns(100000);
	memset(&prof, 0, sizeof prof);
	setitimer(ITIMER_PROF, &prof, NULL);
	printf("own ITIMER_PROF %s\n", prof_calls >= 3 ? "fired" : "did not fire");
	return 0;
}

/* ---- alternate stacks */

/* a stack of SIZE bytes with an inaccessible page below it */
static void *guarded_stack(size_t size)
{
	char *p =
		mmap(NULL, size + 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	mprotect(p, 4096, PROT_NONE);
	return p + 4096;
}

static volatile sig_atomic_t on_alt;

static void on_usr1_alt(int sig)
{
	(void)sig;
	stack_t ss;
	sigaltstack(NULL, &ss);
	on_alt = (ss.ss_flags & SS_ONSTACK) != 0;
	compute();
	struct timespec t = { 0, 1000000 };
	nanosleep(&t, NULL);
	poll(NULL, 0, 1);
}

static void on_term_exit(int sig)
{
	(void)sig;
	exit(9);
}

/* SIGUSR1's handler computes and waits on an 8 KiB alternate stack;
 * then SIGTERM's handler calls exit() on a 32 KiB one */
int shape_altstack(const char *arg)
{
	(void)arg;
	name_handler(on_usr1_alt, "on_usr1_alt");
	name_handler(on_term_exit, "on_term_exit");
	stack_t ss = { .ss_sp = guarded_stack(8192), .ss_size = 8192 };
	if (!ss.ss_sp || sigaltstack(&ss, NULL) != 0)
		return 1;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_usr1_alt;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGUSR1, &sa, NULL);
	compute();
	raise(SIGUSR1);
	printf("SIGUSR1 handled %s\n", on_alt ? "on the 8 KiB stack" : "elsewhere");
	fflush(stdout);

	ss.ss_sp = guarded_stack(32768);
	ss.ss_size = 32768;
	if (!ss.ss_sp || sigaltstack(&ss, NULL) != 0)
		return 1;
	sa.sa_handler = on_term_exit;
	sigaction(SIGTERM, &sa, NULL);
	raise(SIGTERM);
	return 1;
}

/* ---- jumps out of handlers */

static jmp_buf jump;
static sigjmp_buf sigjump;
static void on_alrm_longjmp(int sig)
{
	(void)sig;
	longjmp(jump, 1);
}
static void on_alrm_siglongjmp(int sig)
{
	(void)sig;
	siglongjmp(sigjump, 1);
}

/* SIGALRM, blocked, is let in only inside the wait (ppoll's and
 * sigsuspend's masks), so that its handler always interrupts the wait;
 * longjmp keeps the handler's mask, siglongjmp restores the saved one */
int shape_longjmp(const char *arg)
{
	(void)arg;
	name_handler(on_alrm_longjmp, "on_alrm_longjmp");
	name_handler(on_alrm_siglongjmp, "on_alrm_siglongjmp");
	sigset_t alrm, in_wait;
	sigemptyset(&alrm);
	sigaddset(&alrm, SIGALRM);
	sigprocmask(SIG_BLOCK, &alrm, &in_wait);
	sigdelset(&in_wait, SIGALRM);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alrm_longjmp;
	sigaction(SIGALRM, &sa, NULL);
	compute();

	struct itimerval it = { { 0, 0 }, { 0, 10000 } };
	setitimer(ITIMER_REAL, &it, NULL);
	if (setjmp(jump) == 0) {
		ppoll(NULL, 0, NULL, &in_wait);
		printf("ppoll returned\n");
	} else {
		printf("longjmp out of ppoll\n");
	}
	sigset_t now;
	sigprocmask(SIG_SETMASK, NULL, &now);
	print_mask("mask after longjmp", &now);
	compute();

	sa.sa_handler = on_alrm_siglongjmp;
	sigaction(SIGALRM, &sa, NULL);
	sigprocmask(SIG_BLOCK, &alrm, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	if (sigsetjmp(sigjump, 1) == 0) {
		sigsuspend(&in_wait);
		printf("sigsuspend returned\n");
	} else {
		printf("siglongjmp out of sigsuspend\n");
	}
	sigprocmask(SIG_SETMASK, NULL, &now);
	print_mask("mask after siglongjmp", &now);
	pthread_t t;
	pthread_create(&t, NULL, computing_thread, NULL);
	pthread_join(t, NULL);
	compute();
	return 0;
}
