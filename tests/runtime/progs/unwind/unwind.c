/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * unwind.c: programs whose stacks need the call-frame information
 * unwinder (tests/runtime/t-unwind.sh).  Built with -pg (frame
 * pointers in its own code, none in libc's) or with -O2
 * -fomit-frame-pointer and no -pg at all (none anywhere), linked with
 * libgmon.a or (-DNAME_MCOUNT) for LD_PRELOAD.
 *   libc        about 1.2 s of CPU mostly inside libc, called from named
 *               functions: memcpy (copy_part), qsort with a callback
 *               (sort_part, compare), malloc and free (alloc_part),
 *               snprintf (format_part)
 *   chain       about 1 s of CPU in inner(), called main -> outer ->
 *               middle -> inner, plus qsort calling compare
 *   plugin SO   dlopen SO (built without frame pointers) and call its
 *               plugin_work (about 0.6 s) through call_plugin
 *   signal      spin in a SIGALRM handler of the program's own, raised
 *               from in_raise() (on the thread's stack: on an alternate
 *               stack the clocks' signals wait until it returns)
 */
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NAMED __attribute__((noinline, noclone))

#ifdef NAME_MCOUNT
/* Names mcount in the dynamic symbols, as a -pg program does, without
 * calling it: the preloaded runtime starts in such programs only. */
extern void mcount(void);
void (*const name_mcount)(void) = mcount;
#endif

static double cpu_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static volatile unsigned long sink;
static char from[1 << 22], to[1 << 22];

NAMED void copy_part(void)
{
	for (int i = 0; i < 8; i++) {
		memcpy(to, from, sizeof to);
		sink += (unsigned char)to[i * 4096];
	}
}

NAMED int compare(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

NAMED void sort_part(void)
{
	static int v[100000];
	for (int i = 0; i < 100000; i++)
		v[i] = (int)(((unsigned)i * 2654435761u) % 100003u);
	qsort(v, 100000, sizeof v[0], compare);
	sink += (unsigned)v[500];
}

NAMED void alloc_part(void)
{
	static void *p[2000];
	for (int k = 0; k < 10; k++) {
		for (int i = 0; i < 2000; i++)
			p[i] = malloc(16 + (size_t)(i % 64) * 24);
		for (int i = 0; i < 2000; i++)
			free(p[(i * 7) % 2000]);
	}
}

NAMED void format_part(void)
{
	char text[128];
	for (int i = 0; i < 4000; i++) {
		snprintf(text, sizeof text, "%d %.3f %s", i, i * 0.25, "x");
		sink += (unsigned char)text[1];
	}
}

NAMED void inner(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i ^ (i >> 3);
}

NAMED void middle(unsigned long n)
{
	inner(n);
	sink++;
}

NAMED void outer(unsigned long n)
{
	middle(n);
	sink++;
}

NAMED void call_plugin(void (*work)(double), double ms)
{
	work(ms);
	sink++;
}

static volatile sig_atomic_t handled;

static void on_alarm(int sig)
{
	(void)sig;
	double until = cpu_ms() + 600;
	while (cpu_ms() < until)
		inner(100000);
	handled = 1;
}

NAMED void in_raise(void)
{
	raise(SIGALRM);
	sink++;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	if (strcmp(mode, "libc") == 0) {
		while (cpu_ms() < 1200) {
			copy_part();
			sort_part();
			alloc_part();
			format_part();
		}
	} else if (strcmp(mode, "chain") == 0) {
		while (cpu_ms() < 1000) {
			outer(20000000);
			sort_part();
		}
	} else if (strcmp(mode, "plugin") == 0 && argc > 2) {
		void *so = dlopen(argv[2], RTLD_NOW);
		void (*work)(double) = so ? (void (*)(double))dlsym(so, "plugin_work") : NULL;
		if (!work) {
			fprintf(stderr, "%s\n", dlerror());
			return 1;
		}
		call_plugin(work, 600);
		dlclose(so);
	} else if (strcmp(mode, "signal") == 0) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_alarm;
		if (sigaction(SIGALRM, &sa, NULL) != 0)
			return 1;
		in_raise();
		return handled ? 0 : 1;
	} else {
		fprintf(stderr, "usage: unwind libc|chain|plugin SO|signal\n");
		return 2;
	}
	return 0;
}
