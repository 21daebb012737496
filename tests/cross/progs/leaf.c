/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * leaf.c: a leaf built without -pg (and at -O2): no frame of its own, so
 * the stack walk finds its caller through the return address it was
 * given (aarch64's link register, x86-64's top of stack). */
unsigned long leafspin(unsigned long n)
{
	unsigned long s = 0;
	for (unsigned long i = 0; i < n; i++) {
		s += i * i;
		__asm__ volatile("" ::"r"(s));
	}
	return s;
}
