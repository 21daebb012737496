/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * t-text.c: unit tests of the report lines' number formatting
 * (gprof/report/text.h), which replaced printf: text_unsigned,
 * text_int and text_fixed must give printf's bytes ("%Wlu", "%-Wlu",
 * "%d", "%W.Pf") on every edge of their fast paths (digit counts,
 * 32-bit limits, halves, zero, negative values) and on a million
 * pseudo-random values.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/text.h"
#include "check_tap.h"

static uint64_t next(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

/* Mismatches, counted without an assertion each (Check's assertions
 * cost a system call each: a million would take seconds), and the
 * first one described. */
static unsigned long mismatches;
static char first_mismatch[600];

/* t's text, emptied, against want */
static void expect(struct text *t, const char *want, const char *what)
{
	if (t->length != strlen(want) || memcmp(t->data, want, t->length) != 0) {
		if (mismatches++ == 0)
			snprintf(first_mismatch, sizeof(first_mismatch), "%s: [%.*s], printf [%s]",
				 what, (int)t->length, t->data, want);
	}
	t->length = 0;
}

static void assert_none(void)
{
	ck_assert_msg(mismatches == 0, "%lu differ from printf; the first: %s", mismatches,
		      first_mismatch);
}

static void check_unsigned(struct text *t, unsigned long v)
{
	char want[64];
	size_t width;

	for (width = 0; width <= 9; width += 3) {
		snprintf(want, sizeof(want), "%*lu", (int)width, v);
		text_unsigned(t, v, width, false);
		expect(t, want, "%*lu");
		snprintf(want, sizeof(want), "%-*lu", (int)width, v);
		text_unsigned(t, v, width, true);
		expect(t, want, "%-*lu");
	}
}

static void check_int(struct text *t, int v)
{
	char want[32];

	snprintf(want, sizeof(want), "%d", v);
	text_int(t, v);
	expect(t, want, "%d");
}

static void check_fixed(struct text *t, double v)
{
	static const int widths[] = { 5, 6, 7, 8, 9, 10, 11 };
	char want[400];
	size_t i;
	int precision;

	for (precision = 1; precision <= 2; precision++)
		for (i = 0; i < sizeof(widths) / sizeof(widths[0]); i++) {
			snprintf(want, sizeof(want), "%*.*f", widths[i], precision, v);
			text_fixed(t, widths[i], precision, v);
			expect(t, want, "%*.*f");
		}
}

START_TEST(text_unsigned_edges)
{
	struct text t = { 0 };
	unsigned long p = 1;
	int k;

	check_unsigned(&t, 0);
	for (k = 0; k < 20; k++) { /* every digit count, and around it */
		check_unsigned(&t, p - 1);
		check_unsigned(&t, p);
		check_unsigned(&t, p + 1);
		if (p > ~0UL / 10)
			break;
		p *= 10;
	}
	check_unsigned(&t, UINT32_MAX - 1);
	check_unsigned(&t, UINT32_MAX);
	check_unsigned(&t, (unsigned long)UINT32_MAX + 1);
	check_unsigned(&t, ~0UL);
	check_unsigned(&t, ~0UL - 1);
	free(t.data);
	assert_none();
}
END_TEST

START_TEST(text_int_edges)
{
	struct text t = { 0 };
	int k;

	for (k = -1000; k <= 1000; k++)
		check_int(&t, k);
	check_int(&t, INT32_MAX);
	check_int(&t, INT32_MIN);
	check_int(&t, INT32_MIN + 1);
	free(t.data);
	assert_none();
}
END_TEST

START_TEST(text_random_values)
{
	struct text t = { 0 };
	uint64_t state = 0x2545F4914F6CDD1Dull;
	int k;

	for (k = 0; k < 1000000; k++) {
		uint64_t r = next(&state);

		/* as many short numbers as long ones: shift by 0 to 63 */
		check_unsigned(&t, (unsigned long)(r >> (r & 63)));
		if (k % 4 == 0)
			check_int(&t, (int)(uint32_t)(r >> 7));
	}
	free(t.data);
	assert_none();
}
END_TEST

START_TEST(text_fixed_edges)
{
	struct text t = { 0 };
	uint64_t state = 0x9E3779B97F4A7C15ull;
	int k;

	check_fixed(&t, 0.0);
	check_fixed(&t, -0.0);
	check_fixed(&t, -1.25);
	for (k = 0; k < 2000; k++) { /* halves and near them, at both precisions */
		check_fixed(&t, k / 200.0);
		check_fixed(&t, k / 20.0 + 0.005);
		check_fixed(&t, k / 20.0 + 0.05);
	}
	check_fixed(&t, 21474836.47);
	check_fixed(&t, 21474836.48);
	check_fixed(&t, 1e20);
	check_fixed(&t, 1e300);
	for (k = 0; k < 200000; k++) {
		uint64_t r = next(&state);

		check_fixed(&t, (double)(r >> 11) / (double)(UINT64_C(1) << (r & 63)));
	}
	free(t.data);
	assert_none();
}
END_TEST

static Suite *text_suite(void)
{
	Suite *s = suite_create("text");
	TCase *tc = tcase_create("text");

	tcase_add_test(tc, text_unsigned_edges);
	tcase_add_test(tc, text_int_edges);
	tcase_add_test(tc, text_random_values);
	tcase_add_test(tc, text_fixed_edges);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite_tap(text_suite());
}
