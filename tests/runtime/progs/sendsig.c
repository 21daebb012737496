/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * sendsig.c: run a program, wait until it says "ready" on its standard
 * output, send it a signal, and report how it ended: the line
 * "signal N core C" or "exit N" (t-stopped.sh).  Its output is copied
 * to ours first.
 *   sendsig SIG MODE PROGRAM ARGS...
 * SIG is a number.  MODE: "die" (then only wait), "close" (then close its
 * input: a program that handled or ignored the signal reads to the end),
 * "thread" (the ready line names a thread, "ready TID": the signal goes
 * to that thread alone, then only wait).  Never waits a fixed time; gives
 * up after 60 s (SIGKILL, "timeout").
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t child;

static void on_alarm(int signo)
{
	(void)signo;
	kill(child, SIGKILL);
	static const char line[] = "timeout\n";
	write(1, line, sizeof line - 1);
	_exit(2);
}

int main(int argc, char **argv)
{
	if (argc < 4)
		return 2;
	int sig = atoi(argv[1]);
	const char *mode = argv[2];
	int in[2], out[2];
	if (pipe(in) != 0 || pipe(out) != 0)
		return 2;
	child = fork();
	if (child < 0)
		return 2;
	if (child == 0) {
		/* as a terminal's foreground job starts: every signal at its
		 * default action and unblocked, whatever this was started
		 * with (a shell's background job ignores SIGINT and SIGQUIT) */
		sigset_t none;
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		for (int s = 1; s < 32; s++)
			if (s != SIGKILL && s != SIGSTOP)
				signal(s, SIG_DFL);
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		execvp(argv[3], argv + 3);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	signal(SIGALRM, on_alarm);
	alarm(60);
	FILE *from = fdopen(out[0], "r");
	char line[256];
	int sent = 0;
	while (fgets(line, sizeof line, from)) {
		fputs(line, stdout);
		fflush(stdout);
		if (sent || strncmp(line, "ready", 5) != 0)
			continue;
		sent = 1;
		if (strcmp(mode, "thread") == 0)
			syscall(SYS_tgkill, child, atoi(line + 6), sig);
		else
			kill(child, sig);
		if (strcmp(mode, "close") == 0)
			close(in[1]);
	}
	int status;
	if (waitpid(child, &status, 0) != child)
		return 2;
	if (WIFSIGNALED(status))
		printf("signal %d core %d\n", WTERMSIG(status), WCOREDUMP(status) ? 1 : 0);
	else
		printf("exit %d\n", WEXITSTATUS(status));
	return 0;
}
