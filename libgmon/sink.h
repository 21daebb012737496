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

/* A few words on the caller's stack; the buffer is the caller's too, and
 * not on its stack (write.c reserves it: the writer may run on a small
 * signal stack).  offset: bytes put so far (the file offset of the next
 * byte, for records whose lengths are patched in afterwards). */
struct gmon_sink {
	int fd;
	int error; /* first errno, 0 if none */
	uint64_t offset;
	size_t used;
	size_t size;
	unsigned char *buf;
};
void gmon_sink_init(struct gmon_sink *s, int fd, unsigned char *buf, size_t size) GMON_HIDDEN;
void gmon_sink_put(struct gmon_sink *s, const void *data, size_t size) GMON_HIDDEN;
void gmon_sink_flush(struct gmon_sink *s) GMON_HIDDEN;

#endif /* GMON_SINK_H */
