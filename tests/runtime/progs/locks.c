/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * locks.c: the results of the lock calls libgmon.so wraps where they do
 * not simply succeed, and cancellation inside wrapped waits (issue 37,
 * fault 2).  One case per run, named by the argument; each prints one
 * line per call, "CALL RESULT", RESULT an errno name or 0, so that the
 * output is the same byte for byte with and without a profiler that
 * keeps the program's behaviour.  An alarm ends a hang (status 142).
 *   robust-normal, robust-errorcheck, robust-recursive: a robust mutex
 *       whose owner (a thread) died holding it: EOWNERDEAD, then after
 *       pthread_mutex_consistent, 0 and 0 again;
 *   notrecoverable: the same, unlocked without pthread_mutex_consistent:
 *       ENOTRECOVERABLE;
 *   pshared: a process-shared robust mutex whose owner (a child process)
 *       died: EOWNERDEAD;
 *   recursive: a recursive mutex locked again by its owner: 0;
 *   errorcheck: an error-checking mutex locked again by its owner: EDEADLK;
 *   timed: pthread_mutex_timedlock of a held mutex: ETIMEDOUT, EINVAL for
 *       a bad time;
 *   rwlock: rdlock while holding the write lock: EDEADLK; wrlock while a
 *       reader holds it, timed: ETIMEDOUT;
 *   cancel: a thread cancelled in each of poll, sleep, read,
 *       pthread_cond_wait, sem_wait: the cleanup handler ran, join gives
 *       PTHREAD_CANCELED, and ran with the signal mask the thread had
 *       (SIGPROF not blocked).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *name(int e)
{
	switch (e) {
	case 0:
		return "0";
	case EOWNERDEAD:
		return "EOWNERDEAD";
	case ENOTRECOVERABLE:
		return "ENOTRECOVERABLE";
	case EDEADLK:
		return "EDEADLK";
	case EBUSY:
		return "EBUSY";
	case EAGAIN:
		return "EAGAIN";
	case EINVAL:
		return "EINVAL";
	case ETIMEDOUT:
		return "ETIMEDOUT";
	case EPERM:
		return "EPERM";
	case EINTR:
		return "EINTR";
	}
	static char buf[16];
	snprintf(buf, sizeof buf, "%d", e);
	return buf;
}

static void say(const char *call, int rc)
{
	printf("%s %s\n", call, name(rc));
	fflush(stdout);
}

static void *lock_and_die(void *m)
{
	pthread_mutex_lock(m);
	return NULL; /* holding it */
}

static void robust(int type, int consistent)
{
	pthread_mutexattr_t a;
	pthread_mutex_t m;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, type);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(&m, &a);
	pthread_t t;
	pthread_create(&t, NULL, lock_and_die, &m);
	pthread_join(t, NULL);
	say("lock", pthread_mutex_lock(&m));
	if (consistent)
		say("consistent", pthread_mutex_consistent(&m));
	say("unlock", pthread_mutex_unlock(&m));
	say("lock", pthread_mutex_lock(&m));
	if (!consistent)
		say("trylock", pthread_mutex_trylock(&m));
	else
		say("unlock", pthread_mutex_unlock(&m));
}

static void pshared(void)
{
	pthread_mutex_t *m =
		mmap(NULL, sizeof *m, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pthread_mutexattr_t a;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(m, &a);
	pid_t pid = fork();
	if (pid == 0) {
		pthread_mutex_lock(m);
		_exit(0);
	}
	waitpid(pid, NULL, 0);
	say("lock", pthread_mutex_lock(m));
	say("consistent", pthread_mutex_consistent(m));
	say("unlock", pthread_mutex_unlock(m));
}

static void relock(int type)
{
	pthread_mutexattr_t a;
	pthread_mutex_t m;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, type);
	pthread_mutex_init(&m, &a);
	say("lock", pthread_mutex_lock(&m));
	say("lock", pthread_mutex_lock(&m));
	say("trylock", pthread_mutex_trylock(&m));
}

static void *hold(void *m)
{
	pthread_mutex_lock(m);
	pause();
	return NULL;
}

static void timed(void)
{
	static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_t t;
	pthread_create(&t, NULL, hold, &m);
	while (pthread_mutex_trylock(&m) == 0)
		pthread_mutex_unlock(&m), usleep(1000);
	struct timespec when;
	clock_gettime(CLOCK_REALTIME, &when);
	when.tv_nsec += 20000000;
	if (when.tv_nsec >= 1000000000)
		when.tv_sec++, when.tv_nsec -= 1000000000;
	say("timedlock", pthread_mutex_timedlock(&m, &when));
	when.tv_nsec = 2000000000;
	say("timedlock", pthread_mutex_timedlock(&m, &when));
}

