/* SPDX-License-Identifier: BSD-2-Clause
 *
 * process.c: the whole-process profile's set-up (GMON_PROCESS, the run
 * id, the table sizes, fork) and its writer: ".<gmon file>.process",
 * byte for byte as doc/format.md ("The process file") and
 * include/gmon_out.h specify it.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Set-up runs once at start-up, in an ordinary context.  The writer is
 * async-signal-safe (a snapshot is written from a signal handler): no
 * stdio, no malloc, no locks; write, pwrite and getrusage (a bare system
 * call) only, and the object table as last refreshed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "../include/gmon_out.h"
#include "environ.h"
#include "foreign.h"
#include "identity.h"
#include "message.h"
#include "objects.h"
#include "process.h"
#include "reuse.h"
#include "sampler.h"
#include "sink.h"
#include "stacks.h"
#include "thread_table.h"
#include "window.h"

int gmon_process_enabled;

/* Default table sizes, in distinct keys (doc/runtime.md). */
#define DEFAULT_SAMPLE_KEYS 57344 /* 64 Ki slots of 16 bytes: 1 MiB */
#define DEFAULT_ARC_KEYS 57344    /* 64 Ki slots of 32 bytes: 2 MiB */
#define MAX_KEYS (14u << 20)      /* 7/8 of the largest table, 2^24 slots */
#define DEFAULT_STACKS 16384      /* distinct call stacks (doc/runtime.md) */
#define MAX_STACKS (8u << 20)     /* keeps the stack record under 4 GiB */
#define DEFAULT_STACK_DEPTH 128
#define MAX_STACK_DEPTH 512 /* frames on the signal handler's stack */

/* Random, never 0; a forked child draws its own (gmon_process_after_fork). */
static uint64_t run_id;
/* The clock (enum gmon_process_clock), and when the profile started
 * (CLOCK_MONOTONIC, ns; a forked child's starts at the fork). */
static unsigned clock_code;
static uint64_t started_ns;

