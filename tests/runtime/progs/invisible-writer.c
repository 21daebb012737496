/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * invisible-writer.c: programs whose shape the profile's writer must not
 * change (tests/runtime/t-invisible-writer.sh).  Built three ways: without
 * the profiler, with -pg and libgmon.a, with -pg and glibc's runtime.
 *   hello                   print "hello"
 *   altstack-exit KIB       exit(9) from a SIGTERM handler on an alternate
 *                           stack of KIB KiB (a PROT_NONE page below it)
 *   altstack-snapshot KIB   gmon_snapshot() from a SIGUSR1 handler on such
 *                           a stack (nothing without libgmon)
 *   thread-snapshot KIB     gmon_snapshot() from a thread with a KIB KiB
 *                           stack; with GMON_SNAPSHOT_SIGNAL=USR2 set, the
 *                           thread also sends itself SIGUSR2
 *   thread-exec KIB         a thread with a KIB KiB stack execs "hello"
 *   clone-exec KIB          clone(CLONE_VM|CLONE_VFORK) on a KIB KiB stack;
 *                           the child execs /bin/echo hello
 *   measure-snapshot        "writer-stack BYTES": the bytes of a 256 KiB
 *                           alternate stack that gmon_snapshot() touched
 *                           below the handler calling it
 *   measure-exit            "exit-stack BYTES": the bytes of a 256 KiB
 *                           alternate stack touched by exit() from a
 *                           handler on it (measured by a destructor)
 *   chroot DIR              list the descriptors (from 0 to 1023) open
 *                           before the chroot, and which are directories
 *                           outside DIR; chroot to DIR, chdir to /,
 *                           become nobody (65534), try each of those as
 *                           a way out (fchdir, up to the root, read
 *                           etc/passwd)
 *   chdir-wait DIR          chdir to DIR, say "ready", read a line from
 *                           stdin, then some work
 *   vfork-exec N PROGRAM    N times: vfork, and the child execs PROGRAM;
 *                           then say whether gmon.out exists
 *   exec PROGRAM ARGS...    some work, then exec PROGRAM ARGS...
 *   exec-chain K            "image K GMON_IMAGE=[VALUE]" (what main sees),
 *                           caller(10 K), then exec itself as
 *                           exec-chain K-1 (down to 1)
 * Everything a test compares is on stdout; the exit status is 0 unless
 * said otherwise.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* libgmon's, when linked (include/libgmon.h); absent otherwise */
extern int gmon_snapshot(void) __attribute__((weak));

static volatile unsigned long sink;
static const char *self;

__attribute__((noinline)) void work(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i;
}

__attribute__((noinline)) void caller(int calls)
{
	for (int i = 0; i < calls; i++)
		work(1000);
}

static void say(const char *s)
{
	fputs(s, stdout);
	fflush(stdout);
}

/* KIB KiB of fresh memory filled with 0xa5, a PROT_NONE page below it. */
static char *guarded_stack(size_t size)
{
	char *p =
		mmap(NULL, 4096 + size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED || mprotect(p, 4096, PROT_NONE) != 0) {
		perror("mmap");
		exit(2);
	}
	memset(p + 4096, 0xa5, size);
	return p + 4096;
}

static size_t kib(const char *arg)
{
	return (size_t)strtoul(arg ? arg : "16", NULL, 10) * 1024;
}

