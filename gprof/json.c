/* SPDX-License-Identifier: GPL-3.0-or-later
 * json.c: the --json printer (placeholder until issue 6 lands).
 * Copyright (c) 2026 The gprof/libgmon authors. */
#include "gprof.h"
#include "report.h"

void print_json(struct symbol **by_time, unsigned report, int input)
{
	fatal("--json is not supported yet");
}
