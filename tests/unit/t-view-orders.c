/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * t-view-orders.c: unit tests of the call graph's orders under each
 * entry (gprof/analysis/view_orders.h), which the view computes once
 * instead of the driver sorting the model's lists in place: a
 * function's callers by increasing time carried, its callees by
 * decreasing, the recursive call at the callers' head and the callees'
 * tail, ties in the order the arcs were read (GNU's in-place sort); a
 * cycle's members with ties as the cycle was found (the text) or by
 * index (--json); and the model's lists relinked in that order for -r,
 * which reads them as GNU's printing left them.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>

#include "analysis/view_orders.h"
#include "core/model.h"
#include "check_tap.h"

enum {
	F,
	A,
	B,
	C,
	X,
	Y,
	Z,
	W,
	P,
	Q,
	R,
	SYMBOLS
};

static const char *const names[SYMBOLS] = { "f", "a", "b", "c", "x", "y", "z", "w", "p", "q", "r" };

static struct model *m;
static struct symbol cycle;

static struct arc *call(int parent, int child, double time, unsigned long count)
{
	struct arc *arc =
		arc_add(&m->arcs, &m->symbols.base[parent], &m->symbols.base[child], count);

	arc->time = time;
	return arc;
}

/* f called by a (1 s, 5 calls), b (3 s), c (1 s, 5 calls: a tie with
 * a) and itself; f calls x (2 s, 1 call), y (2 s, 3 calls), z (5 s) and
 * w (2 s, 1 call: a tie with x); p, q, r a cycle found as q, p, r, with
 * p and q alike but p's index lower. */
static void setup(void)
{
	int i;

	m = model_new();
	m->symbols.base = calloc(SYMBOLS, sizeof(*m->symbols.base));
	ck_assert_ptr_nonnull(m->symbols.base);
	m->symbols.count = m->symbols.capacity = SYMBOLS;
	for (i = 0; i < SYMBOLS; i++) {
		symbol_init(&m->symbols.base[i]);
		m->symbols.base[i].name = names[i];
		m->symbols.base[i].index = i + 1;
	}
	call(A, F, 1.0, 5);
	call(B, F, 3.0, 1);
	call(C, F, 1.0, 5);
	call(F, F, 0.0, 7);
	call(F, X, 2.0, 1);
	call(F, Y, 2.0, 3);
	call(F, Z, 5.0, 1);
	call(F, W, 2.0, 1);

	symbol_init(&cycle);
	cycle.cycle_number = 1;
	cycle.cycle_next = &m->symbols.base[Q];
	m->symbols.base[Q].cycle_next = &m->symbols.base[P];
	m->symbols.base[P].cycle_next = &m->symbols.base[R];
	m->symbols.base[P].prop_self = m->symbols.base[Q].prop_self = 2.0;
	m->symbols.base[P].calls = m->symbols.base[Q].calls = 4;
	m->symbols.base[R].prop_self = 3.0;
	for (i = P; i <= R; i++) {
		m->symbols.base[i].cycle_number = 1;
		m->symbols.base[i].cycle_head = &cycle;
	}
}

static void teardown(void)
{
	model_free(m);
}

static const struct symbol *sym(int i)
{
	return &m->symbols.base[i];
}

START_TEST(view_orders_arcs)
{
	const struct symbol *entries[] = { sym(F), &cycle };
	struct graph_order o = { 0 };
	static const int callers[] = { F, A, C, B }, callees[] = { Z, Y, X, W, F };
	size_t k;

	graph_order_members(entries, 2, &o);
	graph_order_arcs(m, entries, 2, &o);
	ck_assert_uint_eq(o.arc_start[0], 0);
	ck_assert_uint_eq(o.arc_start[1], 4);
	ck_assert_uint_eq(o.arc_start[2], 9);
	ck_assert_uint_eq(o.arc_start[3], 9); /* a cycle lists no arcs */
	ck_assert_uint_eq(o.arc_start[4], 9);
	ck_assert_uint_eq(o.arc_count, 9);
	for (k = 0; k < 4; k++) {
		ck_assert_ptr_eq(o.arcs[k]->parent, sym(callers[k]));
		ck_assert_ptr_eq(o.arcs[k]->child, sym(F));
	}
	for (k = 0; k < 5; k++) {
		ck_assert_ptr_eq(o.arcs[4 + k]->parent, sym(F));
		ck_assert_ptr_eq(o.arcs[4 + k]->child, sym(callees[k]));
	}
	/* the model is left as it was built: newest arc first */
	ck_assert_ptr_eq(sym(F)->parents->parent, sym(F));
	ck_assert_ptr_eq(sym(F)->parents->next_parent->parent, sym(C));
	ck_assert_ptr_eq(sym(F)->children->child, sym(W));

	graph_order_link(m, entries, 2, &o);
	{
		const struct arc *arc = sym(F)->parents;

		for (k = 0; k < 4; k++, arc = arc->next_parent)
			ck_assert_ptr_eq(arc->parent, sym(callers[k]));
		ck_assert_ptr_null(arc);
		arc = sym(F)->children;
		for (k = 0; k < 5; k++, arc = arc->next_child)
			ck_assert_ptr_eq(arc->child, sym(callees[k]));
		ck_assert_ptr_null(arc);
	}
	graph_order_free(&o);
}
END_TEST

START_TEST(view_orders_members)
{
	const struct symbol *entries[] = { sym(F), &cycle };
	struct graph_order o = { 0 };

	graph_order_members(entries, 2, &o);
	ck_assert_ptr_null(o.arcs); /* not asked */
	ck_assert_uint_eq(o.member_start[0], 0);
	ck_assert_uint_eq(o.member_start[1], 0);
	ck_assert_uint_eq(o.member_start[2], 3);
	/* the text: r (more time), then q and p as the cycle was found */
	ck_assert_ptr_eq(o.members[0], sym(R));
	ck_assert_ptr_eq(o.members[1], sym(Q));
	ck_assert_ptr_eq(o.members[2], sym(P));
	/* --json: the tie by index */
	ck_assert_ptr_eq(o.json_members[0], sym(R));
	ck_assert_ptr_eq(o.json_members[1], sym(P));
	ck_assert_ptr_eq(o.json_members[2], sym(Q));
	graph_order_free(&o);
}
END_TEST

static Suite *view_orders_suite(void)
{
	Suite *s = suite_create("view_orders");
	TCase *tc = tcase_create("view_orders");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, view_orders_arcs);
	tcase_add_test(tc, view_orders_members);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite_tap(view_orders_suite());
}
