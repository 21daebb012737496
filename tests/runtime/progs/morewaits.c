/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * morewaits.c: waits once in each blocking call that libgmon.so wraps
 * beyond poll and sleep (waits.c), each from its own function
 * wait_in_NAME called by main, and prints one line per call:
 *   NAME RC ERRNO LENGTH
 * RC the call's result, ERRNO its errno name when it failed (or "-"),
 * LENGTH "long" when the call lasted at least what it was asked to by
 * the program's own clock, else its milliseconds.  So the output is the
 * same, byte for byte, with and without a profiler that keeps the
 * program's behaviour (no EINTR of its making, no wait cut short).
 *
 * Two kinds of waits:
 *   - timeouts of TIMEOUT_MS (100 ms): nothing comes, the call returns
 *     when its time is up (poll, ppoll, select, pselect, epoll_wait,
 *     epoll_pwait, epoll_pwait2, nanosleep, clock_nanosleep, usleep,
 *     sigtimedwait, recvfrom and recvmsg and connect on sockets with a
 *     timeout); LENGTH says whether it lasted at least that;
 *   - events another thread or a timer brings EVENT_MS (300 ms) later
 *     (pause, sigsuspend, sigwaitinfo: SIGALRM from an interval timer;
 *     pthread_rwlock_rdlock, pthread_rwlock_wrlock: a lock another
 *     thread holds; pthread_barrier_wait; write to a full pipe; recv):
 *     LENGTH is "event" when the call returned because of the event
 *     (the signal came, the lock was released...), which any early
 *     return would not show.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define TIMEOUT_MS 100
#define EVENT_MS 300

static long now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static long started;
static int saved_errno;

static void begin(void)
{
	errno = 0;
	started = now_ms();
}

/* report NAME RC: the line for a timeout */
static void report(const char *name, long rc)
{
	int e = errno;
	long ms = now_ms() - started;
	char length[32];
	if (ms >= TIMEOUT_MS)
		snprintf(length, sizeof length, "long");
	else
		snprintf(length, sizeof length, "%ld", ms);
	printf("%s %ld %s %s\n", name, rc, rc < 0 ? strerrorname_np(e) : "-", length);
	fflush(stdout);
}

/* report_event NAME RC HAPPENED: the line for an event */
static void report_event(const char *name, long rc, int happened)
{
	int e = saved_errno ? saved_errno : errno;
	printf("%s %ld %s %s\n", name, rc, rc < 0 ? strerrorname_np(e) : "-",
	       happened ? "event" : "early");
	fflush(stdout);
	saved_errno = 0;
}

static const struct timespec timeout = { 0, TIMEOUT_MS * 1000000L };

__attribute__((noinline)) void wait_in_poll(void)
{
	begin();
	report("poll", poll(NULL, 0, TIMEOUT_MS));
}

__attribute__((noinline)) void wait_in_ppoll(void)
{
	sigset_t none;
	sigemptyset(&none);
	begin();
	report("ppoll", ppoll(NULL, 0, &timeout, &none));
}

__attribute__((noinline)) void wait_in_select(void)
{
	struct timeval tv = { 0, TIMEOUT_MS * 1000 };
	begin();
	report("select", select(0, NULL, NULL, NULL, &tv));
}

__attribute__((noinline)) void wait_in_pselect(void)
{
	sigset_t none;
	sigemptyset(&none);
	begin();
	report("pselect", pselect(0, NULL, NULL, NULL, &timeout, &none));
}

__attribute__((noinline)) void wait_in_epoll_wait(int ep)
{
	struct epoll_event ev;
	begin();
	report("epoll_wait", epoll_wait(ep, &ev, 1, TIMEOUT_MS));
}

__attribute__((noinline)) void wait_in_epoll_pwait(int ep)
{
	struct epoll_event ev;
	sigset_t none;
	sigemptyset(&none);
	begin();
	report("epoll_pwait", epoll_pwait(ep, &ev, 1, TIMEOUT_MS, &none));
}

__attribute__((noinline)) void wait_in_epoll_pwait2(int ep)
{
	struct epoll_event ev;
	sigset_t none;
	sigemptyset(&none);
	begin();
	report("epoll_pwait2", epoll_pwait2(ep, &ev, 1, &timeout, &none));
}

__attribute__((noinline)) void wait_in_nanosleep(void)
{
	begin();
	report("nanosleep", nanosleep(&timeout, NULL));
}

__attribute__((noinline)) void wait_in_clock_nanosleep(void)
{
	begin();
	int rc = clock_nanosleep(CLOCK_MONOTONIC, 0, &timeout, NULL);
	errno = rc;
	report("clock_nanosleep", rc ? -rc : 0);
}

