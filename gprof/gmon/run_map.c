/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * run_map.c: one run's addresses to model addresses (model.h): the map
 * of plain addresses made from the run's segments, where an object
 * unloaded and another mapped where it was overlap, and the objects by
 * number for numbered addresses (doc/format.md, "Addresses used twice").
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>

#include "gmon_out.h"
#include "gmon/run_map.h"
#include "core/util.h"

static const struct run_segment *find_segment(const struct run_map *run, uint64_t address)
{
	size_t low = 0, high = run->segment_count;

	while (low < high) {
		size_t mid = low + (high - low) / 2;

		if (run->segments[mid].start <= address)
			low = mid + 1;
		else
			high = mid;
	}
	if (low == 0 || address >= run->segments[low - 1].end)
		return NULL;
	return &run->segments[low - 1];
}

/* A numbered address (doc/format.md, "Addresses used twice"): the
 * object it names, or none. */
static uint64_t numbered_address(const struct run_map *run, uint64_t runtime)
{
	uint32_t number = (uint32_t)(runtime >> GMON_ADDRESS_NUMBER_SHIFT) &
			  GMON_ADDRESS_NUMBER_MAX;
	size_t low = 0, high = run->number_count;

	while (low < high) {
		size_t mid = low + (high - low) / 2;

		if (run->numbers[mid].number < number)
			low = mid + 1;
		else
			high = mid;
	}
	if (low == run->number_count || run->numbers[low].number != number)
		return MODEL_UNKNOWN_ADDRESS;
	/* within the object's own 2^48 bytes, or it would land on another's */
	runtime &= GMON_ADDRESS_LOW;
	if (runtime < run->numbers[low].bias ||
	    runtime - run->numbers[low].bias >= (uint64_t)1 << MODEL_OBJECT_SHIFT)
		return MODEL_UNKNOWN_ADDRESS;
	return runtime + run->numbers[low].delta;
}

uint64_t run_map_address(const struct run_map *run, uint64_t runtime)
{
	const struct run_segment *seg;

	if (run->numbers && (runtime & GMON_ADDRESS_NUMBERED))
		return numbered_address(run, runtime);
	seg = find_segment(run, runtime);
	return seg ? runtime + seg->delta : MODEL_UNKNOWN_ADDRESS;
}

/* ------------------------------------------ addresses used twice in a run */

static int compare_placed(const void *lp, const void *rp)
{
	const struct run_placed *left = lp, *right = rp;

	return left->seg.start < right->seg.start ? -1 : left->seg.start > right->seg.start;
}

static int compare_u64(const void *lp, const void *rp)
{
	const uint64_t *l = lp, *r = rp;

	return *l < *r ? -1 : *l > *r;
}

static int compare_number(const void *lp, const void *rp)
{
	const struct run_number *l = lp, *r = rp;

	return l->number < r->number ? -1 : l->number > r->number;
}

void run_map_sort_numbers(struct run_map *run)
{
	if (run->number_count > 1)
		qsort(run->numbers, run->number_count, sizeof(*run->numbers), compare_number);
}

/* The heap of the segments covering the sweep's point, highest rank on top. */
static void heap_push(const struct run_placed *p, size_t *heap, size_t *n, size_t at)
{
	size_t i = (*n)++;

	heap[i] = at;
	while (i > 0 && p[heap[(i - 1) / 2]].rank < p[heap[i]].rank) {
		size_t up = (i - 1) / 2, t = heap[up];

		heap[up] = heap[i];
		heap[i] = t;
		i = up;
	}
}

static void heap_pop(const struct run_placed *p, size_t *heap, size_t *n)
{
	size_t i = 0;

	heap[0] = heap[--*n];
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, top = i, t;

		if (l < *n && p[heap[l]].rank > p[heap[top]].rank)
			top = l;
		if (r < *n && p[heap[r]].rank > p[heap[top]].rank)
			top = r;
		if (top == i)
			return;
		t = heap[top];
		heap[top] = heap[i];
		heap[i] = t;
		i = top;
	}
}

/*
 * The run's map of plain addresses from its segments: where segments
 * overlap (an object unloaded, another mapped where it was), each
 * address goes to the segment of highest rank there.  Objects still
 * loaded never overlap each other: a file where they do is refused.
 * O(n log n): a sweep over the segments' ends with a heap.
 */
void run_map_build(struct run_map *run, struct run_placed *p, size_t n, const char *path)
{
	uint64_t *edges = xcalloc(2 * n + 1, sizeof(*edges));
	size_t *heap = xcalloc(n + 1, sizeof(*heap));
	size_t i, e = 0, next = 0, depth = 0, last_loaded = n;

	qsort(p, n, sizeof(*p), compare_placed);
	for (i = 0; i < n; i++) {
		if (p[i].rank >> 32) {
			if (last_loaded < n && p[i].seg.start < p[last_loaded].seg.end)
				fatal("%s: two objects' segments overlap at 0x%llx", path,
				      (unsigned long long)p[i].seg.start);
			if (last_loaded == n || p[i].seg.end > p[last_loaded].seg.end)
				last_loaded = i;
		}
		edges[e++] = p[i].seg.start;
		edges[e++] = p[i].seg.end;
	}
	qsort(edges, e, sizeof(*edges), compare_u64);
	run->segment_count = 0;
	for (i = 0; i + 1 < e; i++) {
		uint64_t at = edges[i], to = edges[i + 1];
		struct run_segment *last;
		const struct run_placed *top;

		while (next < n && p[next].seg.start <= at)
			heap_push(p, heap, &depth, next++);
		while (depth && p[heap[0]].seg.end <= at)
			heap_pop(p, heap, &depth);
		if (at == to || !depth)
			continue;
		top = &p[heap[0]];
		last = run->segment_count ? &run->segments[run->segment_count - 1] : NULL;
		if (last && last->end == at && last->delta == top->seg.delta)
			last->end = to;
		else
			run->segments[run->segment_count++] =
				(struct run_segment){ at, to, top->seg.delta };
	}
	free(edges);
	free(heap);
}
