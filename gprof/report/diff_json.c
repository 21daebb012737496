/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * diff_json.c: --diff --json, the table of diff_text.c as one JSON
 * document (doc/json.md).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>

#include "analysis/comparison.h"
#include "analysis/overhead.h"
#include "report/printers.h"
#include "report/report.h"

/* text (a separator and a key), then a value */
static void put_number_after(FILE *f, const char *text, double value)
{
	fputs(text, f);
	put_json_number(f, value);
}

static void put_string_after(FILE *f, const char *text, const char *value)
{
	fputs(text, f);
	put_json_string(f, value);
}

static void put_side_json(const struct comparison *c, int run, FILE *f)
{
	const struct compared_run *s = &c->run[run];

	fprintf(f, "    \"%s\": {\n", run == OLD ? "old" : "new");
	put_string_after(f, "      \"executable\": ", s->executable);
	put_string_after(f, ",\n      \"profile\": ", s->profile);
	put_number_after(f, ",\n      \"rate\": ", s->rate);
	put_number_after(f, ",\n      \"total_time\": ", comparison_run_time(c, run));
	/* the profiler's own time, as --json states it (doc/json.md) */
	if (s->m->overhead_known && s->m->overhead_ticks > 0.0) {
		bool of_cpu;
		double percent = overhead_percent(s->m, &of_cpu);

		put_number_after(f, ",\n      \"profiler_overhead\": {\"samples\": ",
				 s->m->overhead_ticks);
		put_number_after(f, ", \"time\": ", report_overhead_seconds(s->m));
		put_number_after(f, ", \"percent\": ", percent);
		fprintf(f, ", \"percent_of\": \"%s\", \"counted\": %s}",
			of_cpu ? "cpu_time" : "samples", s->m->overhead_counted ? "true" : "false");
	}
	fprintf(f, "\n    },\n");
}

static void put_figures_json(const struct comparison *c, int run, const struct comparison_entry *e,
			     FILE *f)
{
	fprintf(f, "\"%s\": {", run == OLD ? "old" : "new");
	put_number_after(f, "\"self_time\": ", comparison_seconds(c, run, e->f[run].self));
	put_number_after(f, ", \"self_percent\": ", comparison_self_share(c, run, e));
	put_number_after(f, ", \"total_time\": ", comparison_seconds(c, run, e->f[run].total));
	put_number_after(f, ", \"total_percent\": ", comparison_total_share(c, run, e));
	fprintf(f, ", \"calls\": %lu}", e->f[run].calls);
}

void print_json_diff(const struct comparison *c, struct report_out names[2], FILE *f)
{
	size_t i;

	fprintf(f, "{\n  \"format_version\": 1,\n  \"diff\": {\n");
	put_side_json(c, OLD, f);
	put_side_json(c, NEW, f);
	fprintf(f,
		"    \"summary\": {\"slower\": %zu, \"faster\": %zu, \"appeared\": %zu, "
		"\"vanished\": %zu, \"unchanged\": %zu},\n",
		c->slower, c->faster, c->appeared, c->vanished, c->unchanged);
	fprintf(f, "    \"functions\": [");
	for (i = 0; i < c->count; i++) {
		const struct comparison_entry *e = &c->entries[i];
		int run = e->sym[NEW] ? NEW : OLD;
		char *to_free;

		fprintf(f, "%s\n      {", i ? "," : "");
		put_string_after(f, "\"name\": ", e->name);
		put_string_after(f, ", \"demangled\": ",
				 display_name(&names[run], e->sym[run], &to_free));
		free(to_free);
		if (e->key != e->name)
			put_string_after(f, ", \"object\": ", e->sym[run]->object->path);
		fprintf(f, ", \"status\": \"%s\",\n       ", e->status);
		put_figures_json(c, OLD, e, f);
		fprintf(f, ",\n       ");
		put_figures_json(c, NEW, e, f);
		put_number_after(f, ",\n       \"self_change\": ", e->self_change);
		put_number_after(f, ", \"total_change\": ", e->total_change);
		put_number_after(f, ", \"self_ratio\": ", comparison_self_ratio(c, e));
		fprintf(f, "}");
	}
	fprintf(f, "%s]\n  }\n}\n", c->count ? "\n    " : "");
}
