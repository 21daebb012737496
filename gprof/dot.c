/* SPDX-License-Identifier: GPL-3.0-or-later
 * dot.c: the --dot printer (placeholder until issue 6 lands).
 * Copyright (c) 2026 The gprof/libgmon authors. */
#include "gprof.h"
#include "report.h"

void print_dot(struct symbol **by_time, unsigned report, int input)
{
	fatal("--dot is not supported yet");
}
