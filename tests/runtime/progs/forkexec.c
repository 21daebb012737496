/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * forkexec.c: usage: forkexec fork|exec: run a shell loop that uses some
 * CPU time, from a forked child (fork) or in place of this program
 * (exec).  An interval timer would survive the execve and kill the shell
 * with SIGPROF; the shell must finish and print "done".  With "fork",
 * prints how the child ended: "exit N" or "signal N". */
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char loop[] = "i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done; echo done";

__attribute__((noinline)) void run_shell(void)
{
	execl("/bin/sh", "sh", "-c", loop, (char *)NULL);
	_exit(127);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "exec") == 0)
		run_shell();
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0)
		run_shell();
	int status;
	waitpid(pid, &status, 0);
	if (WIFSIGNALED(status))
		printf("signal %d\n", WTERMSIG(status));
	else
		printf("exit %d\n", WEXITSTATUS(status));
	return 0;
}
