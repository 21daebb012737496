/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * graphprint.c: print the call graph and the index by function name.
 *
 * Each entry shows the function's callers (parents) above it and its
 * callees (children) below, sorted as GNU gprof sorts them: parents by
 * increasing time carried, children by decreasing, arcs inside a cycle
 * apart, ties in the reverse of the order the arcs were read.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "blurbs.h"
#include "fixed.h"
#include "gprof.h"
#include "report.h"
#include "symbols.h"

#define LESS (-1)
#define EQUAL 0
#define GREATER 1

bool first_report = true;

void report_separator(void)
{
	if (first_report)
		first_report = false;
	else
		printf("\f\n");
}

static void print_header(void)
{
	double hz = histograms.rate;

	report_separator();
	if (!opt.traditional) {
		if (!opt.brief)
			printf("\t\t     Call graph (explanation follows)\n\n");
		else
			printf("\t\t\tCall graph\n\n");
	}
	printf("\ngranularity: each sample hit covers %ld byte(s)", histogram_granularity());
	if (print_ticks > 0.0) {
		printf(" for %.2f%% of %.2f seconds\n\n", 100.0 / print_ticks, print_ticks / hz);
	} else {
		printf(" no time propagated\n\n");
		/* every numerator is zero: avoid dividing by it */
		print_ticks = 1.0;
	}
	if (opt.traditional) {
		printf("%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n", "", "", "", "",
		       "called", "total", "parents");
		printf("%-6.6s %5.5s %7.7s %11.11s %7.7s+%-7.7s %-8.8s\t%5.5s\n", "index",
		       "%time", "self", "descendants", "called", "self", "name", "index");
		printf("%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n", "", "", "", "",
		       "called", "total", "children");
		printf("\n");
	} else {
		printf("index %% time    self  children    called     name\n");
	}
}

static void print_cycle(const struct symbol *cycle)
{
	char buf[32];
	double hz = histograms.rate;

	snprintf(buf, sizeof(buf), "[%d]", cycle->index);
	printf(opt.traditional ? "%-6.6s %5.1f %7.2f %11.2f %7lu" : "%-6.6s %5.1f %7.2f %7.2f %7lu",
	       buf, 100 * (cycle->prop_self + cycle->prop_child) / print_ticks,
	       cycle->prop_self / hz, cycle->prop_child / hz, cycle->calls);
	if (cycle->self_calls != 0)
		printf("+%-7lu", cycle->self_calls);
	else
		printf(" %7.7s", "");
	printf(" <cycle %d as a whole> [%d]\n", cycle->cycle_number, cycle->index);
}

static int compare_member(const struct symbol *left, const struct symbol *right)
{
	double left_time = left->prop_self + left->prop_child;
	double right_time = right->prop_self + right->prop_child;
	unsigned long left_calls = left->calls + left->self_calls;
	unsigned long right_calls = right->calls + right->self_calls;

	if (left_time > right_time)
		return GREATER;
	if (left_time < right_time)
		return LESS;
	if (left_calls > right_calls)
		return GREATER;
	if (left_calls < right_calls)
		return LESS;
	return EQUAL;
}

/* Members by decreasing time, then calls; ties keep their order. */
static void sort_members(struct symbol *cycle)
{
	struct symbol *todo = cycle->cycle_next, *doing, *prev;

	cycle->cycle_next = NULL;
	for (doing = todo; doing; doing = todo) {
		todo = doing->cycle_next;
		for (prev = cycle; prev->cycle_next; prev = prev->cycle_next)
			if (compare_member(doing, prev->cycle_next) == GREATER)
				break;
		doing->cycle_next = prev->cycle_next;
		prev->cycle_next = doing;
	}
}

static void print_members(struct symbol *cycle)
{
	struct symbol *member;
	double hz = histograms.rate;
	char self[FIXED_SIZE], children[FIXED_SIZE];

	sort_members(cycle);
	for (member = cycle->cycle_next; member; member = member->cycle_next) {
		printf("%6.6s %5.5s %s %s %7lu", "", "", format_fixed(self, 7, 2, member->prop_self / hz),
		       format_fixed(children, opt.traditional ? 11 : 7, 2, member->prop_child / hz),
		       member->calls);
		if (member->self_calls != 0)
			printf("+%-7lu", member->self_calls);
		else
			printf(" %7.7s", "");
		printf("     ");
		print_name(stdout, member);
		printf("\n");
	}
}

static bool inside_one_cycle(const struct arc *arc)
{
	return arc->parent->cycle_number != 0 && arc->child->cycle_number != 0 &&
	       arc->parent->cycle_number == arc->child->cycle_number;
}

/* Recursive arcs first, then arcs inside a cycle (by count), then the
 * rest by time carried, then count. */
