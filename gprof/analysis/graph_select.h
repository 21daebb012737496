/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * graph_select.h: what the pictures of a call graph (--dot, and --diff
 * --dot's union of two runs' graphs) choose to draw, on a graph of
 * numbered nodes: the nodes --root and --leaf reach within --depth calls,
 * and the cycles, so that a cycle is drawn whole.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_GRAPH_SELECT_H
#define GPROF_GRAPH_SELECT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * struct graph: nodes 0 to nodes - 1 and the arcs between them, in
 * compressed rows: node i's callees are down[down_start[i]] to
 * down[down_start[i + 1] - 1], its callers up[up_start[i]]... likewise,
 * each in the order the arcs were given.  Owns its arrays.
 */
struct graph {
	size_t nodes;
	size_t *down_start, *down;
	size_t *up_start, *up;
};

/* The arcs a graph is made of, as they are found: parent[k] -> child[k]. */
struct graph_arcs {
	size_t *parent, *child;
	size_t count, room;
};

void graph_arcs_add(struct graph_arcs *arcs, size_t parent, size_t child);
/* The graph of these arcs between nodes 0 to nodes - 1 (frees arcs). */
void graph_init(struct graph *g, size_t nodes, struct graph_arcs *arcs);
void graph_free(struct graph *g);

/* reach: in, the nodes to start from marked 1; out, every node at most
 * max_depth arcs away from one of them marked too (max_depth -1: any),
 * following the arcs down (to the callees, --root) or up (--leaf). */
void graph_reach(const struct graph *g, bool down, int max_depth, unsigned char *reach);

/* The cycles (strongly connected components of two nodes or more):
 * cycle[i] is node i's cycle, numbered 1, 2... by their first node, or
 * 0; returns how many there are. */
size_t graph_cycles(const struct graph *g, size_t *cycle);

#endif
