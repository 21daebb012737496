/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Time in functions with no calls recorded: most CPU goes to libc
 * (memcpy, memset, strlen: outside the profiled text, so their samples are
 * lost) and to churn() in nopg.c, which is compiled without -pg, so it has
 * samples but no arcs. */
#include <stdio.h>
#include <string.h>

unsigned long churn(int n);

static char buf_a[1 << 16], buf_b[1 << 16];
static volatile unsigned long sink;

void copy_round(void)
{
	memset(buf_a, 'x', sizeof buf_a - 1);
	memcpy(buf_b, buf_a, sizeof buf_a);
	sink += strlen(buf_b);
}

int main(void)
{
	for (int i = 0; i < 80000; i++)
		copy_round();
	for (int i = 0; i < 400; i++)
		sink += churn(100000);
	printf("%lu\n", sink);
	return 0;
}
