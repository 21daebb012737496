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
 *   FSFAULT_SIGNAL_IN_ITERATE=N  the next dl_iterate_phdr (libgmon's
 *                              object table refresh) raises signal N from
 *                              inside its first callback, once; the
 *                              program sets it just before a dlopen
 *   FSFAULT_UNMAP_AFTER_READ=ADDR,LEN,N  the Nth process_vm_readv(2)
 *                              made through syscall(3) that reads inside
 *                              the LEN bytes at ADDR (hex) unmaps them
 *                              once it has returned: another thread
 *                              unmapping memory between a check and a
 *                              load, made exact
 * The real calls are made as system calls: the shim is entered from
 * libgmon's signal-safe writer. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
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

#define MODE_ARG(flags, mode) \
	do { \
		if ((flags)&O_CREAT || ((flags)&O_TMPFILE) == O_TMPFILE) { \
			va_list ap; \
			va_start(ap, flags); \
			mode = va_arg(ap, mode_t); \
			va_end(ap); \
		} \
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

/* FSFAULT_SIGNAL_IN_ITERATE */
struct iterate {
	int (*callback)(struct dl_phdr_info *, size_t, void *);
	void *data;
	int signo;
};

static int raise_then_call(struct dl_phdr_info *info, size_t size, void *data)
{
	struct iterate *it = data;
	if (it->signo) {
		int signo = it->signo;
		it->signo = 0;
		raise(signo);
	}
	return it->callback(info, size, it->data);
}

int dl_iterate_phdr(int (*callback)(struct dl_phdr_info *, size_t, void *), void *data)
{
	static int (*real)(int (*)(struct dl_phdr_info *, size_t, void *), void *);
	if (!real)
		real = (int (*)(int (*)(struct dl_phdr_info *, size_t, void *),
				void *))dlsym(RTLD_NEXT, "dl_iterate_phdr");
	const char *signo = getenv("FSFAULT_SIGNAL_IN_ITERATE");
	if (!signo)
		return real(callback, data);
	struct iterate it = { callback, data, atoi(signo) };
	unsetenv("FSFAULT_SIGNAL_IN_ITERATE");
	return real(raise_then_call, &it);
}

/* FSFAULT_UNMAP_AFTER_READ */
long syscall(long number, ...)
{
	va_list ap;
	va_start(ap, number);
	long a[6];
	for (int i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	static long (*real)(long, ...);
	if (!real)
		real = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
	long rc = real(number, a[0], a[1], a[2], a[3], a[4], a[5]);
	static volatile sig_atomic_t reads;
	const char *what = getenv("FSFAULT_UNMAP_AFTER_READ");
	if (number == SYS_process_vm_readv && rc > 0 && what) {
		char *end;
		unsigned long at = strtoul(what, &end, 16);
		unsigned long len = *end == ',' ? strtoul(end + 1, &end, 0) : 0;
		long nth = *end == ',' ? atol(end + 1) : 1;
		const struct iovec *remote = (const struct iovec *)a[3];
		unsigned long from = (unsigned long)remote->iov_base;
		if (from >= at && from < at + len && ++reads == nth)
			munmap((void *)at, len);
	}
	return rc;
}
