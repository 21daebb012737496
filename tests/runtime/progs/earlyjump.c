/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * earlyjump.c: as jumps.c's "poll longjmp", with the SIGALRM handler
 * installed by a library's constructor (-DLIBRARY: libearly.so, which the
 * program needs), before libgmon starts: the profile takes over the
 * handlers already there as well as those installed later.
 */
#define _GNU_SOURCE
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>

#ifdef LIBRARY
jmp_buf early_env;

static void on_alarm(int sig)
{
	(void)sig;
	longjmp(early_env, 1);
}

__attribute__((constructor)) static void install(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
}
#else
extern jmp_buf early_env;

int main(void)
{
	if (!setjmp(early_env)) {
		struct itimerval t = { { 0, 0 }, { 0, 30000 } };
		setitimer(ITIMER_REAL, &t, NULL);
		poll(NULL, 0, 5000);
		printf("the wait returned\n");
		return 1;
	}
	sigset_t now;
	sigprocmask(SIG_BLOCK, NULL, &now);
	printf("after the jump: SIGALRM %s, SIGPROF %s\n",
	       sigismember(&now, SIGALRM) ? "blocked" : "open",
	       sigismember(&now, SIGPROF) ? "blocked" : "open");
	return 0;
}
#endif
