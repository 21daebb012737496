/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * fsfault.c: an LD_PRELOAD shim for the runtime's tests, which puts a
 * fault exactly where a test needs one.  Each is turned on by a variable
 * of the shim's own (libgmon reads none of them):
 *   FSFAULT_NO_TMPFILE=1       open/openat with O_TMPFILE fail with
 *                              EOPNOTSUPP, as on a file system without
 *                              unnamed files
 *   FSFAULT_NO_LINKAT=1        linkat fails with ENOENT, as without /proc
 *                              and without CAP_DAC_READ_SEARCH (a chroot)
 *   FSFAULT_KILL_ON_WRITE=1    the first write to a descriptor above 2
 *                              (the profile: the test programs write no
 *                              other file) kills the process (SIGKILL)
 *   FSFAULT_SIGNAL_ON_WRITE=N  the first write to a descriptor above 2
 *                              raises signal N, once per process
 * The real calls are made as system calls: the shim is entered from
 * libgmon's signal-safe writer. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

static int no_tmpfile(int flags)
{
	return (flags & O_TMPFILE) == O_TMPFILE && getenv("FSFAULT_NO_TMPFILE");
}

static int open_at(int dir, const char *path, int flags, mode_t mode)
{
	if (no_tmpfile(flags)) {
		errno = EOPNOTSUPP;
		return -1;
	}
	return (int)syscall(SYS_openat, dir, path, flags, mode);
}

#define MODE_ARG(flags, mode)                                          \
	do {                                                           \
		if ((flags) & O_CREAT || ((flags) & O_TMPFILE) == O_TMPFILE) { \
			va_list ap;                                    \
			va_start(ap, flags);                           \
			mode = va_arg(ap, mode_t);                     \
			va_end(ap);                                    \
		}                                                      \
	} while (0)

int openat(int dir, const char *path, int flags, ...)
{
	mode_t mode = 0;
	MODE_ARG(flags, mode);
	return open_at(dir, path, flags, mode);
}

int openat64(int dir, const char *path, int flags, ...)
{
	mode_t mode = 0;
	MODE_ARG(flags, mode);
	return open_at(dir, path, flags, mode);
}

int open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	MODE_ARG(flags, mode);
	return open_at(AT_FDCWD, path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
	mode_t mode = 0;
	MODE_ARG(flags, mode);
	return open_at(AT_FDCWD, path, flags, mode);
}

int linkat(int from_dir, const char *from, int to_dir, const char *to, int flags)
{
	if (getenv("FSFAULT_NO_LINKAT")) {
		errno = ENOENT;
		return -1;
	}
	return (int)syscall(SYS_linkat, from_dir, from, to_dir, to, flags);
}

ssize_t write(int fd, const void *buf, size_t size)
{
	static volatile sig_atomic_t raised;
	if (fd > 2) {
		const char *signo = getenv("FSFAULT_SIGNAL_ON_WRITE");
		if (getenv("FSFAULT_KILL_ON_WRITE"))
			kill(getpid(), SIGKILL);
		if (signo && !raised) {
			raised = 1;
			raise(atoi(signo));
		}
	}
	return syscall(SYS_write, fd, buf, size);
}
