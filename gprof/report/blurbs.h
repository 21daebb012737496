/* SPDX-License-Identifier: GPL-3.0-or-later
 * blurbs.h: the explanations printed with the reports unless -b. */
#ifndef BLURBS_H
#define BLURBS_H
#include <stdio.h>
void blurb_flat(FILE *out);
void blurb_call_graph(FILE *out);
void blurb_call_graph_traditional(FILE *out);
#endif
