/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * invisible-clocks.c: shapes in which the sampler's clock could show
 * through (tests/runtime/t-invisible-clocks.sh); the first argument picks
 * one, and what it prints is the same with and without the profiler:
 *   reset-fork   a forked child sets every signal's action to SIG_DFL
 *                (as daemons and supervisors do), computes 60 ms of CPU
 *                time, then execs true: the child's status
 *   own-sigprof  its own SIGPROF handler, sent 49 SIGPROFs by itself
 *                amid 50 ms of computing: the calls its handler saw,
 *                and whether sigaction reports its own handler
 *   sysv-sigprof its own SIGPROF handler set with sysv_signal (once, then
 *                the default), which sets itself again each time, sent
 *                10 SIGPROFs amid 10 ms of computing: the calls it saw
 *   own-sigtrap  its own SIGTRAP handler, then 3 traps (int3 on x86-64,
 *                raise elsewhere) amid 45 ms of computing: the traps seen
 *   early-sigtrap the same, the handler installed by the constructor of
 *                a library (invisible-early.c), which runs before the
 *                profiler's
 *   early-thread that constructor starts a thread; it and main compute
 *                100 ms of CPU each
 *   short-threads N threads (argument 2, default 100) of MS (argument 3,
 *                default 2) ms of CPU each, one after the other
 *   system       100 ms of CPU in the kernel (reading /dev/zero)
 *   raise-sigprof 20 ms of computing, then SIGPROF to itself, whose
 *                action is the default: killed by it
 *   ignore-exec  SIGPROF ignored, then an exec of itself (check-ignored):
 *                whether SIGPROF is still ignored there
 *   overruns     5 SIGPROFs that look like the sampler timer's (libgmon's
 *                GMON_CLOCK_COOKIE), each with an overrun count of 9
 *   raw-ignore   SIGPROF ignored with the rt_sigaction system call (no C
 *                library between), then 50 ms of computing
 *   close-all    every descriptor above 2 closed, then 50 ms of computing
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned long sink;
static volatile sig_atomic_t calls;

static long cpu_ns(clockid_t clock)
{
	struct timespec t;
	clock_gettime(clock, &t);
	return t.tv_sec * 1000000000L + t.tv_nsec;
}

/* ms of this thread's CPU time */
__attribute__((noinline)) void spin(long ms)
{
	long end = cpu_ns(CLOCK_THREAD_CPUTIME_ID) + ms * 1000000L;
	while (cpu_ns(CLOCK_THREAD_CPUTIME_ID) < end)
		for (int i = 0; i < 1000; i++)
			sink += (unsigned long)i;
}

static long thread_ms = 2;

__attribute__((noinline)) void *short_thread(void *arg)
{
	spin(thread_ms);
	return arg;
}

static void on_signal(int signo)
{
	(void)signo;
	calls++;
}

static const char *mode = "";

/* the library's (invisible-early.c), whose constructor runs before the
 * profiler's */
extern pthread_t invisible_early_thread;
extern volatile sig_atomic_t invisible_early_traps;

static int reset_fork(void)
{
	pid_t pid = fork();
	if (pid == 0) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = SIG_DFL;
		for (int s = 1; s < NSIG; s++)
			sigaction(s, &sa, NULL);
		spin(60);
		execlp("true", "true", (char *)NULL);
		_exit(127);
	}
	int status = 0;
	waitpid(pid, &status, 0);
	if (WIFSIGNALED(status))
		printf("child killed by signal %d\n", WTERMSIG(status));
	else
		printf("child exited %d\n", WEXITSTATUS(status));
	return 0;
}

static void on_sysv(int signo)
{
	calls++;
	sysv_signal(signo, on_sysv);
}

static int sysv_sigprof(void)
{
	sysv_signal(SIGPROF, on_sysv);
	for (int i = 0; i < 10; i++) {
		spin(1);
		kill(getpid(), SIGPROF);
	}
	spin(1);
	printf("handler calls: %d\n", (int)calls);
	return 0;
}

static int own_sigprof(void)
{
	struct sigaction sa, old;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGPROF, &sa, NULL);
	for (int i = 0; i < 49; i++) {
		spin(1);
		kill(getpid(), SIGPROF);
	}
	spin(2);
	sigaction(SIGPROF, NULL, &old);
	printf("handler calls: %d\n", (int)calls);
	printf("own handler reported: %s\n", old.sa_handler == on_signal ? "yes" : "no");
	return 0;
}

