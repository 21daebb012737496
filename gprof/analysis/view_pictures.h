/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * view_pictures.h: what --root, --leaf and --depth keep of a profile
 * (view_pictures.c), computed here for the pictures that draw it, so
 * that no printer chooses its own: the functions a call graph's picture
 * reaches (--dot; --diff --dot marks the named functions of each run
 * and reaches over both runs' graph), the frames of a stack a flame
 * graph draws (--flame); and the picture --diff --dot draws, the union
 * of two runs' call graphs.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_VIEW_PICTURES_H
#define GPROF_VIEW_PICTURES_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis/comparison.h"
#include "analysis/graph_select.h"
#include "core/model.h"

/* The functions of m (not hidden) that --root (PICTURE_ROOT) or --leaf
 * (PICTURE_LEAF) names, marked 1 in named[place], place being the
 * symbol's in m->symbols; whether there is any. */
bool picture_named(const struct model *m, enum symspec_table table, unsigned char *named);

/*
 * struct picture_reach: what --root and --leaf keep of m's call graph,
 * by place in m->symbols: below[place] for a function at most --depth
 * calls down from one --root names (over every arc of the model: an
 * arc to a function not drawn still leads on), above[place] up from
 * one --leaf names; rooted, leafed whether each was asked for.  Owns its
 * arrays.
 */
struct picture_reach {
	bool rooted, leafed;
	unsigned char *below, *above;
};

/* Fill r for --root root and --leaf leaf (each NULL when not given, as
 * the option was written otherwise, for the message), within max_depth
 * calls (-1: any); a symspec that names no function is fatal. */
void picture_reach(const struct model *m, const char *root, const char *leaf, int max_depth,
		   struct picture_reach *r);
void picture_reach_free(struct picture_reach *r);

/*
 * --root, --leaf and --depth on one call stack, frames innermost first
 * (NULL: a frame no symbol holds): the frames drawn, [*inner, *outer].
 * --root: from the outermost frame of a function it names, inward;
 * --leaf: out from the innermost frame of one it names (the leaf's
 * callees' samples are the leaf's); max_depth (-1: any): at most that
 * many frames from the root (or, without a root, from the leaf).  False
 * when the stack does not go through them.
 */
bool picture_frames_kept(const struct model *m, int max_depth, const struct symbol *const *frames,
			 size_t depth, size_t *outer, size_t *inner);

/* An edge of --diff --dot's picture: calls[run] is the calls it stands
 * for, in[run] whether that run had such an arc, counted whether either
 * run counted its calls (not a call seen only in the stacks:
 * analysis/stack_arcs.c). */
struct diff_arc {
	size_t parent, child; /* node numbers */
	unsigned long calls[2];
	bool in[2];
	bool counted;
};

/*
 * struct diff_picture: the union of two runs' call graphs (--diff
 * --dot): a node for every entry of the comparison, numbered by name so
 * that the picture of two runs is the same each time it is drawn
 * (entry[node], node[entry]); an arc for every pair of nodes an arc of
 * either run joins (arcs between symbols of one name added up), sorted
 * by parent, then child; the graph they make and its cycles (cycle[node]:
 * 1, 2... or 0).  Owns its arrays.
 */
struct diff_picture {
	size_t nodes;
	size_t *entry, *node;
	struct diff_arc *arcs;
	size_t arc_count;
	struct graph graph;
	size_t *cycle, cycle_count;
};

void diff_picture_build(const struct comparison *c, struct diff_picture *p);
void diff_picture_free(struct diff_picture *p);

#endif
