/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * threads.c: the lifecycle matrix's shapes of threads: 16 KiB thread
 * stacks (and a clone(CLONE_VM|CLONE_VFORK) child on one that execs),
 * robust and process-shared mutexes, pthread_cancel in waits, and many
 * short threads.
 */
#include "matrix.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SMALL_STACK 16384

static pthread_attr_t small_stack(void)
{
	pthread_attr_t a;
	pthread_attr_init(&a);
	pthread_attr_setstacksize(&a, SMALL_STACK < PTHREAD_STACK_MIN ? PTHREAD_STACK_MIN
								      : SMALL_STACK);
	return a;
}

static int clone_exec(void *arg)
{
	exec_child(arg);
	_exit(127);
}

static void *small_worker(void *arg)
{
	compute();
	struct timespec t = { 0, 1000000 };
	nanosleep(&t, NULL);
	/* as posix_spawn does, on a stack of its own as small */
	char *stack = malloc(SMALL_STACK);
	pid_t pid =
		clone(clone_exec, stack + SMALL_STACK, CLONE_VM | CLONE_VFORK | SIGCHLD, "clone");
	int status;
	if (pid > 0 && waitpid(pid, &status, 0) == pid)
		print_status("clone child", status);
	free(stack);
	return arg;
}

static void *small_exit(void *arg)
{
	compute();
	printf("exit from a 16 KiB thread\n");
	exit(0);
	return arg;
}

int shape_thread_stack(const char *arg)
{
	(void)arg;
	pthread_attr_t a = small_stack();
	pthread_t t;
	compute();
	if (pthread_create(&t, &a, small_worker, NULL) != 0)
		return 1;
	pthread_join(t, NULL);
	if (pthread_create(&t, &a, small_exit, NULL) != 0)
		return 1;
	pthread_join(t, NULL);
	return 1;
}

/* ---- mutexes */

struct shared {
	pthread_mutex_t robust_normal, robust_check, pshared;
	pthread_cond_t cond;
	int flag;
};

static void robust_init(pthread_mutex_t *m, int type, int pshared)
{
	pthread_mutexattr_t a;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	pthread_mutexattr_settype(&a, type);
	pthread_mutexattr_setpshared(&a, pshared);
	pthread_mutex_init(m, &a);
}

static void lock_dead(const char *what, pthread_mutex_t *m)
{
	int r = pthread_mutex_lock(m);
	printf("%s: lock %s", what, r == 0 ? "0" : strerrorname_np(r));
	if (r == EOWNERDEAD) {
		pthread_mutex_consistent(m);
		pthread_mutex_unlock(m);
		r = pthread_mutex_trylock(m);
		printf(", then trylock %s", r == 0 ? "0" : strerrorname_np(r));
		if (r == 0)
			pthread_mutex_unlock(m);
	}
	printf("\n");
}

static pthread_mutex_t thread_robust;
static void *die_holding(void *arg)
{
	pthread_mutex_lock(&thread_robust);
	compute();
	return arg;
}

int shape_mutexes(const char *arg)
{
	(void)arg;
	struct shared *s =
		mmap(NULL, sizeof *s, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED)
		return 1;
	robust_init(&s->robust_normal, PTHREAD_MUTEX_NORMAL, PTHREAD_PROCESS_SHARED);
	robust_init(&s->robust_check, PTHREAD_MUTEX_ERRORCHECK, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_mutex_init(&s->pshared, &ma);
	pthread_condattr_init(&ca);
	pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_SHARED);
	pthread_cond_init(&s->cond, &ca);
	compute();

	/* a child dies holding both robust mutexes */
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		pthread_mutex_lock(&s->robust_normal);
		pthread_mutex_lock(&s->robust_check);
		compute();
		_exit(0);
	}
	int status;
	waitpid(pid, &status, 0);
	print_status("owner", status);
	lock_dead("robust normal", &s->robust_normal);
	lock_dead("robust error-checking", &s->robust_check);

	/* a thread dies holding a robust mutex of the process */
	robust_init(&thread_robust, PTHREAD_MUTEX_NORMAL, PTHREAD_PROCESS_PRIVATE);
	pthread_t t;
	pthread_create(&t, NULL, die_holding, NULL);
	pthread_join(t, NULL);
	lock_dead("robust of a dead thread", &thread_robust);

	/* a child waits on a process-shared condition for the parent */
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		pthread_mutex_lock(&s->pshared);
		while (!s->flag)
			pthread_cond_wait(&s->cond, &s->pshared);
		pthread_mutex_unlock(&s->pshared);
		compute();
		_exit(s->flag);
	}
	compute();
	pthread_mutex_lock(&s->pshared);
	s->flag = 4;
	pthread_cond_broadcast(&s->cond);
	pthread_mutex_unlock(&s->pshared);
	waitpid(pid, &status, 0);
	print_status("condition waiter", status);

	/* a lock that times out */
	pthread_mutex_lock(&s->pshared);
	pid = fork();
	if (pid == 0) {
		struct timespec until;
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += 20000000;
		if (until.tv_nsec >= 1000000000) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000;
		}
		int r = pthread_mutex_timedlock(&s->pshared, &until);
		_exit(r == ETIMEDOUT ? 7 : 8);
	}
	waitpid(pid, &status, 0);
	pthread_mutex_unlock(&s->pshared);
	print_status("timed lock", status);
	return 0;
}

/* ---- pthread_cancel in waits */