/* the handler: the library's constructor's (early) or main's */
static int own_sigtrap(int early_handler)
{
	if (!early_handler) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_signal;
		sigaction(SIGTRAP, &sa, NULL);
	}
	for (int i = 0; i < 3; i++) {
		spin(15);
#if defined(__x86_64__) || defined(__i386__)
		__asm__ volatile("int3");
#else
		raise(SIGTRAP);
#endif
	}
	printf("traps: %d\n", (int)(calls + invisible_early_traps));
	return 0;
}

static int early_thread(void)
{
	spin(100);
	if (invisible_early_thread)
		pthread_join(invisible_early_thread, NULL);
	printf("joined\n");
	return 0;
}

static int short_threads(int n)
{
	for (int i = 0; i < n; i++) {
		pthread_t t;
		if (pthread_create(&t, NULL, short_thread, NULL) != 0)
			return 1;
		pthread_join(t, NULL);
	}
	printf("%d threads\n", n);
	return 0;
}

__attribute__((noinline)) void read_zero(long ms)
{
	static char buf[1 << 20];
	int fd = open("/dev/zero", O_RDONLY);
	long end = cpu_ns(CLOCK_PROCESS_CPUTIME_ID) + ms * 1000000L;
	while (cpu_ns(CLOCK_PROCESS_CPUTIME_ID) < end)
		if (read(fd, buf, sizeof buf) < 0)
			break;
	close(fd);
}

static int ignore_exec(const char *self)
{
	signal(SIGPROF, SIG_IGN);
	spin(20);
	execl(self, self, "check-ignored", (char *)NULL);
	return 127;
}

static int check_ignored(void)
{
	struct sigaction sa;
	sigaction(SIGPROF, NULL, &sa);
	printf("SIGPROF ignored after exec: %s\n", sa.sa_handler == SIG_IGN ? "yes" : "no");
	return 0;
}

__attribute__((noinline)) void send_overruns(void)
{
	siginfo_t info;
	memset(&info, 0, sizeof info);
	info.si_signo = SIGPROF;
	info.si_code = SI_TIMER;
	info.si_value.sival_ptr = (void *)(uintptr_t)0x676d6f6e;
	info.si_overrun = 9;
	for (int i = 0; i < 5; i++)
		syscall(SYS_rt_tgsigqueueinfo, getpid(), (pid_t)syscall(SYS_gettid), SIGPROF,
			&info);
}

int main(int argc, char **argv)
{
	mode = argc > 1 ? argv[1] : "";
	if (strcmp(mode, "reset-fork") == 0)
		return reset_fork();
	if (strcmp(mode, "own-sigprof") == 0)
		return own_sigprof();
	if (strcmp(mode, "sysv-sigprof") == 0)
		return sysv_sigprof();
	if (strcmp(mode, "own-sigtrap") == 0)
		return own_sigtrap(0);
	if (strcmp(mode, "early-sigtrap") == 0)
		return own_sigtrap(1);
	if (strcmp(mode, "early-thread") == 0)
		return early_thread();
	if (strcmp(mode, "short-threads") == 0) {
		thread_ms = argc > 3 ? atol(argv[3]) : 2;
		return short_threads(argc > 2 ? atoi(argv[2]) : 100);
	}
	if (strcmp(mode, "raise-sigprof") == 0) {
		spin(20);
		raise(SIGPROF);
		return 0;
	}
	if (strcmp(mode, "ignore-exec") == 0)
		return ignore_exec(argv[0]);
	if (strcmp(mode, "check-ignored") == 0)
		return check_ignored();
	if (strcmp(mode, "raw-ignore") == 0) {
		/* the kernel's struct sigaction: handler, flags, restorer, mask */
		unsigned long kernel_action[4] = { (unsigned long)SIG_IGN, 0, 0, 0 };
		syscall(SYS_rt_sigaction, SIGPROF, kernel_action, NULL, 8);
		spin(50);
		return 0;
	}
	if (strcmp(mode, "close-all") == 0) {
		syscall(SYS_close_range, 3, ~0u, 0);
		spin(50);
		return 0;
	}
	if (strcmp(mode, "overruns") == 0) {
		send_overruns();
		return 0;
	}
	if (strcmp(mode, "system") == 0) {
		read_zero(100);
		return 0;
	}
	fprintf(stderr,
		"usage: invisible-clocks reset-fork|own-sigprof|sysv-sigprof|own-sigtrap|"
		"early-thread|short-threads [N [MS]]|system|raise-sigprof|ignore-exec|overruns|raw-ignore|close-all\n");
	return 2;
}
