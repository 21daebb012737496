/* SPDX-License-Identifier: BSD-2-Clause
 *
 * sampler.c: the program-counter histogram and the clock that fills it.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * The signal handler here is async-signal-safe: no stdio, no malloc, no
 * locks.  Set-up and tear-down (start, stop, after fork) make system
 * calls only.
 *
 * Two clocks:
 *  - the process CPU-time clock (the default, 100 Hz): SIGPROF per 10 ms
 *    of the process's CPU time, whichever thread used it, which is what
 *    setitimer(ITIMER_PROF) gives, but from timer_create: an interval
 *    timer survives execve, so a forked child that runs another program
 *    would be killed by the first SIGPROF; a POSIX timer is deleted by
 *    execve.  Its overrun count also gives back the samples that a loaded
 *    machine merges into one signal.  The kernel checks CPU-time timers
 *    on its tick, so this clock cannot go faster than the tick (250 Hz
 *    here), whatever one asks for.
 *  - a perf_event_open task-clock per thread (GMON_RATE above 100): a
 *    high-resolution timer on each thread's own CPU time, inherited by
 *    threads and children created later, delivering a synchronous SIGTRAP
 *    to the thread it measured.  It counts user-mode time only (the
 *    kernel's default perf_event_paranoid forbids more).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "arch.h"
#include "gmon_private.h"
#include "process.h"

#ifndef TRAP_PERF
#define TRAP_PERF 6 /* si_code of a perf_event sigtrap (Linux 5.13) */
#endif

/* Bins are 16-bit counters; keep a histogram's file size reasonable for
 * huge programs by widening bins (always a power of two bytes).  Never
 * narrower than 2 bytes: GNU gprof works in 2-byte units and would lose
 * half the samples of 1-byte bins to rounding; nor than an instruction
 * where all have one size (arch.h: 4 bytes on aarch64). */
#define MAX_BINS (4u << 20)
#define MIN_BIN_SHIFT GMON_ARCH_MIN_BIN_SHIFT

enum clock_kind { CLOCK_NONE, CLOCK_CPUTIME, CLOCK_PERF };

/*
 * The histogram: bins[i] counts samples whose PC lies in
 *   [low_pc + (i << shift), low_pc + ((i + 1) << shift)).
 * low_pc and high_pc are multiples of the bin width, so
 * (high_pc - low_pc) / nbins is exactly 1 << shift and a reader that
 * divides gets the true bin edges: no sample near a function's first
 * byte is credited to the function before it.  Counts saturate at
 * 65535 (glibc's wrap).  Written by the signal handler of any thread
 * (atomically), read by the writer.
 */
static struct {
	uintptr_t low_pc, high_pc;
	unsigned shift;
	size_t nbins;
	uint16_t *bins;
	size_t bins_bytes;
	unsigned rate; /* samples per second of CPU time, as achieved */
	enum clock_kind clock;
	int perf_fd;
	timer_t timer;
	struct itimerspec interval;
} hist = { .perf_fd = -1 };

int gmon_hist_init(uintptr_t low_pc, uintptr_t high_pc)
{
	unsigned shift = MIN_BIN_SHIFT;
	uintptr_t low, high;
	for (;;) {
		uintptr_t width = (uintptr_t)1 << shift;
		low = low_pc & ~(width - 1);
		high = (high_pc + width - 1) & ~(width - 1);
		if (((high - low) >> shift) <= MAX_BINS)
			break;
		shift++;
	}
	hist.low_pc = low;
	hist.high_pc = high;
	hist.shift = shift;
	hist.nbins = (high - low) >> shift;
	hist.bins_bytes = hist.nbins * sizeof(uint16_t);
	if (hist.bins_bytes == 0)
		return -1;
	void *p = mmap(NULL, hist.bins_bytes, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		hist.nbins = 0;
		return -1;
	}
	hist.bins = p;
	return 0;
}

