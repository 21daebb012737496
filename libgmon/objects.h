/* SPDX-License-Identifier: BSD-2-Clause
 *
 * objects.h: the table of objects mapped into the process (objects.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_OBJECTS_H
#define GMON_OBJECTS_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"

int gmon_objects_init(void) GMON_HIDDEN;
/* Bring the table up to date with the loader (dl_iterate_phdr): never
 * from a signal handler.  Returns the refresh's generation (the objects
 * it added have it as `added`), 0 if it made none. */
uint32_t gmon_objects_refresh(void) GMON_HIDDEN;
/* Readers of the table (gmon_object_view, _find, _flags, _readable, and
 * eh_tables.h's tables) read between these two, so that no slot is
 * reused under them (epoch.h).  Async-signal-safe. */
unsigned gmon_objects_enter(void) GMON_HIDDEN;
void gmon_objects_leave(unsigned token) GMON_HIDDEN;
struct gmon_object_view {
	uint32_t number; /* the process file's object number */
	uint32_t flags;  /* GMON_OBJECT_* */
	uint32_t added;  /* the refresh that added it */
	uintptr_t bias;
	const void *phdr; /* the program headers, as mapped (while loaded) */
	uint32_t phnum;
	uint32_t nsegments;
	const uintptr_t *segments; /* start, end (exclusive), ... */
	uint32_t build_id_size;
	const unsigned char *build_id;
	uint32_t path_size;
	const char *path;
};
/* The slots of the objects published, as last refreshed (some empty);
 * async-signal-safe.  gmon_object_view: 0, or -1 for an empty slot. */
uint32_t gmon_objects_count(void) GMON_HIDDEN;
int gmon_object_view(uint32_t i, struct gmon_object_view *view) GMON_HIDDEN;
/* The records of retired objects, one per file (never removed). */
uint32_t gmon_objects_retired_count(void) GMON_HIDDEN;
void gmon_object_retired_view(uint32_t k, struct gmon_object_view *view) GMON_HIDDEN;
/* The object whose executable segments hold pc, or -1. */
long gmon_object_find(uintptr_t pc) GMON_HIDDEN;
uint32_t gmon_object_flags(uint32_t i) GMON_HIDDEN; /* GMON_OBJECT_* */
/* 1 if the n bytes at addr are in a readable segment of an object never
 * unmapped (loaded at start-up), so that a load cannot fault. */
int gmon_object_readable(uintptr_t addr, size_t n) GMON_HIDDEN;
void gmon_objects_after_fork(void) GMON_HIDDEN;
/* Each object flagged unloaded, not retired yet: retire(ctx, the number
 * of its file's retired record, delta, its segments, their count), which
 * moves what was recorded at those addresses to that number, each
 * address plus delta (the record's load bias less the object's); if
 * that returned 0, its slot is emptied and reused once no reader holds
 * it (its tables' copy released).  Ordinary context, serialized with the
 * refreshes.  How many were retired. */
typedef int (*gmon_retire_fn)(void *ctx, uint32_t number, uintptr_t delta,
			      const uintptr_t *segments, uint32_t nsegments);
uint32_t gmon_objects_retire(gmon_retire_fn retire, void *ctx) GMON_HIDDEN;
/* Does the dynamic string table of the object loaded at bias, with the
 * program headers phdr[phnum] as mapped, hold name (as a symbol it
 * calls, or defines)?  Ordinary context (start-up, dlopen). */
int gmon_object_names(uintptr_t bias, const void *phdr, size_t phnum, const char *name) GMON_HIDDEN;

#endif /* GMON_OBJECTS_H */
