/* SPDX-License-Identifier: BSD-2-Clause
 *
 * sampler.c: the program-counter histogram (and the sparse store in
 * front of it, in a program without hooks), the signal handler that
 * fills it, and the clock that fires it (the first row of clocks.c's
 * table that GMON_CLOCK names and that starts).  The
 * handler hands each sample to the consumers registered at start-up
 * (sample.h).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * The signal handler here is async-signal-safe: no stdio, no malloc, no
 * locks; a signal that is not the clock's goes to the program's action
 * (signals.c).  Set-up and tear-down (start, stop, after fork, the
 * samples a clock owes as a thread exits) make system calls only.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <sys/auxv.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

#include "../include/gmon_out.h"
#include "arch.h"
#include "clock.h"
#include "message.h"
#include "onstack.h"
#include "sampler.h"
#include "signals.h"
#include "state.h"
#include "table.h"
#include "window.h"

/* Bins are 16-bit counters; keep a histogram's file size reasonable for
 * huge programs by widening bins (always a power of two bytes).  Never
 * narrower than 2 bytes: GNU gprof works in 2-byte units and would lose
 * half the samples of 1-byte bins to rounding; nor than an instruction
 * where all have one size (arch.h: 4 bytes on aarch64). */
#define MAX_BINS (4u << 20)
#define MIN_BIN_SHIFT GMON_ARCH_MIN_BIN_SHIFT

/*
 * The histogram: bins[i] counts samples whose PC lies in
 *   [low_pc + (i << shift), low_pc + ((i + 1) << shift)).
 * low_pc and high_pc are multiples of the bin width, so
 * (high_pc - low_pc) / nbins is exactly 1 << shift and a reader that
 * divides gets the true bin edges: no sample near a function's first
 * byte is credited to the function before it.  Counts saturate at
 * 65535 (glibc's wrap).  Written by the signal handler of any thread
 * (atomically), read by the writer.
 *
 * With a sparse store (a program without hooks: gmon_hist_sparse), a
 * sample of the text goes to the store first and to its bin only when
 * the store has no room: each sample is counted once, in one place.
 * gmon.out then holds the bin of the program's entry point alone (code,
 * wherever the executable segment starts: a reader that checks the
 * histogram against the program's code finds it there), and the other
 * bins only if dense_used says that one of them got a sample.
 */
static struct {
	uintptr_t low_pc, high_pc;
	unsigned shift;
	size_t nbins;
	uint16_t *bins;
	size_t bins_bytes;
	unsigned rate;             /* samples per second of CPU time, as achieved */
	gmon_sparse_store *sparse; /* set: samples go there first (gmon_hist_sparse) */
	size_t kept_bin;           /* then the bin always written: the entry point's */
	int dense_used;            /* atomic: a sample fell back to another bin */
	uint16_t *window;          /* windows (window.h): nbins seen, then nbins taken; or NULL */
} hist;

/* The clock that fires the samples (set before it starts, kept after),
 * and what each sample is handed to: filled at start-up, before the
 * clock starts, read by the handler. */
#define MAX_CONSUMERS 4
static const struct gmon_clock *sample_clock;
static gmon_sample_consumer *consumers[MAX_CONSUMERS];
static unsigned nconsumers;

int gmon_sampler_add(gmon_sample_consumer *consumer)
{
	if (nconsumers == MAX_CONSUMERS)
		return -1;
	consumers[nconsumers++] = consumer;
	return 0;
}

int gmon_hist_init(uintptr_t low_pc, uintptr_t high_pc)
{
	unsigned shift = MIN_BIN_SHIFT;
	uintptr_t low, high;
	for (;;) {
		uintptr_t width = (uintptr_t)1 << shift;
		low = low_pc & ~(width - 1);
		high = (high_pc + width - 1) & ~(width - 1);
		if (((high - low) >> shift) <= MAX_BINS)
			break;
		shift++;
	}
	hist.low_pc = low;
	hist.high_pc = high;
	hist.shift = shift;
	hist.nbins = (high - low) >> shift;
	hist.bins_bytes = hist.nbins * sizeof(uint16_t);
	if (hist.bins_bytes == 0)
		return -1;
	hist.bins = gmon_map_zeroed(NULL, hist.bins_bytes);
	if (!hist.bins) {
		hist.nbins = 0;
		return -1;
	}
	if (gmon_window_on)
		hist.window = gmon_map_zeroed(NULL, 2 * hist.bins_bytes);
	return 0;
}

