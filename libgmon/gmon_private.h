/* SPDX-License-Identifier: BSD-2-Clause
 *
 * gmon_private.h: what the runtime's files share: the arc table, the
 * histogram, the writer and the start-up state.  Nothing here is exported
 * from the library (every name is hidden).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_PRIVATE_H
#define GMON_PRIVATE_H

#include <stddef.h>
#include <stdint.h>

#define GMON_HIDDEN __attribute__((visibility("hidden")))

/* On x86-64 the hook's C routine preserves every general register, so
 * the assembly stubs save only the two registers they load arguments
 * into.  Files holding such functions are compiled with
 * -mgeneral-regs-only.  On aarch64 the compilers call _mcount as an
 * ordinary function, having saved the arguments they still need: an
 * ordinary C function will do. */
#ifdef __x86_64__
#define GMON_PRESERVES_ALL __attribute__((no_caller_saved_registers))
#else
#define GMON_PRESERVES_ALL
#endif

/* Profiling state, read by the hook and the signal handler. */
enum gmon_state { GMON_OFF = 0, GMON_ON = 1, GMON_DONE = 2 };
extern int gmon_state GMON_HIDDEN;

/* ---- arcs.c: the arc table ---- */
/* Its header; described in arcs.c.  The first five fields are read by
 * the assembly stubs at the offsets of arc_layout.h. */
struct arc;
struct gmon_arc_table {
	uintptr_t low_pc;    /* call sites below are not recorded */
	uintptr_t text_size; /* nor those at low_pc + text_size and above */
	uint32_t *index;
	struct arc *arcs;
	const char *single_threaded; /* nonzero while the process has one thread */
	size_t index_bytes;
	size_t arcs_bytes;
	uint32_t capacity; /* usable arcs: arcs[1 .. capacity] */
	uint32_t used;     /* arcs handed out so far (atomic) */
	int warned_full;   /* atomic */
};
extern struct gmon_arc_table gmon_arc_table GMON_HIDDEN;
int gmon_arcs_init(uintptr_t low_pc, uintptr_t high_pc, size_t capacity) GMON_HIDDEN;
void gmon_arcs_reset(void) GMON_HIDDEN;
GMON_PRESERVES_ALL void gmon_record_arc(uintptr_t from_pc, uintptr_t self_pc) GMON_HIDDEN;
/* Calls visit(ctx, from_pc, self_pc, count) for every arc with a nonzero
 * count; stops at the first nonzero return and returns it. */
typedef int (*gmon_arc_visitor)(void *ctx, uintptr_t from_pc, uintptr_t self_pc, uint64_t count);
int gmon_arcs_each(gmon_arc_visitor visit, void *ctx) GMON_HIDDEN;

/* ---- sampler.c: the PC histogram and its clock ---- */
int gmon_hist_init(uintptr_t low_pc, uintptr_t high_pc) GMON_HIDDEN;
/* Starts the clock at about rate_hz samples per second of CPU time;
 * returns the rate achieved (what gmon.out records), 0 on failure. */
unsigned gmon_sampler_start(unsigned rate_hz) GMON_HIDDEN;
void gmon_sampler_stop(void) GMON_HIDDEN;
/* In a forked child: zero the bins, restart a clock fork did not keep. */
void gmon_sampler_after_fork(void) GMON_HIDDEN;
struct gmon_hist_view {
	uintptr_t low_pc, high_pc; /* runtime addresses, bin-aligned */
	size_t nbins;
	const uint16_t *bins;
	unsigned rate;
};
void gmon_hist_view(struct gmon_hist_view *view) GMON_HIDDEN;

/* ---- write.c: gmon.out ---- */
/* Fix the output name (called once at start-up, before any chdir). */
void gmon_writer_init(uintptr_t load_bias) GMON_HIDDEN;
/* In a forked child: the child's own name. */
void gmon_writer_after_fork(void) GMON_HIDDEN;
/* Write the whole profile; async-signal-safe.  0; -1 after a message;
 * -2 if another write is in progress (a snapshot is then skipped).  A
 * final write (exit, exec) is never skipped: nested in a write of its own
 * thread (a signal handler) it writes at once, and it waits a bounded
 * time for another thread's. */
int gmon_write_profile(int final) GMON_HIDDEN;

/* ---- start.c, for exec.c ---- */
/* Write the profile so far before exec replaces the image. */
void gmon_before_exec(void) GMON_HIDDEN;

/* ---- message.c ---- */
/* One line on stderr: "libgmon: " a b c "\n", in a single write(2).
 * Any argument may be NULL.  Async-signal-safe. */
void gmon_message(const char *a, const char *b, const char *c) GMON_HIDDEN;
/* Decimal text of n into buf (at least 21 bytes); returns buf. */
char *gmon_decimal(char *buf, uint64_t n) GMON_HIDDEN;
/* getenv that returns NULL in set-user-ID and set-group-ID programs. */
const char *gmon_getenv(const char *name) GMON_HIDDEN;
/* ---- sink.c: the writers' buffer in front of write(2) ---- */
/* On the caller's stack; offset: bytes put so far (the file offset of the
 * next byte, for records whose lengths are patched in afterwards). */
struct gmon_sink {
	int fd;
	int error; /* first errno, 0 if none */
	uint64_t offset;
	size_t used;
	unsigned char buf[4096];
};
void gmon_sink_init(struct gmon_sink *s, int fd) GMON_HIDDEN;
void gmon_sink_put(struct gmon_sink *s, const void *data, size_t size) GMON_HIDDEN;
void gmon_sink_flush(struct gmon_sink *s) GMON_HIDDEN;

/* The number in environment variable name, or fallback when it is unset
 * or not a number from min to max (then one line says it is ignored);
 * start-up only (start.c). */
unsigned long gmon_env_number(const char *name, unsigned long fallback, unsigned long min,
                              unsigned long max) GMON_HIDDEN;

#endif /* GMON_PRIVATE_H */
