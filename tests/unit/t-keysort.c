/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * t-keysort.c: unit tests of keysort (gprof/core/keysort.h), the radix
 * sort that replaced qsort for the symbols by address: on keys that vary
 * in every byte, in a few low bytes (a program's addresses), all equal,
 * and with many ties, the result is exactly that of sorting by (key,
 * index) with qsort; and of keysort_mostly, with most keys one value.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/keysort.h"
#include "check_tap.h"

static int compare_key_index(const void *lp, const void *rp)
{
	const struct keyed *l = lp, *r = rp;

	if (l->key != r->key)
		return l->key < r->key ? -1 : 1;
	return (l->index > r->index) - (l->index < r->index);
}

static uint64_t next(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

/* n keys from make(), indices ascending: keysort must give qsort's
 * (key, index) order element for element; keysort_mostly too when one
 * key in common_every is common (and when too few are, as it falls back
 * on keysort) */
static void check_with(size_t n, uint64_t mask, uint64_t base, size_t common_every, uint64_t common)
{
	struct keyed *a = malloc((n + 1) * sizeof(*a)), *b = malloc((n + 1) * sizeof(*b));
	uint64_t state = 0x9E3779B97F4A7C15ull ^ n ^ mask;
	size_t i;

	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(b);
	for (i = 0; i < n; i++) {
		uint64_t key = base + (next(&state) & mask);

		a[i] = (struct keyed){ common_every && next(&state) % common_every ? common : key,
				       i };
	}
	memcpy(b, a, n * sizeof(*a));
	if (common_every)
		keysort_mostly(a, n, common);
	else
		keysort(a, n);
	qsort(b, n, sizeof(*b), compare_key_index);
	for (i = 0; i < n; i++) {
		ck_assert_uint_eq(a[i].key, b[i].key);
		ck_assert_uint_eq(a[i].index, b[i].index);
	}
	free(a);
	free(b);
}

static void check(size_t n, uint64_t mask, uint64_t base)
{
	check_with(n, mask, base, 0, 0);
}

START_TEST(keysort_every_byte)
{
	check(10000, ~(uint64_t)0, 0);
}
END_TEST

START_TEST(keysort_addresses)
{
	/* a program's functions: three bytes vary above a fixed base */
	check(20000, 0xfffff0, 0x401000);
}
END_TEST

START_TEST(keysort_ties)
{
	/* 16 distinct keys among 5,000: equal keys keep their order */
	check(5000, 0xf00000000000000full, 0);
	check(3000, 0, 0x7fff00001234ull);
}
END_TEST

START_TEST(keysort_small)
{
	check(0, ~(uint64_t)0, 0);
	check(1, ~(uint64_t)0, 0);
	check(2, 1, 0);
	check(3, 3, 5);
}
END_TEST

START_TEST(keysort_mostly_common)
{
	/* times: most zero (their key in the middle), the others in every
	 * byte above and below it */
	check_with(10000, ~(uint64_t)0, 0, 50, UINT64_C(1) << 63);
	check_with(10000, ~(uint64_t)0, 0, 2, 12345);
	check_with(10000, 0xff, 0, 1000, 0);
	check_with(10000, ~(uint64_t)0, 0, 1, ~(uint64_t)0); /* too few common */
	check_with(2, 1, 0, 5, 1);
	check_with(0, 1, 0, 5, 1);
}
END_TEST

static Suite *keysort_suite(void)
{
	Suite *s = suite_create("keysort");
	TCase *tc = tcase_create("keysort");

	tcase_add_test(tc, keysort_every_byte);
	tcase_add_test(tc, keysort_addresses);
	tcase_add_test(tc, keysort_ties);
	tcase_add_test(tc, keysort_small);
	tcase_add_test(tc, keysort_mostly_common);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite_tap(keysort_suite());
}
