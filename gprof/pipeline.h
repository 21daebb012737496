/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pipeline.h: the stages in the order they run, shared by gprof.c and
 * the fuzzing harnesses (tests/fuzz/).
 *
 *   1. the executable: its symbols (-S, -l or functions), clones, symspecs
 *   2. the profile files, summed (arcs charged to symbols as they are read,
 *      unless -s keeps them), and gmon.sum written for -s
 *   3. the analysis: kept arcs, basic-block counts (-l), samples to
 *      symbols, the call graph
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_PIPELINE_H
#define GPROF_PIPELINE_H

#include "core/model.h"
#include "core/options.h"
#include "gmon/profile.h"

/* Called after each profile file is read (for -i). */
typedef void pipeline_file_hook(void *context, const char *path,
				const struct profile_file_info *info);

/* All three steps: the model of the run opt describes.  Any error is
 * fatal (one line on stderr, exit 1). */
struct model *pipeline_run(const struct read_options *opt, pipeline_file_hook *on_file,
			   void *context);

/* 1: a model holding the executable and its symbols. */
struct model *pipeline_read_executable(const struct read_options *opt);
/* 2: read opt's profile files into data (made empty first); write
 * gmon.sum when opt->sum asks for it (-s). */
void pipeline_read_profiles(struct model *m, struct profile_data *data,
			    const struct read_options *opt, pipeline_file_hook *on_file,
			    void *context);
/* 3: what was read, into the model: histograms, kept arcs, block counts,
 * samples, call graph.  data's histograms move into the model. */
void pipeline_analyse(struct model *m, struct profile_data *data, const struct read_options *opt);

#endif