static void *read_hold(void *l)
{
	pthread_rwlock_rdlock(l);
	pause();
	return NULL;
}

static void rwlock(void)
{
	static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER, r = PTHREAD_RWLOCK_INITIALIZER;
	say("wrlock", pthread_rwlock_wrlock(&l));
	say("rdlock", pthread_rwlock_rdlock(&l));
	say("wrlock", pthread_rwlock_wrlock(&l));
	say("trywrlock", pthread_rwlock_trywrlock(&l));
	pthread_t t;
	pthread_create(&t, NULL, read_hold, &r);
	while (pthread_rwlock_trywrlock(&r) == 0)
		pthread_rwlock_unlock(&r), usleep(1000);
	struct timespec when;
	clock_gettime(CLOCK_REALTIME, &when);
	when.tv_sec += 0;
	when.tv_nsec = when.tv_nsec < 980000000 ? when.tv_nsec + 20000000 : when.tv_nsec;
	say("timedwrlock", pthread_rwlock_timedwrlock(&r, &when));
}

static pthread_mutex_t cm = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static sem_t sem;
static int fds[2];
static volatile int cleaned, prof_blocked;

static void cleanup(void *what)
{
	sigset_t now;
	pthread_sigmask(SIG_BLOCK, NULL, &now);
	prof_blocked = sigismember(&now, SIGPROF);
	cleaned = 1;
	if (strcmp(what, "cond_wait") == 0)
		pthread_mutex_unlock(&cm); /* the wait took it back */
}

static void *waiter(void *what)
{
	pthread_cleanup_push(cleanup, what);
	if (strcmp(what, "poll") == 0) {
		poll(NULL, 0, -1);
	} else if (strcmp(what, "sleep") == 0) {
		sleep(100);
	} else if (strcmp(what, "read") == 0) {
		char c;
		read(fds[0], &c, 1);
	} else if (strcmp(what, "cond_wait") == 0) {
		pthread_mutex_lock(&cm);
		for (;;)
			pthread_cond_wait(&cv, &cm);
	} else if (strcmp(what, "sem_wait") == 0) {
		sem_wait(&sem);
	}
	pthread_cleanup_pop(0);
	return NULL;
}

static void cancel(void)
{
	static const char *waits[] = { "poll", "sleep", "read", "cond_wait", "sem_wait" };
	pipe(fds);
	sem_init(&sem, 0, 0);
	for (size_t i = 0; i < sizeof waits / sizeof waits[0]; i++) {
		pthread_t t;
		void *result;
		cleaned = 0;
		pthread_create(&t, NULL, waiter, (void *)waits[i]);
		usleep(20000);
		pthread_cancel(t);
		pthread_join(t, &result);
		printf("cancel %s %s %s %s\n", waits[i],
		       result == PTHREAD_CANCELED ? "canceled" : "returned",
		       cleaned ? "cleaned" : "not-cleaned", prof_blocked ? "SIGPROF-blocked" : "-");
	}
}

int main(int argc, char **argv)
{
	alarm(3);
	const char *c = argc > 1 ? argv[1] : "";
	if (strcmp(c, "robust-normal") == 0)
		robust(PTHREAD_MUTEX_NORMAL, 1);
	else if (strcmp(c, "robust-errorcheck") == 0)
		robust(PTHREAD_MUTEX_ERRORCHECK, 1);
	else if (strcmp(c, "robust-recursive") == 0)
		robust(PTHREAD_MUTEX_RECURSIVE, 1);
	else if (strcmp(c, "notrecoverable") == 0)
		robust(PTHREAD_MUTEX_NORMAL, 0);
	else if (strcmp(c, "pshared") == 0)
		pshared();
	else if (strcmp(c, "recursive") == 0)
		relock(PTHREAD_MUTEX_RECURSIVE);
	else if (strcmp(c, "errorcheck") == 0)
		relock(PTHREAD_MUTEX_ERRORCHECK);
	else if (strcmp(c, "timed") == 0)
		timed();
	else if (strcmp(c, "rwlock") == 0)
		rwlock();
	else if (strcmp(c, "cancel") == 0)
		cancel();
	else
		return 2;
	return 0;
}
