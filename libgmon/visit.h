/* SPDX-License-Identifier: BSD-2-Clause
 *
 * visit.h: the shape of the writers' walks over the runtime's tables:
 * each entry with a nonzero count is handed to a visitor, and the walk
 * stops at the first nonzero return and returns it.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_VISIT_H
#define GMON_VISIT_H

#include <stdint.h>

typedef int (*gmon_arc_visitor)(void *ctx, uintptr_t from_pc, uintptr_t self_pc, uint64_t count);
typedef int (*gmon_sample_visitor)(void *ctx, uintptr_t pc, uint64_t count);
/* thread: the sampled thread's number (thread_table.h) */
typedef int (*gmon_stack_visitor)(void *ctx, uint64_t count, uint32_t depth, uint32_t flags,
				  uint32_t thread, const uintptr_t *frames);
/* The renumbering of an unloaded object's addresses (reuse.c): the
 * numbered form of address, or address itself if it is not the
 * object's (return_address: a caller's return address, which may be
 * the end of the object's code). */
typedef uintptr_t (*gmon_renumber_fn)(const void *ctx, uintptr_t address, int return_address);

#endif /* GMON_VISIT_H */
