/* SPDX-License-Identifier: BSD-2-Clause
 *
 * libgmon.h: the public interface of the libgmon profiling runtime.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * A program compiled with -pg (or -pg -mfentry, or -finstrument-functions)
 * and linked with libgmon is profiled from start-up to exit without calling
 * anything here.  These functions are for programs that want to choose what
 * is profiled, or to start the profiler on a range of their own.  See
 * libgmon(3) and doc/runtime.md.
 */
#ifndef LIBGMON_H
#define LIBGMON_H

#ifdef __cplusplus
extern "C" {
#endif

/* Start profiling the text between lowpc (inclusive) and highpc
 * (exclusive): allocate the arc table and the histogram, start the
 * sampler.  The start-up file of a -pg program calls this; when nothing
 * does, libgmon starts itself before main on the main program's text.
 * A second call while profiling is running does nothing. */
void monstartup(unsigned long lowpc, unsigned long highpc);
void __monstartup(unsigned long lowpc, unsigned long highpc);

/* moncontrol(0) pauses profiling (no arcs, no samples); moncontrol(1)
 * resumes it.  Counts are kept across pauses. */
void moncontrol(int mode);

/* Stop profiling and write the profile (gmon.out, or
 * $GMON_OUT_PREFIX.<pid>).  Registered with atexit at start-up; calling it
 * again does nothing. */
void _mcleanup(void);

/* Write the profile now, without stopping it (the GMON_SNAPSHOT_SIGNAL
 * handler calls this).  Async-signal-safe.  Returns 0 on success, -1 on
 * failure (after one line on stderr). */
int gmon_snapshot(void);

#ifdef __cplusplus
}
#endif

#endif /* LIBGMON_H */
