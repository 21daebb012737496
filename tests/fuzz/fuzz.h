/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fuzz.h: what the libFuzzer harnesses share.  gprof reports a bad input
 * with fatal(), which exits; here fatal_hook (gprof/core/util.c) jumps back to
 * the harness instead, which then clears gprof's global state for the
 * next input.  gprof's messages go to /dev/null (the sanitizers and
 * libFuzzer write to file descriptor 2 directly, so their reports stay).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/util.h"

static jmp_buf fuzz_jump;

/* Called before jumping back, while gprof's frames still exist (the
 * options target frees what gprof's main holds in its locals). */
static void (*fuzz_before_jump)(void);

static void fuzz_fatal_hook(void)
{
	if (fuzz_before_jump)
		fuzz_before_jump();
	longjmp(fuzz_jump, 1);
}

/* gprof.c is compiled with -Dexit=fuzz_exit (its usage() and --help
 * exit): an exit there ends the iteration too. */
void fuzz_exit(int status) __attribute__((noreturn));
void fuzz_exit(int status)
{
	if (fuzz_before_jump)
		fuzz_before_jump();
	longjmp(fuzz_jump, 2);
}

/* fuzz_first_input: true for the first input only, when the harness
 * sets itself up */
static bool fuzz_first_input(void)
{
	static bool seen;
	bool first = !seen;

	seen = true;
	return first;
}

/* fuzz_split: the input's first byte, which chooses what the harness
 * does, in *selector, and the rest left in *data and *size; false for an
 * empty input */
static inline bool fuzz_split(const uint8_t **data, size_t *size, unsigned *selector)
{
	if (*size < 1)
		return false;
	*selector = (*data)[0];
	(*data)++;
	(*size)--;
	return true;
}

/* Send gprof's stdio to /dev/null, unless FUZZ_VERBOSE is set. */
static void fuzz_quiet(void)
{
	FILE *null;

	fatal_hook = fuzz_fatal_hook;
	if (getenv("FUZZ_VERBOSE"))
		return;
	null = fopen("/dev/null", "w");
	if (null == NULL)
		abort();
	stdout = null;
	stderr = null;
}

#endif
