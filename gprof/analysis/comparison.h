/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * comparison.h: two profiles of one program compared (--diff): their
 * functions matched by name (functions of other objects by name and
 * object), each with its figures in both runs and the change, in the
 * order the reports list them.  diff.c reads the two models and checks
 * that they can be compared; the printers (report/diff_*.c, html.c)
 * format what is here.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_COMPARISON_H
#define GPROF_COMPARISON_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis/views.h"
#include "core/model.h"

enum {
	OLD,
	NEW
};

/* One run: the files it was read from and its model. */
struct compared_run {
	const char *executable, *profile;
	struct model *m;
	double rate;      /* samples per second, 0 without a histogram */
	struct view view; /* what the printers show of m (diff.c builds it) */
};

/* What one function did in one run, in ticks and calls. */
struct figures {
	double self;  /* samples (the flat profile's self time) */
	double total; /* self and children as the call graph has them */
	unsigned long calls;
	bool ran; /* any time or any call */
};

/* One function of either run, by name. */
struct comparison_entry {
	const char *key;             /* the name, or "name [object]" */
	const char *name;            /* the symbol's name */
	const struct symbol *sym[2]; /* the first symbol of the name in each run, or NULL */
	struct figures f[2];
	double self_change, total_change; /* new minus old, in seconds */
	const char *status;               /* slower, faster, appeared, vanished, unchanged */
	size_t group;                     /* while matching: its place among the names */
};

/*
 * struct comparison: the two runs and every function that ran in either
 * (and is in the flat profile's symspecs), by the change in self time,
 * largest first (then total time, calls, name).  entry_of maps each
 * symbol of each run's model (by place) to its entry, or NO_ENTRY.
 */
struct comparison {
	struct compared_run run[2];
	struct comparison_entry *entries;
	size_t count;
	size_t slower, faster, appeared, vanished, unchanged;
	size_t *entry_of[2];
};

#define NO_ENTRY ((size_t)-1)

/* Match the functions of c->run[OLD].m and c->run[NEW].m (both read). */
void comparison_match(struct comparison *c);
/* Free what comparison_match made (not the models). */
void comparison_free(struct comparison *c);

/* Ticks of a run in seconds (0 without samples). */
double comparison_seconds(const struct comparison *c, int run, double ticks);
/* The run's total time in seconds. */
double comparison_run_time(const struct comparison *c, int run);
/* The share of the run's total an entry's self or total time is. */
double comparison_self_share(const struct comparison *c, int run, const struct comparison_entry *e);
double comparison_total_share(const struct comparison *c, int run,
			      const struct comparison_entry *e);
/* New self time over old, or NAN when the old one is 0. */
double comparison_self_ratio(const struct comparison *c, const struct comparison_entry *e);

#endif
