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
 * They behave as the C library's do, argument for argument and errno for
 * errno: execvp, execvpe and execlp search PATH and give a file that is
 * not an executable format (ENOEXEC: a script without "#!") to /bin/sh,
 * with a name that has a slash as well as one found on PATH; execve,
 * execv, execl and execle do not.  The profile is written once per call
 * at most, just before the first execve of a file that could run (a
 * regular file with an execute bit): a PATH search that finds nothing
 * writes nothing, however long PATH is.
 *
 * The image an exec starts keeps the process id, and would write its
 * profile under the same name: so an image that wrote its file hands the
 * next one its number, GMON_IMAGE=PID:N in the environment of the exec
 * (start.c reads it, and takes it out again, at start-up; the writer
 * then names the file NAME.PID-N).  The environment with it is made in
 * memory mapped for the call (no malloc), and unmapped if the exec fails;
 * nothing is added when there is nothing to hand on, and a GMON_IMAGE
 * the caller passed is replaced.
 *
 * Async-signal-safe, as execve must be: no stdio, no malloc, no locks.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "message.h"
#include "onstack.h"
#include "sampler.h"
#include "start.h"

extern char **environ;

/* The shell that runs a file that is not an executable format. */
#define SHELL "/bin/sh"

/* PATH when the environment has none (confstr's _CS_PATH). */
#define DEFAULT_PATH "/bin:/usr/bin"

/* One exec call: whether the profile was written, and the environment
 * its execve system calls pass (the caller's, or a copy with GMON_IMAGE
 * in memory mapped for the call). */
struct exec_call {
	int written;
	char *const *envp;
	void *map;
	size_t map_size;
};

static const char image_variable[] = "GMON_IMAGE=";
#define IMAGE_VARIABLE_SIZE (sizeof image_variable - 1)

static int is_image_variable(const char *entry)
{
	return strncmp(entry, image_variable, IMAGE_VARIABLE_SIZE) == 0;
}

/* The environment for this call's execve: envp, or a copy without any
 * GMON_IMAGE and with GMON_IMAGE=PID:N when the next image is the
 * process's N-th (gmon_next_image).  On failure to map, envp as it is. */
static void choose_environment(struct exec_call *c, char *const envp[])
{
	unsigned next = gmon_next_image();
	size_t n = 0, stale = 0;
	c->envp = envp;
	if (!envp)
		return;
	for (; envp[n]; n++)
		stale += is_image_variable(envp[n]);
	if (!next && !stale)
		return;
	/* GMON_IMAGE=PID:N and its NUL; nothing when there is no next */
	char value[IMAGE_VARIABLE_SIZE + 48];
	size_t len = 0;
	if (next) {
		memcpy(value, image_variable, IMAGE_VARIABLE_SIZE);
		len = IMAGE_VARIABLE_SIZE;
		len += strlen(gmon_decimal(value + len, (uint64_t)getpid()));
		value[len++] = ':';
		len += strlen(gmon_decimal(value + len, next)) + 1;
	}
	size_t size = (n + 2) * sizeof(char *) + len;
	void *map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED)
		return;
	char **copy = map;
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (!is_image_variable(envp[i]))
			copy[k++] = envp[i];
	if (next) {
		char *text = (char *)map + (n + 2) * sizeof(char *);
		memcpy(text, value, len);
		copy[k++] = text;
	}
	copy[k] = NULL;
	c->envp = copy;
	c->map = map;
	c->map_size = size;
}

/* The exec call failed: give back what it mapped, errno kept. */
static int end_call(struct exec_call *c, int rc)
{
	if (c->map) {
		int saved = errno;
		munmap(c->map, c->map_size);
		errno = saved;
	}
	return rc;
}

/* One execve system call; the profile is written first if this is the
 * call's first attempt on a file that could run, and the environment
 * chosen (the same for every later attempt of the call). */
static int attempt(struct exec_call *c, const char *path, char *const argv[], char *const envp[])
{
	struct stat st;
	gmon_exec_attempted();
	if (!c->written && stat(path, &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 0111)) {
		c->written = 1;
		gmon_before_exec();
		choose_environment(c, envp);
	}
	gmon_sampler_exec(1); /* no sample on its way into the new image */
	gmon_onstack_exec(1); /* nor the bits held for a handler (onstack.c) */
	int rc = (int)syscall(SYS_execve, path, argv, c->written ? c->envp : envp);
	gmon_onstack_exec(0);
	gmon_sampler_exec(0); /* it failed: sampling goes on */
	return rc;
}

/* file failed with ENOEXEC: run "/bin/sh file argv[1] ...".  Returns -1
 * with the shell's errno. */
