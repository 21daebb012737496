/* SPDX-License-Identifier: BSD-2-Clause
 *
 * identity.c: which process a profile is of, so that the files of a
 * tree of processes (gprof-run --follow, GMON_START=all) can be told
 * apart and put back in their tree (gprof --processes): the pid, the
 * parent's pid, which image of the process this is (exec keeps the
 * pid), the arguments, and the CPU time the process had used before
 * this image started (so that each image is charged its own).
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Set-up (init, after fork) runs in an ordinary context: the arguments
 * are read once, from /proc/self/cmdline, into a static buffer (never
 * the caller's stack), with the descriptor closed at once and errno
 * kept.  The writer is async-signal-safe: it copies that buffer.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "../include/gmon_out.h"
#include "identity.h"
#include "sink.h"

/* Longer arguments are cut (the flag says so): a compiler's command line
 * is a few KiB; untouched pages of the buffer cost nothing. */
#define ARGS_MAX 16384

static struct {
	uint32_t parent;
	uint32_t image;
	uint32_t flags;
	uint64_t started_ns;
	uint64_t user_before_ns, system_before_ns;
	uint32_t argc;
	uint32_t args_size;
	char args[ARGS_MAX];
} id;

static uint64_t monotonic_ns(void)
{
	struct timespec t;
	if (clock_gettime(CLOCK_MONOTONIC, &t) != 0)
		return 0;
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static uint64_t nanoseconds(struct timeval t)
{
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_usec * 1000u;
}

/* The arguments as the kernel keeps them: each ends in a NUL.  A
 * program may have rewritten them (setproctitle) before we read: what
 * we record is what ps would show. */
static void read_arguments(void)
{
	id.argc = 0;
	id.args_size = 0;
	id.flags = 0;
	int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return; /* no /proc: no arguments, the rest is known */
	size_t n = 0;
	for (;;) {
		ssize_t r = read(fd, id.args + n, sizeof id.args - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n += (size_t)r;
		if (n == sizeof id.args) {
			char more;
			if (read(fd, &more, 1) == 1)
				id.flags |= GMON_IDENTITY_ARGS_CUT;
			break;
		}
	}
	close(fd);
	/* whole arguments only: a cut one is left out */
	while (n > 0 && id.args[n - 1] != '\0') {
		n--;
		id.flags |= GMON_IDENTITY_ARGS_CUT;
	}
	for (size_t i = 0; i < n; i++)
		if (id.args[i] == '\0')
			id.argc++;
	id.args_size = (uint32_t)n;
}

void gmon_identity_init(unsigned image)
{
	int saved = errno;
	id.parent = (uint32_t)getppid();
	id.image = image ? image : 1;
	id.started_ns = monotonic_ns();
	id.user_before_ns = id.system_before_ns = 0;
	struct rusage u;
	if (id.image > 1 && getrusage(RUSAGE_SELF, &u) == 0) {
		id.user_before_ns = nanoseconds(u.ru_utime);
		id.system_before_ns = nanoseconds(u.ru_stime);
	}
	read_arguments();
	errno = saved;
}

void gmon_identity_after_fork(void)
{
	id.parent = (uint32_t)getppid();
	id.image = 1;
	id.started_ns = monotonic_ns();
	id.user_before_ns = id.system_before_ns = 0; /* a child's starts at the fork */
}

static void put_u32(struct gmon_sink *s, uint32_t v)
{
	gmon_sink_put(s, &v, sizeof v);
}

void gmon_identity_put(struct gmon_sink *s)
{
	put_u32(s, GMON_PROCESS_TAG_IDENTITY);
	put_u32(s, GMON_IDENTITY_BODY_SIZE + id.args_size);
	put_u32(s, (uint32_t)getpid());
	put_u32(s, id.parent);
	put_u32(s, id.image);
	put_u32(s, id.flags);
	gmon_sink_put(s, &id.started_ns, sizeof id.started_ns);
	gmon_sink_put(s, &id.user_before_ns, sizeof id.user_before_ns);
	gmon_sink_put(s, &id.system_before_ns, sizeof id.system_before_ns);
	put_u32(s, id.argc);
	put_u32(s, id.args_size);
	gmon_sink_put(s, id.args, id.args_size);
}
