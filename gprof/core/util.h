/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * util.h: the bottom of gprof: one-line errors and warnings,
 * allocation that never returns NULL, a progress line.  Every other file
 * may use it; it uses nothing of gprof's.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_UTIL_H
#define GPROF_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct stat;

/* "gprof", as messages name the program. */
extern const char *program_name;

/* "gprof: MESSAGE" on stderr (after what stdout holds), then exit 1. */
void fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* tests/fuzz: when set, fatal() calls it instead of exiting; it must not return */
extern void (*fatal_hook)(void);
/* "gprof: warning: MESSAGE" on stderr. */
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* When set, a warning said once is not said again (--timeline reads
 * each window on its own: one line for all of them). */
extern bool warnings_once;

/* A progress line on stderr, for reads of many files: only when stderr
 * is a terminal and the read has taken more than a second; "gprof: WHAT:
 * DONE of TOTAL files (P%)", redrawn in place, erased by progress_end
 * and before any message. */
void progress_begin(const char *what, size_t total);
void progress_step(size_t done);
void progress_end(void);

/* The length of the valid UTF-8 character at s (1 to 4; no overlong
 * forms, no surrogates, nothing past U+10FFFF) with its code point, or
 * 0 when s does not start one. */
size_t utf8_sequence(const unsigned char *s, uint32_t *code_point);
/* s as a terminal may be shown it (doc/manual.md, "Names and paths
 * with control bytes"): each byte of a control character (C0, DEL, C1)
 * or of invalid UTF-8 written \xHH.  s itself when it needs nothing
 * (*copy NULL), else a malloc'd copy, also in *copy for the caller to
 * free.  Every message goes through it (warning, fatal). */
const char *text_printable(const char *s, char **copy);

/* Open path for reading only if it is a regular file: not opened at
 * all when stat says otherwise; opened without ever blocking or taking a
 * terminal (O_NONBLOCK: a FIFO put there meanwhile would wait forever;
 * O_NOCTTY), and kept only if fstat of the descriptor opened says
 * regular file too.  The descriptor (blocking again), with *st; or -1
 * with *why saying why not. */
int open_regular(const char *path, struct stat *st, const char **why);
/* Does path name the kernel's files, never a file of a program: under
 * /proc/, /dev/ or /sys/ (reading some has effects: /proc/kmsg is
 * drained, a terminal's input taken)? */
bool kernel_path(const char *path);
/* Is the file on one of the kernel's file systems (proc, sysfs,
 * debugfs, tracefs, securityfs, cgroup, devpts), whatever path led
 * there: fd's when fd >= 0, else path's? */
bool kernel_file_system(const char *path, int fd);

void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
/* Large arrays filled, then read at random: in huge pages where the
 * kernel gives them (util.c); freed with free(). */
void *xmalloc_huge(size_t size);
void *xcalloc_huge(size_t count, size_t size);
void advise_huge(void *p, size_t size);

#endif
