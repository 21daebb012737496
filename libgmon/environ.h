/* SPDX-License-Identifier: BSD-2-Clause
 *
 * environ.h: the runtime's settings, read from the environment
 * (environ.c; libgmon(3), ENVIRONMENT).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_ENVIRON_H
#define GMON_ENVIRON_H

#include "base.h"

/* getenv that returns NULL for an empty value, and always in
 * set-user-ID and set-group-ID programs. */
const char *gmon_getenv(const char *name) GMON_HIDDEN;
/* The number in environment variable name, or fallback when it is unset
 * or not a number from min to max (then one line says it is ignored);
 * start-up only. */
unsigned long gmon_env_number(const char *name, unsigned long fallback, unsigned long min,
			      unsigned long max) GMON_HIDDEN;

#endif /* GMON_ENVIRON_H */
