/* SPDX-License-Identifier: BSD-2-Clause
 *
 * clock_perf.c: the perf clock (clock.h), for GMON_RATE above 100: a
 * perf_event_open task-clock per thread, a high-resolution timer on each
 * thread's own CPU time, delivering a synchronous SIGTRAP to the thread
 * it measured.
 *
 * Which threads: the event is inherited by the threads created later
 * (inherit_thread: by clone with CLONE_THREAD only, so never by a forked
 * child or a posix_spawn child, which would die of a SIGTRAP its own
 * handler does not expect; a forked child that goes on gets an event of
 * its own, after_fork), and the threads already running at start (a
 * library constructor's workers) get one each, found in /proc/self/task.
 * What time: user and system time when the kernel allows it
 * (perf_event_paranoid 1 or less, or CAP_PERFMON: a sample that falls in
 * a system call is taken as the thread returns to user mode, at the
 * call); under the default paranoid setting user time only, and the
 * profile says that system time is missing.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * start, stop and after_fork make system calls only; samples runs in the
 * signal handler and makes none.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../include/gmon_out.h"
#include "clock.h"

#ifndef TRAP_PERF
#define TRAP_PERF 6 /* si_code of a perf_event sigtrap (Linux 5.13) */
#endif

/* The events this process opened: its own thread's first, then the
 * threads that were running at start.  Each descriptor's inode and the
 * event's id are kept, so that stop never acts on a descriptor the
 * program has since closed and reused: every anonymous file (perf
 * events, eventfd, epoll...) has the same inode, the id tells events
 * apart, and the inode keeps perf's ioctl away from any other file. */
#define MAX_EVENTS 64
static struct {
	int running;
	unsigned missing; /* GMON_MISSING_* */
	struct perf_event_attr attr;
	unsigned n;
	int fd[MAX_EVENTS];
	ino_t ino[MAX_EVENTS];
	dev_t dev[MAX_EVENTS];
	uint64_t id[MAX_EVENTS];
} perf;

/*
 * The program's descriptors are its own: open() returns the lowest free
 * number, and programs count on it (the first open() is 3, a daemon's
 * pipe, a dup2 onto a number it chose).  So an event's descriptor moves
 * to the highest free number below the soft RLIMIT_NOFILE (below 1024
 * at most: a higher number would grow the kernel's descriptor table of
 * every process to the limit, which may be a million), searched from
 * the top by steps that double; it stays where it was only when nothing
 * above it is free.  A descriptor above a limit the program lowers
 * later stays valid, and takes none of the program's numbers under it.
 */
#define HIGHEST_FD 1023

static int move_high(int fd)
{
	int saved_errno = errno;
	struct rlimit r;
	long top = HIGHEST_FD;
	if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur != RLIM_INFINITY &&
	    (rlim_t)top >= r.rlim_cur)
		top = (long)r.rlim_cur - 1;
	for (long step = 1, at = top; at > fd; at = top - step, step *= 2) {
		int high = fcntl(fd, F_DUPFD_CLOEXEC, (int)at);
		if (high >= 0) {
			close(fd);
			fd = high;
			break;
		}
		if (errno != EMFILE)
			break;
	}
	errno = saved_errno;
	return fd;
}

