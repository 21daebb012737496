/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * graph_select.c: reach and cycles on a graph of numbered nodes, for the
 * pictures (graph_select.h).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/graph_select.h"
#include "core/util.h"

/* One direction's rows: start[i + 1] - start[i] arcs leave node i. */
static void make_rows(size_t nodes, size_t arc_count, const size_t *from, const size_t *to,
		      size_t **start_out, size_t **next_out)
{
	size_t *start = xcalloc(nodes + 2, sizeof(size_t));
	size_t *next = xmalloc((arc_count + 1) * sizeof(size_t));
	size_t *at = xmalloc((nodes + 1) * sizeof(size_t));
	size_t i;

	for (i = 0; i < arc_count; i++)
		start[from[i] + 1]++;
	for (i = 0; i < nodes; i++)
		start[i + 1] += start[i];
	memcpy(at, start, nodes * sizeof(size_t));
	for (i = 0; i < arc_count; i++)
		next[at[from[i]]++] = to[i];
	free(at);
	*start_out = start;
	*next_out = next;
}

void graph_arcs_add(struct graph_arcs *arcs, size_t parent, size_t child)
{
	if (arcs->count == arcs->room) {
		arcs->room = arcs->room ? 2 * arcs->room : 64;
		arcs->parent = xrealloc(arcs->parent, arcs->room * sizeof(size_t));
		arcs->child = xrealloc(arcs->child, arcs->room * sizeof(size_t));
	}
	arcs->parent[arcs->count] = parent;
	arcs->child[arcs->count++] = child;
}

void graph_init(struct graph *g, size_t nodes, struct graph_arcs *arcs)
{
	g->nodes = nodes;
	make_rows(nodes, arcs->count, arcs->parent, arcs->child, &g->down_start, &g->down);
	make_rows(nodes, arcs->count, arcs->child, arcs->parent, &g->up_start, &g->up);
	free(arcs->parent);
	free(arcs->child);
	memset(arcs, 0, sizeof(*arcs));
}

void graph_free(struct graph *g)
{
	free(g->down_start);
	free(g->down);
	free(g->up_start);
	free(g->up);
	memset(g, 0, sizeof(*g));
}

/* Breadth first: each node is reached by its shortest path, so what
 * --depth keeps does not depend on the order of the arcs. */
void graph_reach(const struct graph *g, bool down, int max_depth, unsigned char *reach)
{
	const size_t *start = down ? g->down_start : g->up_start, *next = down ? g->down : g->up;
	size_t *queue = xmalloc((g->nodes + 1) * sizeof(*queue));
	int *depth = xmalloc((g->nodes + 1) * sizeof(*depth));
	size_t head = 0, tail = 0, i;

	for (i = 0; i < g->nodes; i++)
		if (reach[i]) {
			depth[i] = 0;
			queue[tail++] = i;
		}
	while (head < tail) {
		size_t at = queue[head++], k;

		if (max_depth >= 0 && depth[at] >= max_depth)
			continue;
		for (k = start[at]; k < start[at + 1]; k++)
			if (!reach[next[k]]) {
				reach[next[k]] = 1;
				depth[next[k]] = depth[at] + 1;
				queue[tail++] = next[k];
			}
	}
	free(queue);
	free(depth);
}

#define NONE ((size_t)-1)

/* Tarjan's strongly connected components, without recursion (a
 * 100,000-deep call chain cannot overflow our stack). */
size_t graph_cycles(const struct graph *g, size_t *cycle)
{
	size_t n = g->nodes, cycle_count = 0, counter = 0, top = 0, frames = 0, i;
	size_t *order, *low, *stack, *component, components = 0, *first_node, *number;
	struct frame {
		size_t node, next;
	} * frame;
	unsigned char *on_stack;

	order = xcalloc(n + 1, sizeof(size_t)); /* 0: not visited; else visit order + 1 */
	low = xcalloc(n + 1, sizeof(size_t));
	stack = xmalloc((n + 1) * sizeof(size_t));
	component = xmalloc((n + 1) * sizeof(size_t));
	frame = xmalloc((n + 1) * sizeof(*frame));
	on_stack = xcalloc(n + 1, 1);
	for (i = 0; i < n; i++) {
		if (order[i])
			continue;
		frame[frames++] = (struct frame){ i, g->down_start[i] };
		order[i] = low[i] = ++counter;
		stack[top++] = i;
		on_stack[i] = 1;
		while (frames > 0) {
			struct frame *f = &frame[frames - 1];

			if (f->next < g->down_start[f->node + 1]) {
				size_t to = g->down[f->next++];

				if (!order[to]) {
					order[to] = low[to] = ++counter;
					stack[top++] = to;
					on_stack[to] = 1;
					frame[frames++] = (struct frame){ to, g->down_start[to] };
				} else if (on_stack[to] && order[to] < low[f->node]) {
					low[f->node] = order[to];
				}
				continue;
			}
			if (low[f->node] == order[f->node]) {
				size_t member;

				do {
					member = stack[--top];
					on_stack[member] = 0;
					component[member] = components;
				} while (member != f->node);
				components++;
			}
			frames--;
			if (frames > 0 && low[f->node] < low[frame[frames - 1].node])
				low[frame[frames - 1].node] = low[f->node];
		}
	}

	/* a component of two nodes or more is a cycle */
	first_node = xmalloc((components + 1) * sizeof(size_t));
	number = xcalloc(components + 1, sizeof(size_t));
	for (i = 0; i < components; i++)
		first_node[i] = NONE;
	for (i = n; i-- > 0;) {
		if (first_node[component[i]] != NONE)
			number[component[i]] = 1; /* more than one member */
		first_node[component[i]] = i;
	}
	memset(cycle, 0, n * sizeof(size_t));
	for (i = 0; i < n; i++) {
		size_t c = component[i];

		if (number[c] == 1 && first_node[c] == i)
			number[c] = 1 + ++cycle_count; /* numbers from 2: 1 marks a cycle */
		if (number[c] > 1)
			cycle[i] = number[c] - 1;
	}
	free(first_node);
	free(number);
	free(order);
	free(low);
	free(stack);
	free(component);
	free(frame);
	free(on_stack);
	return cycle_count;
}
