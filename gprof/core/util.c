/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * util.c: error reporting, allocation that never returns NULL, and the
 * progress line of long reads.  Every error is one line on stderr,
 * "gprof: ...", then exit status 1.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#include "core/util.h"

/* Called by fatal() after the message, before exit(1).  NULL in gprof
 * itself; an in-process fuzzer (tests/fuzz/) sets it to a function that
 * longjmps back to the fuzzing loop, so that a rejected input ends one
 * iteration instead of the process. */
void (*fatal_hook)(void);

const char *program_name = "gprof";

/* The progress line: shown on a terminal once a read has taken
 * PROGRESS_AFTER seconds, redrawn at most every PROGRESS_EVERY. */
#define PROGRESS_AFTER 1.0
#define PROGRESS_EVERY 0.2

static struct {
	bool active; /* between progress_begin and progress_end */
	bool shown;  /* the line is on the terminal */
	const char *what;
	size_t total;
	double start, last;
} progress;

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Erase the progress line, so that a message starts a clean line. */
static void progress_clear(void)
{
	if (progress.shown) {
		fputs("\r\033[K", stderr);
		progress.shown = false;
	}
}

void progress_begin(const char *what, size_t total)
{
	progress.active = isatty(STDERR_FILENO) && total > 1;
	progress.shown = false;
	progress.what = what;
	progress.total = total;
	progress.start = progress.last = progress.active ? now_seconds() : 0.0;
}

void progress_step(size_t done)
{
	double now;

	if (!progress.active)
		return;
	now = now_seconds();
	if (now - progress.start < PROGRESS_AFTER || now - progress.last < PROGRESS_EVERY)
		return;
	progress.last = now;
	fprintf(stderr, "\r%s: %s: %zu of %zu files (%.0f%%)", program_name, progress.what, done,
		progress.total, 100.0 * (double)done / (double)progress.total);
	progress.shown = true;
}

void progress_end(void)
{
	progress_clear();
	progress.active = false;
}

/* "gprof: " PREFIX MESSAGE "\n" on stderr, after what stdout holds; the
 * message escaped (text_printable): it names files and symbols that a
 * hostile file chose, and must stay one line that does nothing to the
 * terminal. */
bool warnings_once;

/* The warnings said, by a hash of their text, for warnings_once. */
static struct {
	uint64_t *hashes;
	size_t count, capacity;
} said;

/* Whether a warning of this text was said before (and note it if not). */
static bool said_before(const char *text)
{
	uint64_t h = 14695981039346656037u;
	size_t i;

	for (; *text; text++)
		h = (h ^ (unsigned char)*text) * 1099511628211u;
	for (i = 0; i < said.count; i++)
		if (said.hashes[i] == h)
			return true;
	if (said.count == said.capacity) {
		size_t n = said.capacity ? 2 * said.capacity : 16;
		uint64_t *more = realloc(said.hashes, n * sizeof(*more));

		if (more == NULL)
			return false;
		said.hashes = more;
		said.capacity = n;
	}
	said.hashes[said.count++] = h;
	return false;
}

static void report(const char *prefix, const char *fmt, va_list ap)
{
	char line[1024], *message = line, *copy;
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	if (n >= (int)sizeof(line)) {
		message = malloc((size_t)n + 1);
		if (message)
			vsnprintf(message, (size_t)n + 1, fmt, again);
		else
			message = line; /* out of memory: the message cut short */
	}
	va_end(again);
	if (warnings_once && n >= 0 && *prefix && said_before(message)) {
		if (message != line)
			free(message);
		return;
	}
	fflush(stdout);
	progress_clear();
	fprintf(stderr, "%s: %s%s\n", program_name, prefix,
		n < 0 ? fmt : text_printable(message, &copy));
	if (n >= 0)
		free(copy);
	if (message != line)
		free(message);
}

void fatal(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report("", fmt, ap);
	va_end(ap);
	if (fatal_hook)
		fatal_hook(); /* does not return when set */
	exit(1);
}

void warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report("warning: ", fmt, ap);
	va_end(ap);
}

static void out_of_memory(size_t size)
{
	fatal("out of memory (allocating %zu bytes)", size);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (p == NULL)
		out_of_memory(size);
	return p;
}

void *xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);

	if (p == NULL)
		out_of_memory(count * size);
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (p == NULL)
		out_of_memory(size);
	return p;
}

/*
 * The large arrays read at random (the symbols, the arcs, the arcs'
 * hash, the names' cache) in 2 MiB pages where the kernel gives them on
 * request (transparent huge pages, "madvise" mode): at 100,000
 * functions they span some 60 MB, and in 4 KiB pages each access missed
 * the TLB and each first touch of a page was a page fault (a fifth of
 * the run).  Only arrays that get filled are asked for: a huge page is
 * memory as soon as one byte of it is touched.
 */
#define HUGE_PAGE ((size_t)2 << 20)

