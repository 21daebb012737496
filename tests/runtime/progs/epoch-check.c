/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * epoch-check.c: libgmon/epoch.c's grace periods, step by step
 * (tests/runtime/t-dlopen-loop.sh, dlopen-loop.epoch).  Prints one
 * word per step: whether a grace period was still waiting (busy) or
 * over (free).
 */
#include <stdio.h>

#include "epoch.h"

static struct gmon_epoch e;

static const char *state(void)
{
	return gmon_epoch_busy(&e) ? "busy" : "free";
}

int main(void)
{
	printf("%s", state());                  /* none yet: free */
	unsigned before = gmon_epoch_enter(&e); /* a reader from before */
	gmon_epoch_flip(&e);
	printf(" %s", state());                /* it is inside: busy */
	unsigned after = gmon_epoch_enter(&e); /* one who came later */
	printf(" %s", state());                /* still the first: busy */
	gmon_epoch_leave(&e, before);
	printf(" %s", state()); /* the later one is not waited for: free */
	gmon_epoch_flip(&e);
	printf(" %s", state()); /* now it is: busy */
	gmon_epoch_leave(&e, after);
	printf(" %s", state());                 /* free */
	unsigned nested = gmon_epoch_enter(&e); /* a handler on the reclaimer's thread */
	gmon_epoch_flip(&e);
	printf(" %s", state()); /* put off, not waited for: busy */
	gmon_epoch_leave(&e, nested);
	printf(" %s\n", state()); /* free */
	return 0;
}
