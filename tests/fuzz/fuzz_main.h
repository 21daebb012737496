/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fuzz_main.h: for the harnesses that run gprof's main (gprof.c compiled
 * as gprof_main, see Makefile): the wrappers that record what a run owns
 * (main's options, the model, the profile data being read), so that it
 * can be freed when main ends, returns or fails.  Included once, by one
 * harness per target.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef FUZZ_MAIN_H
#define FUZZ_MAIN_H

#include <getopt.h>
#include <stdint.h>
#include <string.h>

#include <demangle.h>

#include "fuzz.h"
#include "core/options.h"
#include "pipeline.h"
#include "core/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int gprof_main(int argc, char **argv);
struct model *fuzz_pipeline_run(const struct read_options *opt, pipeline_file_hook *on_file,
				void *context);
void fuzz_options_init(struct options *opt);
void fuzz_options_free(struct options *opt);
void fuzz_model_free(struct model *m);

static struct options *run_options; /* main's, while main runs */
/* the models made and not yet freed (a stage may make its own: -s's
 * GNU symbols, --diff's two runs) */
static struct model *run_models[8];
static size_t run_model_count;
static struct profile_data run_data;

/* ------------------------------------------------------------ wrappers */

static void remember_model(struct model *m)
{
	if (run_model_count < sizeof(run_models) / sizeof(run_models[0]))
		run_models[run_model_count++] = m;
}

static void forget_model(struct model *m)
{
	for (size_t i = 0; i < run_model_count; i++)
		if (run_models[i] == m) {
			run_models[i] = run_models[--run_model_count];
			break;
		}
}

void fuzz_options_init(struct options *opt)
{
	run_options = opt;
	options_init(opt);
}

void fuzz_options_free(struct options *opt)
{
	options_free(opt);
	run_options = NULL;
}

void fuzz_model_free(struct model *m)
{
	model_free(m); /* forget_model takes it off the list */
}

/* pipeline_run, with the profile data where a failed run can free it */
struct model *fuzz_pipeline_run(const struct read_options *opt, pipeline_file_hook *on_file,
				void *context)
{
	struct model *m = pipeline_read_executable(opt);

	pipeline_read_profiles(m, &run_data, opt, on_file, context);
	pipeline_analyse(m, &run_data, opt);
	profile_reset(&run_data);
	return m;
}

/* Whatever the run left: after a normal end, nothing. */
static void free_run(void)
{
	profile_reset(&run_data);
	while (run_model_count > 0)
		model_free(run_models[run_model_count - 1]);
	if (run_options)
		options_free(run_options);
	run_options = NULL;
}

/* Back to a clean state for the next input. */
static void fuzz_main_reset(void)
{
	free_run();
	optind = 0; /* glibc: start over, forgetting any half-parsed word */
	cplus_demangle_set_style(auto_demangling);
}

static void fuzz_main_setup(void)
{
	model_new_hook = remember_model;
	model_free_hook = forget_model;
	fuzz_before_jump = free_run;
	fuzz_quiet();
}

#endif
