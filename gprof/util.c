/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * util.c: error reporting and allocation that never returns NULL.
 * Every error is one line on stderr, "gprof: ...", then exit status 1.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* Called by fatal() after the message, before exit(1).  NULL in gprof
 * itself; an in-process fuzzer (tests/fuzz/) sets it to a function that
 * longjmps back to the fuzzing loop, so that a rejected input ends one
 * iteration instead of the process. */
void (*fatal_hook)(void);

const char *program_name = "gprof";

/* "gprof: " PREFIX MESSAGE "\n" on stderr, after what stdout holds. */
static void report(const char *prefix, const char *fmt, va_list ap)
{
	fflush(stdout);
	fprintf(stderr, "%s: %s", program_name, prefix);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void fatal(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report("", fmt, ap);
	va_end(ap);
	if (fatal_hook)
		fatal_hook(); /* does not return when set */
	exit(1);
}

void warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report("warning: ", fmt, ap);
	va_end(ap);
}

static void out_of_memory(size_t size)
{
	fatal("out of memory (allocating %zu bytes)", size);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (p == NULL)
		out_of_memory(size);
	return p;
}

void *xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);

	if (p == NULL)
		out_of_memory(count * size);
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (p == NULL)
		out_of_memory(size);
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}
