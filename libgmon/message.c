/* SPDX-License-Identifier: BSD-2-Clause
 *
 * message.c: the runtime's one-line diagnostics.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe (gmon_message and gmon_decimal are called from the
 * hook and the snapshot handler): no stdio, no malloc, no locks.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <sys/uio.h>
#include <unistd.h>

#include "message.h"

/* One line, written by one writev(2): no buffer on the stack, which may
 * be the small alternate stack of a signal handler; errno as it was. */
void gmon_message(const char *a, const char *b, const char *c)
{
	const char *parts[] = { "libgmon: ", a, b, c, "\n" };
	struct iovec iov[5];
	int n = 0;
	for (int i = 0; i < 5; i++) {
		if (!parts[i] || !*parts[i])
			continue;
		size_t len = 0;
		while (parts[i][len])
			len++;
		iov[n].iov_base = (void *)parts[i];
		iov[n++].iov_len = len;
	}
	int saved = errno;
	ssize_t rc = writev(STDERR_FILENO, iov, n);
	(void)rc; /* nowhere left to report a failure to report */
	errno = saved;
}

char *gmon_decimal(char *buf, uint64_t n)
{
	char digits[21];
	int i = 0;
	do
		digits[i++] = (char)('0' + n % 10);
	while ((n /= 10) != 0);
	char *p = buf;
	while (i > 0)
		*p++ = digits[--i];
	*p = '\0';
	return buf;
}
