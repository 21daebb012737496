/* SPDX-License-Identifier: BSD-2-Clause
 *
 * maps.c: the mapping of /proc/self/maps that holds an address.  Each
 * line starts "LOW-HIGH " in hexadecimal and ends at a newline, however
 * long the path it names (up to PATH_MAX and more: deleted files, names
 * with escapes): the text is read in pieces and parsed as a stream, so
 * that only the start of a line is ever taken for a range.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#include <errno.h>
#include <stdint.h>
#include <unistd.h>

#include "maps.h"

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int gmon_maps_find(int fd, uintptr_t addr, uintptr_t *low, uintptr_t *high)
{
	/* where in a line: its low address, its high address, the rest */
	enum {
		LOW,
		HIGH,
		REST
	} at = LOW;
	uintptr_t from = 0, to = 0;
	int digits = 0, bad = 0;
	char buf[256];
	for (;;) {
		ssize_t n = read(fd, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		for (ssize_t i = 0; i < n; i++) {
			char c = buf[i];
			int d = hex_digit(c);
			if (at == LOW && d >= 0) {
				bad |= from >> (8 * sizeof from - 4) != 0;
				from = from << 4 | (uintptr_t)d;
				digits++;
			} else if (at == LOW && c == '-' && digits > 0) {
				at = HIGH;
				digits = 0;
			} else if (at == HIGH && d >= 0) {
				bad |= to >> (8 * sizeof to - 4) != 0;
				to = to << 4 | (uintptr_t)d;
				digits++;
			} else if (at == HIGH && digits > 0 && (c == ' ' || c == '\n')) {
				if (!bad && from <= addr && addr < to) {
					*low = from;
					*high = to;
					return 0;
				}
				at = REST;
			} else if (at != REST) {
				at = REST; /* not a range: skip the line */
			}
			if (c == '\n') {
				at = LOW;
				from = to = 0;
				digits = bad = 0;
			}
		}
	}
}
