/* SPDX-License-Identifier: BSD-2-Clause
 *
 * maps.h: the mapping of /proc/self/maps that holds an address (maps.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_MAPS_H
#define GMON_MAPS_H

#include <stdint.h>

#include "base.h"

/* Reads the maps text on descriptor fd (lines "LOW-HIGH ...", of any
 * length) to its end or to the first line whose range holds addr: 0 and
 * [*low, *high) set, or -1.  Ordinary context; no allocation, a small
 * fixed buffer. */
int gmon_maps_find(int fd, uintptr_t addr, uintptr_t *low, uintptr_t *high) GMON_HIDDEN;

#endif /* GMON_MAPS_H */
