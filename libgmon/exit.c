/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * exit.c: _exit and _Exit write the profile first.
 *
 * A process that ends with _exit or _Exit runs no exit handlers, so its
 * profile was lost: the workers of fork servers, subshells, Python's
 * multiprocessing workers (os._exit) all end so.  These definitions come
 * in front of the C library's (in a static link, as the hooks and the
 * exec functions do: for the calls the executable and the libraries it
 * was linked with make; as a shared object, by interposition, for every
 * caller but the C library itself, whose exit() writes at its exit
 * handlers anyway).  Each writes the profile (start.c decides whether:
 * only the profile's own process, never a vfork child, nor a forked
 * child whose exec failed), then ends the process with the exit_group
 * system call, as the C library's do.
 *
 * Async-signal-safe, as _exit must be: the writer only.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "start.h"

static _Noreturn void end_process(int status)
{
	gmon_before_exit();
	for (;;) {
		syscall(SYS_exit_group, status);
		syscall(SYS_exit, status);
	}
}

void _exit(int status)
{
	end_process(status);
}

void _Exit(int status)
{
	end_process(status);
}
