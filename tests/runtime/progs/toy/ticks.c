/* SPDX-License-Identifier: BSD-2-Clause
 *
 * tests/runtime/progs/toy/ticks.c: the program of t-toy-clock.sh.  work()
 * queues SIGPROF with the toy clock's cookie to its own thread 7 times,
 * by the system call itself, so that each signal arrives as the call
 * returns into work(): the toy clock's samples land there, and nowhere
 * else.  Then it raises a plain SIGPROF, which its own handler gets.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define TOY_COOKIE 0x746f79 /* clock_toy.c's */
#define TICKS 7

static volatile sig_atomic_t own;

static void on_sigprof(int signo)
{
	(void)signo;
	own++;
}

/* rt_tgsigqueueinfo(pid, tid, SIGPROF, info), the system call made
 * here so that the pc it returns to is work()'s */
static inline __attribute__((always_inline)) long queue_to_self(long pid, long tid, siginfo_t *info)
{
	long rc;
#if defined(__x86_64__)
	register long r10 __asm__("r10") = (long)info;
	__asm__ volatile("syscall"
			 : "=a"(rc)
			 : "0"((long)SYS_rt_tgsigqueueinfo), "D"(pid), "S"(tid), "d"((long)SIGPROF),
			   "r"(r10)
			 : "rcx", "r11", "memory");
#elif defined(__aarch64__)
	register long x8 __asm__("x8") = SYS_rt_tgsigqueueinfo;
	register long x0 __asm__("x0") = pid;
	register long x1 __asm__("x1") = tid;
	register long x2 __asm__("x2") = SIGPROF;
	register long x3 __asm__("x3") = (long)info;
	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3) : "memory");
	rc = x0;
#else
#error "ticks.c: x86-64 and aarch64 only"
#endif
	return rc;
}

__attribute__((noinline)) void work(void)
{
	siginfo_t info;
	memset(&info, 0, sizeof info);
	info.si_signo = SIGPROF;
	info.si_code = SI_QUEUE;
	info.si_pid = getpid();
	info.si_uid = getuid();
	info.si_value.sival_int = TOY_COOKIE;
	long pid = getpid(), tid = syscall(SYS_gettid);
	for (int i = 0; i < TICKS; i++)
		if (queue_to_self(pid, tid, &info) != 0)
			puts("rt_tgsigqueueinfo failed");
}

int main(void)
{
	signal(SIGPROF, on_sigprof);
	work();
	raise(SIGPROF);
	printf("own %d\n", (int)own);
	return 0;
}
