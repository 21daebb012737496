/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * program.h: which file is the profiled program.  The command line may
 * name it, or not (GNU's default is a.out), or name a script; a
 * whole-process profile's process file names the program that ran, with
 * its build-id.  gprof reads the program the profile is of, or refuses
 * a profile of another program.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_PROGRAM_H
#define GPROF_PROGRAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/model.h"
#include "core/options.h"

/* What is known of the program before it is opened. */
struct program {
	const char *path;    /* the file to open */
	const char *named;   /* as the command line named it, or NULL */
	const char *script;  /* the script named, when path is its interpreter */
	const char *profile; /* the first profile file */
	char *process_path;  /* its process file */
	/* the main program's object record, when the process file has one */
	bool recorded;
	char *recorded_path;
	unsigned char build_id[64];
	size_t build_id_size;
	uint64_t *segments; /* own addresses, pairs [start, end) */
	size_t segment_count;
};

/* Is path a gmon.out our runtime wrote (a process file may be beside
 * it), so that "gprof gmon.out" names a profile, not a program? */
bool program_is_marked_profile(const char *path);
/* Which file to read as the program, before it is opened: the one the
 * command line names (a script's interpreter, said in one line), else
 * the one the first profile's process file names (said in one line),
 * else a.out.  The paths live as long as the model. */
void program_find(struct program *p, struct model *m, const struct read_options *opt);
/* After the program is opened as obj: when the process file names the
 * program, obj must be that file (its build-id; without one, its
 * code where the program's ran).  Otherwise one line naming both and
 * exit 1 (GPROF_GNU_QUIRKS=other-program: read on, as GNU does). */
void program_check(const struct program *p, const struct object *obj,
		   const struct read_options *opt);
/* Files of several programs (a tree of processes) and a program named:
 * the files of that program (a new array, *count long), after one line
 * saying how many were skipped and of which programs.  Files that name
 * no program are kept.  When none is of the program, or with
 * GPROF_GNU_QUIRKS=other-program, the files as given (program_check
 * then refuses the first, or GNU's reading goes on). */
const char *const *program_select(const struct read_options *opt, int *count);
void program_free(struct program *p);

#endif