__attribute__((noinline)) void wait_in_usleep(void)
{
	begin();
	report("usleep", usleep(TIMEOUT_MS * 1000));
}

__attribute__((noinline)) void wait_in_sigtimedwait(void)
{
	sigset_t usr2;
	sigemptyset(&usr2);
	sigaddset(&usr2, SIGUSR2);
	sigprocmask(SIG_BLOCK, &usr2, NULL);
	begin();
	report("sigtimedwait", sigtimedwait(&usr2, NULL, &timeout));
}

/* a datagram socket with a receive timeout: nothing comes */
__attribute__((noinline)) void wait_in_recvfrom(int fd)
{
	char c;
	begin();
	report("recvfrom", recvfrom(fd, &c, 1, 0, NULL, NULL));
}

__attribute__((noinline)) void wait_in_recvmsg(int fd)
{
	char c;
	struct iovec iov = { &c, 1 };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
	begin();
	report("recvmsg", recvmsg(fd, &msg, 0));
}

/* a second connection to a listening socket whose backlog is full:
 * connect waits for its send timeout */
__attribute__((noinline)) void wait_in_connect(int fd, const struct sockaddr_un *a, socklen_t len)
{
	begin();
	report("connect", connect(fd, (const struct sockaddr *)a, len));
}

static volatile sig_atomic_t alarms;

static void on_alarm(int signo)
{
	(void)signo;
	alarms++;
}

static void arm_alarm(long ms)
{
	struct itimerval it = { { 0, ms * 1000 }, { 0, ms * 1000 } };
	setitimer(ITIMER_REAL, &it, NULL);
}

static void disarm_alarm(void)
{
	struct itimerval it = { { 0, 0 }, { 0, 0 } };
	setitimer(ITIMER_REAL, &it, NULL);
}

__attribute__((noinline)) void wait_in_pause(void)
{
	alarms = 0;
	arm_alarm(EVENT_MS); /* again and again: pause cannot miss it */
	int rc = pause();
	saved_errno = errno;
	disarm_alarm();
	report_event("pause", rc, alarms > 0);
}

__attribute__((noinline)) void wait_in_sigsuspend(void)
{
	sigset_t alrm, none;
	sigemptyset(&alrm);
	sigaddset(&alrm, SIGALRM);
	sigemptyset(&none);
	sigprocmask(SIG_BLOCK, &alrm, NULL);
	alarms = 0;
	arm_alarm(EVENT_MS);
	int rc = sigsuspend(&none);
	saved_errno = errno;
	disarm_alarm();
	sigprocmask(SIG_UNBLOCK, &alrm, NULL);
	report_event("sigsuspend", rc, alarms > 0);
}

__attribute__((noinline)) void wait_in_sigwaitinfo(void)
{
	sigset_t alrm;
	sigemptyset(&alrm);
	sigaddset(&alrm, SIGALRM);
	sigprocmask(SIG_BLOCK, &alrm, NULL);
	arm_alarm(EVENT_MS);
	siginfo_t info;
	int rc = sigwaitinfo(&alrm, &info);
	saved_errno = errno;
	disarm_alarm();
	/* an alarm that came after the timer was disarmed is taken here */
	struct timespec zero = { 0, 0 };
	while (sigtimedwait(&alrm, NULL, &zero) == SIGALRM)
		;
	sigprocmask(SIG_UNBLOCK, &alrm, NULL);
	report_event("sigwaitinfo", rc, rc == SIGALRM);
}

/* the helper thread: holds the lock (or stands at the barrier, or
 * drains the pipe, or sends) EVENT_MS after main was told to go */
static pthread_rwlock_t rwlock = PTHREAD_RWLOCK_INITIALIZER;
static pthread_barrier_t barrier;
static sem_t held;
static volatile int released;
static int pipe_fds[2], pair[2];

static void sleep_event(void)
{
	struct timespec t = { 0, EVENT_MS * 1000000L };
	while (nanosleep(&t, &t) != 0)
		;
}

static void *hold_lock(void *arg)
{
	(void)arg;
	pthread_rwlock_wrlock(&rwlock);
	released = 0;
	sem_post(&held);
	sleep_event();
	released = 1;
	pthread_rwlock_unlock(&rwlock);
	return NULL;
}

static void *late_at_barrier(void *arg)
{
	(void)arg;
	sleep_event();
	released = 1;
	pthread_barrier_wait(&barrier);
	return NULL;
}

static void *drain_pipe(void *arg)
{
	(void)arg;
	static char buf[1 << 16];
	sleep_event();
	released = 1;
	while (read(pipe_fds[0], buf, sizeof buf) == (ssize_t)sizeof buf)
		;
	return NULL;
}

static void *send_late(void *arg)
{
	(void)arg;
	sleep_event();
	released = 1;
	(void)!send(pair[1], "x", 1, 0);
	return NULL;
}

