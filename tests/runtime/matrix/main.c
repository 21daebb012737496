/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * main.c: the lifecycle matrix's program: the table of shapes, the
 * computing loop, and the exit report every process prints (matrix.h).
 */
#include "matrix.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* 500,000 turns take about 0.17 ms here (a volatile add a cycle):
 * 25 ms and more of CPU, two and a half periods at 100 Hz */
#define COMPUTE_STEPS 160

char matrix_self[4096];
char matrix_dir[4096];

static __thread volatile unsigned long sink;

__attribute__((noipa)) static void step(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i;
}

void compute_turns(unsigned long n)
{
	while (n > 500000) {
		step(500000);
		n -= 500000;
	}
	step(n);
}

void compute(void)
{
	for (int i = 0; i < COMPUTE_STEPS; i++)
		step(500000);
}

/* ---- the exit report */

static struct {
	void (*fn)(int);
	const char *name;
} handlers[32];
static int n_handlers;

void name_handler(void (*fn)(int), const char *name)
{
	if (n_handlers < (int)(sizeof handlers / sizeof handlers[0])) {
		handlers[n_handlers].fn = fn;
		handlers[n_handlers++].name = name;
	}
}

void print_mask(const char *label, const sigset_t *set)
{
	printf("%s:", label);
	for (int s = 1; s < NSIG; s++) {
		if (!sigismember(set, s) || (s > 1 && sigismember(set, s - 1)))
			continue;
		int e = s;
		while (e + 1 < NSIG && sigismember(set, e + 1))
			e++;
		if (e == s)
			printf(" %d", s);
		else
			printf(" %d-%d", s, e);
	}
	printf("\n");
}

static const char *handler_name(void (*fn)(int))
{
	for (int i = 0; i < n_handlers; i++)
		if (handlers[i].fn == fn)
			return handlers[i].name;
	return "foreign";
}

/* the root the suite runs the program in ($MATRIX_ROOT): shown as "@",
 * so that the runs without and with the profiler print alike */
static void print_target(const char *target)
{
	const char *root = getenv("MATRIX_ROOT");
	size_t n = root ? strlen(root) : 0;
	if (n && strncmp(target, root, n) == 0 && (target[n] == '/' || target[n] == 0))
		printf(" @%s", target + n);
	else if (strncmp(target, "pipe:", 5) == 0)
		printf(" pipe");
	else if (strncmp(target, "socket:", 7) == 0)
		printf(" socket");
	else
		printf(" %s", target);
}

static void print_fd(int fd)
{
	/* static: the report may run on a thread's 16 KiB stack */
	static char target[4096];
	struct stat st;
	char path[64];
	int fdflags = fcntl(fd, F_GETFD), flags = fcntl(fd, F_GETFL);
	const char *type = "?";
	if (fstat(fd, &st) == 0)
		type = S_ISREG(st.st_mode)    ? "reg"
		       : S_ISDIR(st.st_mode)  ? "dir"
		       : S_ISFIFO(st.st_mode) ? "fifo"
		       : S_ISSOCK(st.st_mode) ? "sock"
		       : S_ISCHR(st.st_mode)  ? "chr"
		       : S_ISBLK(st.st_mode)  ? "blk"
					      : "other";
	printf("fd %d: %s", fd, type);
	if (flags & O_PATH)
		printf(" path");
	else
		printf(" %s", (flags & O_ACCMODE) == O_RDONLY   ? "r"
			      : (flags & O_ACCMODE) == O_WRONLY ? "w"
								: "rw");
	if (flags & O_APPEND)
		printf(" append");
	if (flags & O_NONBLOCK)
		printf(" nonblock");
	if (fdflags & FD_CLOEXEC)
		printf(" cloexec");
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	ssize_t n = readlink(path, target, sizeof target - 1);
	if (n > 0) {
		target[n] = 0;
		print_target(target);
	}
	printf("\n");
}

/* every descriptor: /proc/self/fd where it can be read, else the first
 * 4,096 numbers (in a chroot without /proc) */
static void print_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	if (d) {
		static int fds[1024];
		int own = dirfd(d), n = 0;
		struct dirent *e;
		while ((e = readdir(d)) != NULL && n < 1024) {
			if (e->d_name[0] == '.')
				continue;
			int fd = atoi(e->d_name);
			if (fd != own)
				fds[n++] = fd;
		}
		closedir(d);
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++)
				if (fds[j] < fds[i]) {
					int t = fds[i];
					fds[i] = fds[j];
					fds[j] = t;
				}
		for (int i = 0; i < n; i++)
			print_fd(fds[i]);
		return;
	}
	for (int fd = 0; fd < 4096; fd++)
		if (fcntl(fd, F_GETFD) != -1)
			print_fd(fd);
}

