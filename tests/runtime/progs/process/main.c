/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * main.c: a program whose time is spread over the whole process: its own
 * code, its -pg library (libwork.so), a -pg plugin it dlopens and
 * dlcloses (plugin.so), libc (qsort with a -pg callback, memcpy) and libm
 * (sin, exp).  It measures each part's CPU time itself and writes
 *   parts.txt     "NAME VALUE" lines: each part's milliseconds of thread
 *                 CPU time, and the call counts it made
 *   maps.txt      its /proc/self/maps at exit
 *   maps-plugin.txt  the same while the plugin is loaded
 * usage: main [all|threads|fork] [MS]   (MS: CPU time per part, default 300)
 */
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../../progs.h"

void work_run(int n);
void work_back(void (*f)(int), int n);
double work_burn(double ms);

static _Thread_local volatile double sink; /* keeps the work from being optimized out */
static long compare_calls;
static long back_calls;
static FILE *parts;

static void copy_maps(const char *to)
{
	FILE *in = fopen("/proc/self/maps", "r"), *out = fopen(to, "w");
	char line[4096];
	while (in && out && fgets(line, sizeof line, in))
		fputs(line, out);
	if (in)
		fclose(in);
	if (out)
		fclose(out);
}

__attribute__((noinline)) void called_back(int i)
{
	back_calls++;
	sink += i;
}

__attribute__((noinline)) int compare(const void *a, const void *b)
{
	compare_calls++;
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* Time in libc's qsort and in compare, called from libc. */
static void sort_part(void)
{
	enum {
		N = 100000
	};
	static int v[N];
	unsigned s = 1;
	for (int i = 0; i < N; i++)
		v[i] = (int)((s = s * 1103515245u + 12345u) >> 8);
	qsort(v, N, sizeof v[0], compare);
}

/* Time in libc's memcpy only: pages touched first, no calls between. */
__attribute__((noinline)) double libc_part(double ms)
{
	enum {
		SIZE = 1 << 16
	};
	static char a[SIZE], b[SIZE];
	memset(a, 1, SIZE);
	memset(b, 2, SIZE);
	double start = cpu_ms();
	while (cpu_ms() - start < ms)
		for (int i = 0; i < 1000; i++) {
			memcpy(i & 1 ? a : b, i & 1 ? b : a, SIZE);
			__asm__ volatile("" ::: "memory");
		}
	return cpu_ms() - start;
}

/* Time in libm: sin of huge arguments (its argument reduction is most of
 * the work) and exp, so that the loop's own share is a few percent. */
__attribute__((noinline)) double libm_part(double ms)
{
	double start = cpu_ms(), x = 0;
	while (cpu_ms() - start < ms)
		for (int i = 0; i < 10000; i++) {
			x += sin(1e22 + i * 1e7);
			x += exp(-i * 1e-4) * 1e-9;
		}
	sink = x;
	return cpu_ms() - start;
}

__attribute__((noinline)) double main_part(double ms)
{
	return burn_ms(ms, 0.75, &sink);
}

static void plugin_part(double ms)
{
	void *h = dlopen("./plugin.so", RTLD_NOW);
	if (!h) {
		fprintf(stderr, "main: %s\n", dlerror());
		exit(2);
	}
	void (*run)(int) = (void (*)(int))dlsym(h, "plugin_run");
	double (*burn)(double) = (double (*)(double))dlsym(h, "plugin_burn");
	run(4321);
	fprintf(parts, "plugin_ms %.1f\n", burn(ms));
	copy_maps("maps-plugin.txt");
	dlclose(h);
}

static void *thread_main(void *arg)
{
	double *ms = arg;
	*ms = libm_part(*ms);
	return NULL;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "all";
	double ms = argc > 2 ? atof(argv[2]) : 300;
	parts = fopen("parts.txt", "w");
	if (!parts)
		return 2;
	if (strcmp(mode, "threads") == 0) {
		pthread_t t[4];
		double each[4], total = 0;
		for (int i = 0; i < 4; i++) {
			each[i] = ms;
			pthread_create(&t[i], NULL, thread_main, &each[i]);
		}
		for (int i = 0; i < 4; i++) {
			pthread_join(t[i], NULL);
			total += each[i];
		}
		fprintf(parts, "libm_ms %.1f\n", total);
	} else if (strcmp(mode, "fork") == 0) {
		fprintf(parts, "main_ms %.1f\n", main_part(ms / 3));
		fflush(parts);
		pid_t pid = fork();
		if (pid == 0) {
			FILE *c = fopen("parts-child.txt", "w");
			fprintf(c, "pid %d\nlibm_ms %.1f\n", (int)getpid(), libm_part(ms));
			fclose(c);
			exit(0);
		}
		int status;
		waitpid(pid, &status, 0);
	} else {
		fprintf(parts, "main_ms %.1f\n", main_part(ms));
		work_run(1234);
		work_back(called_back, 77);
		fprintf(parts, "work_ms %.1f\n", work_burn(ms));
		plugin_part(ms);
		sort_part();
		fprintf(parts, "compare_calls %ld\n", compare_calls);
		fprintf(parts, "back_calls %ld\n", back_calls);
		fprintf(parts, "libc_ms %.1f\n", libc_part(ms));
		fprintf(parts, "libm_ms %.1f\n", libm_part(ms));
	}
	fclose(parts);
	copy_maps("maps.txt");
	return 0;
}