static uint64_t monotonic_ns(void)
{
	struct timespec t;
	if (clock_gettime(CLOCK_MONOTONIC, &t) != 0)
		return 0;
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

void gmon_process_set_clock(unsigned code)
{
	clock_code = code;
}

static void new_run_id(void)
{
	uint64_t id = 0;
	if (getrandom(&id, sizeof id, GRND_NONBLOCK) != (ssize_t)sizeof id) {
		/* no entropy yet (early boot): time, pid and address */
		struct timespec t;
		clock_gettime(CLOCK_REALTIME, &t);
		id = ((uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec) ^
		     ((uint64_t)getpid() << 40) ^ (uint64_t)(uintptr_t)&t;
		id *= 0x9e3779b97f4a7c15u;
	}
	run_id = id ? id : 1;
}

uint64_t gmon_process_run_id(void)
{
	return __atomic_load_n(&gmon_process_enabled, __ATOMIC_RELAXED) ? run_id : 0;
}

void gmon_process_after_fork(void)
{
	gmon_identity_after_fork();
	if (!gmon_process_enabled)
		return;
	new_run_id();
	started_ns = monotonic_ns();
	gmon_foreign_reset();
	gmon_stacks_reset();
	gmon_threads_after_fork();
	gmon_objects_after_fork();
}

/* GMON_THREADS=0: stacks without their threads, the stack record of
 * before (tag 5), which sums of many runs merge into one. */
static int threads_wanted(void)
{
	const char *setting = gmon_getenv("GMON_THREADS");
	if (!setting || strcmp(setting, "1") == 0)
		return 1;
	if (strcmp(setting, "0") == 0)
		return 0;
	gmon_message("ignoring GMON_THREADS=", setting, ": not 0 or 1");
	return 1;
}

/* GMON_SPARSE=0: the main program's samples in gmon.out's bins, as
 * before, even without hooks (tests compare both forms). */
static int sparse_wanted(void)
{
	const char *setting = gmon_getenv("GMON_SPARSE");
	if (!setting || strcmp(setting, "1") == 0)
		return 1;
	if (strcmp(setting, "0") == 0)
		return 0;
	gmon_message("ignoring GMON_SPARSE=", setting, ": not 0 or 1");
	return 1;
}

void gmon_process_init(int without_hooks)
{
	/* A set-user-ID or set-group-ID program (or one with file
	 * capabilities) is profiled for the user who ran it, who may not
	 * read its address layout (/proc/PID/maps is refused them): the
	 * process file, made of runtime addresses (where each object was
	 * loaded, every address sampled outside the main program, the
	 * stacks), is not recorded.  gmon.out, whose addresses are offsets
	 * into the program's own file, is written as glibc writes it. */
	if (getauxval(AT_SECURE) || getuid() != geteuid() || getgid() != getegid())
		return;
	const char *setting = gmon_getenv("GMON_PROCESS");
	if (setting && strcmp(setting, "0") == 0)
		return; /* main program only: no process file, zero spare bytes */
	if (setting && strcmp(setting, "1") != 0)
		gmon_message("ignoring GMON_PROCESS=", setting, ": not 0 or 1");
	/* 0: objects and times only, without the cost of that table */
	size_t samples = gmon_env_number("GMON_PROCESS_SAMPLES", DEFAULT_SAMPLE_KEYS, 0, MAX_KEYS);
	size_t arcs = gmon_env_number("GMON_PROCESS_ARCS", DEFAULT_ARC_KEYS, 0, MAX_KEYS);
	if (gmon_foreign_init(samples, arcs) != 0 || gmon_objects_init() != 0) {
		gmon_message(
			"cannot map memory for the whole-process profile: "
			"profiling the main program only",
			NULL, NULL);
		return;
	}
	size_t stack_keys = gmon_env_number("GMON_STACKS", DEFAULT_STACKS, 0, MAX_STACKS);
	unsigned depth = (unsigned)gmon_env_number("GMON_STACK_DEPTH", DEFAULT_STACK_DEPTH, 0,
						   MAX_STACK_DEPTH);
	if (gmon_stacks_init(stack_keys, depth) != 0)
		gmon_message("cannot map memory for call stacks: recording none", NULL, NULL);
	else if (gmon_stacks_enabled && threads_wanted() && gmon_threads_init() != 0)
		gmon_message("cannot map memory for the thread table: threads are not told apart",
			     NULL, NULL);
	started_ns = monotonic_ns();
	/* what the clock's samples are handed to, besides the histogram */
	gmon_sampler_add(gmon_foreign_on_sample);
	/* no calls counted, so gmon.out has nothing for GNU gprof but the
	 * histogram: its samples are kept by address instead, in the
	 * samples record, and the file is as big as the samples, not as
	 * the program (doc/format.md, "Sparse samples") */
	if (without_hooks && samples > 0 && sparse_wanted())
		gmon_hist_sparse(gmon_foreign_store_sample);
	if (gmon_stacks_enabled)
		gmon_sampler_add(gmon_stack_sample);
	new_run_id();
	gmon_foreign_start(samples > 0, arcs > 0);
	__atomic_store_n(&gmon_process_enabled, 1, __ATOMIC_RELEASE);
}

/* ---- the writer ---- */

static void put(struct gmon_sink *s, const void *data, size_t size)
{
	gmon_sink_put(s, data, size);
}

/* Integers in the host's byte order; addresses always 8 bytes. */
static void put_u32(struct gmon_sink *s, uint32_t v)
{
	put(s, &v, sizeof v);
}

static void put_u64(struct gmon_sink *s, uint64_t v)
{
	put(s, &v, sizeof v);
}

/* Overwrite 4 bytes already put at offset at (flushing first). */
static void patch_u32(struct gmon_sink *s, uint64_t at, uint32_t v)
{
	gmon_sink_flush(s);
	if (!s->error && pwrite(s->fd, &v, sizeof v, (off_t)at) != (ssize_t)sizeof v)
		s->error = errno ? errno : EIO;
}

static void put_record_header(struct gmon_sink *s, uint32_t tag, uint32_t length)
{
	put_u32(s, tag);
	put_u32(s, length);
}

/* A record streamed from a table that goes on filling while it is
 * written (a snapshot): its header is put with length 0 (begin_record
 * returns where), and its count as 0; then both are patched: the length
 * at 4 bytes into the record, the count at count_at. */
static uint64_t begin_record(struct gmon_sink *s, uint32_t tag)
{
	uint64_t at = s->offset;
	put_record_header(s, tag, 0);
	return at;
}

static void patch_record(struct gmon_sink *s, uint64_t at, uint32_t length, unsigned count_at,
			 uint32_t count)
{
	patch_u32(s, at + 4, length);
	patch_u32(s, at + count_at, count);
}

static void put_object(struct gmon_sink *s, const struct gmon_object_view *o)
{
	uint32_t length =
		4 + 4 + 8 + 4 + 16 * o->nsegments + 4 + o->build_id_size + 4 + o->path_size;
	put_record_header(s, GMON_PROCESS_TAG_OBJECT, length);
	put_u32(s, o->number);
	put_u32(s, o->flags);
	put_u64(s, o->bias);
	put_u32(s, o->nsegments);
	for (uint32_t k = 0; k < o->nsegments; k++) {
		put_u64(s, o->segments[2 * k]);
		put_u64(s, o->segments[2 * k + 1]);
	}
	put_u32(s, o->build_id_size);
	put(s, o->build_id, o->build_id_size);
	put_u32(s, o->path_size);
	put(s, o->path, o->path_size);
}

/* The objects of the table's slots, then the retired ones' records. */
static void put_objects(struct gmon_sink *s)
{
	struct gmon_object_view o;
	unsigned token = gmon_objects_enter();
	for (uint32_t i = 0, n = gmon_objects_count(); i < n; i++)
		if (gmon_object_view(i, &o) == 0)
			put_object(s, &o);
	for (uint32_t k = 0, n = gmon_objects_retired_count(); k < n; k++) {
		gmon_object_retired_view(k, &o);
		put_object(s, &o);
	}
	gmon_objects_leave(token);
}

struct counted {
	struct gmon_sink *sink;
	uint32_t n;
};

static int put_sample(void *ctx, uintptr_t pc, uint64_t count)
{
	struct counted *c = ctx;
	put_u64(c->sink, pc);
	put_u64(c->sink, count);
	c->n++;
	return c->sink->error;
}

static int put_arc(void *ctx, uintptr_t from_pc, uintptr_t self_pc, uint64_t count)
{
	struct counted *c = ctx;
	put_u64(c->sink, from_pc);
	put_u64(c->sink, self_pc);
	put_u64(c->sink, count);
	c->n++;
	return c->sink->error;
}

static void put_samples(struct gmon_sink *s)
{
	struct gmon_hist_view h;
	gmon_hist_view(&h);
	uint64_t at = begin_record(s, GMON_PROCESS_TAG_SAMPLES);
	put_u32(s, h.rate);
	put_u32(s, 0);
	struct counted samples = { s, 0 };
	gmon_foreign_samples_each(put_sample, &samples);
	patch_record(s, at, 8 + samples.n * GMON_SAMPLE_ENTRY_SIZE, 12, samples.n);
}

static void put_arcs(struct gmon_sink *s)
{
	uint64_t at = begin_record(s, GMON_PROCESS_TAG_ARCS);
	put_u32(s, 0);
	struct counted c = { s, 0 };
	gmon_foreign_arcs_each(put_arc, &c);
	patch_record(s, at, 4 + c.n * GMON_PROCESS_ARC_ENTRY_SIZE, 8, c.n);
}

struct stacks_sink {
	struct gmon_sink *sink;
	uint32_t n;
	uint64_t bytes;
	uint32_t threads; /* 0: tag 5; else the table's size when the record began (tag 6) */
};

static int put_stack(void *ctx, uint64_t count, uint32_t depth, uint32_t flags, uint32_t thread,
		     const uintptr_t *frames)
{
	struct stacks_sink *c = ctx;
	uint64_t bytes =
		(c->threads ? GMON_THREAD_STACK_ENTRY_HEADER_SIZE : GMON_STACK_ENTRY_HEADER_SIZE) +
		8 * (uint64_t)depth;
	/* room kept for the threads after the stacks, as many as may be */
	if (c->bytes + bytes +
		    (c->threads ? 4 + (uint64_t)GMON_THREAD_ENTRY_SIZE * GMON_THREADS_MAX : 0) >
	    UINT32_MAX)
		return 1; /* the record's length is 32 bits: the rest are left out */
	put_u64(c->sink, count);
	put_u32(c->sink, depth);
	put_u32(c->sink, flags);
	if (c->threads)
		put_u32(c->sink, thread < gmon_threads_count() ? thread : GMON_THREAD_NONE);
	for (uint32_t i = 0; i < depth; i++)
		put_u64(c->sink, frames[i]);
	c->n++;
	c->bytes += bytes;
	return c->sink->error;
}

/* Tag 6 (tag 5 with each stack's thread, and the threads), or tag 5
 * with GMON_THREADS=0: only when stacks are recorded (GMON_STACK_DEPTH=0:
 * none).  The threads go after the stacks: a snapshot's table goes on
 * filling while it is written, and every thread a stack names entered
 * the table before its stack. */
static void put_stacks(struct gmon_sink *s)
{
	if (!__atomic_load_n(&gmon_stacks_enabled, __ATOMIC_ACQUIRE))
		return;
	struct gmon_stacks_totals t;
	gmon_stacks_totals(&t);
	uint32_t threads = gmon_threads_count(); /* 0: no table (GMON_THREADS=0) */
	uint64_t at =
		begin_record(s, threads ? GMON_PROCESS_TAG_THREAD_STACKS : GMON_PROCESS_TAG_STACKS);
	put_u32(s, t.depth);
	put_u32(s, 0);
	put_u64(s, gmon_window_scalar(GMON_WINDOW_STACKS_LOST, t.lost));
	put_u64(s, gmon_window_scalar(GMON_WINDOW_STACKS_AT_LIMIT, t.at_limit));
	put_u64(s, gmon_window_scalar(GMON_WINDOW_STACKS_CUT_SHORT, t.cut_short));
	struct stacks_sink c = { s, 0, GMON_STACKS_HEADER_SIZE, threads };
	gmon_stacks_each(put_stack, &c);
	if (!threads) {
		patch_record(s, at, (uint32_t)c.bytes, 12, c.n);
		return;
	}
	threads = gmon_threads_count(); /* the threads entered while the stacks were written too */
	put_u32(s, threads);
	for (uint32_t i = 0; i < threads; i++) {
		struct gmon_thread_view v;
		gmon_thread_view(i, &v);
		put_u32(s, (uint32_t)v.tid);
		put_u32(s, v.flags);
		put(s, v.name, GMON_THREAD_NAME_BYTES);
	}
	c.bytes += 4 + (uint64_t)GMON_THREAD_ENTRY_SIZE * threads;
	patch_record(s, at, (uint32_t)c.bytes, 12, c.n);
}

static uint64_t nanoseconds(struct timeval t)
{
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_usec * 1000u;
}

static void put_times(struct gmon_sink *s)
{
	struct rusage usage;
	memset(&usage, 0, sizeof usage);
	getrusage(RUSAGE_SELF, &usage);
	struct gmon_foreign_totals t;
	gmon_foreign_totals(&t);
	put_record_header(s, GMON_PROCESS_TAG_TIMES, GMON_TIMES_BODY_SIZE_CLOCK);
	/* in a window, each total less the windows' before (window.h) */
	put_u64(s, gmon_window_scalar(GMON_WINDOW_USER, nanoseconds(usage.ru_utime)));
	put_u64(s, gmon_window_scalar(GMON_WINDOW_SYSTEM, nanoseconds(usage.ru_stime)));
	put_u64(s, gmon_window_scalar(GMON_WINDOW_SAMPLES, t.samples_taken));
	put_u64(s, gmon_window_scalar(GMON_WINDOW_SAMPLES_LOST, t.samples_lost));
	put_u64(s, gmon_window_scalar(GMON_WINDOW_CALLS_LOST, t.calls_lost));
	uint64_t now = monotonic_ns();
	put_u64(s, gmon_window_scalar(GMON_WINDOW_ELAPSED,
				      now > started_ns && started_ns ? now - started_ns : 0));
	put_u32(s, clock_code);
	put_u32(s, gmon_sampler_missing()); /* what the samples miss */
}

/* Tag 8, in a window's file only (window.h). */
static void put_window(struct gmon_sink *s)
{
	struct gmon_window_view v;
	if (!gmon_window_view(&v))
		return;
	put_record_header(s, GMON_PROCESS_TAG_WINDOW, GMON_WINDOW_BODY_SIZE);
	put_u32(s, v.index);
	put_u32(s, v.flags);
	put_u64(s, v.start_ns);
	put_u64(s, v.end_ns);
	put_u64(s, v.interval_ns);
}

static void put_header(struct gmon_sink *s)
{
	unsigned char header[GMON_PROCESS_HEADER_SIZE];
	memset(header, 0, sizeof header);
	memcpy(header, GMON_PROCESS_MAGIC, 4);
	uint32_t version = GMON_PROCESS_VERSION;
	memcpy(header + 4, &version, sizeof version);
	memcpy(header + 8, &run_id, sizeof run_id);
	uint32_t flags = gmon_reuse_numbered() ? GMON_PROCESS_FLAG_NUMBERED : 0;
	memcpy(header + 16, &flags, sizeof flags);
	put(s, header, sizeof header);
}

/* The process file's bytes into s, a sink on a new regular file (write.c
 * names, creates and links it beside gmon.out as it does gmon.out, with
 * the same rights and the same start-up directory, and flushes s). */
void gmon_process_put(struct gmon_sink *s)
{
	put_header(s);
	put_objects(s);
	put_samples(s);
	put_arcs(s);
	put_times(s);
	gmon_identity_put(s);
	put_window(s);
	put_stacks(s);
}
