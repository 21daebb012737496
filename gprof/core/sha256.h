/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sha256.h: SHA-256 (FIPS 180-4) of a buffer, and its base64 form, as a
 * Content-Security-Policy names a script it allows ('sha256-...').
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_SHA256_H
#define GPROF_SHA256_H

#include <stddef.h>
#include <stdint.h>

/* The 32-byte digest of size bytes at data. */
void sha256(const void *data, size_t size, uint8_t digest[32]);
/* The digest of size bytes at data in base64 (RFC 4648, padded): 44
 * characters and a NUL into out. */
void sha256_base64(const void *data, size_t size, char out[45]);

#endif
