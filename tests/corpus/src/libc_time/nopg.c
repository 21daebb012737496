/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Compiled without -pg (see build): no mcount call, so no arcs. */
unsigned long churn(int n)
{
	volatile unsigned long x = 0;
	for (int i = 0; i < n; i++)
		x += (unsigned long)i * 3;
	return x;
}
