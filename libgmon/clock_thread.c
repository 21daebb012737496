/* SPDX-License-Identifier: BSD-2-Clause
 *
 * clock_thread.c: the per-thread CPU-time clock (clock.h), the default
 * up to 100 Hz: one POSIX timer per thread on the thread's own CPU time
 * (CLOCK_THREAD_CPUTIME_ID), which signals that thread (SIGEV_THREAD_ID)
 * with SIGPROF per 10 ms of its time.  So each thread is sampled by what
 * it uses, whatever the others do (a process-wide timer signals the
 * process, and the kernel picks the thread), with no perf_event_open:
 * timer_create is allowed by the default seccomp profiles of container
 * runtimes.  The thread that starts the clock gets its timer at start;
 * every thread created later gets its own before it runs the program's
 * code (threads.c, through gmon_sampler_thread_here), and deletes it as it
 * exits (a thread-specific key's destructor), so that a program that
 * makes many short threads does not run out of timers.
 *
 * Every thread's CPU time is accounted: a timer's first expiry is
 * uniform over (0, period] (expiry.h), so that a thread shorter than a
 * period is sampled with the probability its length gives, and no
 * thread loses its last partial period on average; successive timers'
 * first expiries spread evenly over the period (a process's threads'
 * samples add up to their CPU time within a few samples, not by luck);
 * expiries a loaded machine merged into one signal come back from its
 * overrun count; and as a thread exits, the expiries its CPU time made
 * due but the kernel never delivered (it checks CPU-time timers on its
 * tick, which a short thread may not live to see) are credited at the
 * thread's start routine, the place known to have run.
 *
 * Timers are made with the system calls themselves and kernel timer ids,
 * which glibc and musl share.  The kernel checks CPU-time timers on its
 * tick, so this clock cannot go faster than the tick either.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * start, stop, after_fork and the per-thread set-up and tear-down run in
 * ordinary contexts and make system calls only (the registry of timers
 * is mapped at start and updated with atomic exchanges: no lock);
 * samples runs in the signal handler and makes none.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "../include/gmon_out.h"
#include "clock.h"
#include "expiry.h"
#include "message.h"
#include "table.h"

#ifndef SIGEV_THREAD_ID
#define SIGEV_THREAD_ID 4
#endif

/* The kernel's struct sigevent (64 bytes), whatever the C library calls
 * its thread-id member. */
struct kernel_sigevent {
	union sigval value;
	int signo;
	int notify;
	union {
		int tid;
		char pad[64 - sizeof(union sigval) - 2 * sizeof(int)];
	} u;
};

/* The registry: one slot per thread with a timer, holding its kernel
 * timer id + 1 (0: free, -1: being claimed).  Whoever exchanges a
 * slot's id for 0 deletes that timer (the thread as it exits, or stop),
 * so no timer is deleted twice, nor an id the program has since reused.
 * Slots [0, used) have been handed out; a thread takes a free one below
 * used, or the next.  Mapped once at start (MAP_NORESERVE: untouched
 * pages cost nothing). */
#define MAX_TIMERS (1u << 16)
static int *registry;
static unsigned used;   /* atomic */
static int running;     /* atomic */
static int full_warned; /* atomic */
static struct itimerspec interval;
static long period_ns;
static pthread_key_t exit_key;
static gmon_owed_samples *owed_to;
/* The phases of this process's timers (expiry.h): its start, drawn at
 * start and in a forked child, and the next timer's number (atomic). */
static uint64_t phase_start;
static uint64_t phase_next;

/* The slot this thread's timer is in, + 1; 0: none. */
static __thread unsigned this_slot __attribute__((tls_model("initial-exec")));
/* This thread's timer: its CPU time when armed, its first expiry after
 * that (ns), the samples its signals brought (the handler adds), and
 * its start routine (0: the thread that started the clock, or a forked
 * child's). */
static __thread struct {
	uint64_t armed_ns;
	uint64_t first_ns;
	uint64_t delivered;
	uintptr_t entry;
} this_timer __attribute__((tls_model("initial-exec")));

static uint64_t thread_cpu_ns(void)
{
	struct timespec t;
	if (syscall(SYS_clock_gettime, CLOCK_THREAD_CPUTIME_ID, &t) != 0)
		return 0;
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* A start for the phases, from the pid and the time. */
static void draw_phases(void)
{
	struct timespec now;
	syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &now);
	uint64_t seed = ((uint64_t)(unsigned)syscall(SYS_getpid) << 32) ^ (uint64_t)now.tv_nsec ^
			((uint64_t)now.tv_sec << 20);
	phase_start = gmon_expiry_start(seed);
}

/* The next timer's first expiry, in ns. */
static long next_first_expiry(void)
{
	uint64_t k = __atomic_fetch_add(&phase_next, 1, __ATOMIC_RELAXED);
	return gmon_expiry_first(phase_start, k, period_ns);
}

