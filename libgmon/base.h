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

#endif /* GMON_BASE_H */
