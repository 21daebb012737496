/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * stacks.c: programs whose call stacks tests/runtime/t-stacks.sh knows:
 *   heavylight  work() called 10,000 times by heavy() with 99,000
 *               iterations and 10,000 times by light() with 1,000
 *   recursion   rec() calling itself 20 deep, spinning at the bottom
 *   mutual      even() and odd() calling each other 20 deep
 *   threads     4 threads, each in thread_work() under thread_main()
 *   corrupt     corrupt() spins with garbage in %rbp, then returns
 *   memcpy      copy_part() calling memcpy on 4 MiB buffers
 *   deep        deep() 300 calls deep, spinning at the bottom
 *   garbage     corrupt() with 300 random frame pointers: anywhere, and
 *               within 8 MiB above the stack pointer, aligned or not
 *   many        4 threads at once, each in vary() 1 to 64 calls deep:
 *               hundreds of distinct stacks inserted concurrently
 *   fork        light() in the parent, then rec() in a child it waits for
 *   snapshot    heavy(), a snapshot (SIGUSR1, GMON_SNAPSHOT_SIGNAL) copied
 *               to snap.process, then light()
 */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PROGS_WORK /* work, heavy and light */
#include "../../../progs.h"

static __thread volatile unsigned long sink; /* per thread: no race for TSan */

__attribute__((noinline)) void spin(double seconds)
{
	double end = cpu_ms() / 1e3 + seconds;
	while (cpu_ms() / 1e3 < end)
		for (int i = 0; i < 10000; i++)
			sink += i;
}

__attribute__((noinline)) int rec(int n)
{
	if (n == 0) {
		spin(0.3);
		return 0;
	}
	return rec(n - 1) + 1;
}

int odd(int n);
__attribute__((noinline)) int even(int n)
{
	if (n == 0) {
		spin(0.3);
		return 0;
	}
	return odd(n - 1) + 1;
}

__attribute__((noinline)) int odd(int n)
{
	if (n == 0) {
		spin(0.3);
		return 0;
	}
	return even(n - 1) + 1;
}

__attribute__((noinline)) int deep(int n)
{
	if (n == 0) {
		spin(0.3);
		return 0;
	}
	return deep(n - 1) + 1;
}

__attribute__((noinline)) void thread_work(void)
{
	spin(0.2);
}

__attribute__((noinline)) void *thread_main(void *arg)
{
	thread_work();
	return arg;
}

/* spin_with_garbage: a loop of n turns with garbage in the frame pointer
 * (the stack pointer itself when garbage is 0), about 1 ms */
static inline __attribute__((always_inline)) void spin_with_garbage(unsigned long garbage,
								    unsigned long n)
{
	__asm__ volatile(
		"push %%rbp\n\t"
		"mov %1, %%rbp\n\t"
		"test %1, %1\n\t"
		"jnz 1f\n\t"
		"mov %%rsp, %%rbp\n"
		"1:\tdec %0\n\t"
		"jnz 1b\n\t"
		"pop %%rbp"
		: "+r"(n)
		: "r"(garbage)
		: "cc", "memory");
}

/* Spins about 0.1 s of CPU with garbage in the frame pointer (a small
 * number, an address far above the stack, 1 MiB above this frame, most
 * likely unmapped, the stack pointer itself). */
__attribute__((noinline)) void corrupt(unsigned long garbage)
{
	for (int round = 0; round < 30; round++)
		spin_with_garbage(garbage, 3000000);
}

__attribute__((noinline)) int vary(int n)
{
	if (n == 0) {
		for (int i = 0; i < 20000; i++)
			sink += i;
		return 0;
	}
	return vary(n - 1) + 1;
}

__attribute__((noinline)) void *many_main(void *arg)
{
	double end = cpu_ms() / 1e3 + 0.3;
	for (int i = 0; cpu_ms() / 1e3 < end; i++)
		vary(1 + i % 64);
	return arg;
}

/* As corrupt(), about 1 ms. */
__attribute__((noinline)) void corrupt_briefly(unsigned long garbage)
{
	spin_with_garbage(garbage, 3000000);
}

static char *big_from, *big_to;

__attribute__((noinline)) void copy_part(size_t size)
{
	memcpy(big_to, big_from, size);
	sink += (unsigned char)big_to[size / 2];
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	if (strcmp(mode, "heavylight") == 0) {
		heavy(10000, 99000);
		light(10000, 1000);
	} else if (strcmp(mode, "recursion") == 0) {
		rec(20);
	} else if (strcmp(mode, "mutual") == 0) {
		even(20);
	} else if (strcmp(mode, "deep") == 0) {
		deep(300);
	} else if (strcmp(mode, "threads") == 0) {
		if (run_threads(thread_main) != 0)
			return 1;
	} else if (strcmp(mode, "corrupt") == 0) {
		corrupt(0x10);
		corrupt(0x7ffffffff000ul);
		corrupt((unsigned long)__builtin_frame_address(0) + (1ul << 20));
		corrupt(0);
		spin(0.1);
	} else if (strcmp(mode, "garbage") == 0) {
		unsigned long x = 88172645463325252ul,
			      frame = (unsigned long)__builtin_frame_address(0);
		for (int i = 0; i < 300; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			unsigned long g = i % 3 == 0 ? x : frame + x % (8ul << 20);
			if (i % 2)
				g &= ~15ul;
			corrupt_briefly(g ? g : 8);
		}
		spin(0.05);
	} else if (strcmp(mode, "many") == 0) {
		if (run_threads(many_main) != 0)
			return 1;
	} else if (strcmp(mode, "memcpy") == 0) {
		size_t size = 4u << 20;
		big_from = malloc(size);
		big_to = malloc(size);
		memset(big_from, 1, size);
		memset(big_to, 2, size);
		double end = cpu_ms() / 1e3 + 0.5;
		while (cpu_ms() / 1e3 < end)
			copy_part(size);
	} else if (strcmp(mode, "fork") == 0) {
		light(10000, 1000);
		pid_t child = fork();
		if (child == 0) {
			rec(20);
			return 0;
		}
		waitpid(child, NULL, 0);
	} else if (strcmp(mode, "snapshot") == 0) {
		heavy(10000, 99000);
		raise(SIGUSR1);
		int in = open(".gmon.out.process", O_RDONLY);
		int out = open("snap.process", O_WRONLY | O_CREAT | O_TRUNC, 0644);
		char buf[65536];
		ssize_t n;
		while (in >= 0 && out >= 0 && (n = read(in, buf, sizeof buf)) > 0)
			if (write(out, buf, (size_t)n) != n)
				return 1;
		close(in);
		close(out);
		light(10000, 1000);
	} else {
		fprintf(stderr,
			"usage: stacks heavylight|recursion|mutual|deep|threads|corrupt|garbage|many|memcpy|fork|snapshot\n");
		return 2;
	}
	printf("done %s\n", mode);
	return 0;
}