static void helper(void *(*fn)(void *), pthread_t *t)
{
	released = 0;
	if (pthread_create(t, NULL, fn, NULL) != 0) {
		perror("pthread_create");
		_exit(2);
	}
}

__attribute__((noinline)) void wait_in_rdlock(void)
{
	pthread_t t;
	helper(hold_lock, &t);
	sem_wait(&held);
	int rc = pthread_rwlock_rdlock(&rwlock);
	int happened = released;
	pthread_rwlock_unlock(&rwlock);
	pthread_join(t, NULL);
	report_event("pthread_rwlock_rdlock", rc, happened);
}

__attribute__((noinline)) void wait_in_wrlock(void)
{
	pthread_t t;
	helper(hold_lock, &t);
	sem_wait(&held);
	int rc = pthread_rwlock_wrlock(&rwlock);
	int happened = released;
	pthread_rwlock_unlock(&rwlock);
	pthread_join(t, NULL);
	report_event("pthread_rwlock_wrlock", rc, happened);
}

__attribute__((noinline)) void wait_in_barrier(void)
{
	pthread_t t;
	pthread_barrier_init(&barrier, NULL, 2);
	helper(late_at_barrier, &t);
	int rc = pthread_barrier_wait(&barrier);
	int happened = released;
	pthread_join(t, NULL);
	pthread_barrier_destroy(&barrier);
	/* one of the two gets PTHREAD_BARRIER_SERIAL_THREAD: which is not
	 * the program's to choose */
	report_event("pthread_barrier_wait", rc == PTHREAD_BARRIER_SERIAL_THREAD ? 0 : rc,
		     happened);
}

__attribute__((noinline)) void wait_in_write(void)
{
	pthread_t t;
	if (pipe(pipe_fds) != 0)
		_exit(2);
	/* fill the pipe, then one more byte waits for the reader */
	fcntl(pipe_fds[1], F_SETFL, O_NONBLOCK);
	static char buf[4096];
	while (write(pipe_fds[1], buf, sizeof buf) > 0)
		;
	while (write(pipe_fds[1], buf, 1) > 0)
		;
	fcntl(pipe_fds[1], F_SETFL, 0);
	helper(drain_pipe, &t);
	long rc = write(pipe_fds[1], buf, 1);
	int happened = released;
	close(pipe_fds[1]);
	pthread_join(t, NULL);
	close(pipe_fds[0]);
	report_event("write", rc, happened);
}

__attribute__((noinline)) void wait_in_recv(void)
{
	pthread_t t;
	char c;
	helper(send_late, &t);
	long rc = recv(pair[0], &c, 1, 0);
	int happened = released;
	pthread_join(t, NULL);
	report_event("recv", rc, happened);
}

int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm; /* no SA_RESTART: the program's signal breaks its waits */
	sigaction(SIGALRM, &sa, NULL);
	sem_init(&held, 0, 0);

	wait_in_poll();
	wait_in_ppoll();
	wait_in_select();
	wait_in_pselect();
	int ep = epoll_create1(0);
	wait_in_epoll_wait(ep);
	wait_in_epoll_pwait(ep);
	wait_in_epoll_pwait2(ep);
	close(ep);
	wait_in_nanosleep();
	wait_in_clock_nanosleep();
	wait_in_usleep();
	wait_in_sigtimedwait();

	struct timeval tv = { 0, TIMEOUT_MS * 1000 };
	int dgram = socket(AF_UNIX, SOCK_DGRAM, 0);
	setsockopt(dgram, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	snprintf(a.sun_path + 1, sizeof a.sun_path - 1, "gmon-morewaits-%d", (int)getpid());
	socklen_t len =
		(socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + strlen(a.sun_path + 1));
	if (bind(dgram, (struct sockaddr *)&a, len) != 0)
		return 2;
	wait_in_recvfrom(dgram);
	wait_in_recvmsg(dgram);
	close(dgram);

	int listener = socket(AF_UNIX, SOCK_STREAM, 0);
	if (bind(listener, (struct sockaddr *)&a, len) != 0 || listen(listener, 0) != 0)
		return 2;
	int first = socket(AF_UNIX, SOCK_STREAM, 0);
	if (connect(first, (struct sockaddr *)&a, len) != 0)
		return 2;
	int second = socket(AF_UNIX, SOCK_STREAM, 0);
	setsockopt(second, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
	wait_in_connect(second, &a, len);

	wait_in_pause();
	wait_in_sigsuspend();
	wait_in_sigwaitinfo();
	wait_in_rdlock();
	wait_in_wrlock();
	wait_in_barrier();
	wait_in_write();
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0)
		return 2;
	wait_in_recv();
	return 0;
}
