/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * jumps.c: a SIGALRM handler that leaves by longjmp the wait it
 * interrupted (issue 37, fault 11), then what the signal mask is: in
 * the program, in a thread it starts, and in a program it executes.
 * "jumps WAIT HOW": WAIT one of pause, sleep, poll, nanosleep, select,
 * sigsuspend; HOW one of
 *   longjmp     sigaction(SA_RESTART) handler, setjmp/longjmp (the mask is
 *               not restored: the handler's stays, SIGALRM blocked);
 *   siglongjmp  sigsetjmp(env, 1)/siglongjmp (the saved mask back);
 *   signal      a handler installed by signal(), longjmp;
 *   nodefer     SA_SIGINFO | SA_NODEFER (a three-argument handler),
 *               longjmp.
 * Each line says which of SIGALRM, SIGPROF and SIGUSR1 are blocked; the
 * output is the same with and without a profiler that keeps the mask.
 * "jumps mask" prints the mask only (the executed program).
 */
#define _GNU_SOURCE
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static jmp_buf env;
static sigjmp_buf senv;
static int use_sig;

static void show(const char *where)
{
	sigset_t now;
	pthread_sigmask(SIG_BLOCK, NULL, &now);
	printf("%s: SIGALRM %s, SIGPROF %s, SIGUSR1 %s\n", where,
	       sigismember(&now, SIGALRM) ? "blocked" : "open",
	       sigismember(&now, SIGPROF) ? "blocked" : "open",
	       sigismember(&now, SIGUSR1) ? "blocked" : "open");
	fflush(stdout);
}

static void on_alarm(int sig)
{
	(void)sig;
	if (use_sig)
		siglongjmp(senv, 1);
	longjmp(env, 1);
}

static void on_alarm_info(int sig, siginfo_t *info, void *context)
{
	(void)info;
	(void)context;
	on_alarm(sig);
}

static void *thread_main(void *arg)
{
	(void)arg;
	show("thread");
	return NULL;
}

static void wait_in(const char *what)
{
	if (strcmp(what, "pause") == 0) {
		pause();
	} else if (strcmp(what, "sleep") == 0) {
		sleep(5);
	} else if (strcmp(what, "poll") == 0) {
		poll(NULL, 0, 5000);
	} else if (strcmp(what, "nanosleep") == 0) {
		struct timespec t = { 5, 0 };
		nanosleep(&t, NULL);
	} else if (strcmp(what, "select") == 0) {
		struct timeval t = { 5, 0 };
		select(0, NULL, NULL, NULL, &t);
	} else if (strcmp(what, "sigsuspend") == 0) {
		sigset_t none;
		sigemptyset(&none);
		sigaddset(&none, SIGUSR1);
		sigsuspend(&none);
	}
	printf("the wait returned\n");
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "mask") == 0) {
		show("exec");
		return 0;
	}
	if (argc < 3)
		return 2;
	const char *how = argv[2];
	use_sig = strcmp(how, "siglongjmp") == 0;
	if (strcmp(how, "signal") == 0) {
		signal(SIGALRM, on_alarm);
	} else {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		if (strcmp(how, "nodefer") == 0) {
			sa.sa_sigaction = on_alarm_info;
			sa.sa_flags = SA_RESTART | SA_SIGINFO | SA_NODEFER;
		} else {
			sa.sa_handler = on_alarm;
			sa.sa_flags = SA_RESTART;
		}
		sigaction(SIGALRM, &sa, NULL);
	}
	struct sigaction asked;
	sigaction(SIGALRM, NULL, &asked);
	printf("handler %s, flags%s%s%s\n",
	       asked.sa_handler == on_alarm || asked.sa_sigaction == on_alarm_info ? "ours"
										   : "other",
	       asked.sa_flags & SA_SIGINFO ? " siginfo" : "",
	       asked.sa_flags & SA_NODEFER ? " nodefer" : "",
	       asked.sa_flags & SA_RESTART ? " restart" : "");
	show("before");
	int jumped = use_sig ? sigsetjmp(senv, 1) : setjmp(env);
	if (!jumped) {
		struct itimerval t = { { 0, 0 }, { 0, 30000 } };
		setitimer(ITIMER_REAL, &t, NULL);
		wait_in(argv[1]);
		return 1;
	}
	show("after the jump");
	pthread_t t;
	pthread_create(&t, NULL, thread_main, NULL);
	pthread_join(t, NULL);
	execl("/proc/self/exe", argv[0], "mask", (char *)NULL);
	return 3;
}
