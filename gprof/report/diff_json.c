/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * diff_json.c: --diff --json, the table of diff_text.c as one JSON
 * document (doc/json.md).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>

#include "analysis/comparison.h"
#include "report/printers.h"

static void put_number(FILE *f, double value)
{
	put_json_number(f, value);
}

static void put_side_json(const struct comparison *c, int run, FILE *f)
{
	const struct compared_run *s = &c->run[run];

	fprintf(f, "    \"%s\": {\n      \"executable\": ", run == OLD ? "old" : "new");
	put_json_string(f, s->executable);
	fprintf(f, ",\n      \"profile\": ");
	put_json_string(f, s->profile);
	fprintf(f, ",\n      \"rate\": ");
	put_number(f, s->rate);
	fprintf(f, ",\n      \"total_time\": ");
	put_number(f, comparison_run_time(c, run));
	fprintf(f, "\n    },\n");
}

static void put_figures_json(const struct comparison *c, int run, const struct comparison_entry *e,
			     FILE *f)
{
	fprintf(f, "\"%s\": {\"self_time\": ", run == OLD ? "old" : "new");
	put_number(f, comparison_seconds(c, run, e->f[run].self));
	fprintf(f, ", \"self_percent\": ");
	put_number(f, comparison_self_share(c, run, e));
	fprintf(f, ", \"total_time\": ");
	put_number(f, comparison_seconds(c, run, e->f[run].total));
	fprintf(f, ", \"total_percent\": ");
	put_number(f, comparison_total_share(c, run, e));
	fprintf(f, ", \"calls\": %lu}", e->f[run].calls);
}

void print_json_diff(const struct comparison *c, struct report_out names[2],
		     const struct options *opt, FILE *f)
{
	size_t i;

	fprintf(f, "{\n  \"format_version\": 1,\n  \"diff\": {\n");
	put_side_json(c, OLD, f);
	put_side_json(c, NEW, f);
	fprintf(f, "    \"summary\": {\"slower\": %zu, \"faster\": %zu, \"appeared\": %zu, "
		"\"vanished\": %zu, \"unchanged\": %zu},\n",
		c->slower, c->faster, c->appeared, c->vanished, c->unchanged);
	fprintf(f, "    \"functions\": [");
	for (i = 0; i < c->count; i++) {
		const struct comparison_entry *e = &c->entries[i];
		int run = e->sym[NEW] ? NEW : OLD;
		char *to_free;

		fprintf(f, "%s\n      {\"name\": ", i ? "," : "");
		put_json_string(f, e->name);
		fprintf(f, ", \"demangled\": ");
		put_json_string(f, display_name(&names[run], e->sym[run], &to_free));
		free(to_free);
		if (e->key != e->name) {
			fprintf(f, ", \"object\": ");
			put_json_string(f, e->sym[run]->object->path);
		}
		fprintf(f, ", \"status\": \"%s\",\n       ", e->status);
		put_figures_json(c, OLD, e, f);
		fprintf(f, ",\n       ");
		put_figures_json(c, NEW, e, f);
		fprintf(f, ",\n       \"self_change\": ");
		put_number(f, e->self_change);
		fprintf(f, ", \"total_change\": ");
		put_number(f, e->total_change);
		fprintf(f, ", \"self_ratio\": ");
		put_number(f, comparison_self_ratio(c, e));
		fprintf(f, "}");
	}
	fprintf(f, "%s]\n  }\n}\n", c->count ? "\n    " : "");
}
