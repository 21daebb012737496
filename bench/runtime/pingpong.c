/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * pingpong.c: two threads pass one byte back and forth N times (argv[1],
 * default 100000) through two pipes, each waiting in poll, then read,
 * then write: a program that does little but wait in wrapped calls
 * (wait-cost.sh). */
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static long n;
static int ping[2], pong[2];

static void pass(int in, int out)
{
	char c;
	struct pollfd p = { .fd = in, .events = POLLIN };
	if (poll(&p, 1, -1) != 1 || read(in, &c, 1) != 1 || write(out, &c, 1) != 1)
		exit(2);
}

static void *other(void *arg)
{
	(void)arg;
	for (long i = 0; i < n; i++)
		pass(ping[0], pong[1]);
	return NULL;
}

int main(int argc, char **argv)
{
	n = argc > 1 ? atol(argv[1]) : 100000;
	pthread_t t;
	if (pipe(ping) != 0 || pipe(pong) != 0 || pthread_create(&t, NULL, other, NULL) != 0)
		return 2;
	char c = 'x';
	for (long i = 0; i < n; i++) {
		if (write(ping[1], &c, 1) != 1)
			return 2;
		struct pollfd p = { .fd = pong[0], .events = POLLIN };
		if (poll(&p, 1, -1) != 1 || read(pong[0], &c, 1) != 1)
			return 2;
	}
	pthread_join(t, NULL);
	printf("%ld\n", n);
	return 0;
}
