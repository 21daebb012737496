/* SPDX-License-Identifier: GPL-3.0-or-later
 * extsyms.c: -S/--external-symbol-table (to be written).
 * Copyright (c) 2026 The gprof/libgmon authors. */
#include "gprof.h"
#include "symbols.h"

void symbols_create_from_file(const char *path)
{
	fatal("%s: -S/--external-symbol-table is not supported yet", path);
}
