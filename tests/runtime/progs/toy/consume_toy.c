/* SPDX-License-Identifier: BSD-2-Clause
 *
 * tests/runtime/progs/toy/consume_toy.c: a use of samples made for the
 * test of the recipe in doc/code-map.md ("A new use of samples"), never
 * shipped: tests/runtime/t-toy-consumer.sh drops this file into a copy
 * of libgmon/ and registers it with one line of process.c.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * It counts the samples handed to it, and those the histogram counted,
 * and says both on stderr when the program ends.
 */
#include <stdint.h>
#include <unistd.h>

#include "sample.h"

void gmon_toy_consume(const void *context, uintptr_t pc, unsigned samples, int in_histogram)
	__attribute__((visibility("hidden")));

static unsigned long seen, counted;

/* the clock's signal handler: async-signal-safe, no system call */
void gmon_toy_consume(const void *context, uintptr_t pc, unsigned samples, int in_histogram)
{
	(void)context;
	(void)pc;
	__atomic_add_fetch(&seen, samples, __ATOMIC_RELAXED);
	if (in_histogram)
		__atomic_add_fetch(&counted, samples, __ATOMIC_RELAXED);
}

static char *decimal(char *end, unsigned long n)
{
	do
		*--end = (char)('0' + n % 10);
	while ((n /= 10) != 0);
	return end;
}

__attribute__((destructor)) static void say(void)
{
	char line[64], *p = line + sizeof(line);
	static const char tail[] = " in the histogram\n";
	unsigned long s = __atomic_load_n(&seen, __ATOMIC_RELAXED);
	unsigned long c = __atomic_load_n(&counted, __ATOMIC_RELAXED);
	size_t i;

	for (i = sizeof(tail) - 1; i > 0; i--)
		*--p = tail[i - 1];
	p = decimal(p, c);
	*--p = ' ';
	*--p = ',';
	p = decimal(p, s);
	for (i = sizeof("toy consumer: ") - 1; i > 0; i--)
		*--p = "toy consumer: "[i - 1];
	(void)!write(2, p, (size_t)(line + sizeof(line) - p));
}