static void on_signal(int signo, void (*handler)(int), size_t alt_size, char **alt)
{
	if (alt_size) {
		*alt = guarded_stack(alt_size);
		stack_t ss = { .ss_sp = *alt, .ss_size = alt_size, .ss_flags = 0 };
		if (sigaltstack(&ss, NULL) != 0) {
			perror("sigaltstack");
			exit(2);
		}
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sa.sa_flags = alt_size ? SA_ONSTACK : 0;
	sigemptyset(&sa.sa_mask);
	sigaction(signo, &sa, NULL);
}

/* ---- the writer on small stacks ---- */

static void exit_9(int signo)
{
	(void)signo;
	caller(3);
	exit(9);
}

static void snapshot(int signo)
{
	(void)signo;
	caller(3);
	if (gmon_snapshot)
		gmon_snapshot();
}

static void *thread_snapshot(void *arg)
{
	(void)arg;
	caller(5);
	if (gmon_snapshot)
		gmon_snapshot();
	if (getenv("GMON_SNAPSHOT_SIGNAL"))
		pthread_kill(pthread_self(), SIGUSR2);
	return NULL;
}

static void exec_hello(void)
{
	char *argv[] = { (char *)self, (char *)"hello", NULL };
	execv(self, argv);
	_exit(127);
}

static void *thread_exec(void *arg)
{
	(void)arg;
	caller(5);
	exec_hello();
	return NULL;
}

static void in_thread(void *(*body)(void *), size_t stack)
{
	pthread_attr_t attr;
	pthread_t t;
	pthread_attr_init(&attr);
	if (pthread_attr_setstacksize(&attr, stack) != 0 ||
	    pthread_create(&t, &attr, body, NULL) != 0) {
		say("cannot start the thread\n");
		exit(2);
	}
	pthread_join(t, NULL);
}

static int clone_child(void *arg)
{
	(void)arg;
	execl("/bin/echo", "echo", "hello", (char *)NULL);
	_exit(127);
}

static void report_status(const char *who, int status)
{
	if (WIFEXITED(status))
		printf("%s exited %d\n", who, WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		printf("%s killed by signal %d\n", who, WTERMSIG(status));
	fflush(stdout);
}

static int clone_exec(size_t size)
{
	char *stack = guarded_stack(size);
	caller(5);
	pid_t pid = clone(clone_child, stack + size, CLONE_VM | CLONE_VFORK | SIGCHLD, NULL);
	if (pid < 0) {
		perror("clone");
		return 2;
	}
	int status;
	if (waitpid(pid, &status, 0) != pid)
		return 2;
	report_status("child", status);
	return 0;
}

/* ---- measuring ---- */

#define MEASURE_SIZE (256 * 1024)
static char *measured;
static volatile uintptr_t handler_sp;

static size_t touched_below(uintptr_t from)
{
	size_t untouched = 0;
	while (untouched < MEASURE_SIZE && (unsigned char)measured[untouched] == 0xa5)
		untouched++;
	uintptr_t lowest = (uintptr_t)measured + untouched;
	return from > lowest ? from - lowest : 0;
}

static void measure_snapshot(int signo)
{
	volatile char here = 0;
	(void)signo;
	handler_sp = (uintptr_t)&here;
	if (gmon_snapshot)
		gmon_snapshot();
	printf("writer-stack %zu\n", touched_below(handler_sp));
	fflush(stdout);
}

static int measuring_exit;

/* Destructors run after the atexit handlers (_mcleanup among them),
 * still on the alternate stack of the handler that called exit. */
__attribute__((destructor)) static void after_exit(void)
{
	if (!measuring_exit)
		return;
	char line[64];
	int n = snprintf(line, sizeof line, "exit-stack %zu\n",
			 touched_below((uintptr_t)measured + MEASURE_SIZE));
	if (write(STDOUT_FILENO, line, (size_t)n) != n)
		_exit(3);
}

/* ---- chroot ---- */

/* Whether directory descriptor fd is the jail or below it: walk up. */
static int in_jail(int fd, const struct stat *jail)
{
	int dir = dup(fd);
	for (int up = 0; dir >= 0 && up < 256; up++) {
		struct stat st;
		if (fstat(dir, &st) != 0)
			break;
		if (st.st_dev == jail->st_dev && st.st_ino == jail->st_ino) {
			close(dir);
			return 1;
		}
		int parent = openat(dir, "..", O_PATH | O_DIRECTORY);
		close(dir);
		dir = parent;
	}
	if (dir >= 0)
		close(dir);
	return 0;
}

static int chroot_test(const char *jail)
{
	struct stat jail_st, st;
	int outside[1024], n_outside = 0;
	if (stat(jail, &jail_st) != 0) {
		perror(jail);
		return 2;
	}
	for (int fd = 0; fd < 1024; fd++) {
		if (fcntl(fd, F_GETFD) < 0 || fstat(fd, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode) && !in_jail(fd, &jail_st)) {
			printf("descriptor %d: a directory outside the jail\n", fd);
			outside[n_outside++] = fd;
		} else if (fd > 2) {
			printf("descriptor %d: open\n", fd);
		}
	}
	caller(5);
	if (chroot(jail) != 0 || chdir("/") != 0 || setgroups(0, NULL) != 0 || setgid(65534) != 0 ||
	    setuid(65534) != 0) {
		perror("chroot");
		return 2;
	}
	for (int i = 0; i < n_outside; i++) {
		int passwd = -1;
		if (fchdir(outside[i]) == 0) {
			/* outside the jail, ".." leads up to the real root (where
			 * nobody may search the way) */
			for (int up = 0; up < 64 && chdir("..") == 0; up++)
				;
			passwd = open("etc/passwd", O_RDONLY);
			printf("descriptor %d: a way out of the jail (fchdir)%s\n", outside[i],
			       passwd >= 0 ? ", /etc/passwd read" : "");
		}
		if (passwd >= 0)
			close(passwd);
	}
	if (chdir("/") != 0)
		return 2;
	say("confined\n");
	return 0;
}

/* ---- vfork and exec ---- */

static int vfork_exec(int n, const char *program)
{
	caller(5);
	for (int i = 0; i < n; i++) {
		pid_t pid = vfork();
		if (pid < 0)
			return 2;
		if (pid == 0) {
			execl(program, program, (char *)NULL);
			_exit(127);
		}
		int status;
		if (waitpid(pid, &status, 0) != pid)
			return 2;
		report_status("child", status);
	}
	caller(5);
	printf("gmon.out %s\n", access("gmon.out", F_OK) == 0 ? "exists" : "absent");
	return 0;
}

static int exec_chain(int k)
{
	const char *image = getenv("GMON_IMAGE");
	printf("image %d GMON_IMAGE=[%s]\n", k, image ? image : "");
	fflush(stdout);
	caller(k * 10);
	if (k <= 1)
		return 0;
	char number[16];
	snprintf(number, sizeof number, "%d", k - 1);
	char *argv[] = { (char *)self, (char *)"exec-chain", number, NULL };
	execv(self, argv);
	perror("execv");
	return 2;
}

int main(int argc, char **argv)
{
	self = argv[0];
	const char *mode = argc > 1 ? argv[1] : "hello";
	const char *arg = argc > 2 ? argv[2] : NULL;
	char *alt;

	if (strcmp(mode, "hello") == 0) {
		say("hello\n");
		return 0;
	}
	if (strcmp(mode, "altstack-exit") == 0) {
		on_signal(SIGTERM, exit_9, kib(arg), &alt);
		say("before\n");
		raise(SIGTERM);
		return 1;
	}
	if (strcmp(mode, "altstack-snapshot") == 0) {
		on_signal(SIGUSR1, snapshot, kib(arg), &alt);
		raise(SIGUSR1);
		say("after\n");
		return 0;
	}
	if (strcmp(mode, "thread-snapshot") == 0) {
		if (!getenv("GMON_SNAPSHOT_SIGNAL"))
			signal(SIGUSR2, SIG_IGN);
		in_thread(thread_snapshot, kib(arg));
		say("after\n");
		return 0;
	}
	if (strcmp(mode, "thread-exec") == 0) {
		in_thread(thread_exec, kib(arg));
		return 1;
	}
	if (strcmp(mode, "clone-exec") == 0)
		return clone_exec(kib(arg));
	if (strcmp(mode, "measure-snapshot") == 0) {
		on_signal(SIGUSR1, measure_snapshot, MEASURE_SIZE, &measured);
		raise(SIGUSR1);
		return 0;
	}
	if (strcmp(mode, "measure-exit") == 0) {
		on_signal(SIGTERM, exit_9, MEASURE_SIZE, &measured);
		measuring_exit = 1;
		raise(SIGTERM);
		return 1;
	}
	if (strcmp(mode, "chroot") == 0 && arg)
		return chroot_test(arg);
	if (strcmp(mode, "chdir-wait") == 0 && arg) {
		char line[16];
		if (chdir(arg) != 0) {
			perror(arg);
			return 2;
		}
		say("ready\n");
		if (!fgets(line, sizeof line, stdin))
			line[0] = 0;
		caller(5);
		return 0;
	}
	if (strcmp(mode, "vfork-exec") == 0 && argc > 3)
		return vfork_exec(atoi(arg), argv[3]);
	if (strcmp(mode, "exec") == 0 && arg) {
		caller(5);
		execv(arg, argv + 2);
		perror(arg);
		return 2;
	}
	if (strcmp(mode, "exec-chain") == 0 && arg)
		return exec_chain(atoi(arg));
	fprintf(stderr, "usage: %s MODE [ARG]\n", argv[0]);
	return 2;
}
