/* SPDX-License-Identifier: BSD-2-Clause
 *
 * sink.h: the buffer in front of write(2) that the writers (write.c,
 * process.c) put their records through (sink.c).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_SINK_H
#define GMON_SINK_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"

/* On the caller's stack; offset: bytes put so far (the file offset of the
 * next byte, for records whose lengths are patched in afterwards). */
struct gmon_sink {
	int fd;
	int error; /* first errno, 0 if none */
	uint64_t offset;
	size_t used;
	unsigned char buf[4096];
};
void gmon_sink_init(struct gmon_sink *s, int fd) GMON_HIDDEN;
void gmon_sink_put(struct gmon_sink *s, const void *data, size_t size) GMON_HIDDEN;
void gmon_sink_flush(struct gmon_sink *s) GMON_HIDDEN;

#endif /* GMON_SINK_H */
