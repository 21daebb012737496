/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * checksum.c: the hot spot.  CRC-32 one bit at a time, with no table:
 * the slowest honest way, so that the profile has a clear winner.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include "demo.h"

uint32_t crc32_bitwise(const unsigned char *data, size_t size)
{
	uint32_t crc = 0xFFFFFFFFu;
	size_t i;
	int bit;

	for (i = 0; i < size; i++) {
		crc ^= data[i];
		for (bit = 0; bit < 8; bit++)
			crc = (crc >> 1) ^ (0xEDB88320u & -(crc & 1u));
	}
	return ~crc;
}

/* Fill a buffer with a reproducible pseudo-random pattern. */
void fill_buffer(unsigned char *data, size_t size, uint32_t seed)
{
	size_t i;

	for (i = 0; i < size; i++) {
		seed = seed * 1103515245u + 12345u;
		data[i] = (unsigned char)(seed >> 16);
	}
}