static int make_timer(void)
{
	struct kernel_sigevent event;
	memset(&event, 0, sizeof event);
	event.value.sival_ptr = GMON_CLOCK_COOKIE;
	event.signo = SIGPROF;
	event.notify = SIGEV_THREAD_ID;
	int tid = (int)syscall(SYS_gettid);
	event.u.tid = tid;
	int id = -1;
	if (syscall(SYS_timer_create, CLOCK_THREAD_CPUTIME_ID, &event, &id) != 0)
		return -1;
	long first = next_first_expiry();
	struct itimerspec value = interval;
	value.it_value.tv_sec = first / 1000000000L;
	value.it_value.tv_nsec = first % 1000000000L;
	this_timer.armed_ns = thread_cpu_ns();
	this_timer.first_ns = (uint64_t)first;
	this_timer.delivered = 0;
	if (syscall(SYS_timer_settime, id, 0, &value, NULL) != 0) {
		syscall(SYS_timer_delete, id);
		return -1;
	}
	return id;
}

/* The samples this thread's CPU time made due that no signal brought:
 * its timer already deleted, so none is still on its way. */
static unsigned owed_samples(void)
{
	uint64_t ran = thread_cpu_ns() - this_timer.armed_ns;
	uint64_t due = gmon_expiry_due(ran, this_timer.first_ns, period_ns);
	uint64_t got = __atomic_load_n(&this_timer.delivered, __ATOMIC_RELAXED);
	return due > got ? (unsigned)(due - got) : 0;
}

static void release(unsigned slot)
{
	int id = __atomic_exchange_n(&registry[slot], 0, __ATOMIC_ACQ_REL);
	if (id > 0)
		syscall(SYS_timer_delete, id - 1);
}

/* A slot for this thread, claimed (-1), or MAX_TIMERS if all are taken. */
static unsigned claim_slot(void)
{
	unsigned n = __atomic_load_n(&used, __ATOMIC_ACQUIRE);
	for (unsigned i = 0; i < n; i++) {
		int free_slot = 0;
		if (__atomic_compare_exchange_n(&registry[i], &free_slot, -1, 0, __ATOMIC_ACQ_REL,
						__ATOMIC_RELAXED))
			return i;
	}
	unsigned i = __atomic_fetch_add(&used, 1, __ATOMIC_ACQ_REL);
	if (i >= MAX_TIMERS) {
		__atomic_store_n(&used, MAX_TIMERS, __ATOMIC_RELEASE);
		return MAX_TIMERS;
	}
	__atomic_store_n(&registry[i], -1, __ATOMIC_RELEASE);
	return i;
}

/* Give the calling thread its timer.  0, or -1 if it has none. */
static int arm_this_thread(void)
{
	if (!__atomic_load_n(&running, __ATOMIC_SEQ_CST) || this_slot)
		return this_slot ? 0 : -1;
	unsigned slot = claim_slot();
	if (slot == MAX_TIMERS) {
		if (!__atomic_exchange_n(&full_warned, 1, __ATOMIC_RELAXED)) {
			gmon_message("more than 65536 threads at once: the newest are not sampled",
				     NULL, NULL);
		}
		return -1;
	}
	int id = make_timer();
	if (id < 0) {
		__atomic_store_n(&registry[slot], 0, __ATOMIC_RELEASE);
		return -1;
	}
	__atomic_store_n(&registry[slot], id + 1, __ATOMIC_SEQ_CST);
	this_slot = slot + 1;
	/* stop may have swept past this slot before the store: then the
	 * timer is ours to delete */
	if (!__atomic_load_n(&running, __ATOMIC_SEQ_CST)) {
		release(slot);
		this_slot = 0;
		return -1;
	}
	pthread_setspecific(exit_key, (void *)1);
	return 0;
}

/* The key's destructor: the thread exits.  Its timer is deleted first,
 * so that no expiry is both delivered and owed. */
static void thread_exits(void *unused)
{
	(void)unused;
	if (this_slot) {
		release(this_slot - 1);
		this_slot = 0;
		unsigned owed = owed_samples();
		if (owed && this_timer.entry && __atomic_load_n(&running, __ATOMIC_SEQ_CST))
			owed_to(this_timer.entry, owed);
	}
}

/* How many threads the process has now (/proc/self/task), or 0 if it
 * cannot be told. */
