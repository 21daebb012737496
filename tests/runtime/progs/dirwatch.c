/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * dirwatch.c: usage: dirwatch LOG DIR COMMAND [ARG...]
 * Runs COMMAND while inotify watches DIR, and writes to LOG one line per
 * event on a name in DIR: "create NAME", "modify NAME", "close-write
 * NAME", "moved-from NAME", "moved-to NAME", "delete NAME".  Exits with
 * COMMAND's status (128 + N if signal N killed it).  The runtime's tests
 * count profile writes and look for named temporary files with it. */
#define _GNU_SOURCE
#include <poll.h>
#include <stdio.h>
#include <sys/inotify.h>
#include <sys/wait.h>
#include <unistd.h>

static void drain(int fd, FILE *log, int wait_ms)
{
	char buf[65536] __attribute__((aligned(8)));
	struct pollfd p = { fd, POLLIN, 0 };
	while (poll(&p, 1, wait_ms) > 0) {
		ssize_t n = read(fd, buf, sizeof buf);
		for (ssize_t at = 0; at < n;) {
			struct inotify_event *e = (struct inotify_event *)(buf + at);
			at += (ssize_t)(sizeof *e + e->len);
			const char *what = e->mask & IN_CREATE        ? "create"
					   : e->mask & IN_MODIFY      ? "modify"
					   : e->mask & IN_CLOSE_WRITE ? "close-write"
					   : e->mask & IN_MOVED_FROM  ? "moved-from"
					   : e->mask & IN_MOVED_TO    ? "moved-to"
					   : e->mask & IN_DELETE      ? "delete"
					   : e->mask & IN_Q_OVERFLOW  ? "overflow"
								      : NULL;
			if (what)
				fprintf(log, "%s %s\n", what, e->len ? e->name : "");
		}
	}
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: dirwatch LOG DIR COMMAND [ARG...]\n");
		return 2;
	}
	FILE *log = fopen(argv[1], "w");
	int fd = inotify_init1(IN_CLOEXEC);
	if (!log || fd < 0 ||
	    inotify_add_watch(fd, argv[2],
			      IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO |
				      IN_DELETE) < 0) {
		perror("dirwatch");
		return 2;
	}
	pid_t pid = fork();
	if (pid == 0) {
		execvp(argv[3], argv + 3);
		perror(argv[3]);
		_exit(127);
	}
	int status;
	for (;;) {
		drain(fd, log, 10);
		if (waitpid(pid, &status, WNOHANG) == pid)
			break;
	}
	drain(fd, log, 0);
	fclose(log);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
