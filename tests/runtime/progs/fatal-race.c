/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * fatal-race.c: three fatal signals at once, each to another thread
 * (t-stopped.sh).  RUNS times: a forked child starts 4 threads that
 * compute, and once all run, SIGTERM, SIGINT and SIGHUP are sent to
 * threads 0, 1 and 2 (tgkill) at once.  Prints one line per run: the
 * wait status ("signal N" or "exit N").  The child writes its profile,
 * gmon.out.PID, as it dies of the first signal to get in.
 *   fatal-race RUNS
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>

#define PROGS_WORK
#include "progs.h"

static pid_t tids[4];
static pthread_barrier_t all_running;

static void *compute(void *slot)
{
	tids[(long)slot] = (pid_t)syscall(SYS_gettid);
	pthread_barrier_wait(&all_running);
	for (;;)
		work(1000);
	return NULL;
}

int main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 1;
	for (int r = 0; r < runs; r++) {
		int ready[2];
		if (pipe(ready) != 0)
			return 2;
		pid_t child = fork();
		if (child < 0)
			return 2;
		if (child == 0) {
			pthread_barrier_init(&all_running, NULL, 5);
			for (long i = 0; i < 4; i++) {
				pthread_t t;
				if (pthread_create(&t, NULL, compute, (void *)i) != 0)
					_exit(2);
			}
			pthread_barrier_wait(&all_running);
			if (write(ready[1], tids, sizeof tids) != sizeof tids)
				_exit(2);
			for (;;)
				work(1000);
		}
		pid_t t[4];
		if (read(ready[0], t, sizeof t) != sizeof t)
			return 2;
		close(ready[0]);
		close(ready[1]);
		syscall(SYS_tgkill, child, t[0], SIGTERM);
		syscall(SYS_tgkill, child, t[1], SIGINT);
		syscall(SYS_tgkill, child, t[2], SIGHUP);
		int status;
		if (waitpid(child, &status, 0) != child)
			return 2;
		if (WIFSIGNALED(status))
			printf("signal %d\n", WTERMSIG(status));
		else
			printf("exit %d\n", WEXITSTATUS(status));
	}
	return 0;
}
