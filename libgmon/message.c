/* SPDX-License-Identifier: BSD-2-Clause
 *
 * message.c: the runtime's one-line diagnostics, and its environment.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe (gmon_message and gmon_decimal are called from the
 * hook and the snapshot handler): no stdio, no malloc, no locks.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "gmon_private.h"

static size_t append(char *buf, size_t at, size_t size, const char *s)
{
	while (s && *s && at < size)
		buf[at++] = *s++;
	return at;
}

void gmon_message(const char *a, const char *b, const char *c)
{
	char line[512];
	size_t n = append(line, 0, sizeof line - 1, "libgmon: ");
	n = append(line, n, sizeof line - 1, a);
	n = append(line, n, sizeof line - 1, b);
	n = append(line, n, sizeof line - 1, c);
	line[n++] = '\n';
	ssize_t rc = write(STDERR_FILENO, line, n);
	(void)rc; /* nowhere left to report a failure to report */
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

/* In a set-user-ID or set-group-ID program the environment belongs to
 * someone else: it must not choose where the profile is written. */
const char *gmon_getenv(const char *name)
{
	if (getauxval(AT_SECURE))
		return NULL;
	const char *v = getenv(name);
	return v && *v ? v : NULL;
}
