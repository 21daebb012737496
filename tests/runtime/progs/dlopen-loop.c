/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * dlopen-loop.c: dlopen, call and dlclose a plugin LOADS times, each
 * load at an address no load before used (tests/runtime/t-dlopen-loop.sh).
 * Usage: dlopen-loop LOADS CALLS PLUGIN...: load i opens PLUGIN[i % n]
 * and calls its plugin_work CALLS times; after its dlclose the range it
 * was mapped at is taken by an inaccessible mapping (a guard), so the
 * next load lands elsewhere.  Prints the loads, how many distinct load
 * addresses they had, the calls made, and the peak resident set (KiB).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

struct extent {
	uintptr_t bias, low, high;
};

static int find_extent(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	struct extent *e = data;
	if (info->dlpi_addr != e->bias)
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD)
			continue;
		uintptr_t from = info->dlpi_addr + ph->p_vaddr, to = from + ph->p_memsz;
		if (!e->low || from < e->low)
			e->low = from;
		if (to > e->high)
			e->high = to;
	}
	return 1;
}

#define SEEN_SLOTS (1u << 16)
static uintptr_t seen[SEEN_SLOTS];

/* 1 if bias was not seen before (a call of the main program's own,
 * which GNU gprof counts) */
__attribute__((noinline)) static int first_time(uintptr_t bias)
{
	for (uint32_t i = (uint32_t)(bias >> 12) & (SEEN_SLOTS - 1);; i = (i + 1) & (SEEN_SLOTS - 1)) {
		if (seen[i] == bias)
			return 0;
		if (seen[i] == 0) {
			seen[i] = bias;
			return 1;
		}
	}
}

int main(int argc, char **argv)
{
	if (argc < 4)
		return 2;
	long loads = atol(argv[1]), calls = atol(argv[2]), made = 0, distinct = 0;
	int plugins = argc - 3;
	if (loads <= 0 || loads >= SEEN_SLOTS / 2)
		return 2;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	unsigned sum = 0;
	for (long i = 0; i < loads; i++) {
		const char *path = argv[3 + i % plugins];
		void *h = dlopen(path, RTLD_NOW);
		int (*work)(int) = h ? (int (*)(int))dlsym(h, "plugin_work") : NULL;
		struct link_map *map = NULL;
		if (!work || dlinfo(h, RTLD_DI_LINKMAP, &map) != 0) {
			fprintf(stderr, "%s: %s\n", path, dlerror());
			return 1;
		}
		for (long c = 0; c < calls; c++, made++)
			sum += (unsigned)work((int)c);
		struct extent e = { map->l_addr, 0, 0 };
		dl_iterate_phdr(find_extent, &e);
		distinct += first_time(e.bias);
		dlclose(h);
		uintptr_t low = e.low & ~(page - 1), high = (e.high + page - 1) & ~(page - 1);
		if (high > low)
			mmap((void *)low, high - low, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
	}
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	printf("loads %ld distinct %ld calls %ld sum %u\n", loads, distinct, made, sum);
	printf("maxrss %ld\n", ru.ru_maxrss);
	return 0;
}
