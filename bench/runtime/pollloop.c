/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * pollloop.c: N calls (argv[1], default 1000000) to poll with a timeout
 * of 0 on one pipe with nothing to read: the cost of a wrapped call that
 * does not wait (wait-cost.sh). */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000;
	int fds[2];
	if (pipe(fds) != 0)
		return 2;
	struct pollfd p = { .fd = fds[0], .events = POLLIN };
	long ready = 0;
	for (long i = 0; i < n; i++)
		ready += poll(&p, 1, 0);
	printf("%ld\n", ready);
	return 0;
}
