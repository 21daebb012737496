/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * stopped.c: programs that run until a signal stops them, for
 * t-stopped.sh (built with -pg and without).  Each calls work() N times,
 * says "ready" on stdout, then waits in read(0) until the signal comes
 * (or its input ends: then "eof" and exit 0).
 *   stopped N wait       leaves every signal at its default action
 *   stopped N handle     SIGTERM's handler prints "handled" and exits 3
 *   stopped N ignore     ignores SIGINT
 *   stopped N eintr      SIGINT's handler set without SA_RESTART: prints
 *                        the kernel's action (the rt_sigaction system
 *                        call), its handler and SA_RESTART, exit 4
 *   stopped N late       installs its SIGTERM handler after start-up and
 *                        prints what sigaction and signal report: the
 *                        actions it sees must be the defaults
 *   stopped N thread     a second thread says "ready TID" and waits; the
 *                        signal is sent to that thread alone
 *   stopped N fork K     K forked children, child i calls work() i times
 *                        more and ends with _exit(0) (or _Exit with
 *                        "fork-Exit"; "fork-exec-fails": after an exec
 *                        that fails); the parent waits for them all
 *   stopped N vfork      a vfork child ends with _exit(0) at once; then
 *                        as wait
 *   stopped N snapshot   raises SIGUSR1 (GMON_SNAPSHOT_SIGNAL), then as
 *                        wait
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define PROGS_WORK
#include "progs.h"

/* sigset is System V's, kept for old programs: it is what is tested */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

static void on_term(int signo)
{
	(void)signo;
	static const char line[] = "handled\n";
	write(1, line, sizeof line - 1);
	_exit(3);
}

static void on_int(int signo)
{
	(void)signo;
}

static const char *action_name(sighandler_t h)
{
	return h == SIG_DFL   ? "default"
	       : h == SIG_IGN ? "ignored"
	       : h == on_term ? "ours"
	       : h == on_int  ? "on_int"
			      : "other";
}

static void wait_for_input(void)
{
	char c;
	while (read(0, &c, 1) > 0)
		;
	printf("eof\n");
	fflush(stdout);
}

static void *waiting_thread(void *unused)
{
	(void)unused;
	printf("ready %ld\n", (long)syscall(SYS_gettid));
	fflush(stdout);
	for (;;)
		pause();
	return NULL;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 10;
	const char *mode = argc > 2 ? argv[2] : "wait";
	for (int i = 0; i < n; i++)
		work(1000);
	if (strcmp(mode, "handle") == 0) {
		signal(SIGTERM, on_term);
	} else if (strcmp(mode, "ignore") == 0) {
		signal(SIGINT, SIG_IGN);
	} else if (strcmp(mode, "eintr") == 0) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_int;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGINT, &sa, NULL);
		/* what the kernel holds, asked without the C library */
		struct {
			void (*handler)(int);
			unsigned long flags;
			void (*restorer)(void);
			unsigned long mask;
		} k;
		if (syscall(SYS_rt_sigaction, SIGINT, NULL, &k, sizeof k.mask) != 0)
			return 2;
		printf("kernel: %s restart %d\n", action_name(k.handler),
		       (k.flags & SA_RESTART) != 0);
		return 4;
	} else if (strcmp(mode, "late") == 0) {
		struct sigaction sa, old;
		sigaction(SIGTERM, NULL, &old);
		printf("before: %s flags %#x\n", action_name(old.sa_handler),
		       (unsigned)old.sa_flags);
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_term;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGTERM, &sa, &old);
		printf("replaced: %s\n", action_name(old.sa_handler));
		sigaction(SIGTERM, NULL, &old);
		printf("now: %s\n", action_name(old.sa_handler));
		printf("signal(SIGHUP): %s\n", action_name(signal(SIGHUP, SIG_DFL)));
		printf("again: %s\n", action_name(signal(SIGHUP, SIG_IGN)));
		printf("back: %s\n", action_name(signal(SIGHUP, SIG_DFL)));
		sigaction(SIGINT, NULL, &old);
		printf("SIGINT: %s\n", action_name(old.sa_handler));
		const char *first = action_name(sigset(SIGUSR2, SIG_DFL));
		const char *held = action_name(sigset(SIGUSR2, SIG_HOLD));
		sighandler_t was = sigset(SIGUSR2, SIG_DFL);
		printf("sigset: %s %s %s\n", first, held,
		       was == SIG_HOLD ? "held" : action_name(was));
	} else if (strcmp(mode, "thread") == 0) {
		pthread_t t;
		if (pthread_create(&t, NULL, waiting_thread, NULL) != 0)
			return 2;
		wait_for_input();
		return 0;
	} else if (strcmp(mode, "vfork") == 0) {
		pid_t child = vfork();
		if (child == 0)
			_exit(0);
		int status;
		if (child < 0 || waitpid(child, &status, 0) != child || !WIFEXITED(status))
			return 3;
	} else if (strcmp(mode, "snapshot") == 0) {
		raise(SIGUSR1);
	} else if (strncmp(mode, "fork", 4) == 0) {
		int k = argc > 3 ? atoi(argv[3]) : 2;
		for (int i = 1; i <= k; i++) {
			pid_t child = fork();
			if (child < 0)
				return 2;
			if (child == 0) {
				for (int j = 0; j < i; j++)
					work(1000);
				if (strcmp(mode, "fork-exec-fails") == 0)
					execl("/nonexistent/program", "program", (char *)NULL);
				if (strcmp(mode, "fork-Exit") == 0)
					_Exit(0);
				_exit(0);
			}
			int status;
			if (waitpid(child, &status, 0) != child || !WIFEXITED(status))
				return 3;
			printf("child %ld\n", (long)child);
		}
		return 0;
	}
	say_ready();
	wait_for_input();
	return 0;
}
