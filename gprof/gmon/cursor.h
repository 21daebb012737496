/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cursor.h: a bounded cursor over one file's bytes, for the profile
 * readers (read_gnu.c, read_bsd.c) and the streamed sums' passes.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_CURSOR_H
#define GPROF_CURSOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The window's size: what reading a file holds of it, whatever its size. */
#define READ_WINDOW (256 * 1024)

/*
 * A cursor over one file's bytes, and what it showed about the file.
 *
 * The bytes are either all in memory (profile_read_buffer) or read from a
 * descriptor through a window of READ_WINDOW bytes (profile_read), so that
 * reading never holds the whole file: memory is what the records add to
 * the profile, whatever the file's size.  data[] holds the file's bytes
 * [base, base + filled); pos is the cursor, an offset in the file, never
 * below base.  cursor_fill() makes the next bytes available, sliding the
 * window; the window grows past READ_WINDOW only for a record whose
 * length the file's size cannot vouch for beforehand (a pipe), so a pipe
 * costs at most its largest record.
 *
 * size is the file's size when size_known: from the start for a regular
 * file or a buffer (every record is checked against it before anything
 * is allocated for it), for a pipe once its end has been reached; the
 * messages that quote it are printed only then.  The owner frees window.
 */
struct cursor {
	const char *name;
	int fd;                    /* -1: all the bytes are in data */
	const unsigned char *data; /* the bytes [base, base + filled) */
	unsigned char *window;     /* owned: data when fd >= 0 */
	size_t base, filled, capacity;
	size_t pos;
	size_t size;
	bool size_known;
	bool io_failed;  /* err already says why */
	off_t origin;    /* a regular file: where byte 0 is (pread) */
	bool big_endian; /* how numbers are read */
	char *err;       /* where a failure is said, in one line */
	size_t err_size;
};

/* Say in err, after the file's name, why the file is refused (unless a
 * read error said so first); always false. */
bool cursor_fail(struct cursor *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Read more of the file for cursor_fill (its slow path). */
bool cursor_fill_window(struct cursor *c, size_t n);

/* The file's bytes that the cursor has not passed: only once size_known. */
static inline size_t cursor_remaining(const struct cursor *c)
{
	return c->size - c->pos;
}

/*
 * Make the n bytes at the cursor available in data[].  False when the
 * file ends first (size is then known), or on a read error (err says so).
 * For a regular file, whose size is known, nothing is read for a request
 * that its size cannot meet.
 */
static inline bool cursor_fill(struct cursor *c, size_t n)
{
	if (n <= c->filled - (c->pos - c->base))
		return true;
	return cursor_fill_window(c, n);
}

/* Are there n more bytes?  Answered from the size when it is known,
 * without reading them; a pipe reads ahead to find out. */
static inline bool cursor_available(struct cursor *c, uint64_t n)
{
	if (c->size_known)
		return n <= cursor_remaining(c);
	if (n > SIZE_MAX - c->pos)
		return false;
	return cursor_fill(c, (size_t)n);
}

/* Pass n bytes that cursor_available() has vouched for, reading only
 * what a pipe makes us read. */
static inline bool cursor_skip(struct cursor *c, uint64_t n)
{
	size_t in_window = c->filled - (c->pos - c->base);

	if (n <= in_window) {
		c->pos += (size_t)n;
		return true;
	}
	if (c->fd >= 0 && c->size_known) {
		c->pos += (size_t)n;
		c->base = c->pos;
		c->filled = 0;
		return true;
	}
	return cursor_fill(c, (size_t)n) && (c->pos += (size_t)n, true);
}

/* The unsigned number of this many bytes at offset at, which is in data[]. */
static inline uint64_t cursor_get_uint(const struct cursor *c, size_t at, int bytes)
{
	const unsigned char *b = c->data + (at - c->base);
	uint64_t v = 0;
	int i;

	if (c->big_endian)
		for (i = 0; i < bytes; i++)
			v = (v << 8) | b[i];
	else
		for (i = bytes - 1; i >= 0; i--)
			v = (v << 8) | b[i];
	return v;
}

/* The number at the cursor, passed; callers have filled its bytes. */
static inline uint64_t cursor_take(struct cursor *c, int bytes)
{
	uint64_t v = cursor_get_uint(c, c->pos, bytes);

	c->pos += (size_t)bytes;
	return v;
}

#endif
