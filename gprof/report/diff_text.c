/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * diff_text.c: --diff's table: the two runs, then every function that
 * ran in either, by the change in its self time, largest first (the time
 * and its share of each run's total, the total time, the calls before and
 * after, the ratio), and what ran in one run only marked.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/comparison.h"
#include "core/util.h"
#include "report/printers.h"
#include "report/report.h"

/* A name as the table shows it (demangled unless --no-demangle), from
 * whichever run has it, with its object when not the executable's. */
static char *shown_name(struct report_out names[2], const struct comparison_entry *e)
{
	int run = e->sym[NEW] ? NEW : OLD;
	char *to_free, *name;
	const struct symbol *sym = e->sym[run];

	name = xstrdup(display_name(&names[run], sym, &to_free));
	free(to_free);
	if (e->key != e->name) {
		const char *object = sym->object->name;
		char *with = xmalloc(strlen(name) + strlen(object) + 4);

		sprintf(with, "%s [%s]", name, object);
		free(name);
		name = with;
	}
	return name;
}

static void print_side(const struct comparison *c, int run, const char *label, FILE *f)
{
	const struct compared_run *s = &c->run[run];
	char sentence[256];

	fprintf(f, "%s %s of %s: %.3f seconds", label, s->profile, s->executable,
		comparison_run_time(c, run));
	if (s->rate > 0)
		fprintf(f, " at %g Hz", s->rate);
	/* the profiler's own time, as every view states it (on this line:
	 * the table's place in the text stays the same) */
	if (report_overhead_sentence(s->m, sentence, sizeof(sentence))) {
		size_t n = strlen(sentence);

		if (n && sentence[n - 1] == '.')
			sentence[n - 1] = '\0';
		sentence[0] = 't';
		fprintf(f, "; %s", sentence);
	}
	fprintf(f, "\n");
}

static const char diff_blurb[] =
	"\n"
	"Functions are listed by how much their self time changed, largest first.\n"
	"\n"
	"self seconds   the time spent in the function itself, in the old run, in the\n"
	"               new one, and the change (new minus old: more is slower)\n"
	"self %         that time as a share of each run's total: runs of different\n"
	"               lengths are compared by shares\n"
	"total seconds  the function and what it calls, as the call graph has them\n"
	"calls          how often it was called in each run\n"
	"ratio          new self time over old: 0.50 is twice as fast, 2.00 half as\n"
	"               fast (\"-\" when it had no time before)\n"
	"\n"
	"A function that ran in one run only is marked (appeared) or (vanished).\n";

void print_text_diff(const struct comparison *c, struct report_out names[2],
		     const struct text_options *opt, FILE *f)
{
	size_t i;

	print_side(c, OLD, "old:", f);
	print_side(c, NEW, "new:", f);
	fprintf(f,
		"functions: %zu slower, %zu faster, %zu appeared, %zu vanished, %zu unchanged\n\n",
		c->slower, c->faster, c->appeared, c->vanished, c->unchanged);
	fprintf(f,
		"      self seconds            self %%          total seconds              calls\n");
	fprintf(f,
		"    old      new   change    old    new      old      new   change        old"
		"        new   ratio  name\n");
	for (i = 0; i < c->count; i++) {
		const struct comparison_entry *e = &c->entries[i];
		double ratio = comparison_self_ratio(c, e);
		char *name = shown_name(names, e);

		fprintf(f, "%7.3f  %7.3f  %+7.3f %6.2f %6.2f  %7.3f  %7.3f  %+7.3f %10lu %10lu ",
			comparison_seconds(c, OLD, e->f[OLD].self),
			comparison_seconds(c, NEW, e->f[NEW].self), e->self_change,
			comparison_self_share(c, OLD, e), comparison_self_share(c, NEW, e),
			comparison_seconds(c, OLD, e->f[OLD].total),
			comparison_seconds(c, NEW, e->f[NEW].total), e->total_change,
			e->f[OLD].calls, e->f[NEW].calls);
		if (isnan(ratio))
			fprintf(f, "%7s", "-");
		else
			fprintf(f, "%7.2f", ratio);
		fprintf(f, "  %s", name);
		if (strcmp(e->status, "appeared") == 0 || strcmp(e->status, "vanished") == 0)
			fprintf(f, " (%s)", e->status);
		fprintf(f, "\n");
		free(name);
	}
	if (!opt->brief)
		fputs(diff_blurb, f);
}
