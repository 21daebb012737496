/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * perf-fds.c: the perf clock's descriptors out of the program's way
 * (tests/runtime/t-perf-fds.sh).  Modes:
 *   first    the numbers the program's first open() and pipe() get
 *   dup2-3   dup2 onto descriptor 3, then 100 ms of computing: the clock
 *            must go on (the profile must not say it ended)
 *   dup2-event  an eventfd dup2()ed onto the clock's own descriptor
 *            (found in /proc/self/fd), then computing: the profile must
 *            say the clock ended
 *   nofile N the program's soft RLIMIT_NOFILE set to N, then how many
 *            /dev/null it can open
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned long sink;

static void spin(long ms)
{
	struct timespec t0, t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
	do {
		for (int i = 0; i < 10000; i++)
			sink += (unsigned long)i * 7;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 < ms);
}

/* the lowest descriptor that is a perf event, or -1 */
static int perf_fd(void)
{
	DIR *d = opendir("/proc/self/fd");
	int found = -1;
	struct dirent *e;
	while (d && (e = readdir(d)) != NULL) {
		char path[300], target[64];
		snprintf(path, sizeof path, "/proc/self/fd/%s", e->d_name);
		ssize_t n = readlink(path, target, sizeof target - 1);
		if (n <= 0)
			continue;
		target[n] = 0;
		if (strcmp(target, "anon_inode:[perf_event]") == 0 &&
		    (found < 0 || atoi(e->d_name) < found))
			found = atoi(e->d_name);
	}
	if (d)
		closedir(d);
	return found;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	if (strcmp(mode, "first") == 0) {
		int fd = open("/dev/null", O_RDONLY), p[2];
		if (pipe(p) != 0)
			return 1;
		printf("open %d pipe %d %d\n", fd, p[0], p[1]);
		spin(20);
		return 0;
	}
	if (strcmp(mode, "dup2-3") == 0) {
		int fd = open("/dev/null", O_RDONLY);
		if (dup2(fd, 3) != 3)
			return 1;
		spin(100);
		printf("dup2 onto 3\n");
		return 0;
	}
	if (strcmp(mode, "dup2-event") == 0) {
		int fd = perf_fd(), e = eventfd(0, 0);
		if (fd < 0 || e < 0 || dup2(e, fd) != fd)
			printf("no perf descriptor\n");
		spin(50);
		return 0;
	}
	if (strcmp(mode, "nofile") == 0 && argc > 2) {
		struct rlimit r;
		getrlimit(RLIMIT_NOFILE, &r);
		r.rlim_cur = (rlim_t)atoi(argv[2]);
		if (setrlimit(RLIMIT_NOFILE, &r) != 0)
			return 1;
		int n = 0;
		while (n < 64 && open("/dev/null", O_RDONLY) >= 0)
			n++;
		printf("opened %d\n", n);
		spin(20);
		return 0;
	}
	fprintf(stderr, "usage: perf-fds first|dup2-3|dup2-event|nofile N\n");
	return 2;
}
