/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fan-out then fan-in: dispatch calls eight stages, each stage calls the
 * shared sink_data() with a different number of calls. */
#include <stdio.h>

static volatile unsigned long sink;

void sink_data(int n)
{
	for (volatile int i = 0; i < n; i++)
		sink += (unsigned long)i;
}

#define STAGE(k) \
	void stage##k(void) \
	{ \
		for (int i = 0; i < k; i++) \
			sink_data(3000); \
		for (volatile int i = 0; i < 1000 * k; i++) \
			sink ^= (unsigned long)i; \
	}

STAGE(1) STAGE(2) STAGE(3) STAGE(4) STAGE(5) STAGE(6) STAGE(7) STAGE(8)

void dispatch(void)
{
	stage1(); stage2(); stage3(); stage4();
	stage5(); stage6(); stage7(); stage8();
}

int main(void)
{
	for (int i = 0; i < 900; i++)
		dispatch();
	printf("%lu\n", sink);
	return 0;
}
