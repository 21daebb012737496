/* SPDX-License-Identifier: BSD-2-Clause
 *
 * write.c: writes the profile as a GNU gmon.out file.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe (a snapshot is written from a signal handler): no
 * stdio, no malloc, no locks; open, write, rename and close only.
 *
 * Where: the name is "gmon.out", or "$GMON_OUT_PREFIX.<pid>", or in a
 * forked child without a prefix "gmon.out.<pid>", so that a child never
 * replaces its parent's file.  A relative name is taken relative to the
 * working directory at start-up, not at exit: a program that chdirs
 * still leaves its profile where it was started.  How: a temporary file
 * beside the target, created exclusively (so never through a symbolic
 * link), then renamed over the target, so a reader sees the old file or
 * the new one, never half of one.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h> /* rename only */
#include <string.h>
#include <unistd.h>

#include "../include/gmon_out.h"
#include "gmon_private.h"
#include "process.h"

static struct {
	char start_dir[PATH_MAX]; /* absolute; "" if getcwd failed */
	char prefix[PATH_MAX];    /* GMON_OUT_PREFIX; "" if unset */
	uintptr_t load_bias;      /* subtracted from addresses: the file holds link-time addresses */
	int forked_child;
	int busy; /* atomic: a write is in progress */
} out;

void gmon_writer_init(uintptr_t load_bias)
{
	out.load_bias = load_bias;
	if (!getcwd(out.start_dir, sizeof out.start_dir) || out.start_dir[0] != '/')
		out.start_dir[0] = '\0';
	const char *prefix = gmon_getenv("GMON_OUT_PREFIX");
	if (prefix && strlen(prefix) < sizeof out.prefix)
		strcpy(out.prefix, prefix);
}

void gmon_writer_after_fork(void)
{
	out.forked_child = 1;
	out.busy = 0;
}

static size_t append(char *buf, size_t at, size_t size, const char *s)
{
	while (*s && at + 1 < size)
		buf[at++] = *s++;
	buf[at] = '\0';
	return at;
}

/* The target's name; 0, or -1 if it does not fit. */
static int output_path(char *path, size_t size)
{
	char pid[24];
	gmon_decimal(pid, (uint64_t)getpid());
	const char *name = out.prefix[0] ? out.prefix : "gmon.out";
	size_t n = 0;
	path[0] = '\0';
	if (name[0] != '/' && out.start_dir[0]) {
		n = append(path, n, size, out.start_dir);
		n = append(path, n, size, "/");
	}
	n = append(path, n, size, name);
	if (out.prefix[0] || out.forked_child) {
		n = append(path, n, size, ".");
		n = append(path, n, size, pid);
	}
	return n + 1 < size ? 0 : -1;
}

/* A small buffer in front of write(2), on the caller's stack. */
struct sink {
	int fd;
	int error; /* first errno, 0 if none */
	size_t used;
	unsigned char buf[4096];
};

