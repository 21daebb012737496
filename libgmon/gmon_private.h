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

/* ---- arcs.c: the arc tables ---- */
/* One lock-free open-addressing table of arcs keyed by (call site,
 * callee); described in arcs.c.  The first two fields are read by the
 * assembly stubs at the offsets of arc_layout.h. */
struct arc {
	uintptr_t from_pc; /* return address in the caller: the call site */
	uintptr_t self_pc; /* an address inside the callee */
	uint64_t count;
	uint64_t unused;
} __attribute__((aligned(32)));
struct gmon_arc_hash {
	struct arc *slots; /* mask + 1 + ARC_MAX_PROBES of them */
	uint64_t mask;     /* slots - 1 before the spare ones (below 2^32) */
	uint32_t *claims;  /* slot + 1, in the order claimed */
	size_t slots_bytes, claims_bytes;
	uint32_t limit; /* keys accepted */
	uint32_t used;  /* keys claimed (atomic) */
};
/* The main program's table and what the stubs need besides; the first
 * four fields at the offsets of arc_layout.h. */
struct gmon_arc_table {
	uintptr_t low_pc;    /* call sites below are another object's */
	uintptr_t text_size; /* and so are those at low_pc + text_size and above */
	const char *single_threaded; /* nonzero while the process has one thread */
	struct gmon_arc_hash hash;
	int warned_full; /* atomic */
};
extern struct gmon_arc_table gmon_arc_table GMON_HIDDEN;
/* An empty table that nothing can be added to: both tables until set up. */
#define GMON_ARC_HASH_NONE { .slots = gmon_no_arcs }
extern struct arc gmon_no_arcs[] GMON_HIDDEN;
int gmon_arcs_init(uintptr_t low_pc, uintptr_t high_pc, size_t capacity) GMON_HIDDEN;
void gmon_arcs_reset(void) GMON_HIDDEN;
GMON_PRESERVES_ALL void gmon_record_arc(uintptr_t from_pc, uintptr_t self_pc) GMON_HIDDEN;
/* A table for keys arcs; 0, or -1 (no memory: the table stays empty). */
int gmon_arc_hash_init(struct gmon_arc_hash *h, size_t keys) GMON_HIDDEN;
/* In a forked child: empty again, on fresh zero pages. */
void gmon_arc_hash_reset(struct gmon_arc_hash *h) GMON_HIDDEN;
/* Counts one call along (from_pc, self_pc) (from_pc not 0), adding the
 * arc if it is new: 0; -1 if it is new and the table is full (nothing
 * counted). */
GMON_PRESERVES_ALL int gmon_arc_hash_count(struct gmon_arc_hash *h, uintptr_t from_pc,
                                           uintptr_t self_pc) GMON_HIDDEN;
/* Calls visit(ctx, from_pc, self_pc, count) for every arc with a nonzero
 * count; stops at the first nonzero return and returns it. */
typedef int (*gmon_arc_visitor)(void *ctx, uintptr_t from_pc, uintptr_t self_pc, uint64_t count);
int gmon_arc_hash_each(struct gmon_arc_hash *h, gmon_arc_visitor visit, void *ctx) GMON_HIDDEN;
/* The main program's arcs. */
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
