/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * text.h: report lines built in memory and written in blocks, for the
 * lines printed once per function and per arc.  fprintf spent about 2,800
 * instructions on each call-graph line (parsing the format, padding empty
 * "%6.6s" columns with _IO_padn, one locked stdio call per piece); these
 * helpers produce what the formats "%W.Ws", "%-W.Ws", "%Wlu", "%-Wlu",
 * "%d" and fixed.h's "%W.Pf" produce, byte for byte, and hand stdio one
 * fwrite per TEXT_BLOCK bytes.
 *
 * Why the integer helpers are printf's: "%lu" is the decimal digits of
 * the value, most significant first, no leading zeros, "0" for zero;
 * a width pads with spaces on the left ("-": on the right) up to that
 * many bytes and never truncates.  "%d" is the same after a '-' for a
 * negative value.  "%W.Ws" is the first min(strlen, W) bytes of the
 * string, padded likewise.  The conversions of C's locale do not change
 * any of these.
 *
 * A struct text belongs to one printer's run (a local of its state) and
 * holds text not yet written: the printer must text_flush before writing
 * to the same FILE any other way, and before it returns.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_TEXT_H
#define GPROF_TEXT_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixed.h"
#include "util.h"

#define TEXT_BLOCK 65536

/* Text not yet written: data[0, length), room for capacity bytes. */
struct text {
	char *data;
	size_t length, capacity;
};

static inline void text_reserve(struct text *t, size_t more)
{
	if (t->length + more > t->capacity) {
		size_t capacity = t->capacity ? t->capacity : TEXT_BLOCK + 4096;

		while (t->length + more > capacity)
			capacity *= 2;
		t->data = xrealloc(t->data, capacity);
		t->capacity = capacity;
	}
}

static inline void text_bytes(struct text *t, const char *s, size_t n)
{
	text_reserve(t, n);
	memcpy(t->data + t->length, s, n);
	t->length += n;
}

static inline void text_char(struct text *t, char c)
{
	text_reserve(t, 1);
	t->data[t->length++] = c;
}

static inline void text_spaces(struct text *t, size_t n)
{
	text_reserve(t, n);
	memset(t->data + t->length, ' ', n);
	t->length += n;
}

/* "%W.Ws" (left false) or "%-W.Ws" (left true) */
static inline void text_field(struct text *t, const char *s, size_t width, bool left)
{
	size_t n = strnlen(s, width);

	if (!left)
		text_spaces(t, width - n);
	text_bytes(t, s, n);
	if (left)
		text_spaces(t, width - n);
}

/* "%Wlu" (left false) or "%-Wlu" (left true) */
static inline void text_unsigned(struct text *t, unsigned long value, size_t width, bool left)
{
	char digits[24], *p = digits + sizeof(digits);
	size_t n;

	do {
		*--p = (char)('0' + value % 10);
		value /= 10;
	} while (value != 0);
	n = (size_t)(digits + sizeof(digits) - p);
	if (!left && n < width)
		text_spaces(t, width - n);
	text_bytes(t, p, n);
	if (left && n < width)
		text_spaces(t, width - n);
}

/* "%d" */
static inline void text_int(struct text *t, int value)
{
	if (value < 0) {
		text_char(t, '-');
		text_unsigned(t, -(unsigned long)(long)value, 0, false);
	} else {
		text_unsigned(t, (unsigned long)value, 0, false);
	}
}

/* "%lx": hexadecimal digits, lower case, most significant first */
static inline void text_hex(struct text *t, unsigned long value)
{
	char digits[24], *p = digits + sizeof(digits);

	do {
		*--p = "0123456789abcdef"[value % 16];
		value /= 16;
	} while (value != 0);
	text_bytes(t, p, (size_t)(digits + sizeof(digits) - p));
}

/* "%W.Pf", P 1 or 2: fixed.h (which falls back to snprintf itself) */
static inline void text_fixed(struct text *t, int width, int precision, double value)
{
	char buf[FIXED_SIZE];

	format_fixed(buf, width, precision, value);
	text_bytes(t, buf, strlen(buf));
}

/* Write what is held to out. */
static inline void text_flush(struct text *t, FILE *out)
{
	if (t->length)
		fwrite(t->data, 1, t->length, out);
	t->length = 0;
}

/* End a line; write the block once it is full. */
static inline void text_end_line(struct text *t, FILE *out)
{
	text_char(t, '\n');
	if (t->length >= TEXT_BLOCK)
		text_flush(t, out);
}

/* Write what is held and release the buffer. */
static inline void text_free(struct text *t, FILE *out)
{
	text_flush(t, out);
	free(t->data);
	t->data = NULL;
	t->capacity = 0;
}

#endif
