/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * procs.c: the lifecycle matrix's shapes of processes: fork, vfork and
 * exec, posix_spawn, a chain of execs, a daemon (two forks and setsid),
 * chroot then setuid, and a child that resets every signal before exec.
 */
#include "matrix.h"

#include <errno.h>
#include <grp.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* the parent's end of each shape: the child's status, more computing */
static int finish(pid_t pid, const char *what)
{
	int status;
	waitpid(pid, &status, 0);
	print_status(what, status);
	compute();
	return 0;
}

int shape_fork(const char *arg)
{
	(void)arg;
	compute();
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		report_as("fork child");
		compute();
		printf("fork child computed\n");
		exit(3);
	}
	return finish(pid, "fork child");
}

int shape_vfork_exec(const char *arg)
{
	(void)arg;
	compute();
	fflush(stdout);
	pid_t pid = vfork();
	if (pid == 0) {
		exec_child("vfork");
		_exit(127);
	}
	return finish(pid, "vfork child");
}

int shape_posix_spawn(const char *arg)
{
	(void)arg;
	compute();
	fflush(stdout);
	pid_t pid;
	char *argv[] = { matrix_self, "exec-child", "spawned", NULL };
	int e = posix_spawn(&pid, matrix_self, NULL, NULL, argv, environ);
	if (e != 0) {
		printf("posix_spawn: %s\n", strerror(e));
		return 1;
	}
	return finish(pid, "spawned child");
}

/* three images of this program, each computing, the last one exits */
int shape_exec_chain(const char *arg)
{
	int image = arg ? atoi(arg) : 1;
	compute();
	printf("image %d\n", image);
	fflush(stdout);
	if (image < 3) {
		char next[16];
		snprintf(next, sizeof next, "%d", image + 1);
		char *argv[] = { matrix_self, "exec-chain", next, NULL };
		execv(matrix_self, argv);
		printf("execv: %s\n", strerror(errno));
		return 1;
	}
	return 6;
}

/* The first process waits until the daemon's end of a pipe is closed,
 * that is until the daemon is gone, so that the suite sees it all.  The
 * daemon computes meanwhile, but prints only once the first process has
 * said how the session leader ended (a byte on a second pipe): the two
 * processes share stdout, and without that order their lines would come
 * in whichever order the scheduler ran them (under load the daemon could
 * finish before the first process woke from its waitpid). */
int shape_daemon(const char *arg)
{
	(void)arg;
	int p[2], go[2];
	compute();
	if (pipe(p) != 0 || pipe(go) != 0)
		return 1;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		close(p[0]);
		close(go[1]);
		if (setsid() < 0)
			_exit(1);
		if (fork() != 0)
			_exit(0);
		report_as("daemon");
		compute();
		char c;
		ssize_t n;
		while ((n = read(go[0], &c, 1)) < 0 && errno == EINTR)
			;
		close(go[0]);
		printf("daemon: session leader %s%s\n", getsid(0) == getpid() ? "yes" : "no",
		       n == 1 ? "" : ", no word from the first process");
		exit(0);
	}
	close(p[1]);
	close(go[0]);
	int status;
	char c;
	waitpid(pid, &status, 0);
	print_status("session leader", status);
	if (write(go[1], "g", 1) != 1)
		printf("write: %s\n", strerror(errno));
	close(go[1]);
	while (read(p[0], &c, 1) > 0)
		;
	close(p[0]);
	printf("daemon gone\n");
	compute();
	return 0;
}

/* As root: into ./jail, then user and group nobody; every directory
 * descriptor left is tried as a way out of the jail. */
int shape_chroot_setuid(const char *arg)
{
	(void)arg;
	compute();
	if (mkdir("jail", 0777) != 0 || chmod("jail", 0777) != 0 || chroot("jail") != 0 ||
	    chdir("/") != 0) {
		printf("chroot: %s\n", strerror(errno));
		return 1;
	}
	if (setgroups(0, NULL) != 0 || setgid(65534) != 0 || setuid(65534) != 0) {
		printf("setuid: %s\n", strerror(errno));
		return 1;
	}
	compute();
	printf("outside /etc/passwd %s\n", access("/etc/passwd", F_OK) == 0 ? "seen" : "not seen");
	for (int fd = 0; fd < 4096; fd++) {
		struct stat st;
		if (fstat(fd, &st) != 0 || !S_ISDIR(st.st_mode))
			continue;
		char up[3 * 64 + 16] = "";
		for (int i = 0; i < 64; i++)
			strcat(up, "../");
		strcat(up, "etc/passwd");
		if (faccessat(fd, up, F_OK, 0) == 0)
			printf("escaped through descriptor %d\n", fd);
	}
	FILE *f = fopen("note", "w");
	if (f) {
		fprintf(f, "jailed as %d\n", (int)getuid());
		fclose(f);
	}
	return 0;
}

/* A forked child resets every signal to its default and unblocks them
 * all (as daemons, shells and supervisors do), computes, then execs. */
static void on_usr1(int sig)
{
	(void)sig;
}

int shape_sigdfl_exec(const char *arg)
{
	(void)arg;
	name_handler(on_usr1, "on_usr1");
	signal(SIGUSR1, on_usr1);
	signal(SIGPIPE, SIG_IGN);
	compute();
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		sigset_t none;
		for (int s = 1; s < NSIG; s++)
			if (s != SIGKILL && s != SIGSTOP)
				signal(s, SIG_DFL);
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		compute();
		compute();
		exec_child("after reset");
		_exit(127);
	}
	return finish(pid, "reset child");
}
