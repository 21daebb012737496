/* SPDX-License-Identifier: BSD-2-Clause
 *
 * thread_table.c: the threads a profile knows, so that each call stack
 * says which thread it came from (doc/format.md, "Tag 6, thread
 * stacks"; doc/runtime.md, "Threads").
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * A thread enters the table itself, outside any signal handler (the
 * main thread at start-up, every other first thing after
 * pthread_create, threads.c): it asks the kernel its id and name there,
 * since the signal handler makes no system call.  The handler only loads
 * the thread's number from thread-local storage.  A name is often set
 * after the thread starts (pthread_setname_np at the top of its
 * routine), so it is read again when the thread ends (a thread-specific
 * key's destructor: ordinary context) and, for the threads still
 * running, by the writer from /proc/self/task/TID/comm (open, read and
 * close are async-signal-safe).  The table is a mapped array filled by
 * an atomic add: no lock, no malloc.
 *
 * A thread that did not pass through libgmon's pthread_create (started
 * by the C library's own, as std::thread is in a program linked with
 * libgmon.a) enters the table at its first sample, from the handler
 * (gmon_thread_number_at_sample): the same atomic add, gettid and
 * prctl(PR_GET_NAME) (system calls that cannot fail: errno is kept),
 * without the key's destructor (pthread_setspecific is not
 * async-signal-safe): its name is the writer's reading of
 * /proc/self/task/TID/comm while it runs, else the one it had then.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "table.h"
#include "thread_table.h"

#define MAX_THREADS GMON_THREADS_MAX
#define ENDED 0x80000000u /* the name was read as the thread ended */

struct thread_entry {
	int32_t tid;
	uint32_t flags; /* GMON_THREAD_MAIN, ENDED */
	char name[GMON_THREAD_NAME_SIZE];
};

static struct {
	struct thread_entry *entries;
	uint32_t used;       /* atomic: entries claimed */
	uint32_t generation; /* a forked child's numbers are new ones */
	pthread_key_t key;
	int has_key;
} threads;

/* 1 + the thread's number, and the generation it belongs to; 0: none.
 * Initial-exec: a load relative to the thread pointer, safe in a
 * signal handler. */
static __thread uint32_t my_number __attribute__((tls_model("initial-exec")));
static __thread uint32_t my_generation __attribute__((tls_model("initial-exec")));
/* set while the thread enters itself: a sample then does not enter it again */
static __thread uint32_t my_entering __attribute__((tls_model("initial-exec")));

uint32_t gmon_thread_number(void)
{
	uint32_t n = my_number;
	if (n == 0 || my_generation != __atomic_load_n(&threads.generation, __ATOMIC_RELAXED))
		return GMON_THREAD_UNKNOWN;
	return n - 1;
}

static void read_own_name(char name[GMON_THREAD_NAME_SIZE])
{
	char buf[GMON_THREAD_NAME_SIZE + 1];
	memset(buf, 0, sizeof buf);
	if (prctl(PR_GET_NAME, buf, 0, 0, 0) == 0)
		memcpy(name, buf, GMON_THREAD_NAME_SIZE - 1);
}

/* The key's destructor, as the thread ends: its name as it was last. */
static void thread_ends(void *unused)
{
	(void)unused;
	uint32_t n = gmon_thread_number();
	if (n == GMON_THREAD_UNKNOWN)
		return;
	struct thread_entry *e = &threads.entries[n];
	read_own_name(e->name);
	__atomic_fetch_or(&e->flags, ENDED, __ATOMIC_RELEASE);
}

static void enter(uint32_t flags, int in_handler)
{
	if (!threads.entries)
		return;
	my_entering = 1;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	uint32_t n = __atomic_fetch_add(&threads.used, 1, __ATOMIC_RELAXED);
	if (n >= MAX_THREADS) {
		__atomic_store_n(&threads.used, MAX_THREADS, __ATOMIC_RELAXED);
		return; /* its samples' thread is unknown (and it stays "entering") */
	}
	struct thread_entry *e = &threads.entries[n];
	e->tid = (int32_t)syscall(SYS_gettid);
	read_own_name(e->name);
	__atomic_store_n(&e->flags, flags, __ATOMIC_RELEASE);
	my_generation = __atomic_load_n(&threads.generation, __ATOMIC_RELAXED);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	my_number = n + 1;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	my_entering = 0;
	if (!(flags & GMON_THREAD_MAIN) && threads.has_key && !in_handler)
		pthread_setspecific(threads.key, &threads); /* any non-NULL value */
}

int gmon_threads_init(void)
{
	threads.entries = gmon_map_zeroed(NULL, MAX_THREADS * sizeof(struct thread_entry));
	if (!threads.entries)
		return -1;
	threads.has_key = pthread_key_create(&threads.key, thread_ends) == 0;
	enter(GMON_THREAD_MAIN, 0);
	return 0;
}

void gmon_threads_after_fork(void)
{
	if (!threads.entries)
		return;
	gmon_map_zeroed(threads.entries, MAX_THREADS * sizeof(struct thread_entry));
	threads.used = 0;
	__atomic_fetch_add(&threads.generation, 1, __ATOMIC_RELAXED);
	enter(GMON_THREAD_MAIN, 0); /* the child's only thread */
}

void gmon_thread_here(void)
{
	enter(0, 0);
}

uint32_t gmon_thread_number_at_sample(void)
{
	uint32_t n = gmon_thread_number();
	if (n != GMON_THREAD_UNKNOWN || my_entering ||
	    !__atomic_load_n(&threads.entries, __ATOMIC_RELAXED))
		return n;
	enter(0, 1);
	return gmon_thread_number();
}

uint32_t gmon_threads_count(void)
{
	uint32_t n = __atomic_load_n(&threads.used, __ATOMIC_ACQUIRE);
	return n < MAX_THREADS ? n : MAX_THREADS;
}

/* Writes decimal v into buf, returns the characters written. */
static size_t put_decimal(char *buf, uint32_t v)
{
	char digits[10];
	size_t n = 0, i;
	do
		digits[n++] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	for (i = 0; i < n; i++)
		buf[i] = digits[n - 1 - i];
	return n;
}

void gmon_thread_view(uint32_t i, struct gmon_thread_view *view)
{
	const struct thread_entry *e = &threads.entries[i];
	uint32_t flags = __atomic_load_n(&e->flags, __ATOMIC_ACQUIRE);
	view->tid = e->tid;
	view->flags = flags & GMON_THREAD_MAIN;
	memcpy(view->name, e->name, GMON_THREAD_NAME_SIZE);
	view->name[GMON_THREAD_NAME_SIZE - 1] = '\0';
	if ((flags & ENDED) || e->tid <= 0)
		return;
	/* still running (or gone without its destructor: then the file is
	 * missing, or names a later thread of the same id; the first is
	 * common, the second rare): its name now */
	char path[48] = "/proc/self/task/";
	size_t n = strlen(path);
	n += put_decimal(path + n, (uint32_t)e->tid);
	memcpy(path + n, "/comm", 6);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	char buf[GMON_THREAD_NAME_SIZE + 1];
	ssize_t got = read(fd, buf, GMON_THREAD_NAME_SIZE);
	close(fd);
	if (got <= 0)
		return;
	if (buf[got - 1] == '\n')
		got--;
	memset(view->name, 0, GMON_THREAD_NAME_SIZE);
	memcpy(view->name, buf,
	       (size_t)got < GMON_THREAD_NAME_SIZE - 1 ? (size_t)got : GMON_THREAD_NAME_SIZE - 1);
}