static int compare_arc(const struct arc *left, const struct arc *right)
{
	if (left->parent == left->child)
		return LESS;
	if (right->parent == right->child)
		return GREATER;
	if (inside_one_cycle(left)) {
		if (!inside_one_cycle(right))
			return LESS;
		if (left->count < right->count)
			return LESS;
		if (left->count > right->count)
			return GREATER;
		return EQUAL;
	}
	if (inside_one_cycle(right))
		return GREATER;
	{
		double left_time = left->time + left->child_time;
		double right_time = right->time + right->child_time;

		if (left_time < right_time)
			return LESS;
		if (left_time > right_time)
			return GREATER;
	}
	if (left->count < right->count)
		return LESS;
	if (left->count > right->count)
		return GREATER;
	return EQUAL;
}

/* Stable merge sort of arcs; descending when sign is -1. */
static void merge_sort_arcs(struct arc **a, struct arc **tmp, size_t n, int sign)
{
	size_t mid, i, j, k;

	if (n < 2)
		return;
	mid = n / 2;
	merge_sort_arcs(a, tmp, mid, sign);
	merge_sort_arcs(a + mid, tmp, n - mid, sign);
	for (i = 0, j = mid, k = 0; i < mid && j < n;)
		tmp[k++] = sign * compare_arc(a[j], a[i]) < 0 ? a[j++] : a[i++];
	while (i < mid)
		tmp[k++] = a[i++];
	while (j < n)
		tmp[k++] = a[j++];
	memcpy(a, tmp, n * sizeof(*a));
}

/*
 * GNU gprof sorts by inserting each arc, in list order, before the first
 * arc not smaller (parents) or not larger (children) than it: a stable
 * sort of the list reversed.  Doing it as such keeps it n log n.
 */
static struct arc **sort_buffer, **sort_tmp;
static size_t sort_capacity;

static size_t gather(struct arc *list, bool parents)
{
	size_t n = 0, i;
	struct arc *arc;

	for (arc = list; arc; arc = parents ? arc->next_parent : arc->next_child) {
		if (n == sort_capacity) {
			sort_capacity = sort_capacity ? sort_capacity * 2 : 64;
			sort_buffer = xrealloc(sort_buffer, sort_capacity * sizeof(*sort_buffer));
			sort_tmp = xrealloc(sort_tmp, sort_capacity * sizeof(*sort_tmp));
		}
		sort_buffer[n++] = arc;
	}
	for (i = 0; i < n / 2; i++) {
		struct arc *t = sort_buffer[i];

		sort_buffer[i] = sort_buffer[n - 1 - i];
		sort_buffer[n - 1 - i] = t;
	}
	return n;
}

static void sort_parents(struct symbol *child)
{
	size_t n = gather(child->parents, true), i;

	merge_sort_arcs(sort_buffer, sort_tmp, n, 1);
	child->parents = n ? sort_buffer[0] : NULL;
	for (i = 0; i < n; i++)
		sort_buffer[i]->next_parent = i + 1 < n ? sort_buffer[i + 1] : NULL;
}

static void sort_children(struct symbol *parent)
{
	size_t n = gather(parent->children, false), i;

	merge_sort_arcs(sort_buffer, sort_tmp, n, -1);
	parent->children = n ? sort_buffer[0] : NULL;
	for (i = 0; i < n; i++)
		sort_buffer[i]->next_child = i + 1 < n ? sort_buffer[i + 1] : NULL;
}

/* One caller's or callee's line in an entry: other is the function named
 * on it, entry the function the entry is about.  A recursive call, or a
 * call inside the entry's cycle, shows only its count; any other shows
 * the time it carries and its calls out of total. */
static void print_arc_line(const struct arc *arc, const struct symbol *other,
			   const struct symbol *entry, unsigned long total)
{
	char self[FIXED_SIZE], children[FIXED_SIZE];
	double hz = histograms.rate;

	if (other == entry || (entry->cycle_number != 0 && other->cycle_number == entry->cycle_number))
		printf(opt.traditional ? "%6.6s %5.5s %7.7s %11.11s %7lu %7.7s     "
				       : "%6.6s %5.5s %7.7s %7.7s %7lu %7.7s     ",
		       "", "", "", "", arc->count, "");
	else
		printf("%6.6s %5.5s %s %s %7lu/%-7lu     ", "", "",
		       format_fixed(self, 7, 2, arc->time / hz),
		       format_fixed(children, opt.traditional ? 11 : 7, 2, arc->child_time / hz),
		       arc->count, total);
	print_name(stdout, other);
	printf("\n");
}

static void print_parents(struct symbol *child)
{
	struct arc *arc;
	const struct symbol *cycle_head = child->cycle_head ? child->cycle_head : child;

	if (child->parents == NULL) {
		printf(opt.traditional ? "%6.6s %5.5s %7.7s %11.11s %7.7s %7.7s     <spontaneous>\n"
				       : "%6.6s %5.5s %7.7s %7.7s %7.7s %7.7s     <spontaneous>\n",
		       "", "", "", "", "", "");
		return;
	}
	sort_parents(child);
	for (arc = child->parents; arc; arc = arc->next_parent)
		print_arc_line(arc, arc->parent, child, cycle_head->calls);
}

static void print_children(struct symbol *parent)
{
	struct arc *arc;

	sort_children(parent);
	for (arc = parent->children; arc; arc = arc->next_child)
		print_arc_line(arc, arc->child, parent, arc->child->cycle_head->calls);
}

