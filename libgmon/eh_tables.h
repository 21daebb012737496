/* SPDX-License-Identifier: BSD-2-Clause
 *
 * eh_tables.h: each loaded object's call-frame tables, prepared for the
 * CFI unwinder (eh_tables.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_EH_TABLES_H
#define GMON_EH_TABLES_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"
#include "cfi.h"

/* Objects the tables can describe: objects.c's limit. */
#define GMON_EH_TABLES_MAX 4096

/* Ordinary context only (objects.c, when it adds object index, before
 * publishing it): finds the object's PT_GNU_EH_FRAME, checks its header
 * and table, and keeps where they are; a dlopened object's (not
 * permanent: dlclose may unmap it while a handler reads) are copied
 * first.  Nothing is kept for an object whose tables are missing or of
 * a form the interpreter does not read. */
void gmon_eh_tables_add(uint32_t index, uintptr_t bias, const void *phdr, size_t phnum,
			int permanent) GMON_HIDDEN;
/* Ordinary context (objects.c, when it empties the slot of object index,
 * after a grace period: no handler reads them any more): the tables
 * forgotten, their copy unmapped when no other object reads it. */
void gmon_eh_tables_release(uint32_t index) GMON_HIDDEN;
/* Ordinary context: are the tables kept for object index (unloaded) those
 * of the object now loaded at bias, phdr[phnum] (the same addresses, and a
 * copy equal to them byte for byte)?  Then the object's slot and copy
 * serve again (a plugin loaded and closed in a loop). */
int gmon_eh_tables_match(uint32_t index, uintptr_t bias, const void *phdr,
			 size_t phnum) GMON_HIDDEN;
/* Object index's tables, or NULL; async-signal-safe (for an object
 * published by objects.c). */
const struct gmon_cfi_table *gmon_eh_tables_of(uint32_t index) GMON_HIDDEN;

#endif /* GMON_EH_TABLES_H */
