/* SPDX-License-Identifier: BSD-2-Clause
 *
 * thread_table.h: which thread each sample came from (thread_table.c):
 * a table of the threads the profile knows, by kernel thread id and
 * name, and each thread's number in it.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_THREAD_TABLE_H
#define GMON_THREAD_TABLE_H

#include <stdint.h>

#include "base.h"

/* A thread's number when it is not in the table (started by raw clone,
 * or the table was full): its samples belong to no known thread. */
#define GMON_THREAD_UNKNOWN UINT32_MAX
#define GMON_THREAD_NAME_SIZE 16 /* the kernel's comm: 15 bytes and a NUL */
#define GMON_THREAD_MAIN 1       /* flag: the process's main thread */
#define GMON_THREADS_MAX 65536u  /* entries of 24 bytes: 1.5 MiB, touched as used */

/* At start-up, in the main thread (ordinary context): maps the table
 * and enters the calling thread.  0 or -1 (no memory: no thread is
 * known, every sample's thread is GMON_THREAD_UNKNOWN). */
int gmon_threads_init(void) GMON_HIDDEN;
/* In a forked child: an empty table holding the calling thread only. */
void gmon_threads_after_fork(void) GMON_HIDDEN;
/* In a new thread, before it runs the program's code (threads.c):
 * enters it in the table (ordinary context: system calls). */
void gmon_thread_here(void) GMON_HIDDEN;
/* In the signal handler: the calling thread's number, or
 * GMON_THREAD_UNKNOWN.  A load from thread-local storage, nothing else. */
uint32_t gmon_thread_number(void) GMON_HIDDEN;
/* The same, entering a thread nobody entered (one the C library
 * started: std::thread with libgmon.a) at its first sample: in the
 * handler, async-signal-safe (an atomic add, gettid, prctl). */
uint32_t gmon_thread_number_at_sample(void) GMON_HIDDEN;

struct gmon_thread_view {
	int32_t tid;
	uint32_t flags;
	char name[GMON_THREAD_NAME_SIZE]; /* NUL-padded */
};
/* The writer (async-signal-safe): how many threads the table holds, and
 * thread i's entry, its name refreshed from /proc/self/task/TID/comm if
 * the thread still runs (open, read, close). */
uint32_t gmon_threads_count(void) GMON_HIDDEN;
void gmon_thread_view(uint32_t i, struct gmon_thread_view *view) GMON_HIDDEN;

#endif /* GMON_THREAD_TABLE_H */