static void print_entry_line(const struct symbol *sym)
{
	char buf[32], percent[FIXED_SIZE], self[FIXED_SIZE], children[FIXED_SIZE];
	double hz = histograms.rate;

	snprintf(buf, sizeof(buf), "[%d]", sym->index);
	printf("%-6.6s %s %s %s", buf,
	       format_fixed(percent, 5, 1, 100 * (sym->prop_self + sym->prop_child) / print_ticks),
	       format_fixed(self, 7, 2, sym->prop_self / hz),
	       format_fixed(children, opt.traditional ? 11 : 7, 2, sym->prop_child / hz));
	if (sym->calls + sym->self_calls != 0) {
		printf(" %7lu", sym->calls);
		if (sym->self_calls != 0)
			printf("+%-7lu ", sym->self_calls);
		else
			printf(" %7.7s ", "");
	} else {
		printf(" %7.7s %7.7s ", "", "");
	}
	print_name(stdout, sym);
	printf("\n");
}

/* Does the call graph print an entry for sym? */
static bool has_graph_entry(const struct symbol *sym)
{
	if (!opt.show_zeros && sym->calls == 0 && sym->self_calls == 0 && sym->prop_self == 0 &&
	    sym->prop_child == 0)
		return false;
	return sym->printed && !sym->hidden && !(opt.line_granularity && !sym->is_function);
}

void print_call_graph(struct symbol **by_time)
{
	size_t i, n = symtab.count + (size_t)cycle_count;

	if (!opt.brief && opt.traditional)
		blurb_call_graph_traditional(stdout);
	print_header();
	for (i = 0; i < n; i++) {
		struct symbol *sym = by_time[i];

		if (!has_graph_entry(sym))
			continue;
		if (!sym->name && sym->cycle_number != 0) {
			print_cycle(sym);
			print_members(sym);
		} else {
			print_parents(sym);
			print_entry_line(sym);
			print_children(sym);
		}
		if (opt.traditional)
			printf("\n");
		printf("-----------------------------------------------\n");
		if (opt.traditional)
			printf("\n");
	}
	if (!opt.brief && !opt.traditional)
		blurb_call_graph(stdout);
}

static int compare_name(const void *lp, const void *rp)
{
	const struct symbol *left = *(const struct symbol *const *)lp;
	const struct symbol *right = *(const struct symbol *const *)rp;

	return strcmp(left->name, right->name);
}

void print_index(void)
{
	size_t i, j, names = 0, total, rows;
	struct symbol **sorted = xmalloc((symtab.count + (size_t)cycle_count + 1) * sizeof(*sorted));
	int column_width = (opt.width - 1) / 3; /* never write in the last column */

	for (i = 0; i < symtab.count; i++) {
		struct symbol *sym = &symtab.base[i];

		if (sym->hidden)
			continue;
		/* GNU gprof leaves out functions with neither calls nor self
		 * time, even those with an entry in the call graph (main, a
		 * thread's start routine): we list every entry the graph has
		 * (doc/compat.md) */
		if (!opt.show_zeros && sym->calls == 0 && sym->self_ticks == 0 &&
		    ((opt.gnu_quirks & QUIRK_INDEX) || !has_graph_entry(sym)))
			continue;
		sorted[names++] = sym;
	}
	qsort(sorted, names, sizeof(*sorted), compare_name);
	total = names;
	for (i = 1; i <= (size_t)cycle_count; i++)
		sorted[total++] = &cycle_headers[i];

	printf("\f\n");
	printf("Index by function name\n\n");
	rows = (total + 2) / 3;
	for (i = 0; i < rows; i++) {
		int col = 0, starting_col = 0;

		for (j = i; j < total; j += rows) {
			struct symbol *sym = sorted[j];
			char buf[32];

			snprintf(buf, sizeof(buf), sym->printed ? "[%d]" : "(%d)", sym->index);
			if (j < names) {
				if (opt.traditional) {
					printf("%6.6s %-19.19s", buf, sym->name);
				} else {
					col += (int)strlen(buf);
					for (; col < starting_col + 5; ++col)
						putchar(' ');
					printf(" %s ", buf);
					col += print_name_only(stdout, sym);
					if (!opt.line_granularity && sym->is_static && sym->file) {
						const char *file = file_base_name(sym->file->name);

						printf(" (%s)", file);
						col += (int)strlen(file) + 3;
					}
				}
			} else {
				char cycle_name[32];

				snprintf(cycle_name, sizeof(cycle_name), "<cycle %d>", sym->cycle_number);
				if (opt.traditional) {
					printf("%6.6s ", buf);
					printf("%-19.19s", cycle_name);
				} else {
					col += (int)strlen(buf);
					for (; col < starting_col + 5; ++col)
						putchar(' ');
					printf(" %s ", buf);
					printf("%s", cycle_name);
					col += (int)strlen(cycle_name);
				}
			}
			starting_col += column_width;
		}
		printf("\n");
	}
	free(sorted);
}
