/* SPDX-License-Identifier: BSD-2-Clause
 *
 * epoch.c: grace periods (epoch.h).  Two counters of readers, one per
 * parity of the epoch.  A grace period advances the epoch: readers who
 * come in from then count in the other counter, so the old one can
 * only fall, and when it reaches zero no reader from before is left.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe (enter, leave): atomic operations only.  A reader
 * that read the epoch, then was overtaken by a flip before its add
 * showed, sees the new epoch when it reads it again (both sequentially
 * consistent: of its add and the reclaimer's flip, one comes first in
 * the single order, and the reclaimer reads the counter after its flip),
 * takes its add back and counts in the new epoch's counter.
 */
#include <stdint.h>

#include "epoch.h"

unsigned gmon_epoch_enter(struct gmon_epoch *e)
{
	for (;;) {
		uint64_t now = __atomic_load_n(&e->epoch, __ATOMIC_SEQ_CST);
		unsigned token = (unsigned)(now & 1);
		__atomic_fetch_add(&e->active[token], 1, __ATOMIC_SEQ_CST);
		if (__atomic_load_n(&e->epoch, __ATOMIC_SEQ_CST) == now)
			return token;
		__atomic_fetch_sub(&e->active[token], 1, __ATOMIC_RELEASE);
	}
}

void gmon_epoch_leave(struct gmon_epoch *e, unsigned token)
{
	__atomic_fetch_sub(&e->active[token], 1, __ATOMIC_RELEASE);
}

void gmon_epoch_flip(struct gmon_epoch *e)
{
	uint64_t now = __atomic_load_n(&e->epoch, __ATOMIC_RELAXED);
	e->parity = (uint32_t)(now & 1);
	e->draining = 1;
	__atomic_store_n(&e->epoch, now + 1, __ATOMIC_SEQ_CST);
}

int gmon_epoch_busy(struct gmon_epoch *e)
{
	if (!e->draining)
		return 0;
	if (__atomic_load_n(&e->active[e->parity], __ATOMIC_SEQ_CST) != 0)
		return 1;
	__atomic_thread_fence(__ATOMIC_ACQUIRE); /* the readers' reads came before */
	e->draining = 0;
	return 0;
}

void gmon_epoch_after_fork(struct gmon_epoch *e)
{
	e->active[0] = e->active[1] = 0;
}
