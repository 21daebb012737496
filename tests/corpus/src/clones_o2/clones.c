/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Built with -O2 so that gcc makes clones: scaled.constprop.0 (a constant
 * argument propagated), sum_ab.isra.0 (a struct argument split),
 * maybe.part.0 (partial inlining of an early-return test) and checked.cold
 * (the path to a cold function moved out of line). GNU gprof 2.40 drops the
 * clones' symbols, so their samples and calls land on whatever symbol
 * precedes them: a deliberate deviation for us. */
#include <stdio.h>
#include <stdlib.h>

static volatile unsigned long sink;

struct big {
	long a, b, c, d, e, f;
	long pad[8];
};

static __attribute__((noinline)) unsigned long scaled(unsigned long x, int k)
{
	for (int i = 0; i < 40; i++) {
		if (k == 7)
			x = x * 7 + (x >> 3);
		else if (k > 100)
			x = x / (unsigned long)k + (x >> 5);
		else
			x = x * (unsigned long)k + 1;
	}
	return x;
}

__attribute__((noinline)) unsigned long first(unsigned long x)
{
	return scaled(x, 7) + 1;
}

__attribute__((noinline)) unsigned long second(unsigned long x)
{
	return scaled(x + sink, 7) + 2;
}

static __attribute__((noinline)) long sum_ab(struct big s)
{
	long r = 0;
	for (int i = 0; i < 30; i++)
		r += s.a * i + (s.b ^ i);
	return r;
}

static unsigned long slow_path(unsigned long x)
{
	for (int i = 0; i < 200; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
	}
	return x;
}

unsigned long maybe(unsigned long x)
{
	if (x & 1)
		return x;
	unsigned long r = slow_path(x);
	r += slow_path(r);
	r ^= slow_path(r + 1);
	sink += r;
	for (int i = 0; i < 10; i++)
		sink += first(r + (unsigned long)i);
	return r;
}

__attribute__((cold, noinline)) void complain(unsigned long x)
{
	fprintf(stderr, "bad value %lu\n", x);
}

__attribute__((noinline)) unsigned long checked(unsigned long x)
{
	if (x == 123456789UL) {
		complain(x);
		fprintf(stderr, "unlikely value %lu\n", x);
		abort();
	}
	for (int i = 0; i < 10; i++)
		x = x * 3 + sink;
	return x;
}

int main(int argc, char **argv)
{
	(void)argv;
	struct big s = { argc, 2, 3, 4, 5, 6, { 0 } };
	unsigned long acc = 0;
	for (int i = 0; i < 500000; i++) {
		acc += first((unsigned long)i) + second((unsigned long)i);
		s.a = i;
		acc += (unsigned long)sum_ab(s);
		acc += maybe((unsigned long)i);
		acc += checked((unsigned long)i);
	}
	sink += acc;
	printf("%lu\n", sink);
	return 0;
}