static int open_event(pid_t tid)
{
	int fd = (int)syscall(SYS_perf_event_open, &perf.attr, tid, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return -1;
	fd = move_high(fd);
	struct stat st;
	uint64_t id;
	if (perf.n == MAX_EVENTS || fstat(fd, &st) != 0 || ioctl(fd, PERF_EVENT_IOC_ID, &id) != 0) {
		close(fd);
		return -1;
	}
	perf.fd[perf.n] = fd;
	perf.ino[perf.n] = st.st_ino;
	perf.dev[perf.n] = st.st_dev;
	perf.id[perf.n++] = id;
	return 0;
}

/* The threads running now but this one: each gets its event. */
static void open_running_threads(void)
{
	int dir = open("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dir < 0) {
		perf.missing |= GMON_MISSING_EARLY_THREADS;
		return;
	}
	pid_t self = (pid_t)syscall(SYS_gettid);
	char buf[4096];
	long got;
	/* the kernel's linux_dirent64: inode, offset, record length, type,
	 * name */
	while ((got = syscall(SYS_getdents64, dir, buf, sizeof buf)) > 0)
		for (long at = 0; at < got;) {
			unsigned short reclen;
			memcpy(&reclen, buf + at + 16, sizeof reclen);
			const char *name = buf + at + 19;
			at += reclen ? reclen : got;
			if (name[0] < '0' || name[0] > '9')
				continue;
			pid_t tid = (pid_t)strtol(name, NULL, 10);
			if (tid != self && open_event(tid) != 0 && errno != ESRCH)
				perf.missing |= GMON_MISSING_EARLY_THREADS;
		}
	close(dir);
}

static unsigned start(unsigned hz, gmon_signal_handler *handler, gmon_owed_samples *owed)
{
	(void)owed;
	struct perf_event_attr *attr = &perf.attr;
	memset(attr, 0, sizeof *attr);
	attr->size = sizeof *attr;
	attr->type = PERF_TYPE_SOFTWARE;
	attr->config = PERF_COUNT_SW_TASK_CLOCK;
	attr->sample_period = 1000000000ull / hz; /* nanoseconds */
	attr->exclude_hv = 1;
	attr->inherit = 1;
	attr->inherit_thread = 1;
	attr->remove_on_exec = 1; /* required with sigtrap; exec ends the profile anyway */
	attr->sigtrap = 1;
	if (gmon_clock_install(SIGTRAP, handler) != 0)
		return 0;
	/* system time too where allowed */
	if (open_event(0) != 0) {
		attr->exclude_kernel = 1;
		if (open_event(0) != 0) {
			gmon_signal_give_back(SIGTRAP);
			return 0;
		}
		perf.missing |= GMON_MISSING_SYSTEM_TIME;
	}
	open_running_threads();
	perf.running = 1;
	return (unsigned)((2000000000ull / attr->sample_period + 1) / 2);
}

static int still_the_event(unsigned i)
{
	struct stat st;
	uint64_t id;
	int saved_errno = errno;
	int same = fstat(perf.fd[i], &st) == 0 && st.st_ino == perf.ino[i] &&
		   st.st_dev == perf.dev[i] && ioctl(perf.fd[i], PERF_EVENT_IOC_ID, &id) == 0 &&
		   id == perf.id[i];
	errno = saved_errno;
	return same;
}

/* The profile's end: the events go, with the copies their threads'
 * new threads inherited, and their descriptors with them (the program
 * finds none of the runtime's at its exit).  Whether the program had
 * closed the first one is noted first, for missing(). */
static void stop(void)
{
	if (!perf.running)
		return;
	perf.running = 0;
	if (perf.n && !still_the_event(0))
		perf.missing |= GMON_MISSING_CLOCK_CLOSED;
	for (unsigned i = 0; i < perf.n; i++)
		if (still_the_event(i)) {
			ioctl(perf.fd[i], PERF_EVENT_IOC_DISABLE, 0);
			close(perf.fd[i]);
		}
	perf.n = 0;
}

/* The child inherited no event (inherit_thread), only the parent's
 * descriptors: those go, and its one thread gets an event of its own. */
static void after_fork(void)
{
	if (!perf.running)
		return;
	for (unsigned i = 0; i < perf.n; i++)
		if (still_the_event(i))
			close(perf.fd[i]);
	perf.n = 0;
	perf.missing &= ~GMON_MISSING_EARLY_THREADS;
	if (open_event(0) != 0)
		perf.running = 0;
}

/* Around an exec: the events disabled (a sample of the exec's own system
 * time would reach the new image before its handler), then enabled. */
static void hold(int on)
{
	if (!perf.running)
		return;
	for (unsigned i = 0; i < perf.n; i++)
		if (still_the_event(i))
			ioctl(perf.fd[i], on ? PERF_EVENT_IOC_DISABLE : PERF_EVENT_IOC_ENABLE, 0);
}

static unsigned samples(int signo, const siginfo_t *info)
{
	return signo == SIGTRAP && info->si_code == TRAP_PERF;
}

/* A program that closes the main thread's descriptor (close_range, or
 * a close or dup2 onto its number) ends its event and the copies its
 * new threads inherited: the inode tells (still_the_event). */
static unsigned missing(void)
{
	unsigned m = perf.missing;
	if (perf.n && !still_the_event(0))
		m |= GMON_MISSING_CLOCK_CLOSED;
	return m;
}

const struct gmon_clock gmon_clock_perf GMON_HIDDEN = {
	.name = "perf_event_open",
	.code = GMON_PROCESS_CLOCK_PERF,
	.signo = SIGTRAP,
	.above_hz = 100, /* the timers' rate: the tick */
	.start = start,
	.stop = stop,
	.after_fork = after_fork,
	.samples = samples,
	.hold = hold,
	.missing = missing,
};
