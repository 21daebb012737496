/* SPDX-License-Identifier: BSD-2-Clause
 *
 * sample.h: what a sample is handed to.  The clock's signal handler
 * (sampler.c) counts each sample in the histogram when its pc is in the
 * main program's text, then hands it to every consumer registered with
 * gmon_sampler_add (sampler.h), in the order registered: today the
 * whole-process samples (foreign.c) and the call stacks (stacks.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_SAMPLE_H
#define GMON_SAMPLE_H

#include <stdint.h>

/* Runs in the clock's signal handler, in any thread, possibly on a small
 * alternate signal stack: async-signal-safe, no system call, a small
 * frame.  context: the signal's ucontext_t; pc: the interrupted program
 * counter; samples: how many samples the signal stands for (expiries a
 * loaded machine merged into one signal); in_histogram: whether the
 * histogram (or its sparse store, sampler.h) counted them.  Arguments
 * in registers, so that the handler hands the sample to its last
 * consumer with a jump: its frame is gone by then. */
typedef void gmon_sample_consumer(const void *context, uintptr_t pc, unsigned samples,
				  int in_histogram);

#endif /* GMON_SAMPLE_H */
