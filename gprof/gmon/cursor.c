/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cursor.c: the byte cursor's window (cursor.h): reading a file a window
 * at a time, from a descriptor or a buffer, and its one-line failures.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmon/cursor.h"
#include "core/util.h"

bool cursor_fail(struct cursor *c, const char *fmt, ...)
{
	va_list ap;
	int n;

	/* a read error or a shrinking file said so first: keep that */
	if (c->io_failed)
		return false;
	n = snprintf(c->err, c->err_size, "%s: ", c->name);
	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < c->err_size) {
		char *s;

		vsnprintf(c->err + n, c->err_size - (size_t)n, fmt, ap);
		/* the message may quote the file's bytes (a dimension name):
		 * keep it one line, free of terminal controls (found by
		 * tests/fuzz) */
		for (s = c->err + n; *s; s++)
			if ((unsigned char)*s < 0x20 || *s == 0x7f)
				*s = '?';
	}
	va_end(ap);
	return false;
}

bool cursor_fill_window(struct cursor *c, size_t n)
{
	size_t have;

	if (n <= c->filled - (c->pos - c->base))
		return true;
	if (c->fd < 0 || c->io_failed)
		return false;
	if (c->size_known && n > cursor_remaining(c))
		return false;
	/* slide what is left to the front, then read behind it */
	have = c->base + c->filled - c->pos;
	if (n > c->capacity) {
		unsigned char *bigger;

		c->capacity = n > READ_WINDOW ? n : READ_WINDOW;
		bigger = xmalloc(c->capacity);
		if (have)
			memcpy(bigger, c->window + (c->pos - c->base), have);
		free(c->window);
		c->window = bigger;
	} else if (have) {
		memmove(c->window, c->window + (c->pos - c->base), have);
	}
	c->data = c->window;
	c->base = c->pos;
	c->filled = have;
	while (c->filled < n) {
		size_t want = c->capacity - c->filled;
		ssize_t got;

		/* a regular file is read as it was when opened: whatever is
		 * appended meanwhile is not part of it */
		if (c->size_known && want > c->size - (c->base + c->filled))
			want = c->size - (c->base + c->filled);
		if (c->size_known)
			got = pread(c->fd, c->window + c->filled, want,
				    c->origin + (off_t)(c->base + c->filled));
		else
			got = read(c->fd, c->window + c->filled, want);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			snprintf(c->err, c->err_size, "%s: %s", c->name, strerror(errno));
			c->io_failed = true;
			return false;
		}
		if (got == 0) {
			if (c->size_known) {
				snprintf(c->err, c->err_size,
					 "%s: the file shrank while it was read (%zu bytes, %zu when opened)",
					 c->name, c->base + c->filled, c->size);
				c->io_failed = true;
				return false;
			}
			c->size = c->base + c->filled;
			c->size_known = true;
			return false;
		}
		c->filled += (size_t)got;
	}
	return true;
}
