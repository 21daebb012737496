/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * saturate.c: sends itself 70,000 SIGPROFs from one instruction of its
 * own text, so that one histogram bin gets more samples than 16 bits
 * hold: the bin must read 65535 (glibc's wraps to a small number). */
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

__attribute__((noinline)) void poke(int n)
{
	long pid = getpid(), tid = syscall(SYS_gettid);
	for (int i = 0; i < n; i++) {
		long ret;
		/* the signal arrives as this syscall returns: always the same PC */
		__asm__ volatile("syscall"
		                 : "=a"(ret)
		                 : "a"((long)SYS_tgkill), "D"(pid), "S"(tid), "d"((long)SIGPROF)
		                 : "rcx", "r11", "memory");
	}
}

int main(void)
{
	poke(70000);
	return 0;
}
