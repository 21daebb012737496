/* SPDX-License-Identifier: BSD-2-Clause
 *
 * environ.c: the runtime's settings, read from the environment
 * (libgmon(3), ENVIRONMENT).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Start-up only (an ordinary context): gmon_env_number may use stdio.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/auxv.h>

#include "environ.h"
#include "message.h"

/* In a set-user-ID or set-group-ID program the environment belongs to
 * someone else: it must not choose where the profile is written. */
const char *gmon_getenv(const char *name)
{
	if (getauxval(AT_SECURE))
		return NULL;
	const char *v = getenv(name);
	return v && *v ? v : NULL;
}

unsigned long gmon_env_number(const char *name, unsigned long fallback, unsigned long min,
			      unsigned long max)
{
	const char *v = gmon_getenv(name);
	if (!v)
		return fallback;
	char *end;
	errno = 0;
	unsigned long n = strtoul(v, &end, 10);
	if (*end || errno || n < min || n > max || v[0] == '-') {
		char setting[96], range[64];
		snprintf(setting, sizeof setting, "%s=%.40s", name, v);
		snprintf(range, sizeof range, ": not a number from %lu to %lu", min, max);
		gmon_message("ignoring ", setting, range);
		return fallback;
	}
	return n;
}
