/* SPDX-License-Identifier: BSD-2-Clause
 *
 * clocks.c: the table of clocks (clock.h).  A new clock is a file
 * clock_NAME.c defining gmon_clock_NAME and one row here.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Read at start-up only (sampler.c's choice, start.c's check of
 * GMON_CLOCK), never in a signal handler.
 */
#include <string.h>

#include "clock.h"

/* The rows, in the order they are tried: the GMON_CLOCK value, then the
 * clock (clock_NAME.c's gmon_clock_NAME).  cpu, the default, is each
 * thread's CPU time by the best clock that starts. */
#define GMON_CLOCK_ROWS(ROW) \
	ROW("cpu", perf)        /* above 100 Hz: a perf task-clock per thread */ \
	ROW("cpu", thread)      /* a timer per thread, when every thread passes threads.c */ \
	ROW("cpu", cputime)     /* else one timer on the process's CPU time */ \
	ROW("process", cputime) /* that timer, asked for */

#define DECLARE(name, clock) extern const struct gmon_clock gmon_clock_##clock GMON_HIDDEN;
GMON_CLOCK_ROWS(DECLARE)
#define ROW(name, clock) { name, &gmon_clock_##clock },
const struct gmon_clock_row gmon_clocks[] = { GMON_CLOCK_ROWS(ROW){ NULL, NULL } };

int gmon_clock_named(const char *name)
{
	for (const struct gmon_clock_row *r = gmon_clocks; r->name; r++)
		if (strcmp(r->name, name) == 0)
			return 1;
	return 0;
}

/* Whether row i's name is an earlier row's too. */
static int said_before(size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (strcmp(gmon_clocks[j].name, gmon_clocks[i].name) == 0)
			return 1;
	return 0;
}

const char *gmon_clock_names(const char *extra)
{
	static char list[256];
	const char *names[32];
	size_t n = 0;
	for (size_t i = 0; gmon_clocks[i].name && n < 31; i++)
		if (!said_before(i))
			names[n++] = gmon_clocks[i].name;
	names[n++] = extra;
	list[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		if (i > 0)
			strncat(list, i + 1 == n ? " or " : ", ", sizeof list - strlen(list) - 1);
		strncat(list, names[i], sizeof list - strlen(list) - 1);
	}
	return list;
}
