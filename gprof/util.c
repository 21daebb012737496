/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * util.c: error reporting, allocation that never returns NULL, and the
 * progress line of long reads.  Every error is one line on stderr,
 * "gprof: ...", then exit status 1.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

/* Called by fatal() after the message, before exit(1).  NULL in gprof
 * itself; an in-process fuzzer (tests/fuzz/) sets it to a function that
 * longjmps back to the fuzzing loop, so that a rejected input ends one
 * iteration instead of the process. */
void (*fatal_hook)(void);

const char *program_name = "gprof";

/* The progress line: shown on a terminal once a read has taken
 * PROGRESS_AFTER seconds, redrawn at most every PROGRESS_EVERY. */
#define PROGRESS_AFTER 1.0
#define PROGRESS_EVERY 0.2

static struct {
	bool active;              /* between progress_begin and progress_end */
	bool shown;               /* the line is on the terminal */
	const char *what;
	size_t total;
	double start, last;
} progress;

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Erase the progress line, so that a message starts a clean line. */
static void progress_clear(void)
{
	if (progress.shown) {
		fputs("\r\033[K", stderr);
		progress.shown = false;
	}
}

void progress_begin(const char *what, size_t total)
{
	progress.active = isatty(STDERR_FILENO) && total > 1;
	progress.shown = false;
	progress.what = what;
	progress.total = total;
	progress.start = progress.last = progress.active ? now_seconds() : 0.0;
}

void progress_step(size_t done)
{
	double now;

	if (!progress.active)
		return;
	now = now_seconds();
	if (now - progress.start < PROGRESS_AFTER || now - progress.last < PROGRESS_EVERY)
		return;
	progress.last = now;
	fprintf(stderr, "\r%s: %s: %zu of %zu files (%.0f%%)", program_name, progress.what,
		done, progress.total, 100.0 * (double)done / (double)progress.total);
	progress.shown = true;
}

void progress_end(void)
{
	progress_clear();
	progress.active = false;
}

/* "gprof: " PREFIX MESSAGE "\n" on stderr, after what stdout holds. */
static void report(const char *prefix, const char *fmt, va_list ap)
{
	fflush(stdout);
	progress_clear();
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
