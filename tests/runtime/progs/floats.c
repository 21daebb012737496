/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * floats.c: the hook runs before the profiled function reads its
 * arguments; floating-point ones are in vector registers, which the hook
 * must leave alone, on its common path, on its slow path (the first call
 * along an arc) and when the table is full (run with GMON_ARCS=1).
 * Prints "ok" if every result is right. */
#include <stdarg.h>
#include <stdio.h>

__attribute__((noinline)) double mix(double a, double b, double c, double d, double e, double f,
				     double g, double h)
{
	return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h;
}

__attribute__((noinline)) double sum(int n, ...)
{
	va_list ap;
	double s = 0;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		s += va_arg(ap, double);
	va_end(ap);
	return s;
}

__attribute__((noinline)) float halve(float x)
{
	return x / 2;
}

int main(void)
{
	int bad = 0;
	for (int i = 0; i < 1000; i++) {
		double x = i;
		if (mix(x, 1, 2, 3, 4, 5, 6, 7) != x + 2 + 6 + 12 + 20 + 30 + 42 + 56)
			bad++;
		if (sum(3, x, 0.5, 0.25) != x + 0.75)
			bad++;
		if (halve((float)i) != (float)i / 2)
			bad++;
	}
	printf(bad ? "%d wrong\n" : "ok\n", bad);
	return bad != 0;
}
