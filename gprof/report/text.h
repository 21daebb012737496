/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * text.h: report lines built in memory and written in blocks, for the
 * lines printed once per function and per arc.  fprintf spent about 2,800
 * instructions on each call-graph line (parsing the format, padding empty
 * "%6.6s" columns with _IO_padn, one locked stdio call per piece); these
 * helpers produce what the formats "%W.Ws", "%-W.Ws", "%Wlu", "%-Wlu",
 * "%d", "%lx" and "%W.1f"/"%W.2f" produce, byte for byte, and hand stdio
 * one fwrite per TEXT_BLOCK bytes.
 *
 * Why the integer helpers are printf's: "%lu" is the decimal digits of
 * the value, most significant first, no leading zeros, "0" for zero;
 * a width pads with spaces on the left ("-": on the right) up to that
 * many bytes and never truncates.  "%d" is the same after a '-' for a
 * negative value, "%lx" the same in lower-case hexadecimal.  "%W.Ws" is
 * the first min(strlen, W) bytes of the string, padded likewise.  The C
 * locale's conversions change none of these.  text_fixed argues its own
 * case below.
 *
 * The padding and digits are copied with fixed 16-byte stores instead of
 * calls to memset and memcpy with small lengths: every reservation keeps
 * 32 bytes of slack past what it adds, and the digit buffers 16 readable
 * bytes past their end.
 *
 * A struct text belongs to one printer's run (a local of its state) and
 * holds text not yet written: the printer must text_flush before writing
 * to the same FILE any other way, and before it returns.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_TEXT_H
#define GPROF_TEXT_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

#define TEXT_BLOCK 65536
#define TEXT_SLACK 32

/* Text not yet written: data[0, length), room for capacity bytes. */
struct text {
	char *data;
	size_t length, capacity;
};

/* Room for more bytes and TEXT_SLACK past them. */
static inline void text_reserve(struct text *t, size_t more)
{
	if (t->length + more + TEXT_SLACK > t->capacity) {
		size_t capacity = t->capacity ? t->capacity : TEXT_BLOCK + 4096;

		while (t->length + more + TEXT_SLACK > capacity)
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

static const char text_blanks[16] = "                ";

/* n spaces at p, which has room for 16 bytes past them */
static inline void text_blank(char *p, size_t n)
{
	for (; n > 16; n -= 16, p += 16)
		memcpy(p, text_blanks, 16);
	memcpy(p, text_blanks, 16);
}

static inline void text_spaces(struct text *t, size_t n)
{
	text_reserve(t, n);
	text_blank(t->data + t->length, n);
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

/* The decimal digits of value at end[-1], end[-2], ...; how many.  Two
 * at a time from a table of the pairs (half the divisions). */
static inline size_t text_digits(char *end, uint64_t value)
{
	static const char pairs[201] =
		"00010203040506070809101112131415161718192021222324"
		"25262728293031323334353637383940414243444546474849"
		"50515253545556575859606162636465666768697071727374"
		"75767778798081828384858687888990919293949596979899";
	char *p = end;

	while (value > UINT32_MAX) {
		*--p = (char)('0' + value % 10);
		value /= 10;
	}
	{
		uint32_t v = (uint32_t)value; /* 32-bit division is cheaper */

		while (v >= 100) {
			uint32_t pair = v % 100;

			v /= 100;
			p -= 2;
			memcpy(p, pairs + 2 * pair, 2);
		}
		if (v >= 10) {
			p -= 2;
			memcpy(p, pairs + 2 * v, 2);
		} else {
			*--p = (char)('0' + v);
		}
	}
	return (size_t)(end - p);
}

/* The n bytes before end (which has 16 readable bytes after it), padded
 * with spaces to width on the left (left false) or on the right. */
static inline void text_padded(struct text *t, const char *end, size_t n, size_t width, bool left)
{
	size_t pad = n < width ? width - n : 0;
	char *p;

	text_reserve(t, n + pad);
	p = t->data + t->length;
	t->length += n + pad;
	if (!left) {
		text_blank(p, pad);
		p += pad;
	}
	if (n <= 16)
		memcpy(p, end - n, 16);
	else
		memcpy(p, end - n, n);
	if (left)
		text_blank(p + n, pad);
}

/* "%Wlu" (left false) or "%-Wlu" (left true) */
static inline void text_unsigned(struct text *t, unsigned long value, size_t width, bool left)
{
	char digits[48];
	size_t n = text_digits(digits + 32, value);

	text_padded(t, digits + 32, n, width, left);
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

/* "%lx" */
static inline void text_hex(struct text *t, unsigned long value)
{
	char digits[24], *p = digits + sizeof(digits);

	do {
		*--p = "0123456789abcdef"[value % 16];
		value /= 16;
	} while (value != 0);
	text_bytes(t, p, (size_t)(digits + sizeof(digits) - p));
}

/*
 * "%W.Pf", P 1 or 2, without printf's multi-precision arithmetic (a
 * fifth of the run time at 20,000 functions went to formatting these).
 *
 * printf rounds the exact binary value to the nearest decimal.  Here
 * scaled = value * 10^P is rounded by the multiplication by at most
 * scaled * 2^-53 < 2^-22 while scaled < 2^31, so unless scaled's fraction
 * is within 1e-6 of one half, rounding scaled to the nearest integer
 * gives printf's digits.  In particular a value with scaled below
 * 0.5 - 1e-6 prints as zero (most arcs of a large profile carry no time:
 * that case skips the arithmetic).  Anything else (near a half, negative
 * or negative zero, huge, NaN, an unusual width or precision) goes to
 * snprintf, so the text is always printf's.
 */
static inline void text_fixed(struct text *t, int width, int precision, double value)
{
	static const char zero1[20] = "0.0", zero2[20] = "0.00"; /* 16 bytes past the end */
	double scaled = value * (precision == 1 ? 10.0 : 100.0);
	char buf[80];
	int n;

	if ((precision == 1 || precision == 2) && width >= 0 && !signbit(value)) {
		if (scaled < 0.5 - 1e-6) {
			text_padded(t, precision == 1 ? zero1 + 3 : zero2 + 4,
				    (size_t)precision + 2, (size_t)width, false);
			return;
		}
		if (scaled < 2147483648.0) {
			double whole = floor(scaled), fraction = scaled - whole;

			if (fraction < 0.5 - 1e-6 || fraction > 0.5 + 1e-6) {
				uint32_t units = (uint32_t)whole + (fraction > 0.5);
				char digits[48], *end = digits + 32, *p = end;

				*--p = (char)('0' + units % 10);
				units /= 10;
				if (precision == 2) {
					*--p = (char)('0' + units % 10);
					units /= 10;
				}
				*--p = '.';
				p -= text_digits(p, units);
				text_padded(t, end, (size_t)(end - p), (size_t)width, false);
				return;
			}
		}
	}
	n = snprintf(buf, sizeof(buf), "%*.*f", width, precision, value);
	if (n >= 0 && (size_t)n < sizeof(buf)) {
		text_bytes(t, buf, (size_t)n);
	} else if (n > 0) { /* a huge value: 309 digits and more */
		char *big = xmalloc((size_t)n + 1);

		snprintf(big, (size_t)n + 1, "%*.*f", width, precision, value);
		text_bytes(t, big, (size_t)n);
		free(big);
	}
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
