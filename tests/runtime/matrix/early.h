/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * early.h: libmatrix-early.so, a library the matrix's program links,
 * whose constructor runs before the runtime starts (early.c).
 */
#ifndef MATRIX_EARLY_H
#define MATRIX_EARLY_H

void early_on_trap(int sig);
extern volatile int early_traps; /* SIGTRAPs early_on_trap took */
extern int early_installed;      /* the constructor installed it */
extern int early_plugin_calls;   /* the plugin's answer, 0 if not loaded */

#endif
