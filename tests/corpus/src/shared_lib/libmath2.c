/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The shared library used by shared_lib/main.c. */
unsigned long lib_hash(unsigned long x)
{
	for (int i = 0; i < 20; i++)
		x = (x ^ (x >> 13)) * 0xff51afd7ed558ccdUL;
	return x;
}

unsigned long lib_sum(int n)
{
	unsigned long s = 0;
	for (int i = 0; i < n; i++)
		s += lib_hash((unsigned long)i);
	return s;
}
