/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * util.h: the bottom of gprof: one-line errors and warnings,
 * allocation that never returns NULL, a progress line.  Every other file
 * may use it; it uses nothing of gprof's.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_UTIL_H
#define GPROF_UTIL_H

#include <stddef.h>

/* "gprof", as messages name the program. */
extern const char *program_name;

/* "gprof: MESSAGE" on stderr (after what stdout holds), then exit 1. */
void fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* tests/fuzz: when set, fatal() calls it instead of exiting; it must not return */
extern void (*fatal_hook)(void);
/* "gprof: warning: MESSAGE" on stderr. */
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A progress line on stderr, for reads of many files: only when stderr
 * is a terminal and the read has taken more than a second; "gprof: WHAT:
 * DONE of TOTAL files (P%)", redrawn in place, erased by progress_end
 * and before any message. */
void progress_begin(const char *what, size_t total);
void progress_step(size_t done);
void progress_end(void);

void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);

#endif
