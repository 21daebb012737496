/* SPDX-License-Identifier: GPL-3.0-or-later
 * ordering.c: --function-ordering and --file-ordering (to be written).
 * Copyright (c) 2026 The gprof/libgmon authors. */
#include "gprof.h"
#include "report.h"

void print_function_ordering(void)
{
	fatal("--function-ordering is not supported yet");
}

void print_file_ordering(void)
{
	fatal("--file-ordering is not supported yet");
}