static void bin_add(uint16_t *bin, unsigned samples)
{
	uint16_t v = __atomic_load_n(bin, __ATOMIC_RELAXED), sum;
	do
		sum = samples >= (unsigned)(UINT16_MAX - v) ? UINT16_MAX : (uint16_t)(v + samples);
	while (v != UINT16_MAX &&
	       !__atomic_compare_exchange_n(bin, &v, sum, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
}

void gmon_hist_sparse(gmon_sparse_store *store)
{
	uintptr_t entry = (uintptr_t)getauxval(AT_ENTRY);
	hist.kept_bin = entry - hist.low_pc < hist.high_pc - hist.low_pc
				? (entry - hist.low_pc) >> hist.shift
				: 0;
	hist.sparse = store;
}

/* A sample of the main program's text: into the sparse store when there
 * is one and it has room, else into its bin (which the writer then
 * writes).  Nonzero if pc is in the histogram's range. */
static int count_sample(uintptr_t pc, unsigned samples)
{
	uintptr_t offset = pc - hist.low_pc;
	if (offset >= hist.high_pc - hist.low_pc)
		return 0;
	gmon_sparse_store *store = hist.sparse;
	if (store && store(pc, samples) == 0)
		return 1;
	size_t bin = offset >> hist.shift;
	if (store && bin != hist.kept_bin && !__atomic_load_n(&hist.dense_used, __ATOMIC_RELAXED))
		__atomic_store_n(&hist.dense_used, 1, __ATOMIC_RELAXED);
	bin_add(&hist.bins[bin], samples);
	return 1;
}

/* The clock's handler.  It makes no system call and calls nothing in
 * libc (a clock's samples may, to pass on a signal that is not its
 * own): a seccomp filter the program installs later cannot kill it on
 * our account, and no first call through a PLT slot (the dynamic linker
 * saving every vector register on the stack) lands on a small alternate
 * stack.  Windows (GMON_INTERVAL, asked for) are the exception: the
 * tick reads the monotonic clock, and a window's end writes its file
 * from here, as a snapshot does.  The last consumer is called last of all, so that this frame is
 * gone while it runs. */
static void on_sample(int signo, siginfo_t *info, void *context)
{
	unsigned samples = sample_clock->samples(signo, info);
	if (!samples) {
		gmon_signal_pass(signo, info, context); /* the program's own */
		return;
	}
	gmon_onstack_sampled();
	if (__atomic_load_n(&gmon_state, __ATOMIC_RELAXED) != GMON_ON || !hist.bins)
		return;
	uintptr_t pc = gmon_arch_signal_pc(context);
	int in_histogram = count_sample(pc, samples);
	if (gmon_window_on)
		gmon_window_tick(); /* a window's end: written from here */
	unsigned n = nconsumers;
	if (n == 0)
		return;
	for (unsigned i = 0; i + 1 < n; i++)
		consumers[i](context, pc, samples, in_histogram);
	consumers[n - 1](context, pc, samples, in_histogram);
}

void gmon_sampler_record(const void *context, uintptr_t pc, unsigned samples)
{
	if (__atomic_load_n(&gmon_state, __ATOMIC_RELAXED) != GMON_ON || !hist.bins)
		return;
	int in_histogram = count_sample(pc, samples);
	for (unsigned i = 0; i < nconsumers; i++)
		consumers[i](context, pc, samples, in_histogram);
}

/* Samples a clock owes (clock.h): credited at pc, in an ordinary
 * context, with a context that says no more than pc (its stack one
 * frame: a zero word where the return address would be). */
static void credit_owed(uintptr_t pc, unsigned samples)
{
	sigset_t all, saved;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &saved);
	uintptr_t no_caller[2] = { 0, 0 };
	ucontext_t context;
	memset(&context, 0, sizeof context);
	gmon_arch_entry_context(&context, pc, (uintptr_t)no_caller);
	gmon_sampler_record(&context, pc, samples);
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
}

static unsigned start(const struct gmon_clock *c, unsigned rate_hz)
{
	sample_clock = c;
	return c->start(rate_hz, on_sample, credit_owed);
}

/* The first row named clock (clocks.c) whose clock applies and starts. */
unsigned gmon_sampler_start(unsigned rate_hz, const char *clock, int threads_wrapped)
{
	if (!hist.bins || rate_hz == 0)
		return 0;
	unsigned achieved = 0;
	for (const struct gmon_clock_row *r = gmon_clocks; r->name && !achieved; r++) {
		const struct gmon_clock *c = r->clock;
		if (strcmp(r->name, clock) != 0 || rate_hz <= c->above_hz ||
		    (c->thread_here && !threads_wrapped))
			continue;
		achieved = start(c, rate_hz);
		if (!achieved && c->above_hz) {
			char asked[24], kept[24], why[128];
			strcpy(why, " needs ");
			strncat(why, c->name, 40);
			strcat(why, ", which failed: sampling at ");
			strcat(why, gmon_decimal(kept, c->above_hz));
			strcat(why, " Hz");
			gmon_message("GMON_RATE=", gmon_decimal(asked, rate_hz), why);
			rate_hz = c->above_hz;
		}
	}
	hist.rate = achieved;
	return achieved;
}

int gmon_sampler_process_wide(void)
{
	const struct gmon_clock *c = __atomic_load_n(&sample_clock, __ATOMIC_ACQUIRE);
	return c && c->process_wide;
}

int gmon_sampler_wants_threads(void)
{
	const struct gmon_clock *c = __atomic_load_n(&sample_clock, __ATOMIC_ACQUIRE);
	return c && c->thread_here;
}

void gmon_sampler_thread_here(uintptr_t entry)
{
	const struct gmon_clock *c = __atomic_load_n(&sample_clock, __ATOMIC_ACQUIRE);
	if (c && c->thread_here)
		c->thread_here(entry);
}

unsigned gmon_sampler_missing(void)
{
	const struct gmon_clock *c = __atomic_load_n(&sample_clock, __ATOMIC_ACQUIRE);
	if (!c)
		return 0;
	unsigned missing = c->missing ? c->missing() : 0;
	if (!gmon_signal_still_ours(c->signo, on_sample))
		missing |= GMON_MISSING_SIGNAL;
	return missing;
}

unsigned gmon_sampler_clock_code(void)
{
	const struct gmon_clock *c = __atomic_load_n(&sample_clock, __ATOMIC_ACQUIRE);
	return c ? c->code : GMON_PROCESS_CLOCK_UNKNOWN;
}

void gmon_sampler_stop(void)
{
	if (sample_clock)
		sample_clock->stop();
}

void gmon_sampler_exec(int on)
{
	int saved_errno = errno;
	const struct gmon_clock *c = __atomic_load_n(&sample_clock, __ATOMIC_ACQUIRE);
	/* a vfork child's clock is its parent's: not its to hold */
	if (c && c->hold && gmon_signals_here())
		c->hold(on);
	gmon_signals_exec(on);
	errno = saved_errno;
}

void gmon_sampler_after_fork(void)
{
	gmon_signals_after_fork();
	if (hist.bins)
		gmon_map_zeroed(hist.bins, hist.bins_bytes);
	if (hist.window)
		gmon_map_zeroed(hist.window, 2 * hist.bins_bytes);
	hist.dense_used = 0;
	if (sample_clock)
		sample_clock->after_fork();
}

void gmon_hist_view(struct gmon_hist_view *view)
{
	view->low_pc = hist.low_pc;
	view->high_pc = hist.high_pc;
	view->nbins = hist.nbins;
	view->bins = hist.bins;
	view->taken = NULL;
	view->rate = hist.rate;
	if (hist.window &&
	    __atomic_load_n(&gmon_window_phase, __ATOMIC_RELAXED) == GMON_WINDOW_WRITE) {
		view->bins = hist.window; /* as frozen */
		view->taken = hist.window + hist.nbins;
	}
}

void gmon_hist_window(int phase)
{
	if (!hist.window)
		return;
	uint16_t *seen = hist.window, *taken = hist.window + hist.nbins;
	/* stored only where it changes: the pages of bins never sampled
	 * stay the zero page, costing no memory */
	for (size_t i = 0; i < hist.nbins; i++) {
		uint16_t v = phase == GMON_WINDOW_FREEZE
				     ? __atomic_load_n(&hist.bins[i], __ATOMIC_RELAXED)
				     : seen[i];
		uint16_t *to = phase == GMON_WINDOW_FREEZE ? &seen[i] : &taken[i];
		if (*to != v)
			*to = v;
	}
}

unsigned gmon_hist_records(struct gmon_hist_view views[3])
{
	struct gmon_hist_view all;
	gmon_hist_view(&all);
	if (!hist.sparse || all.nbins == 0) {
		views[0] = all;
		return all.nbins != 0;
	}
	/* sparse: the entry point's bin always, the others only if used */
	uintptr_t width = (uintptr_t)1 << hist.shift;
	size_t k = hist.kept_bin;
	unsigned n = 0;
	views[n] = all;
	views[n].low_pc = all.low_pc + k * width;
	views[n].high_pc = views[n].low_pc + width;
	views[n].bins = all.bins + k;
	views[n].taken = all.taken ? all.taken + k : NULL;
	views[n++].nbins = 1;
	if (!__atomic_load_n(&hist.dense_used, __ATOMIC_RELAXED))
		return n;
	if (k > 0) {
		views[n] = all;
		views[n].high_pc = all.low_pc + k * width;
		views[n++].nbins = k;
	}
	if (k + 1 < all.nbins) {
		views[n] = all;
		views[n].low_pc = all.low_pc + (k + 1) * width;
		views[n].bins = all.bins + k + 1;
		views[n].taken = all.taken ? all.taken + k + 1 : NULL;
		views[n++].nbins = all.nbins - k - 1;
	}
	return n;
}
