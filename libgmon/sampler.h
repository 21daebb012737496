/* SPDX-License-Identifier: BSD-2-Clause
 *
 * sampler.h: the program-counter histogram and the clock that fills it
 * (sampler.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_SAMPLER_H
#define GMON_SAMPLER_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"
#include "sample.h"

int gmon_hist_init(uintptr_t low_pc, uintptr_t high_pc) GMON_HIDDEN;
/* At start-up, before the clock starts: hand every sample to consumer
 * too (sample.h), after those added before.  0, or -1 if there are too
 * many. */
int gmon_sampler_add(gmon_sample_consumer *consumer) GMON_HIDDEN;
/* Starts the first clock of the rows named clock (clocks.c, a GMON_CLOCK
 * value: "cpu", each thread's CPU time, or "process", the process's)
 * that applies, at about rate_hz samples per second; threads_wrapped:
 * every thread created from now on calls gmon_sampler_thread_here (else
 * a clock that needs it is passed over).  Returns the rate achieved
 * (what gmon.out records), 0 on failure. */
unsigned gmon_sampler_start(unsigned rate_hz, const char *clock, int threads_wrapped) GMON_HIDDEN;
/* A sample that no signal brought (a wait, wait.c): counted as the
 * handler counts one, context a ucontext_t of the place it stands for;
 * async-signal-safe, with the clock's signal blocked on this thread. */
void gmon_sampler_record(const void *context, uintptr_t pc, unsigned samples) GMON_HIDDEN;
/* Whether the clock's signal is the process's (the process CPU-time
 * timer), which the kernel may deliver to any thread that does not block
 * it, a waiting one too; else it goes to the thread that ran. */
int gmon_sampler_process_wide(void) GMON_HIDDEN;
/* Whether new threads must call gmon_sampler_thread_here (threads.c),
 * and the call: the clock's set-up in each new thread, entry the
 * thread's start routine. */
int gmon_sampler_wants_threads(void) GMON_HIDDEN;
void gmon_sampler_thread_here(uintptr_t entry) GMON_HIDDEN;
/* What the samples are known to miss (GMON_MISSING_* of gmon_out.h): the
 * clock's reasons, and whether the program took the clock's signal
 * with the system call itself.  Async-signal-safe (the writer). */
unsigned gmon_sampler_missing(void) GMON_HIDDEN;
void gmon_sampler_stop(void) GMON_HIDDEN;
/* What the clock that started measures (its code: enum
 * gmon_process_clock of gmon_out.h; GMON_CLOCK=wall's waits, which
 * start.c records, aside): 0 if none. */
unsigned gmon_sampler_clock_code(void) GMON_HIDDEN;
/* Around an exec (exec.c): on, just before the execve system call; off,
 * after it failed.  The clock holds its signals meanwhile, and the
 * clock's signal goes to the new image as the program set it.
 * Async-signal-safe, errno kept. */
void gmon_sampler_exec(int on) GMON_HIDDEN;
/* In a forked child: zero the bins, restart a clock fork did not keep. */
void gmon_sampler_after_fork(void) GMON_HIDDEN;
struct gmon_hist_view {
	uintptr_t low_pc, high_pc; /* runtime addresses, bin-aligned */
	size_t nbins;
	const uint16_t *bins;
	const uint16_t
		*taken; /* in a window write: the windows before's, bins[i] - taken[i] written */
	unsigned rate;
};
/* Windows (window.h): GMON_WINDOW_FREEZE notes each bin, COMMIT takes
 * what was noted as written. */
void gmon_hist_window(int phase) GMON_HIDDEN;
void gmon_hist_view(struct gmon_hist_view *view) GMON_HIDDEN;
/* A store for the main program's samples that keeps (pc, count) pairs
 * instead of the bins: 0 if it counted the sample, else nonzero (full),
 * and the bin counts it.  Async-signal-safe, as the handler that calls
 * it.  Set at start-up, before the clock starts (process.c: a program
 * without hooks); then gmon.out's histogram is sparse, see below. */
typedef int gmon_sparse_store(uintptr_t pc, unsigned samples);
void gmon_hist_sparse(gmon_sparse_store *store) GMON_HIDDEN;
/* The histogram records gmon.out holds (0 to 3 of them, into views):
 * the whole range; or, with a sparse store, the bin of the program's
 * entry point alone (so that a reader finds a histogram over its code,
 * its rate and its resolution), then the rest of the range, before and
 * after that bin, only if a sample fell back to the bins. */
unsigned gmon_hist_records(struct gmon_hist_view views[3]) GMON_HIDDEN;

#endif /* GMON_SAMPLER_H */
