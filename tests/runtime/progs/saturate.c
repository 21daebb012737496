/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * saturate.c: sends itself 70,000 signals that look like the sampler's
 * timer's (SIGPROF, si_code SI_TIMER, the value libgmon's timers carry:
 * libgmon/clock.h's GMON_CLOCK_COOKIE; any other SIGPROF is the
 * program's own and goes to its action) from one instruction of its own
 * text, so that one histogram bin gets more samples than 16 bits hold:
 * the bin must read 65535 (glibc's wraps to a small number). */
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

__attribute__((noinline)) void poke(int n)
{
	long pid = getpid(), tid = syscall(SYS_gettid);
	siginfo_t info;
	memset(&info, 0, sizeof info);
	info.si_signo = SIGPROF;
	info.si_code = SI_TIMER;
	info.si_value.sival_ptr = (void *)(uintptr_t)0x676d6f6e;
	for (int i = 0; i < n; i++) {
		long ret;
		/* the signal arrives as this syscall returns: always the same PC */
		register long r10 __asm__("r10") = (long)&info;
		__asm__ volatile("syscall"
				 : "=a"(ret)
				 : "a"((long)SYS_rt_tgsigqueueinfo), "D"(pid), "S"(tid),
				   "d"((long)SIGPROF), "r"(r10)
				 : "rcx", "r11", "memory");
	}
}

int main(void)
{
	poke(70000);
	return 0;
}
