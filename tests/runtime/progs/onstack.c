/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * onstack.c: a SIGUSR1 handler on an 8 KiB alternate stack (a PROT_NONE
 * page below it) that fills it but for less than one signal frame
 * (AT_MINSIGSTKSZ) and computes for 40 ms of CPU time there; then
 * prints what it saw of its mask.
 *   onstack deep      the handler returns; prints the mask it saw
 *                     (sigprocmask, pthread_sigmask), the context's
 *                     uc_sigmask and the mask after it
 *   onstack longjmp   the handler leaves by longjmp (no mask restored);
 *                     prints the mask sigprocmask says after the jump,
 *                     then the kernel's (SigBlk of /proc/self/status)
 *   onstack thread    the handler creates a thread, which prints its
 *                     mask (the kernel's: SigBlk)
 *   onstack siglongjmp  the handler leaves by siglongjmp (its mask
 *                     restored) from the depth of its stack
 *   onstack ppoll     the handler waits 1 ms in ppoll with an empty mask
 *                     at that depth
 *   onstack exec      the handler (on a 64 KiB alternate stack, for the
 *                     profile written first) execs grep, which prints
 *                     the new image's SigBlk
 * A clock's signal nested on that stack overflows it: the kernel kills
 * the program (SIGSEGV).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

static size_t alt_size = 8192;
static volatile long sink;
static size_t deep_bytes;
static const char *mode;
static uint64_t seen_proc, seen_pthread, seen_context;
static jmp_buf out;
static sigjmp_buf sigout;
static char sigblk[64];

static double cpu_seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static uint64_t bits(const sigset_t *set)
{
	uint64_t b = 0;
	for (int sig = 1; sig <= 64; sig++)
		if (sigismember(set, sig) == 1)
			b |= 1ull << (sig - 1);
	return b;
}

/* the kernel's mask of this thread, as /proc says it (no stdio) */
static void read_sigblk(char *to, size_t size)
{
	char buf[4096];
	int fd = open("/proc/thread-self/status", O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	const char *p = strstr(buf, "SigBlk:");
	snprintf(to, size, "%.*s", p ? (int)strcspn(p + 7, "\n") : 1, p ? p + 7 : "?");
}

static void *thread_main(void *arg)
{
	(void)arg;
	read_sigblk(sigblk, sizeof sigblk);
	return NULL;
}

__attribute__((noinline)) static void deep(void)
{
	volatile char buf[deep_bytes];
	for (size_t i = 0; i < deep_bytes; i += 64)
		buf[i] = 1;
	double end = cpu_seconds() + 0.04;
	while (cpu_seconds() < end)
		for (int i = 0; i < 10000; i++)
			sink += i;
	if (strcmp(mode, "siglongjmp") == 0)
		siglongjmp(sigout, 1);
	if (strcmp(mode, "ppoll") == 0) {
		sigset_t none;
		sigemptyset(&none);
		struct timespec t = { 0, 1000000 };
		ppoll(NULL, 0, &t, &none);
	}
	sink += buf[0];
}

static void on_usr1(int sig, siginfo_t *info, void *context)
{
	(void)sig;
	(void)info;
	sigset_t m;
	sigprocmask(SIG_BLOCK, NULL, &m);
	seen_proc = bits(&m);
	pthread_sigmask(SIG_BLOCK, NULL, &m);
	seen_pthread = bits(&m);
	seen_context = bits(&((ucontext_t *)context)->uc_sigmask);
	deep();
	if (strcmp(mode, "longjmp") == 0)
		longjmp(out, 1);
	if (strcmp(mode, "thread") == 0) {
		pthread_t t;
		if (pthread_create(&t, NULL, thread_main, NULL) == 0)
			pthread_join(t, NULL);
	}
	if (strcmp(mode, "exec") == 0) {
		fflush(stdout);
		execl("/bin/grep", "grep", "SigBlk", "/proc/self/status", (char *)NULL);
		_exit(127);
	}
}

int main(int argc, char **argv)
{
	mode = argc > 1 ? argv[1] : "deep";
	if (strcmp(mode, "exec") == 0)
		alt_size = 65536;
	size_t frame = getauxval(AT_MINSIGSTKSZ);
	if (frame < 2048)
		frame = 2048;
	/* what is left below the handler: less than a signal frame */
	deep_bytes = alt_size - frame - frame / 2;
	char *p = mmap(NULL, 4096 + alt_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);
	if (p == MAP_FAILED || mprotect(p, 4096, PROT_NONE) != 0)
		return 2;
	stack_t ss = { .ss_sp = p + 4096, .ss_size = alt_size };
	if (sigaltstack(&ss, NULL) != 0)
		return 2;
	/* every call the handler makes bound now, not on that stack */
	cpu_seconds();
	sigset_t m;
	sigprocmask(SIG_BLOCK, NULL, &m);
	pthread_sigmask(SIG_BLOCK, NULL, &m);
	read_sigblk(sigblk, sizeof sigblk);
	if (strcmp(mode, "thread") == 0) {
		pthread_t t;
		if (pthread_create(&t, NULL, thread_main, NULL) == 0)
			pthread_join(t, NULL);
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_usr1;
	sa.sa_flags = SA_ONSTACK | SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGUSR2);
	if (sigaction(SIGUSR1, &sa, NULL) != 0)
		return 2;
	struct sigaction back;
	sigaction(SIGUSR1, NULL, &back);
	printf("action %s flags %#x mask %#llx\n", back.sa_sigaction == on_usr1 ? "ours" : "other",
	       (unsigned)back.sa_flags, (unsigned long long)bits(&back.sa_mask));
	if (strcmp(mode, "ppoll") == 0) {
		struct timespec t = { 0, 0 };
		ppoll(NULL, 0, &t, &m); /* bound now */
	}
	if (strcmp(mode, "siglongjmp") == 0 && sigsetjmp(sigout, 0) == 0)
		siglongjmp(sigout, 1); /* bound now */
	if (strcmp(mode, "siglongjmp") == 0 && sigsetjmp(sigout, 1) != 0) {
		sigprocmask(SIG_BLOCK, NULL, &m);
		printf("after the jump: sigprocmask %#llx\n", (unsigned long long)bits(&m));
		read_sigblk(sigblk, sizeof sigblk);
		printf("after the jump: SigBlk %s\n", sigblk);
	} else if (strcmp(mode, "siglongjmp") == 0) {
		raise(SIGUSR1);
	} else if (setjmp(out) == 0) {
		raise(SIGUSR1);
	} else {
		sigprocmask(SIG_BLOCK, NULL, &m);
		printf("after the jump: sigprocmask %#llx\n", (unsigned long long)bits(&m));
		read_sigblk(sigblk, sizeof sigblk);
		printf("after the jump: SigBlk %s\n", sigblk);
	}
	printf("in the handler: sigprocmask %#llx pthread_sigmask %#llx uc_sigmask %#llx\n",
	       (unsigned long long)seen_proc, (unsigned long long)seen_pthread,
	       (unsigned long long)seen_context);
	if (strcmp(mode, "thread") == 0)
		printf("thread made in the handler: SigBlk %s\n", sigblk);
	sigprocmask(SIG_BLOCK, NULL, &m);
	printf("at the end: sigprocmask %#llx\n", (unsigned long long)bits(&m));
	return 0;
}
