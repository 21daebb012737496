/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * run_map.h: one run's addresses to model addresses (run_map.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_RUN_MAP_H
#define GPROF_RUN_MAP_H

#include <stddef.h>
#include <stdint.h>

#include "core/model.h"

/* A segment as the process file gives it, with who wins where two
 * overlap: an object still loaded, then the one with the higher number
 * (mapped there last). */
struct run_placed {
	struct run_segment seg;
	uint64_t rank; /* loaded << 32 | number */
};

/* run->segments (room for 2n + 1 pieces) from the n segments p (sorted
 * here): each plain address to the segment of highest rank that holds
 * it.  Objects still loaded that overlap: a fatal error naming path. */
void run_map_build(struct run_map *run, struct run_placed *p, size_t n, const char *path);
/* run->numbers sorted by number, for run_map_address. */
void run_map_sort_numbers(struct run_map *run);
/* The model address of a runtime address (plain or numbered) of the
 * run, or MODEL_UNKNOWN_ADDRESS. */
uint64_t run_map_address(const struct run_map *run, uint64_t runtime);

#endif
