/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * harden2.c: the runtime faults of issue 24, one mode each (see
 * tests/runtime/t-hardening2.sh):
 *   hello                 prints a line (buffered) and exits 3
 *   refresh-exit PLUGIN   a signal whose handler calls exit(7) arrives
 *                         while dlopen refreshes the object table
 *                         (FSFAULT_SIGNAL_IN_ITERATE, progs/fsfault.c)
 *   unmap                 a thread spins with its frame pointer in memory
 *                         that is unmapped right after it was checked
 *                         (FSFAULT_UNMAP_AFTER_READ)
 *   seccomp-vmreadv       a seccomp filter that kills on process_vm_readv,
 *                         then 0.3 s of CPU time
 *   seccomp-strict        a forked child allows only rt_sigreturn and
 *                         exit_group, then spins: its status is printed
 *   altstack BYTES        a SIGUSR1 handler on an 8 KiB alternate stack
 *                         (a PROT_NONE page below it) uses BYTES of its
 *                         own stack and spins; prints the bytes of the
 *                         alternate stack that were touched
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile long sink;

__attribute__((noinline)) void work(long n)
{
	for (long i = 0; i < n; i++)
		sink += i;
}

static double cpu_seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

__attribute__((noinline)) void spin(double seconds)
{
	double end = cpu_seconds() + seconds;
	while (cpu_seconds() < end)
		work(100000);
}

static void exit_7(int sig)
{
	(void)sig;
	work(3);
	exit(7);
}

static int refresh_exit(const char *plugin)
{
	signal(SIGUSR1, exit_7);
	setenv("FSFAULT_SIGNAL_IN_ITERATE", "10", 1);
	void *h = dlopen(plugin, RTLD_NOW);
	printf("not reached: dlopen returned %p\n", h);
	return 1;
}

/* ---- unmap ---- */

static char *region;

/* Spins n times with %rbp pointing at fp. */
__attribute__((noinline)) void spin_with_frame_pointer(void *fp, long n)
{
#ifdef __x86_64__
	__asm__ volatile("push %%rbp\n\tmov %0, %%rbp\n1:\n\tdec %1\n\tjnz 1b\n\tpop %%rbp"
			 : "+r"(fp), "+r"(n)
			 :
			 : "memory", "cc");
#else
	(void)fp;
	work(n);
#endif
}

static void *unmap_thread(void *arg)
{
	sigset_t prof;
	sigemptyset(&prof);
	sigaddset(&prof, SIGPROF);
	pthread_sigmask(SIG_UNBLOCK, &prof, NULL); /* main blocks it */
	(void)arg;
	double end = cpu_seconds() + 0.3;
	while (cpu_seconds() < end)
		spin_with_frame_pointer(region, 10000000);
	return NULL;
}

static int unmap(void)
{
	/* a stack of its own, the region right above it: a frame pointer
	 * into the region is above the stack pointer, near, and aligned */
	size_t stack_size = 1u << 20, page = 4096;
	char *stack = mmap(NULL, stack_size + 2 * page, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (stack == MAP_FAILED)
		return 2;
	region = stack + stack_size;
	uintptr_t *frame = (uintptr_t *)region;
	frame[0] = 0;                   /* no next frame */
	frame[1] = (uintptr_t)work + 4; /* a return address in the program */
	char env[64];
	snprintf(env, sizeof env, "%lx,%lu,2", (unsigned long)region, (unsigned long)(2 * page));
	setenv("FSFAULT_UNMAP_AFTER_READ", env, 1);
	/* the samples go to the spinning thread */
	sigset_t prof;
	sigemptyset(&prof);
	sigaddset(&prof, SIGPROF);
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setstack(&attr, stack, stack_size);
	pthread_t t;
	pthread_sigmask(SIG_BLOCK, &prof, NULL);
	if (pthread_create(&t, &attr, unmap_thread, NULL) != 0)
		return 2;
	pthread_join(t, NULL);
	pthread_sigmask(SIG_UNBLOCK, &prof, NULL);
	printf("done\n");
	return 0;
}

/* ---- seccomp ---- */

static int install_filter(const struct sock_filter *code, unsigned short n)
{
	struct sock_fprog prog = { n, (struct sock_filter *)code };
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) {
		perror("seccomp");
		return -1;
	}
	return 0;
}

#define SYSCALL_NR offsetof(struct seccomp_data, nr)

static int seccomp_vmreadv(void)
{
	static const struct sock_filter code[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, SYSCALL_NR),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_process_vm_readv, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	if (install_filter(code, sizeof code / sizeof code[0]) != 0)
		return 2;
	spin(0.3);
	printf("done\n");
	return 0;
}

static int seccomp_strict(void)
{
	static const struct sock_filter code[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, SYSCALL_NR),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_rt_sigreturn, 2, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_exit_group, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	fflush(stdout);
	pid_t child = fork();
	if (child == 0) {
		if (install_filter(code, sizeof code / sizeof code[0]) != 0)
			syscall(SYS_exit_group, 2);
		/* no system call from here: at least 0.1 s on any machine */
		work(300000000);
		syscall(SYS_exit_group, 0);
	}
	int status;
	if (waitpid(child, &status, 0) != child)
		return 2;
	if (WIFSIGNALED(status))
		printf("child killed by signal %d\n", WTERMSIG(status));
	else
		printf("child exited %d\n", WEXITSTATUS(status));
	return 0;
}

/* ---- altstack ---- */

#define ALT_SIZE 8192
static size_t handler_bytes;

__attribute__((noinline)) void use_stack(size_t bytes)
{
	volatile char buf[bytes > 0 ? bytes : 1];
	for (size_t i = 0; i < bytes; i += 64)
		buf[i] = 1;
	spin(0.3);
	sink += buf[0];
}

static void on_usr1(int sig)
{
	(void)sig;
	use_stack(handler_bytes);
}

static int altstack(const char *bytes)
{
	handler_bytes = strtoul(bytes, NULL, 0);
	size_t page = 4096;
	char *p = mmap(NULL, page + ALT_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);
	if (p == MAP_FAILED || mprotect(p, page, PROT_NONE) != 0)
		return 2;
	char *alt = p + page;
	memset(alt, 0xa5, ALT_SIZE);
	stack_t ss = { .ss_sp = alt, .ss_size = ALT_SIZE, .ss_flags = 0 };
	if (sigaltstack(&ss, NULL) != 0)
		return 2;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_usr1;
	sa.sa_flags = SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	raise(SIGUSR1);
	size_t untouched = 0;
	while (untouched < ALT_SIZE && (unsigned char)alt[untouched] == 0xa5)
		untouched++;
	printf("used %zu\n", ALT_SIZE - untouched);
	return 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "hello";
	if (strcmp(mode, "hello") == 0) {
		work(1000);
		printf("hello\n");
		return 3;
	}
	if (strcmp(mode, "refresh-exit") == 0 && argc > 2)
		return refresh_exit(argv[2]);
	if (strcmp(mode, "unmap") == 0)
		return unmap();
	if (strcmp(mode, "seccomp-vmreadv") == 0)
		return seccomp_vmreadv();
	if (strcmp(mode, "seccomp-strict") == 0)
		return seccomp_strict();
	if (strcmp(mode, "altstack") == 0 && argc > 2)
		return altstack(argv[2]);
	fprintf(stderr, "usage: harden2 MODE [ARG]\n");
	return 2;
}
