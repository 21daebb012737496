/* SPDX-License-Identifier: BSD-2-Clause
 *
 * unwinders.c: the table of unwinders (unwind.h).  A new unwinder is a
 * file unwind_NAME.c defining gmon_unwind_NAME and one row here.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Read at start-up only (stacks.c's choice by GMON_UNWIND), never in a
 * signal handler.
 */
#include <string.h>

#include "message.h"
#include "unwind.h"

/* The rows: unwind_NAME.c's gmon_unwind_NAME, whose name GMON_UNWIND
 * spells; the first is the default. */
#define GMON_UNWIND_ROWS(ROW) \
	ROW(cfi) /* each object's call-frame information, frame pointers where it has none */ \
	ROW(fp)  /* frame pointers only */

#define DECLARE(name) extern const struct gmon_unwinder gmon_unwind_##name GMON_HIDDEN;
GMON_UNWIND_ROWS(DECLARE)
#define ROW(name) &gmon_unwind_##name,
const struct gmon_unwinder *const gmon_unwinders[] = { GMON_UNWIND_ROWS(ROW) NULL };

const struct gmon_unwinder *gmon_unwinder_named(const char *name)
{
	if (!name)
		return gmon_unwinders[0];
	for (size_t i = 0; gmon_unwinders[i]; i++)
		if (strcmp(gmon_unwinders[i]->name, name) == 0)
			return gmon_unwinders[i];
	/* "ignoring GMON_UNWIND=x: the unwinders are cfi and fp" */
	char setting[64], names[128];
	strcpy(setting, "GMON_UNWIND=");
	strncat(setting, name, 40);
	strcpy(names, ": the unwinders are ");
	for (size_t i = 0; gmon_unwinders[i]; i++) {
		if (i > 0)
			strncat(names, gmon_unwinders[i + 1] ? ", " : " and ",
				sizeof names - strlen(names) - 1);
		strncat(names, gmon_unwinders[i]->name, sizeof names - strlen(names) - 1);
	}
	gmon_message("ignoring ", setting, names);
	return gmon_unwinders[0];
}