static const char *report_tag; /* NULL: no report (a process that never ran main) */

void report_as(const char *tag)
{
	report_tag = tag;
}

/* The runtime's state as the program's last destructors find it: before
 * the profile is written (_mcleanup, an atexit handler registered during
 * the loader's initialisation, runs after the loader's _dl_fini: see
 * matrix/known-failures, R3); what they see is what a program sees. */
__attribute__((destructor)) static void exit_report(void)
{
	if (!report_tag)
		return;
	int saved = errno;
	sigset_t mask;
	sigprocmask(SIG_SETMASK, NULL, &mask);
	printf("== exit report of %s\n", report_tag);
	print_mask("mask", &mask);
	for (int s = 1; s < NSIG; s++) {
		struct sigaction sa;
		if (sigaction(s, NULL, &sa) != 0 || sa.sa_handler == SIG_DFL)
			continue;
		printf("signal %d:", s);
		if (sa.sa_handler == SIG_IGN)
			printf(" ignored");
		else
			printf(" %s flags %#lx", handler_name(sa.sa_handler),
			       (unsigned long)sa.sa_flags & ~0x04000000UL /* SA_RESTORER */);
		print_mask(" mask", &sa.sa_mask);
	}
	print_fds();
	fflush(stdout);
	errno = saved;
}

void print_status(const char *what, int status)
{
	if (WIFEXITED(status))
		printf("%s: exit %d\n", what, WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		printf("%s: signal %s\n", what,
		       sigabbrev_np(WTERMSIG(status)) ? sigabbrev_np(WTERMSIG(status)) : "?");
	else
		printf("%s: status %#x\n", what, status);
	fflush(stdout);
}

void exec_child(const char *tag)
{
	char *argv[] = { matrix_self, "exec-child", (char *)tag, NULL };
	execv(matrix_self, argv);
}

static int exec_child_main(const char *tag)
{
	compute();
	printf("exec-child %s\n", tag ? tag : "");
	return 5;
}

static const struct {
	const char *name;
	int (*run)(const char *arg);
} shapes[] = {
	{ "exec-child", exec_child_main },
	{ "fork", shape_fork },
	{ "vfork-exec", shape_vfork_exec },
	{ "posix-spawn", shape_posix_spawn },
	{ "exec-chain", shape_exec_chain },
	{ "daemon", shape_daemon },
	{ "chroot-setuid", shape_chroot_setuid },
	{ "sigdfl-exec", shape_sigdfl_exec },
	{ "all-blocked", shape_all_blocked },
	{ "own-handlers", shape_own_handlers },
	{ "altstack", shape_altstack },
	{ "thread-stack", shape_thread_stack },
	{ "mutexes", shape_mutexes },
	{ "cancel", shape_cancel },
	{ "longjmp", shape_longjmp },
	{ "short-threads", shape_short_threads },
	{ "dlopen-loop", shape_dlopen_loop },
	{ "close-range", shape_close_range },
	{ "seccomp", shape_seccomp },
	{ "rlimit-nofile", shape_rlimit_nofile },
	{ "rlimit-fsize", shape_rlimit_fsize },
	{ "rlimit-as", shape_rlimit_as },
};

int main(int argc, char **argv)
{
	ssize_t n = readlink("/proc/self/exe", matrix_self, sizeof matrix_self - 1);
	if (n <= 0) {
		fprintf(stderr, "matrix: cannot read /proc/self/exe\n");
		return 2;
	}
	matrix_self[n] = 0;
	strcpy(matrix_dir, matrix_self);
	*strrchr(matrix_dir, '/') = 0;
	if (argc >= 2 && strcmp(argv[1], "list") == 0) {
		for (size_t i = 1; i < sizeof shapes / sizeof shapes[0]; i++)
			printf("%s\n", shapes[i].name);
		return 0;
	}
	for (size_t i = 0; argc >= 2 && i < sizeof shapes / sizeof shapes[0]; i++)
		if (strcmp(argv[1], shapes[i].name) == 0) {
			report_tag = shapes[i].name;
			return shapes[i].run(argc > 2 ? argv[2] : NULL);
		}
	fprintf(stderr, "usage: matrix SHAPE [ARG] (matrix list: the shapes)\n");
	return 2;
}
