/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * altwait.c: a SIGUSR1 handler that runs on an alternate signal stack of
 * SIZE bytes and waits there (poll for 30 ms), as a program may (issue
 * 37, fault 12).  "altwait SIZE [FILE]": prints "handled" once the
 * handler returned; with FILE, writes there how many bytes of the
 * alternate stack were touched (the stack is filled with a pattern
 * first; the untouched bytes are counted from its low end).
 */
#define _GNU_SOURCE
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define PATTERN 0xa5

static volatile int handled;

static void on_usr1(int sig)
{
	(void)sig;
	poll(NULL, 0, 30);
	handled = 1;
}

int main(int argc, char **argv)
{
	size_t size = argc > 1 ? strtoul(argv[1], NULL, 0) : 6144;
	/* the stack right above a guard page: an overflow faults at once */
	size_t page = 4096, mapped = page + (size + page - 1) / page * page;
	unsigned char *map =
		mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED || mprotect(map, page, PROT_NONE) != 0)
		return 2;
	unsigned char *low = map + page;
	memset(low, PATTERN, size);
	stack_t ss = { .ss_sp = low, .ss_size = size, .ss_flags = 0 };
	if (sigaltstack(&ss, NULL) != 0) {
		perror("sigaltstack");
		return 2;
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_usr1;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGUSR1, &sa, NULL);
	raise(SIGUSR1);
	printf("%s\n", handled ? "handled" : "not handled");
	if (argc > 2) {
		size_t untouched = 0;
		while (untouched < size && low[untouched] == PATTERN)
			untouched++;
		FILE *f = fopen(argv[2], "w");
		if (!f)
			return 2;
		fprintf(f, "%zu\n", size - untouched);
		fclose(f);
	}
	return 0;
}
