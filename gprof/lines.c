/* SPDX-License-Identifier: GPL-3.0-or-later
 * lines.c: -l/--line, one symbol per source line (to be written).
 * Copyright (c) 2026 The gprof/libgmon authors. */
#include "gprof.h"
#include "symbols.h"

void symbols_create_lines(void)
{
	fatal("-l/--line is not supported yet");
}
