/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * stats.h: libstats, the example's own small library (running mean and
 * standard deviation, Welford's method), linked as libstats.a.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef STATS_H
#define STATS_H

struct stats {
	unsigned long count;
	double mean;
	double m2; /* sum of squared distances from the mean */
};

void stats_init(struct stats *s);
void stats_add(struct stats *s, double x);
/* Add every stride-th byte of data[0..size). */
void stats_add_bytes(struct stats *s, const unsigned char *data, unsigned long size,
		     unsigned long stride);
double stats_mean(const struct stats *s);
double stats_stddev(const struct stats *s);

#endif
