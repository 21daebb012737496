/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * printers.h: every report gprof prints, each a function of the view,
 * its own output's options (core/options.h: text, pictures; none for
 * most formats) and the output, each in its own file.  No printer calls
 * another; what they share is in report.h.  gprof.c picks which run and
 * in which order.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_PRINTERS_H
#define GPROF_PRINTERS_H

#include "analysis/views.h"
#include "core/model.h"
#include "core/options.h"
#include "gmon/profile.h"
#include "report/report.h"

/* fileinfo.c: -i, what one profile file held (printed as it is read) */
void print_file_info(struct report_out *out, const char *path,
		     const struct profile_file_info *info);
/* flat.c: the flat profile */
void print_flat_profile(const struct view *v, const struct text_options *opt,
			struct report_out *out);
/* threads.c: --threads, one flat profile per thread (exits without
 * thread stacks) */
void print_thread_profiles(const struct view *v, const struct text_options *opt,
			   struct report_out *out);
/* graph.c: the call graph, in the view's order (analysis/view_orders.h) */
void print_call_graph(const struct view *v, const struct text_options *opt, struct report_out *out);
/* index.c: the index by function name */
void print_index(const struct view *v, const struct text_options *opt, struct report_out *out);
/* counts.c: -C, execution counts */
void print_exec_counts(const struct view *v, struct report_out *out);
/* annotate.c: -A, annotated source listings (to FILE-ann with -y) */
void print_annotated_source(const struct view *v, const struct text_options *opt,
			    struct report_out *out);
/* ordering.c: -r and -R, suggested link orders (they mark what they place) */
void print_function_ordering(struct model *m, struct report_out *out);
void print_file_ordering(struct model *m, struct report_out *out);
/* json.c: --json, one document with what the view's reports ask for */
void print_json(const struct view *v, struct report_out *out);
/* dot.c: --dot, a Graphviz picture of the call graph */
void print_dot(const struct view *v, const struct picture_options *opt, struct report_out *out);
/* folded.c: --folded, the call stacks one line each (exits without stacks) */
void print_folded(const struct view *v, struct report_out *out);
/* callgrind.c: --callgrind, the callgrind format (KCachegrind, callgrind_annotate) */
void print_callgrind(const struct view *v, struct report_out *out);
/* flame.c: --flame, an SVG flame graph of the stacks (exits without stacks) */
void print_flame(const struct view *v, const struct picture_options *opt, struct report_out *out);
/* pprof.c: --pprof, pprof's profile.proto, gzip-compressed (binary) */
void print_pprof(const struct view *v, struct report_out *out);
/* html.c: --html, one self-contained page (flat profile, call graph,
 * flame graph, source); print_html_diff: --diff --html, both runs */
void print_html(const struct view *v, struct report_out *out);

/* --diff: two runs compared (analysis/comparison.h), each run's names
 * shown through its own report_out (names[OLD], names[NEW]) */
struct comparison;
/* diff_text.c: the table */
void print_text_diff(const struct comparison *c, struct report_out names[2],
		     const struct text_options *opt, FILE *f);
/* diff_json.c: --diff --json */
void print_json_diff(const struct comparison *c, struct report_out names[2], FILE *f);
/* diff_dot.c: --diff --dot, both call graphs in one picture */
void print_dot_diff(const struct comparison *c, struct report_out names[2],
		    const struct picture_options *opt, FILE *f);
/* html.c: --diff --html, both runs in one page */
void print_html_diff(const struct comparison *c, struct report_out names[2], FILE *f);

#endif