static int attempt_shell(struct exec_call *c, const char *file, char *const argv[],
			 char *const envp[])
{
	size_t argc = 0;
	while (argv[argc])
		argc++;
	/* "/bin/sh", file, argv[1 .. argc-1], NULL */
	char *shell_argv[argc + 3];
	shell_argv[0] = (char *)SHELL;
	shell_argv[1] = (char *)file;
	for (size_t i = 1; i < argc; i++)
		shell_argv[i + 1] = argv[i];
	shell_argv[argc > 1 ? argc + 1 : 2] = NULL;
	return attempt(c, SHELL, shell_argv, envp);
}

int execve(const char *path, char *const argv[], char *const envp[])
{
	struct exec_call c = { 0, NULL, NULL, 0 };
	return end_call(&c, attempt(&c, path, argv, envp));
}

int execv(const char *path, char *const argv[])
{
	return execve(path, argv, environ);
}

/* Search PATH as the C library does: a name with a slash is used as it
 * is; an empty PATH entry is the working directory; entries that do not
 * hold the file are passed over (EACCES is remembered and reported if
 * nothing else runs), any other error ends the search. */
static int search_path(struct exec_call *c, const char *file, char *const argv[],
		       char *const envp[]);

int execvpe(const char *file, char *const argv[], char *const envp[])
{
	struct exec_call c = { 0, NULL, NULL, 0 };
	return end_call(&c, search_path(&c, file, argv, envp));
}

static int search_path(struct exec_call *c, const char *file, char *const argv[],
		       char *const envp[])
{
	if (file[0] == '\0') {
		errno = ENOENT;
		return -1;
	}
	if (strchr(file, '/')) {
		attempt(c, file, argv, envp);
		if (errno == ENOEXEC)
			attempt_shell(c, file, argv, envp);
		return -1;
	}
	size_t file_len = strlen(file);
	if (file_len > NAME_MAX) {
		errno = ENAMETOOLONG;
		return -1;
	}
	const char *path = getenv("PATH");
	if (path == NULL)
		path = DEFAULT_PATH;
	/* as long as the longest entry tried needs, not PATH_MAX: the
	 * caller's stack may be small (a vfork child's, a thread's) */
	size_t longest = 0;
	for (const char *p = path; *p;) {
		size_t len = strcspn(p, ":");
		if (len < PATH_MAX && len > longest)
			longest = len;
		p += len + (p[len] == ':');
	}
	char buf[longest + file_len + 2];
	int saw_eacces = 0;
	for (const char *p = path;; p++) {
		const char *start = p;
		while (*p && *p != ':')
			p++;
		size_t dir_len = (size_t)(p - start);
		if (dir_len < PATH_MAX) {
			if (dir_len) {
				memcpy(buf, start, dir_len);
				buf[dir_len++] = '/';
			}
			memcpy(buf + dir_len, file, file_len + 1);
			attempt(c, buf, argv, envp);
			if (errno == ENOEXEC)
				attempt_shell(c, buf, argv, envp);
			switch (errno) {
			case EACCES:
				saw_eacces = 1;
				break;
			case ENOENT:
			case ENOTDIR:
			case ESTALE:
			case ENODEV:
			case ETIMEDOUT:
				break;
			default:
				return -1;
			}
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

/* The list forms: the arguments after arg0 up to a NULL (then, for
 * execle, the environment) gathered into an array as long as they are. */
enum list_form {
	LIST_EXECL,
	LIST_EXECLE,
	LIST_EXECLP
};

static int exec_list(enum list_form form, const char *file, const char *arg0, va_list args)
{
	size_t argc = 0;
	if (arg0) {
		va_list count;
		va_copy(count, args);
		for (argc = 1; va_arg(count, char *) != NULL; argc++)
			if (argc == INT_MAX - 1) {
				va_end(count);
				errno = E2BIG;
				return -1;
			}
		va_end(count);
	}
	char *argv[argc + 1];
	argv[0] = (char *)arg0;
	for (size_t i = 1; i < argc; i++)
		argv[i] = va_arg(args, char *);
	argv[argc] = NULL;
	if (arg0)
		(void)va_arg(args, char *); /* the NULL */
	switch (form) {
	case LIST_EXECLE:
		return execve(file, argv, va_arg(args, char *const *));
	case LIST_EXECLP:
		return execvp(file, argv);
	default:
		return execve(file, argv, environ);
	}
}

/* The body of each list form: its arguments gathered, then exec_list. */
#define EXEC_LIST(form, file, arg) \
	do { \
		va_list args; \
		va_start(args, arg); \
		int rc = exec_list(form, file, arg, args); \
		va_end(args); \
		return rc; \
	} while (0)

int execl(const char *path, const char *arg, ...)
{
	EXEC_LIST(LIST_EXECL, path, arg);
}

int execle(const char *path, const char *arg, ...)
{
	EXEC_LIST(LIST_EXECLE, path, arg);
}

int execlp(const char *file, const char *arg, ...)
{
	EXEC_LIST(LIST_EXECLP, file, arg);
}
