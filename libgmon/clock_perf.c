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
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../include/gmon_out.h"
#include "clock.h"

#ifndef TRAP_PERF
#define TRAP_PERF 6 /* si_code of a perf_event sigtrap (Linux 5.13) */
#endif

/* The events this process opened: its own thread's first, then the
 * threads that were running at start.  Each descriptor's inode is kept,
 * so that stop never acts on a descriptor the program has since closed
 * and reused. */
#define MAX_EVENTS 64
static struct {
	int running;
	unsigned missing; /* GMON_MISSING_* */
	struct perf_event_attr attr;
	unsigned n;
	int fd[MAX_EVENTS];
	ino_t ino[MAX_EVENTS];
} perf;

static int open_event(pid_t tid)
{
	int fd = (int)syscall(SYS_perf_event_open, &perf.attr, tid, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return -1;
	struct stat st;
	if (perf.n == MAX_EVENTS || fstat(fd, &st) != 0) {
		close(fd);
		return -1;
	}
	perf.fd[perf.n] = fd;
	perf.ino[perf.n++] = st.st_ino;
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
	return fstat(perf.fd[i], &st) == 0 && st.st_ino == perf.ino[i];
}

static void stop(void)
{
	if (!perf.running)
		return;
	perf.running = 0;
	/* each applies to the copies its threads' new threads inherited */
	for (unsigned i = 0; i < perf.n; i++)
		if (still_the_event(i))
			ioctl(perf.fd[i], PERF_EVENT_IOC_DISABLE, 0);
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

/* A program that closes every descriptor (close_range) ends the events
 * with the one of its own thread. */
static unsigned missing(void)
{
	unsigned m = perf.missing;
	if (perf.n && !still_the_event(0))
		m |= GMON_MISSING_CLOCK_CLOSED;
	return m;
}

const struct gmon_clock gmon_clock_perf = {
	.name = "perf",
	.start = start,
	.stop = stop,
	.after_fork = after_fork,
	.samples = samples,
	.hold = hold,
	.missing = missing,
};
