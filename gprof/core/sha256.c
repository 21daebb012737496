/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sha256.c: SHA-256 as FIPS 180-4 defines it (sha256.h), written from
 * the standard: a 64-byte block at a time, the message padded with a 1
 * bit, zeros and its length in bits.  gprof --html hashes the page's own
 * script with it, so that the page's Content-Security-Policy allows that
 * script and no other (no 'unsafe-inline').
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <string.h>

#include "core/sha256.h"

static const uint32_t round_constants[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
	0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
	0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
	0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
	0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
	0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
	0xc67178f2
};

static uint32_t rotate_right(uint32_t x, unsigned n)
{
	return x >> n | x << (32 - n);
}

static void compress(uint32_t state[8], const uint8_t block[64])
{
	uint32_t w[64], v[8];
	unsigned i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)block[4 * i] << 24 | (uint32_t)block[4 * i + 1] << 16 |
		       (uint32_t)block[4 * i + 2] << 8 | block[4 * i + 3];
	for (; i < 64; i++) {
		uint32_t s0 = rotate_right(w[i - 15], 7) ^ rotate_right(w[i - 15], 18) ^ w[i - 15] >> 3;
		uint32_t s1 = rotate_right(w[i - 2], 17) ^ rotate_right(w[i - 2], 19) ^ w[i - 2] >> 10;

		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}
	memcpy(v, state, sizeof(v));
	for (i = 0; i < 64; i++) {
		uint32_t e = v[4], a = v[0];
		uint32_t t1 = v[7] + (rotate_right(e, 6) ^ rotate_right(e, 11) ^ rotate_right(e, 25)) +
			      ((e & v[5]) ^ (~e & v[6])) + round_constants[i] + w[i];
		uint32_t t2 = (rotate_right(a, 2) ^ rotate_right(a, 13) ^ rotate_right(a, 22)) +
			      ((a & v[1]) ^ (a & v[2]) ^ (v[1] & v[2]));

		memmove(v + 1, v, 7 * sizeof(*v));
		v[4] += t1;
		v[0] = t1 + t2;
	}
	for (i = 0; i < 8; i++)
		state[i] += v[i];
}

void sha256(const void *data, size_t size, uint8_t digest[32])
{
	uint32_t state[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
			      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
	const uint8_t *p = data;
	uint8_t tail[128];
	uint64_t bits = (uint64_t)size * 8;
	size_t left = size, n, i;

	for (; left >= 64; left -= 64, p += 64)
		compress(state, p);
	/* the rest, a 1 bit, zeros, the length: one block or two */
	memset(tail, 0, sizeof(tail));
	memcpy(tail, p, left);
	tail[left] = 0x80;
	n = left + 1 + 8 <= 64 ? 64 : 128;
	for (i = 0; i < 8; i++)
		tail[n - 1 - i] = (uint8_t)(bits >> (8 * i));
	compress(state, tail);
	if (n == 128)
		compress(state, tail + 64);
	for (i = 0; i < 8; i++) {
		digest[4 * i] = (uint8_t)(state[i] >> 24);
		digest[4 * i + 1] = (uint8_t)(state[i] >> 16);
		digest[4 * i + 2] = (uint8_t)(state[i] >> 8);
		digest[4 * i + 3] = (uint8_t)state[i];
	}
}

void sha256_base64(const void *data, size_t size, char out[45])
{
	static const char alphabet[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	uint8_t d[33];
	size_t i, o = 0;

	sha256(data, size, d);
	d[32] = 0;
	/* ten groups of 3 bytes, then 2 (and a zero byte): the last of the
	 * 44 characters is the pad */
	for (i = 0; i < 33; i += 3) {
		uint32_t g = (uint32_t)d[i] << 16 | (uint32_t)d[i + 1] << 8 | (i + 2 < 33 ? d[i + 2] : 0);

		out[o++] = alphabet[g >> 18 & 63];
		out[o++] = alphabet[g >> 12 & 63];
		out[o++] = alphabet[g >> 6 & 63];
		out[o++] = alphabet[g & 63];
	}
	out[43] = '=';
	out[44] = '\0';
}
