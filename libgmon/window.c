/* SPDX-License-Identifier: BSD-2-Clause
 *
 * window.c: profiles by windows of time (window.h): the settings, the
 * window's number and times, the shadows' memory, the totals' deltas,
 * the window record, and the tick that closes a window.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Set-up (init, after fork) runs in an ordinary context.  The tick runs
 * in the clock's signal handler and the rest in the writer: no stdio, no
 * malloc, no locks; clock_gettime (the vDSO) and mmap only.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "../include/gmon_out.h"
#include "environ.h"
#include "message.h"
#include "window.h"

int gmon_window_phase;
int gmon_window_on;

/* The window in progress: its number, when it began and when the writer
 * closed it (CLOCK_MONOTONIC ns); interval_ns 0: windows end only at a
 * snapshot or the end.  due: when the tick next calls the writer
 * (atomic: threads race for it). */
static struct {
	uint64_t interval_ns;
	unsigned index;
	uint64_t start_ns, end_ns;
	uint64_t due;
	void (*writer)(void);
	uint64_t seen[GMON_WINDOW_SCALARS], taken[GMON_WINDOW_SCALARS];
} w;

static uint64_t monotonic_ns(void)
{
	struct timespec t;
	if (clock_gettime(CLOCK_MONOTONIC, &t) != 0)
		return 0;
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* GMON_INTERVAL: seconds, a decimal fraction allowed (0.5); at least
 * 10 ms, at most a day. */
static uint64_t interval_from(const char *setting)
{
	char *end;
	double s = strtod(setting, &end);
	if (end == setting || *end || !(s >= 0.01 && s <= 86400)) {
		gmon_message("ignoring GMON_INTERVAL=", setting,
			     ": not a number of seconds from 0.01 to 86400");
		return 0;
	}
	return (uint64_t)(s * 1e9 + 0.5);
}

void gmon_window_init(void)
{
	const char *interval = gmon_getenv("GMON_INTERVAL");
	const char *mode = gmon_getenv("GMON_SNAPSHOT_MODE");
	if (interval && *interval)
		w.interval_ns = interval_from(interval);
	int delta = 0;
	if (mode && strcmp(mode, "delta") == 0)
		delta = 1;
	else if (mode && *mode && strcmp(mode, "cumulative") != 0)
		gmon_message("ignoring GMON_SNAPSHOT_MODE=", mode, ": not delta or cumulative");
	gmon_window_on = w.interval_ns != 0 || delta;
	gmon_window_after_fork();
}

void gmon_window_after_fork(void)
{
	w.index = 1;
	w.start_ns = monotonic_ns();
	w.end_ns = 0;
	w.due = w.interval_ns ? w.start_ns + w.interval_ns : 0;
	memset(w.seen, 0, sizeof w.seen);
	memset(w.taken, 0, sizeof w.taken);
	gmon_window_phase = GMON_WINDOW_OFF;
}

uint64_t *gmon_window_shadow(size_t slots)
{
	if (!gmon_window_on || slots == 0)
		return NULL;
	void *p = mmap(NULL, 2 * slots * sizeof(uint64_t), PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

uint64_t gmon_window_scalar(unsigned k, uint64_t v)
{
	if (k >= GMON_WINDOW_SCALARS || !gmon_window_on ||
	    __atomic_load_n(&gmon_window_phase, __ATOMIC_RELAXED) != GMON_WINDOW_WRITE)
		return v;
	w.seen[k] = v;
	return v >= w.taken[k] ? v - w.taken[k] : 0;
}

void gmon_window_begin(void)
{
	w.end_ns = monotonic_ns();
	__atomic_store_n(&gmon_window_phase, GMON_WINDOW_FREEZE, __ATOMIC_RELAXED);
}

void gmon_window_writing(void)
{
	__atomic_store_n(&gmon_window_phase, GMON_WINDOW_WRITE, __ATOMIC_RELAXED);
}

void gmon_window_commit(void)
{
	__atomic_store_n(&gmon_window_phase, GMON_WINDOW_COMMIT, __ATOMIC_RELAXED);
}

void gmon_window_done(int written)
{
	if (written) {
		memcpy(w.taken, w.seen, sizeof w.taken);
		w.index++;
		w.start_ns = w.end_ns;
	}
	__atomic_store_n(&gmon_window_phase, GMON_WINDOW_OFF, __ATOMIC_RELAXED);
}

unsigned gmon_window_index(void)
{
	return w.index;
}

int gmon_window_view(struct gmon_window_view *v)
{
	if (!gmon_window_on)
		return 0;
	v->index = w.index;
	v->flags = GMON_WINDOW_DELTA;
	v->start_ns = w.start_ns;
	v->end_ns = w.end_ns ? w.end_ns : monotonic_ns();
	v->interval_ns = w.interval_ns;
	return 1;
}

void gmon_window_set_writer(void (*writer)(void))
{
	w.writer = writer;
}

void gmon_window_tick(void)
{
	uint64_t due = __atomic_load_n(&w.due, __ATOMIC_RELAXED);
	if (!due || !w.writer)
		return;
	uint64_t now = monotonic_ns();
	if (now < due)
		return;
	/* the next boundary on the grid of the interval, past now */
	uint64_t next = due + w.interval_ns;
	while (next <= now)
		next += w.interval_ns;
	if (__atomic_compare_exchange_n(&w.due, &due, next, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		w.writer();
}
