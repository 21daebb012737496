/* SPDX-License-Identifier: GPL-3.0-or-later */
/* All the time in main: no function calls made by the program at all (the
 * call graph holds only main, called from outside). */
#include <stdio.h>

int main(void)
{
	volatile unsigned long x = 0;
	for (long i = 0; i < 450000000L; i++)
		x += (unsigned long)i;
	printf("%lu\n", (unsigned long)x);
	return 0;
}
