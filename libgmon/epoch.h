/* SPDX-License-Identifier: BSD-2-Clause
 *
 * epoch.h: grace periods, so that memory a signal handler may be reading
 * is reused only once no reader can still hold it (epoch.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_EPOCH_H
#define GMON_EPOCH_H

#include <stdint.h>

#include "base.h"

/*
 * Readers (signal handlers, the writer, any thread) bracket their reads
 * with gmon_epoch_enter and gmon_epoch_leave: two atomic adds, no lock,
 * no wait but a retry when a grace period starts between the two
 * instructions of the entry.  The reclaimer (ordinary context, serialized
 * by its owner) unpublishes what it means to reuse, so that no reader
 * entering later can reach it, then calls gmon_epoch_flip; whatever was
 * unpublished before the flip may be reused once gmon_epoch_busy returns
 * 0.  The reclaimer never waits: a reader still inside (another thread's
 * handler, or a handler this very thread was interrupted in) only puts
 * the reuse off to the reclaimer's next call.  Zero-initialized.
 */
struct gmon_epoch {
	uint64_t epoch;     /* atomic */
	uint32_t active[2]; /* atomic: readers inside, by the epoch's parity */
	uint32_t parity;    /* of the readers the grace period waits for */
	int draining;       /* a grace period is running */
};

/* A reader comes in: the token to leave with.  Async-signal-safe. */
unsigned gmon_epoch_enter(struct gmon_epoch *e) GMON_HIDDEN;
void gmon_epoch_leave(struct gmon_epoch *e, unsigned token) GMON_HIDDEN;
/* A grace period for what was unpublished until now (none running). */
void gmon_epoch_flip(struct gmon_epoch *e) GMON_HIDDEN;
/* 1 while a grace period's readers are still inside; 0 when none runs
 * (the last one ended: what it waited for may be reused). */
int gmon_epoch_busy(struct gmon_epoch *e) GMON_HIDDEN;
/* In a forked child (one thread, no reader inside). */
void gmon_epoch_after_fork(struct gmon_epoch *e) GMON_HIDDEN;

#endif /* GMON_EPOCH_H */
