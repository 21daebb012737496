/* SPDX-License-Identifier: BSD-2-Clause
 *
 * base.h: what every file of the runtime needs: the attribute that keeps
 * its names out of the library's exports, and the one that lets the
 * hook's C routines preserve every register.  Each file then includes
 * the headers of the files whose names it uses (doc/code-map.md, "The
 * runtime"); none includes a file above its own.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_BASE_H
#define GMON_BASE_H

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

#endif /* GMON_BASE_H */
