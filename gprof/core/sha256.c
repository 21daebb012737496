/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sha256.c: SHA-256 of a buffer and its base64 form (sha256.h), through
 * nettle.  gprof --html hashes the page's own script with it, so that
 * the page's Content-Security-Policy allows that script and no other
 * (no 'unsafe-inline').
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <nettle/base64.h>
#include <nettle/sha2.h>

#include "core/sha256.h"

void sha256(const void *data, size_t size, uint8_t digest[32])
{
	struct sha256_ctx ctx;

	sha256_init(&ctx);
	sha256_update(&ctx, size, data);
	sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);
}

void sha256_base64(const void *data, size_t size, char out[45])
{
	uint8_t digest[SHA256_DIGEST_SIZE];

	sha256(data, size, digest);
	/* 32 bytes: 44 characters, the last one padding */
	base64_encode_raw(out, sizeof(digest), digest);
	out[BASE64_ENCODE_RAW_LENGTH(SHA256_DIGEST_SIZE)] = '\0';
}
