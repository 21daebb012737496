/* SPDX-License-Identifier: BSD-2-Clause
 *
 * sink.c: the buffer in front of write(2) that the writers (gmon.out in
 * write.c, the process file in process.c) put their records through.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe (a snapshot is written from a signal handler): the
 * buffer is the caller's (write.c's, reserved at start-up, never on the
 * stack); write(2) only.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "sink.h"
#include "wait.h"

void gmon_sink_init(struct gmon_sink *s, int fd, unsigned char *buf, size_t size)
{
	s->fd = fd;
	s->buf = buf;
	s->size = size;
	s->error = 0;
	s->offset = 0;
	s->used = 0;
}

void gmon_sink_flush(struct gmon_sink *s)
{
	size_t done = 0;
	while (done < s->used && !s->error) {
		ssize_t n = gmon_write(s->fd, s->buf + done, s->used - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			s->error = n < 0 ? errno : EIO;
		else
			done += (size_t)n;
	}
	s->used = 0;
}

void gmon_sink_put(struct gmon_sink *s, const void *data, size_t size)
{
	const unsigned char *p = data;
	s->offset += size;
	while (size > 0) {
		if (s->used == s->size)
			gmon_sink_flush(s);
		size_t n = s->size - s->used;
		if (n > size)
			n = size;
		memcpy(s->buf + s->used, p, n);
		s->used += n;
		p += n;
		size -= n;
	}
}
