/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * fork.c: the parent calls parent_work 100 times, forks a child that
 * calls child_work 50 times and exits, then calls parent_after 10 times.
 * Prints the child's pid. */
#include "../../progs.h"

int main(void)
{
	return fork_scenario();
}