static void sink_flush(struct sink *s)
{
	size_t done = 0;
	while (done < s->used && !s->error) {
		ssize_t n = write(s->fd, s->buf + done, s->used - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			s->error = n < 0 ? errno : EIO;
		else
			done += (size_t)n;
	}
	s->used = 0;
}

static void sink_put(struct sink *s, const void *data, size_t size)
{
	const unsigned char *p = data;
	while (size > 0) {
		if (s->used == sizeof s->buf)
			sink_flush(s);
		size_t n = sizeof s->buf - s->used;
		if (n > size)
			n = size;
		memcpy(s->buf + s->used, p, n);
		s->used += n;
		p += n;
		size -= n;
	}
}

/* Integers go out in the host's byte order, as GNU gprof expects. */
static void sink_address(struct sink *s, uintptr_t pc)
{
	pc -= out.load_bias;
	sink_put(s, &pc, sizeof pc);
}

static void sink_u32(struct sink *s, uint32_t v)
{
	sink_put(s, &v, sizeof v);
}

static void put_header(struct sink *s)
{
	unsigned char header[GMON_HEADER_SIZE];
	memset(header, 0, sizeof header);
	memcpy(header, GMON_MAGIC, GMON_MAGIC_SIZE);
	uint32_t version = GMON_VERSION;
	memcpy(header + GMON_MAGIC_SIZE, &version, sizeof version);
	uint64_t run_id = gmon_process_run_id(); /* 0 with GMON_PROCESS=0 */
	memcpy(header + GMON_RUN_ID_OFFSET, &run_id, sizeof run_id);
	sink_put(s, header, sizeof header);
}

static void put_histogram(struct sink *s)
{
	struct gmon_hist_view h;
	gmon_hist_view(&h);
	if (h.nbins == 0)
		return;
	char dimension[GMON_HIST_DIMEN_SIZE];
	memset(dimension, 0, sizeof dimension);
	memcpy(dimension, "seconds", 7);
	unsigned char tag = GMON_TAG_TIME_HIST;
	sink_put(s, &tag, 1);
	sink_address(s, h.low_pc);
	sink_address(s, h.high_pc);
	sink_u32(s, (uint32_t)h.nbins);
	sink_u32(s, h.rate);
	sink_put(s, dimension, sizeof dimension);
	sink_put(s, "s", 1);
	sink_put(s, h.bins, h.nbins * GMON_HIST_COUNTER_SIZE);
}

static int put_arc(void *ctx, uintptr_t from_pc, uintptr_t self_pc, uint64_t count)
{
	struct sink *s = ctx;
	/* The record's count has 32 bits; gprof adds up repeated arcs. */
	do {
		uint32_t part = count > UINT32_MAX ? UINT32_MAX : (uint32_t)count;
		unsigned char tag = GMON_TAG_CG_ARC;
		sink_put(s, &tag, 1);
		sink_address(s, from_pc);
		sink_address(s, self_pc);
		sink_u32(s, part);
		count -= part;
	} while (count > 0);
	return s->error;
}

static const char *error_text(int error)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 32)
	const char *text = strerrordesc_np(error);
	if (text)
		return text;
#endif
	static char unknown[32];
	strcpy(unknown, "error ");
	gmon_decimal(unknown + 6, (uint64_t)error);
	return unknown;
}

static int write_file(const char *path, const char *temp)
{
	struct sink s;
	s.error = 0;
	s.used = 0;
	s.fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (s.fd < 0 && errno == EEXIST && unlink(temp) == 0) /* left by a killed writer */
		s.fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (s.fd < 0) {
		char why[160] = ": ";
		append(why, 2, sizeof why, error_text(errno));
		gmon_message("cannot write ", path, why);
		return -1;
	}
	put_header(&s);
	put_histogram(&s);
	gmon_arcs_each(put_arc, &s);
	sink_flush(&s);
	if (close(s.fd) != 0 && !s.error)
		s.error = errno;
	if (!s.error && rename(temp, path) != 0)
		s.error = errno;
	if (s.error) {
		unlink(temp);
		char why[160] = ": ";
		append(why, 2, sizeof why, error_text(s.error));
		gmon_message("cannot write ", path, why);
		return -1;
	}
	return 0;
}

int gmon_write_profile(void)
{
	if (__atomic_exchange_n(&out.busy, 1, __ATOMIC_ACQUIRE))
		return -2; /* another thread is writing the same file */
	int saved_errno = errno;
	char path[PATH_MAX + 64], temp[PATH_MAX + 96];
	int rc = -1;
	if (output_path(path, sizeof path) != 0) {
		gmon_message("cannot write the profile: its path name is too long", NULL, NULL);
	} else {
		char pid[24];
		size_t n = append(temp, 0, sizeof temp, path);
		n = append(temp, n, sizeof temp, ".");
		n = append(temp, n, sizeof temp, gmon_decimal(pid, (uint64_t)getpid()));
		append(temp, n, sizeof temp, ".tmp");
		rc = write_file(path, temp);
		if (rc == 0)
			gmon_process_write(path); /* .gmon.out.process: process.c */
	}
	__atomic_store_n(&out.busy, 0, __ATOMIC_RELEASE);
	errno = saved_errno;
	return rc;
}