static int cleanups;
static sem_t ready;
static pthread_mutex_t cancel_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cancel_cond = PTHREAD_COND_INITIALIZER;
static int pipe_fds[2], sock_fds[2], epoll_fd;
static sem_t never;
static pid_t waiter_tid;

static void cleanup(void *arg)
{
	if (arg)
		pthread_mutex_unlock(arg);
	__atomic_add_fetch(&cleanups, 1, __ATOMIC_RELAXED);
}

static void *waiter(void *arg)
{
	const char *how = arg;
	char c;
	compute_turns(1000000); /* the process computes enough: main does */
	__atomic_store_n(&waiter_tid, gettid(), __ATOMIC_RELEASE);
	if (strcmp(how, "cond_wait") == 0) {
		pthread_mutex_lock(&cancel_lock);
		pthread_cleanup_push(cleanup, &cancel_lock);
		sem_post(&ready);
		for (;;)
			pthread_cond_wait(&cancel_cond, &cancel_lock);
		pthread_cleanup_pop(0);
	}
	pthread_cleanup_push(cleanup, NULL);
	sem_post(&ready);
	if (strcmp(how, "read") == 0) {
		(void)!read(pipe_fds[0], &c, 1);
	} else if (strcmp(how, "recv") == 0) {
		recv(sock_fds[0], &c, 1, 0);
	} else if (strcmp(how, "poll") == 0) {
		poll(NULL, 0, -1);
	} else if (strcmp(how, "select") == 0) {
		select(0, NULL, NULL, NULL, NULL);
	} else if (strcmp(how, "epoll_wait") == 0) {
		struct epoll_event e;
		epoll_wait(epoll_fd, &e, 1, -1);
	} else if (strcmp(how, "nanosleep") == 0) {
		struct timespec t = { 1000, 0 };
		nanosleep(&t, NULL);
	} else if (strcmp(how, "sem_wait") == 0) {
		sem_wait(&never);
	} else if (strcmp(how, "pause") == 0) {
		pause();
	} else if (strcmp(how, "sigsuspend") == 0) {
		sigset_t none;
		sigemptyset(&none);
		sigsuspend(&none);
	}
	pthread_cleanup_pop(0);
	return "not cancelled";
}

/* until thread TID sleeps in the kernel (its state in /proc "S"), that
 * is in its wait: then the cancel comes inside the wait, however loaded
 * the machine (a fixed pause would leave that to the scheduler); five
 * seconds at most, and where /proc cannot be read, a moment */
static void until_asleep(pid_t tid)
{
	char path[64], stat[512];
	snprintf(path, sizeof path, "/proc/self/task/%d/stat", (int)tid);
	for (int i = 0; i < 50000; i++) {
		int fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			break;
		ssize_t n = read(fd, stat, sizeof stat - 1);
		close(fd);
		if (n <= 0)
			break;
		stat[n] = 0;
		/* "TID (NAME) STATE ...": the name may hold ") " */
		char *end = strrchr(stat, ')');
		if (end && end[1] == ' ' && end[2] == 'S')
			return;
		struct timespec t = { 0, 100000 };
		nanosleep(&t, NULL);
	}
	struct timespec t = { 0, 2000000 };
	nanosleep(&t, NULL);
}

int shape_cancel(const char *arg)
{
	(void)arg;
	static const char *const waits[] = { "cond_wait", "read",       "recv",      "poll",
					     "select",    "epoll_wait", "nanosleep", "sem_wait",
					     "pause",     "sigsuspend" };
	sem_init(&ready, 0, 0);
	sem_init(&never, 0, 0);
	if (pipe(pipe_fds) != 0 || socketpair(AF_UNIX, SOCK_STREAM, 0, sock_fds) != 0 ||
	    (epoll_fd = epoll_create1(0)) < 0)
		return 1;
	compute();
	for (size_t i = 0; i < sizeof waits / sizeof waits[0]; i++) {
		pthread_t t;
		void *result;
		cleanups = 0;
		pthread_create(&t, NULL, waiter, (void *)waits[i]);
		sem_wait(&ready);
		until_asleep(__atomic_load_n(&waiter_tid, __ATOMIC_ACQUIRE));
		pthread_cancel(t);
		pthread_join(t, &result);
		printf("cancel in %s: %s, cleanups %d", waits[i],
		       result == PTHREAD_CANCELED ? "cancelled" : (char *)result, cleanups);
		if (strcmp(waits[i], "cond_wait") == 0) {
			int r = pthread_mutex_trylock(&cancel_lock);
			printf(", lock then %s", r == 0 ? "free" : strerrorname_np(r));
			if (r == 0)
				pthread_mutex_unlock(&cancel_lock);
		}
		printf("\n");
	}
	close(pipe_fds[0]);
	close(pipe_fds[1]);
	close(sock_fds[0]);
	close(sock_fds[1]);
	close(epoll_fd);
	return 0;
}

/* ---- many short threads, 16 at a time */

static void *short_thread(void *arg)
{
	compute_turns(20000);
	return arg;
}

int shape_short_threads(const char *arg)
{
	int n = arg ? atoi(arg) : 1000, done = 0, failed = 0;
	compute();
	while (done + failed < n) {
		pthread_t t[16];
		int k = n - done - failed < 16 ? n - done - failed : 16, started = 0;
		for (int i = 0; i < k; i++) {
			if (pthread_create(&t[started], NULL, short_thread, NULL) == 0)
				started++;
			else
				failed++;
		}
		for (int i = 0; i < started; i++)
			pthread_join(t[i], NULL);
		done += started;
	}
	printf("%d short threads joined, %d not started\n", done, failed);
	compute();
	return 0;
}
