/* SPDX-License-Identifier: BSD-2-Clause
 *
 * gmon_out.h: the GNU gmon.out file format, one definition shared by the
 * libgmon runtime (which writes it) and gprof (which reads and writes it).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * A GNU-format file is a 20-byte header followed by tagged records:
 *
 *   header  : cookie "gmon" (4), version (4, target byte order), spare (12)
 *   record  : one tag byte, then the record body
 *     GMON_TAG_TIME_HIST : low_pc (A), high_pc (A), bin count (4),
 *                          profiling rate (4), dimension name (15),
 *                          dimension abbreviation (1), then bin count
 *                          16-bit sample counters
 *     GMON_TAG_CG_ARC    : call site (A), callee (A), count (4)
 *     GMON_TAG_BB_COUNT  : block count (4), then per block:
 *                          address (A), count (A)
 *
 * A is the address size of the profiled program (8 on x86-64).  Every
 * integer is in the byte order of the profiled program.  Nothing in the
 * file is aligned: these are byte layouts, never overlay them on structs.
 */
#ifndef GMON_OUT_H
#define GMON_OUT_H

#define GMON_MAGIC "gmon"
#define GMON_MAGIC_SIZE 4
#define GMON_VERSION 1

/* header: magic (4) + version (4) + spare (12) */
#define GMON_HEADER_SIZE 20

enum gmon_record_tag {
	GMON_TAG_TIME_HIST = 0,
	GMON_TAG_CG_ARC = 1,
	GMON_TAG_BB_COUNT = 2
};

/* Histogram record, after the tag byte, for address size A:
 * 2A + 4 + 4 + 15 + 1 bytes, then the bins. */
#define GMON_HIST_DIMEN_SIZE 15
#define GMON_HIST_HEADER_SIZE(a) (2 * (a) + 4 + 4 + GMON_HIST_DIMEN_SIZE + 1)

/* Arc record, after the tag byte: 2A + 4 bytes. */
#define GMON_ARC_RECORD_SIZE(a) (2 * (a) + 4)

/* Each histogram bin is a 16-bit counter. */
#define GMON_HIST_COUNTER_SIZE 2

/* Old BSD and 4.4BSD files have no magic; they start with
 * low_pc (A), high_pc (A), byte count (4).  4.4BSD adds
 * version (4, GMON_BSD44_VERSION), profiling rate (4), spare (12).
 * The header sizes are below; arcs are then
 * from_pc (A), self_pc (A), count (A: a C long). */
#define GMON_BSD44_VERSION 0x00051879
#define GMON_OLDBSD_HEADER_SIZE(a) ((a) == 8 ? 20 : 12)
#define GMON_BSD44_HEADER_SIZE(a) ((a) == 8 ? 40 : 32)

/*
 * The process file, ".<gmon file>.process" in the same directory (hidden:
 * "gprof prog gmon.out.*" must not pick it up): what a whole-process profile
 * adds for the objects other than the main program (doc/format.md, "The
 * process file").  Integers in the program's byte order, addresses always
 * 8 bytes, runtime addresses.
 *
 *   header : magic "gmpx" (4), version (4), run id (8), flags (4), zeros (12)
 *   record : tag (4), body length (4), body
 *
 * The run id is also written in gmon.out's header, spare bytes [8, 16),
 * followed by the mark "gmpx" in [16, 20): a gmon.out with both has a
 * process file (GNU gprof's own gmon.sum leaves stack bytes there).
 */
#define GMON_PROCESS_PREFIX "." /* before the gmon file's base name */
#define GMON_PROCESS_SUFFIX ".process"
#define GMON_PROCESS_MAGIC "gmpx"
#define GMON_PROCESS_VERSION 1
#define GMON_PROCESS_HEADER_SIZE 32
#define GMON_PROCESS_RECORD_HEADER_SIZE 8
#define GMON_RUN_ID_OFFSET 8    /* in gmon.out's header: 8 bytes */
#define GMON_RUN_MARK_OFFSET 16 /* then GMON_PROCESS_MAGIC, 4 bytes */

/* Tag 2, samples: rate (4), count (4), then per address: address (8),
 * samples (8).  The addresses outside the main program's histogram; in
 * a program without hooks (sparse samples) the main program's too, and
 * gmon.out then holds one bin of its histogram (the entry point's),
 * and the rest of the range only for samples the runtime could not keep
 * by address (doc/format.md, "Sparse samples"). */
enum gmon_process_tag {
	GMON_PROCESS_TAG_OBJECT = 1,
	GMON_PROCESS_TAG_SAMPLES = 2,
	GMON_PROCESS_TAG_ARCS = 3,
	GMON_PROCESS_TAG_TIMES = 4,
	GMON_PROCESS_TAG_STACKS = 5,
	GMON_PROCESS_TAG_THREAD_STACKS = 6,
	GMON_PROCESS_TAG_IDENTITY = 7,
	GMON_PROCESS_TAG_WINDOW = 8
};

/* Window record (tag 8): the file is one window of a run
 * (GMON_INTERVAL, or a snapshot with GMON_SNAPSHOT_MODE=delta) and its
 * counts are those of the window alone.  Index (4: 1, 2, ... in its
 * process image), flags (4: GMON_WINDOW_DELTA), start and end (8 + 8,
 * CLOCK_MONOTONIC ns, as the identity record's start), the interval
 * asked (8, ns; 0: windows closed by snapshots only).  A file without
 * it holds the whole run to its writing. */
