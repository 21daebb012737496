/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * objects.h: the stage that brings a whole-process profile's other
 * objects (shared libraries, plugins, libc) into the model, from the
 * process files beside the profile files.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_OBJECTS_H
#define GPROF_OBJECTS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/model.h"
#include "core/options.h"

/* For each profile file with a run id, read "<file>.process": add each
 * object it names (once, matched by path and build-id) with its symbols,
 * map the run's addresses to the model's, and keep its samples and arcs
 * in model addresses (m->process).  A missing or mismatched process file
 * is a warning (the main program alone is reported for that file); a
 * malformed one is an error.  Nothing happens with --main-only. */
void objects_read(struct model *m, const struct read_options *opt);

/* The model address of a gmon.out address of run `run` (gmon.out holds
 * runtime addresses less the main program's load bias); the address
 * itself when the run has no process file or it is the main program's. */
uint64_t objects_gmon_address(const struct model *m, size_t run, uint64_t address);

/* Is this a whole-process profile (a process file of some run read)? */
bool objects_whole_process(const struct model *m);
/* Is the model address in the main program's code? */
bool objects_in_main(const struct model *m, uint64_t address);
/* One more arc outside the main program, in model addresses. */
void objects_add_arc(struct model *m, uint64_t from_pc, uint64_t self_pc, uint64_t count);
/* -s: write the process file of the sum (the model's objects, samples,
 * arcs and times; the arcs merged first), whole or not at all; exits on
 * error. */
void objects_write_sum(struct model *m, const char *path, uint64_t run_id);
/* The longest record objects_write_sum writes (the format's lengths are
 * 32 bits; a unit test lowers it); a longer one is refused in one line. */
extern uint64_t objects_record_max;
/* The process file of a profile file: DIR/.NAME.process (malloc'd). */
char *objects_process_path(const char *gmon_path);
/* A new random run id, never 0. */
uint64_t objects_new_run_id(void);

/* Stacks with the same frames in the same thread made one (samples
 * summed): for a stage that rewrote some (analysis/overhead.c). */
void objects_merge_stacks(struct model_stacks *st);

#endif
