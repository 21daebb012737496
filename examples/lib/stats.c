/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * stats.c: libstats.  Built with -pg like the program, so its functions
 * appear in the profile; stats_stddev calls into libm (sqrt), which is
 * not profiled and so shows up only as time in its caller.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <math.h>

#include "stats.h"

void stats_init(struct stats *s)
{
	s->count = 0;
	s->mean = 0.0;
	s->m2 = 0.0;
}

void stats_add(struct stats *s, double x)
{
	double delta = x - s->mean;

	s->count++;
	s->mean += delta / (double)s->count;
	s->m2 += delta * (x - s->mean);
}

void stats_add_bytes(struct stats *s, const unsigned char *data, unsigned long size,
		     unsigned long stride)
{
	unsigned long i;

	for (i = 0; i < size; i += stride)
		stats_add(s, data[i]);
}

double stats_mean(const struct stats *s)
{
	return s->mean;
}

double stats_stddev(const struct stats *s)
{
	return s->count > 1 ? sqrt(s->m2 / (double)(s->count - 1)) : 0.0;
}
