/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * maps-find.c: libgmon's /proc/self/maps reader (libgmon/maps.c, compiled
 * in) on a file: "maps-find FILE ADDRESS..." prints, for each address
 * (hexadecimal), "LOW-HIGH" of the first line whose range holds it, or
 * "none".
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "maps.h"

int main(int argc, char **argv)
{
	for (int i = 2; i < argc; i++) {
		int fd = open(argv[1], O_RDONLY);
		if (fd < 0)
			return 2;
		uintptr_t low, high;
		if (gmon_maps_find(fd, (uintptr_t)strtoull(argv[i], NULL, 16), &low, &high) == 0)
			printf("%lx-%lx\n", (unsigned long)low, (unsigned long)high);
		else
			printf("none\n");
		close(fd);
	}
	return 0;
}
