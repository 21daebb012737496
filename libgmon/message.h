/* SPDX-License-Identifier: BSD-2-Clause
 *
 * message.h: the runtime's one-line diagnostics (message.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_MESSAGE_H
#define GMON_MESSAGE_H

#include <stdint.h>

#include "base.h"

/* One line on stderr: "libgmon: " a b c "\n", in a single write(2).
 * Any argument may be NULL.  Async-signal-safe. */
void gmon_message(const char *a, const char *b, const char *c) GMON_HIDDEN;
/* Decimal text of n into buf (at least 21 bytes); returns buf. */
char *gmon_decimal(char *buf, uint64_t n) GMON_HIDDEN;

#endif /* GMON_MESSAGE_H */
