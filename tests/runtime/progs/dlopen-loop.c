/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * dlopen-loop.c: dlopen, call and dlclose a plugin LOADS times, each
 * load at an address no load before used (tests/runtime/t-dlopen-loop.sh).
 * Usage: dlopen-loop [-t THREADS] LOADS CALLS PLUGIN...: load i opens
 * PLUGIN[i % n] and calls its plugin_work CALLS times; after its dlclose
 * the range it was mapped at is taken by an inaccessible mapping (a
 * guard), so the next load lands elsewhere.  With -t, THREADS threads
 * do so at once, thread t with the plugins PLUGIN[j], j % THREADS == t
 * (at least one each).  Prints the loads, how many distinct load
 * addresses they had, the calls made, and the peak resident set (KiB).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
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
static pthread_mutex_t seen_lock = PTHREAD_MUTEX_INITIALIZER;

/* 1 if bias was not seen before (a call of the main program's own,
 * which GNU gprof counts) */
__attribute__((noinline)) static int first_time(uintptr_t bias)
{
	for (uint32_t i = (uint32_t)(bias >> 12) & (SEEN_SLOTS - 1);;
	     i = (i + 1) & (SEEN_SLOTS - 1)) {
		if (seen[i] == bias)
			return 0;
		if (seen[i] == 0) {
			seen[i] = bias;
			return 1; /* (under seen_lock) */
		}
	}
}

struct loop {
	long loads, calls, made, distinct;
	char **plugins;
	int nplugins;
	unsigned sum;
	int failed;
};

static void *run(void *data)
{
	struct loop *l = data;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	for (long i = 0; i < l->loads; i++) {
		const char *path = l->plugins[i % l->nplugins];
		void *h = dlopen(path, RTLD_NOW);
		int (*work)(int) = h ? (int (*)(int))dlsym(h, "plugin_work") : NULL;
		struct link_map *map = NULL;
		if (!work || dlinfo(h, RTLD_DI_LINKMAP, &map) != 0) {
			fprintf(stderr, "%s: %s\n", path, dlerror());
			l->failed = 1;
			return NULL;
		}
		for (long c = 0; c < l->calls; c++, l->made++)
			l->sum += (unsigned)work((int)c);
		struct extent e = { map->l_addr, 0, 0 };
		dl_iterate_phdr(find_extent, &e);
		pthread_mutex_lock(&seen_lock);
		l->distinct += first_time(e.bias);
		pthread_mutex_unlock(&seen_lock);
		dlclose(h);
		uintptr_t low = e.low & ~(page - 1), high = (e.high + page - 1) & ~(page - 1);
		if (high > low)
			mmap((void *)low, high - low, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1,
			     0);
	}
	return NULL;
}

#define MAX_THREADS 8

int main(int argc, char **argv)
{
	int threads = 1;
	if (argc > 2 && argv[1][0] == '-' && argv[1][1] == 't') {
		threads = atoi(argv[2]);
		argv += 2;
		argc -= 2;
	}
	if (argc < 4 || threads < 1 || threads > MAX_THREADS || argc - 3 < threads)
		return 2;
	long loads = atol(argv[1]), calls = atol(argv[2]);
	if (loads <= 0 || loads * threads >= SEEN_SLOTS / 2)
		return 2;
	struct loop l[MAX_THREADS] = { { 0 } };
	char *mine[MAX_THREADS][64];
	pthread_t tid[MAX_THREADS];
	for (int t = 0; t < threads; t++) {
		l[t].loads = loads;
		l[t].calls = calls;
		l[t].plugins = mine[t];
		for (int j = t; j < argc - 3 && l[t].nplugins < 64; j += threads)
			mine[t][l[t].nplugins++] = argv[3 + j];
	}
	if (threads == 1)
		run(&l[0]);
	else
		for (int t = 0; t < threads; t++)
			if (pthread_create(&tid[t], NULL, run, &l[t]) != 0)
				return 1;
	long made = 0, distinct = 0;
	unsigned sum = 0;
	for (int t = 0; t < threads; t++) {
		if (threads > 1)
			pthread_join(tid[t], NULL);
		if (l[t].failed)
			return 1;
		made += l[t].made;
		distinct += l[t].distinct;
		sum += l[t].sum;
	}
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	printf("loads %ld distinct %ld calls %ld sum %u\n", loads * threads, distinct, made, sum);
	printf("maxrss %ld\n", ru.ru_maxrss);
	return 0;
}