static unsigned count_threads(void)
{
	int fd = open("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	unsigned n = 0;
	char buf[4096];
	long got;
	/* the kernel's linux_dirent64: inode, offset, record length, type,
	 * name (the C libraries differ in what they call it) */
	while ((got = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0)
		for (long at = 0; at < got;) {
			unsigned short reclen;
			memcpy(&reclen, buf + at + 16, sizeof reclen);
			if (buf[at + 19] != '.')
				n++;
			at += reclen ? reclen : got;
		}
	close(fd);
	return n;
}

static unsigned start(unsigned hz, gmon_signal_handler *handler, gmon_owed_samples *owed)
{
	/* Threads already running would have no timer: leave them to the
	 * process clock (sampler.c falls back to it). */
	if (count_threads() != 1)
		return 0;
	long ns = 1000000000L / hz;
	interval.it_interval.tv_sec = ns / 1000000000L;
	interval.it_interval.tv_nsec = ns % 1000000000L;
	interval.it_value = interval.it_interval;
	period_ns = ns;
	owed_to = owed;
	draw_phases();
	registry = gmon_map_zeroed(NULL, MAX_TIMERS * sizeof *registry);
	if (!registry)
		return 0;
	if (pthread_key_create(&exit_key, thread_exits) != 0 ||
	    gmon_clock_install(SIGPROF, handler) != 0)
		return 0;
	__atomic_store_n(&running, 1, __ATOMIC_SEQ_CST);
	if (arm_this_thread() != 0) {
		__atomic_store_n(&running, 0, __ATOMIC_SEQ_CST);
		return 0;
	}
	struct itimerspec kept;
	if (syscall(SYS_timer_gettime, registry[this_slot - 1] - 1, &kept) == 0 &&
	    (kept.it_interval.tv_sec != 0 || kept.it_interval.tv_nsec != 0))
		ns = kept.it_interval.tv_sec * 1000000000L + kept.it_interval.tv_nsec;
	period_ns = ns;
	return (unsigned)((1000000000L + ns / 2) / ns);
}

static void stop(void)
{
	if (!__atomic_exchange_n(&running, 0, __ATOMIC_SEQ_CST))
		return;
	unsigned n = __atomic_load_n(&used, __ATOMIC_ACQUIRE);
	for (unsigned i = 0; i < n; i++)
		release(i);
	this_slot = 0;
}

/* Timers are not inherited: the parent's ids mean nothing here.  The
 * child has one thread, the one that forked: it gets a timer. */
static void after_fork(void)
{
	if (!__atomic_load_n(&running, __ATOMIC_RELAXED))
		return;
	gmon_map_zeroed(registry, MAX_TIMERS * sizeof *registry);
	__atomic_store_n(&used, 0, __ATOMIC_RELAXED);
	this_slot = 0;
	this_timer.entry = 0;
	draw_phases(); /* not the parent's: summed profiles of children would share them */
	if (arm_this_thread() != 0)
		__atomic_store_n(&running, 0, __ATOMIC_RELAXED);
}

/* Around an exec: this thread's timer stopped (the others' threads end
 * with the exec), then started again with a fresh first expiry. */
static void hold(int on)
{
	if (!this_slot || !__atomic_load_n(&running, __ATOMIC_RELAXED))
		return;
	int id = __atomic_load_n(&registry[this_slot - 1], __ATOMIC_ACQUIRE) - 1;
	if (id < 0)
		return;
	struct itimerspec value;
	memset(&value, 0, sizeof value);
	if (!on) {
		long first = next_first_expiry();
		value = interval;
		value.it_value.tv_sec = first / 1000000000L;
		value.it_value.tv_nsec = first % 1000000000L;
		this_timer.armed_ns = thread_cpu_ns();
		this_timer.first_ns = (uint64_t)first;
		this_timer.delivered = 0;
	}
	syscall(SYS_timer_settime, id, 0, &value, NULL);
}

static void thread_here(uintptr_t entry)
{
	this_timer.entry = entry;
	arm_this_thread();
}

/* Only this clock's timers' signals; expiries merged into one signal
 * (its overrun count) were spent at its pc too. */
static unsigned samples(int signo, const siginfo_t *info)
{
	if (signo != SIGPROF || !gmon_clock_signal_is_ours(info))
		return 0;
	unsigned n = 1;
	if (info->si_overrun > 0)
		n += (unsigned)info->si_overrun;
	__atomic_store_n(&this_timer.delivered, this_timer.delivered + n, __ATOMIC_RELAXED);
	return n;
}

static unsigned missing(void)
{
	return __atomic_load_n(&full_warned, __ATOMIC_RELAXED) ? GMON_MISSING_MANY_THREADS : 0;
}

const struct gmon_clock gmon_clock_thread GMON_HIDDEN = {
	.name = "timer_create",
	.code = GMON_PROCESS_CLOCK_THREAD_CPU,
	.signo = SIGPROF,
	.start = start,
	.stop = stop,
	.after_fork = after_fork,
	.thread_here = thread_here,
	.samples = samples,
	.hold = hold,
	.missing = missing,
};
