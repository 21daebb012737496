/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * exec.c: write the profile before the process image is replaced.
 *
 * A successful exec never returns, so the old image's exit handlers never
 * run and its profile would be lost without a word (glibc's runtime loses
 * it).  The exec functions a program calls are defined here: each writes
 * the profile so far, as a snapshot does, then replaces the image.  If
 * the exec fails the program goes on, and its profile is written again,
 * complete, at exit.  These definitions take precedence over the C
 * library's (in a static link, as mcount's do; as a shared object, by
 * interposition); libc's own internal callers (system, popen,
 * posix_spawn) run in a child that was never going to write anyway.
 *
 * Async-signal-safe, as execve must be: no stdio, no malloc, no locks.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "gmon_private.h"

extern char **environ;

int execve(const char *path, char *const argv[], char *const envp[])
{
	gmon_before_exec();
	return (int)syscall(SYS_execve, path, argv, envp);
}

int execv(const char *path, char *const argv[])
{
	return execve(path, argv, environ);
}

/* Search PATH as the C library does: a name with a slash is used as it
 * is; a file that is not an executable format is run by /bin/sh. */
int execvpe(const char *file, char *const argv[], char *const envp[])
{
	const char *path, *p;
	char buf[4096];
	int saw_eacces = 0;

	if (file[0] == '\0') {
		errno = ENOENT;
		return -1;
	}
	if (strchr(file, '/'))
		return execve(file, argv, envp);
	path = getenv("PATH");
	if (path == NULL)
		path = "/bin:/usr/bin";
	for (p = path;; p++) {
		const char *start = p;
		size_t dir_len, file_len = strlen(file);

		while (*p && *p != ':')
			p++;
		dir_len = (size_t)(p - start);
		if (dir_len + 1 + file_len + 1 <= sizeof(buf)) {
			if (dir_len) {
				memcpy(buf, start, dir_len);
				buf[dir_len++] = '/';
			}
			memcpy(buf + dir_len, file, file_len + 1);
			execve(buf, argv, envp);
			if (errno == ENOEXEC) {
				/* a script without #!: the shell runs it */
				char *sh_argv[256];
				int i = 1;

				sh_argv[0] = (char *)"/bin/sh";
				sh_argv[1] = buf;
				if (argv[0])
					for (; argv[i] && i < 254; i++)
						sh_argv[i + 1] = argv[i];
				sh_argv[i + 1] = NULL;
				execve("/bin/sh", sh_argv, envp);
				return -1;
			}
			if (errno == EACCES)
				saw_eacces = 1;
			else if (errno != ENOENT && errno != ENOTDIR && errno != ESTALE &&
				 errno != ENODEV && errno != ETIMEDOUT)
				return -1;
		}
		if (*p == '\0')
			break;
	}
	if (saw_eacces)
		errno = EACCES;
	return -1;
}

int execvp(const char *file, char *const argv[])
{
	return execvpe(file, argv, environ);
}

/* The list forms: gather the arguments into argv (at most max - 1 of
 * them, then NULL); -1 with E2BIG when there are more. */
static int gather(char **argv, int max, const char *first, va_list *args)
{
	int n = 0;

	argv[n++] = (char *)first;
	while (first != NULL && (argv[n] = va_arg(*args, char *)) != NULL)
		if (++n == max) {
			errno = E2BIG;
			return -1;
		}
	if (first == NULL)
		argv[0] = NULL;
	return n;
}

#define LIST_MAX 4096

int execl(const char *path, const char *arg, ...)
{
	char *argv[LIST_MAX];
	va_list args;
	int n;

	va_start(args, arg);
	n = gather(argv, LIST_MAX, arg, &args);
	va_end(args);
	return n < 0 ? -1 : execve(path, argv, environ);
}

int execle(const char *path, const char *arg, ...)
{
	char *argv[LIST_MAX];
	char **envp;
	va_list args;
	int n;

	va_start(args, arg);
	n = gather(argv, LIST_MAX, arg, &args);
	envp = n < 0 ? NULL : va_arg(args, char **);
	va_end(args);
	return n < 0 ? -1 : execve(path, argv, envp);
}

int execlp(const char *file, const char *arg, ...)
{
	char *argv[LIST_MAX];
	va_list args;
	int n;

	va_start(args, arg);
	n = gather(argv, LIST_MAX, arg, &args);
	va_end(args);
	return n < 0 ? -1 : execvp(file, argv);
}
