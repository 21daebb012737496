/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fixed.h: "%*.1f" and "%*.2f" without printf's multi-precision
 * arithmetic, for the report lines printed once per function and per arc
 * (a fifth of the run time at 20,000 functions went to formatting them).
 *
 * printf rounds the exact binary value to the nearest decimal.  Here
 * t = value * 10^precision is rounded by the multiplication by at most
 * t * 2^-53 < 2^-22 while t < 2^31, so unless t's fraction is within
 * 1e-6 of one half, rounding t to the nearest integer gives printf's
 * digits.  Anything else (near a half, negative or negative zero, huge,
 * NaN) goes to snprintf, so the text is always printf's.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_FIXED_H
#define GPROF_FIXED_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define FIXED_SIZE 48 /* room for any double printed with "%*.2f", width <= 12 */

/* Format value as snprintf(buf, FIXED_SIZE, "%*.*f", width, precision,
 * value) would, for precision 1 or 2; return buf. */
static inline const char *format_fixed(char *buf, int width, int precision, double value)
{
	double t = value * (precision == 1 ? 10.0 : 100.0);

	if ((precision == 1 || precision == 2) && width < FIXED_SIZE - 24 && !signbit(value) &&
	    t < 2147483648.0) {
		double whole = floor(t), fraction = t - whole;

		if (fraction < 0.5 - 1e-6 || fraction > 0.5 + 1e-6) {
			uint64_t n = (uint64_t)whole + (fraction > 0.5);
			char digits[24];
			int length = 0, i, pad;

			/* digits, last first: the decimals, the point, the integer part */
			for (i = 0; i < precision; i++, n /= 10)
				digits[length++] = (char)('0' + n % 10);
			digits[length++] = '.';
			do {
				digits[length++] = (char)('0' + n % 10);
				n /= 10;
			} while (n != 0);
			pad = width > length ? width - length : 0;
			memset(buf, ' ', (size_t)pad);
			for (i = 0; i < length; i++)
				buf[pad + i] = digits[length - 1 - i];
			buf[pad + length] = '\0';
			return buf;
		}
	}
	snprintf(buf, FIXED_SIZE, "%*.*f", width, precision, value);
	return buf;
}

#endif