static void bin_add(uint16_t *bin, unsigned samples)
{
	uint16_t v = __atomic_load_n(bin, __ATOMIC_RELAXED), sum;
	do
		sum = samples >= (unsigned)(UINT16_MAX - v) ? UINT16_MAX : (uint16_t)(v + samples);
	while (v != UINT16_MAX &&
	       !__atomic_compare_exchange_n(bin, &v, sum, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
}

/* The clock's handler.  It makes no system call and calls nothing in
 * libc (errno is saved only where a call may set it): a seccomp filter
 * the program installs later cannot kill it on our account, and no
 * first call through a PLT slot (the dynamic linker saving every
 * vector register on the stack) lands on a small alternate stack. */
static void on_sample(int signo, siginfo_t *info, void *context)
{
	if (signo == SIGTRAP && info->si_code != TRAP_PERF) {
		/* A breakpoint, not our clock: behave as if we were absent. */
		int saved_errno = errno;
		signal(SIGTRAP, SIG_DFL);
		raise(SIGTRAP);
		errno = saved_errno;
		return;
	}
	if (__atomic_load_n(&gmon_state, __ATOMIC_RELAXED) == GMON_ON && hist.bins) {
		/* expiries merged into this signal were spent at this PC too */
		unsigned samples = 1;
		if (signo == SIGPROF && info->si_code == SI_TIMER && info->si_overrun > 0)
			samples += (unsigned)info->si_overrun;
		uintptr_t offset = gmon_arch_signal_pc(context) - hist.low_pc;
		if (offset < hist.high_pc - hist.low_pc)
			bin_add(&hist.bins[offset >> hist.shift], samples);
		else
			gmon_foreign_sample(offset + hist.low_pc, samples);
		gmon_count_samples(samples);
		gmon_stack_sample(context, samples);
	}
}

static int install_handler(int signo)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_sample;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	return sigaction(signo, &sa, NULL);
}

static int arm_cputime_timer(void)
{
	struct sigevent event;
	memset(&event, 0, sizeof event);
	event.sigev_notify = SIGEV_SIGNAL;
	event.sigev_signo = SIGPROF;
	if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &event, &hist.timer) != 0)
		return -1;
	if (timer_settime(hist.timer, 0, &hist.interval, NULL) != 0) {
		timer_delete(hist.timer);
		return -1;
	}
	return 0;
}

static unsigned start_cputime(unsigned rate_hz)
{
	long ns = 1000000000L / rate_hz;
	hist.interval.it_interval.tv_sec = ns / 1000000000L;
	hist.interval.it_interval.tv_nsec = ns % 1000000000L;
	hist.interval.it_value = hist.interval.it_interval;
	if (install_handler(SIGPROF) != 0 || arm_cputime_timer() != 0)
		return 0;
	/* Should the kernel round the interval, record what it kept. */
	struct itimerspec kept;
	if (timer_gettime(hist.timer, &kept) == 0 &&
	    (kept.it_interval.tv_sec != 0 || kept.it_interval.tv_nsec != 0))
		ns = kept.it_interval.tv_sec * 1000000000L + kept.it_interval.tv_nsec;
	hist.clock = CLOCK_CPUTIME;
	return (unsigned)((1000000000L + ns / 2) / ns);
}

static unsigned start_perf(unsigned rate_hz)
{
	struct perf_event_attr attr;
	memset(&attr, 0, sizeof attr);
	attr.size = sizeof attr;
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_TASK_CLOCK;
	attr.sample_period = 1000000000ull / rate_hz; /* nanoseconds */
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	attr.inherit = 1;
	attr.remove_on_exec = 1; /* required with sigtrap; exec ends the profile anyway */
	attr.sigtrap = 1;
	if (install_handler(SIGTRAP) != 0)
		return 0;
	int fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		signal(SIGTRAP, SIG_DFL);
		return 0;
	}
	hist.perf_fd = fd;
	hist.clock = CLOCK_PERF;
	return (unsigned)((2000000000ull / attr.sample_period + 1) / 2);
}

unsigned gmon_sampler_start(unsigned rate_hz)
{
	if (!hist.bins || rate_hz == 0)
		return 0;
	unsigned achieved = 0;
	if (rate_hz > 100) {
		achieved = start_perf(rate_hz);
		if (!achieved) {
			char buf[24];
			gmon_message("GMON_RATE=", gmon_decimal(buf, rate_hz),
			             " needs perf_event_open, which failed: sampling at 100 Hz");
			rate_hz = 100;
		}
	}
	if (!achieved)
		achieved = start_cputime(rate_hz);
	hist.rate = achieved;
	return achieved;
}

void gmon_sampler_stop(void)
{
	if (hist.clock == CLOCK_CPUTIME) {
		timer_delete(hist.timer);
		hist.clock = CLOCK_NONE;
	} else if (hist.clock == CLOCK_PERF) {
		/* Applies to the copies inherited by threads as well. */
		ioctl(hist.perf_fd, PERF_EVENT_IOC_DISABLE, 0);
	}
	/* The handler stays: a signal already pending must not kill us. */
}

void gmon_sampler_after_fork(void)
{
	if (hist.bins)
		mmap(hist.bins, hist.bins_bytes, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
	/* POSIX timers are not inherited: the child needs its own.  The perf
	 * clock is inherited, but its descriptor is the parent's: disabling
	 * it would stop the parent. */
	if (hist.clock == CLOCK_CPUTIME) {
		if (arm_cputime_timer() != 0)
			hist.clock = CLOCK_NONE;
	} else if (hist.clock == CLOCK_PERF) {
		close(hist.perf_fd);
		hist.perf_fd = -1;
		hist.clock = CLOCK_NONE; /* runs on unseen; ignored once done */
	}
}

void gmon_hist_view(struct gmon_hist_view *view)
{
	view->low_pc = hist.low_pc;
	view->high_pc = hist.high_pc;
	view->nbins = hist.nbins;
	view->bins = hist.bins;
	view->rate = hist.rate;
}