void advise_huge(void *p, size_t size)
{
	uintptr_t start = ((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
	uintptr_t end = ((uintptr_t)p + size) & ~(uintptr_t)(HUGE_PAGE - 1);

#ifdef MADV_HUGEPAGE
	if (end > start)
		(void)madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
	(void)start;
	(void)end;
#endif
}

void *xmalloc_huge(size_t size)
{
	void *p;

	if (size < HUGE_PAGE)
		return xmalloc(size);
	if (posix_memalign(&p, HUGE_PAGE, size) != 0)
		out_of_memory(size);
	advise_huge(p, size);
	return p;
}

void *xcalloc_huge(size_t count, size_t size)
{
	void *p;

	if (size != 0 && count > SIZE_MAX / size)
		out_of_memory(SIZE_MAX);
	p = xmalloc_huge(count * size);
	return memset(p, 0, count * size);
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

/* ------------------------------------------------------------ escaping */

size_t utf8_sequence(const unsigned char *s, uint32_t *code_point)
{
	unsigned char c = s[0];
	size_t n, i;
	uint32_t cp;
	unsigned char low = 0x80, high = 0xBF;

	if (c < 0x80) {
		*code_point = c;
		return 1;
	}
	if (c >= 0xC2 && c <= 0xDF) {
		n = 2;
		cp = c & 0x1F;
	} else if (c >= 0xE0 && c <= 0xEF) {
		n = 3;
		cp = c & 0x0F;
		if (c == 0xE0)
			low = 0xA0; /* overlong */
		else if (c == 0xED)
			high = 0x9F; /* surrogates */
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4;
		cp = c & 0x07;
		if (c == 0xF0)
			low = 0x90; /* overlong */
		else if (c == 0xF4)
			high = 0x8F; /* past U+10FFFF */
	} else {
		return 0;
	}
	for (i = 1; i < n; i++) {
		if (s[i] < low || s[i] > high)
			return 0; /* a NUL ends it here too */
		cp = cp << 6 | (s[i] & 0x3F);
		low = 0x80;
		high = 0xBF;
	}
	*code_point = cp;
	return n;
}

/* The length of the character at s when a terminal may be shown it as
 * it is, else 0: printable ASCII, and valid UTF-8 other than the C1
 * controls (U+0080 to U+009F, which some terminals obey). */
static size_t printable_length(const unsigned char *s)
{
	uint32_t cp;
	size_t n = utf8_sequence(s, &cp);

	if (n == 0 || cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F))
		return 0;
	return n;
}

const char *text_printable(const char *s, char **copy)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n, i = 0, out = 0, bad = 0;
	char *e;

	*copy = NULL;
	while (p[i]) {
		n = printable_length(p + i);
		if (n == 0) {
			bad++;
			n = 1;
		}
		i += n;
	}
	if (bad == 0)
		return s;
	e = xmalloc(i + 3 * bad + 1);
	for (i = 0; p[i];) {
		n = printable_length(p + i);
		if (n == 0) {
			out += (size_t)sprintf(e + out, "\\x%02x", p[i]);
			i++;
			continue;
		}
		memcpy(e + out, p + i, n);
		out += n;
		i += n;
	}
	e[out] = '\0';
	*copy = e;
	return e;
}

/* ------------------------------------------------------------ opening */

/* Why a file of this mode is not read. */
static const char *not_regular(mode_t mode)
{
	return S_ISDIR(mode)                    ? "a directory, not a regular file"
	       : S_ISFIFO(mode)                 ? "a FIFO, not a regular file"
	       : S_ISCHR(mode) || S_ISBLK(mode) ? "a device, not a regular file"
						: "not a regular file";
}

int open_regular(const char *path, struct stat *st, const char **why)
{
	int fd;

	/* not even opened when the path is no regular file: opening a FIFO
	 * for reading, even without blocking, would release a writer
	 * waiting for a reader (and break its pipe when we close) */
	if (stat(path, st) != 0) {
		*why = strerror(errno);
		return -1;
	}
	if (!S_ISREG(st->st_mode)) {
		*why = not_regular(st->st_mode);
		return -1;
	}
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		*why = strerror(errno);
		return -1;
	}
	if (fstat(fd, st) != 0) {
		*why = strerror(errno);
		close(fd);
		return -1;
	}
	if (!S_ISREG(st->st_mode)) { /* it changed since the stat */
		*why = not_regular(st->st_mode);
		close(fd);
		return -1;
	}
	/* a regular file never blocks; reads are plain from here on */
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

bool kernel_path(const char *path)
{
	static const char *const trees[] = { "/proc/", "/dev/", "/sys/" };
	size_t i;

	for (i = 0; i < sizeof(trees) / sizeof(trees[0]); i++)
		if (strncmp(path, trees[i], strlen(trees[i])) == 0)
			return true;
	return false;
}

bool kernel_file_system(const char *path, int fd)
{
	struct statfs fs;

	if (fd >= 0 ? fstatfs(fd, &fs) != 0 : statfs(path, &fs) != 0)
		return false;
	switch ((unsigned long)fs.f_type) {
	case 0x9fa0:     /* proc */
	case 0x62656572: /* sysfs */
	case 0x64626720: /* debugfs */
	case 0x74726163: /* tracefs */
	case 0x73636673: /* securityfs */
	case 0x27e0eb:   /* cgroup */
	case 0x63677270: /* cgroup2 */
	case 0x1cd1:     /* devpts */
		return true;
	default:
		return false;
	}
}