#define GMON_WINDOW_BODY_SIZE 32
#define GMON_WINDOW_DELTA 1

/* Identity record (tag 7): which process wrote the file.  pid (4),
 * parent pid (4), image (4: 1 the process's first program, N its N-th
 * after exec), flags (4: GMON_IDENTITY_ARGS_CUT), when the image started
 * (8, CLOCK_MONOTONIC ns: its start-up, or a child's fork), the
 * process's user and system CPU time before this image started (8 + 8,
 * ns: the times record's are the process's, from its start), argument
 * count (4), bytes of arguments (4), then the arguments, each ending in
 * a NUL. */
#define GMON_IDENTITY_BODY_SIZE 48
#define GMON_IDENTITY_ARGS_CUT 1 /* the arguments were longer than recorded */

/* Stack record: depth limit (4), count (4), lost (8), at limit (8), cut
 * short (8), then per stack: samples (8), frames (4), flags (4), frames x
 * 8 (innermost first). */
#define GMON_STACKS_HEADER_SIZE 32
#define GMON_STACK_ENTRY_HEADER_SIZE 16
/* Thread stack record (tag 6): the stack record's 32-byte header, then
 * per stack: samples (8), frames (4), flags (4), thread number (4),
 * frames x 8; then thread count (4), per thread: kernel thread id (4),
 * flags (4), name (16, NUL-padded).  Thread number 0xffffffff: a thread
 * the runtime did not know. */
#define GMON_THREAD_STACK_ENTRY_HEADER_SIZE 20
#define GMON_THREAD_ENTRY_SIZE 24
#define GMON_THREAD_NAME_BYTES 16
#define GMON_THREAD_NONE 0xffffffffu
#define GMON_THREAD_FLAG_MAIN 1 /* the process's main thread */
#define GMON_STACK_AT_LIMIT 1
#define GMON_STACK_CUT_SHORT 2

/* Object record flags. */
#define GMON_OBJECT_MAIN 1
#define GMON_OBJECT_UNLOADED 2
#define GMON_OBJECT_VDSO 4
/* Unloaded, and its addresses recorded before it went are all numbered
 * (below): no plain address in the file is its. */
#define GMON_OBJECT_RETIRED 8

/* Process file header flags (offset 16). */
#define GMON_PROCESS_FLAG_NUMBERED 1 /* addresses may carry an object number */
/* A numbered address (only in a file whose header says so): the top bit
 * set, the object's number in the next 15 bits, the runtime address in
 * the low 48 (doc/format.md, "Addresses used twice"). */
#define GMON_ADDRESS_NUMBERED (1ull << 63)
#define GMON_ADDRESS_NUMBER_SHIFT 48
#define GMON_ADDRESS_NUMBER_MAX 0x7fffu
#define GMON_ADDRESS_LOW ((1ull << GMON_ADDRESS_NUMBER_SHIFT) - 1)

/* Sizes of the fixed parts of the bodies. */
#define GMON_SAMPLE_ENTRY_SIZE 16
#define GMON_PROCESS_ARC_ENTRY_SIZE 24
#define GMON_TIMES_BODY_SIZE 40 /* user, system ns; samples taken, lost; calls lost */
/* then, in a longer body: elapsed wall time ns (8), the clock (4), zeros (4) */
#define GMON_TIMES_BODY_SIZE_CLOCK 56
enum gmon_process_clock {
	GMON_PROCESS_CLOCK_UNKNOWN = 0,     /* not recorded (an older file, a sum of several) */
	GMON_PROCESS_CLOCK_THREAD_CPU = 1,  /* each thread's CPU time (timer_create) */
	GMON_PROCESS_CLOCK_PROCESS_CPU = 2, /* the process's CPU time (one timer_create timer) */
	GMON_PROCESS_CLOCK_PERF = 3,        /* each thread's perf task-clock */
	GMON_PROCESS_CLOCK_WALL = 4         /* CPU time and the time threads wait */
};
/* Each clock's name (gprof's JSON says it): NULL for 0 and for a code
 * this header does not know (a newer runtime's). */
static inline const char *gmon_process_clock_name(unsigned code)
{
	/* by code, in the enum's order */
	static const char *const names[] = { 0, "thread_cpu", "process_cpu", "perf", "wall" };
	return code < sizeof names / sizeof names[0] ? names[code] : 0;
}
/* The times record's last 4 bytes (zeros before): what the runtime knows
 * its samples miss, one bit per reason. */
#define GMON_MISSING_EARLY_THREADS 1 /* threads started before the profile */
#define GMON_MISSING_SYSTEM_TIME 2   /* time in the kernel (perf clock, user time only) */
#define GMON_MISSING_SIGNAL 4        /* the program took the clock's signal itself */
#define GMON_MISSING_MANY_THREADS 8  /* more threads at once than timers */
#define GMON_MISSING_CLOCK_CLOSED 16 /* the program closed the perf clock's descriptor */

#endif /* GMON_OUT_H */
