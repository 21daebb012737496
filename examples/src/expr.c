/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * expr.c: a recursive-descent calculator for + - * / and parentheses.
 * parse_sum calls parse_product, which calls parse_factor, which calls
 * parse_sum again for a parenthesised expression: three functions in one
 * cycle of the call graph, which gprof reports as <cycle 1>.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include "demo.h"

static double parse_sum(const char **p);

static void skip_spaces(const char **p)
{
	while (**p == ' ')
		(*p)++;
}

static double parse_factor(const char **p)
{
	double value = 0.0;

	skip_spaces(p);
	if (**p == '(') {
		(*p)++;
		value = parse_sum(p);
		skip_spaces(p);
		if (**p == ')')
			(*p)++;
		return value;
	}
	if (**p == '-') {
		(*p)++;
		return -parse_factor(p);
	}
	while (**p >= '0' && **p <= '9') {
		value = value * 10.0 + (**p - '0');
		(*p)++;
	}
	return value;
}

static double parse_product(const char **p)
{
	double value = parse_factor(p);

	for (;;) {
		skip_spaces(p);
		if (**p == '*') {
			(*p)++;
			value *= parse_factor(p);
		} else if (**p == '/') {
			(*p)++;
			value /= parse_factor(p);
		} else {
			return value;
		}
	}
}

static double parse_sum(const char **p)
{
	double value = parse_product(p);

	for (;;) {
		skip_spaces(p);
		if (**p == '+') {
			(*p)++;
			value += parse_product(p);
		} else if (**p == '-') {
			(*p)++;
			value -= parse_product(p);
		} else {
			return value;
		}
	}
}

double evaluate(const char *text)
{
	return parse_sum(&text);
}
