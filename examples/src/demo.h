/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * demo.h: the parts of the example program.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef DEMO_H
#define DEMO_H

#include <stddef.h>
#include <stdint.h>

/* checksum.c */
uint32_t crc32_bitwise(const unsigned char *data, size_t size);
void fill_buffer(unsigned char *data, size_t size, uint32_t seed);

/* expr.c */
double evaluate(const char *text);

#endif
