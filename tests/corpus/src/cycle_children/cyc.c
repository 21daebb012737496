/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A cycle of three (parse_expr -> parse_term -> parse_factor ->
 * parse_expr) entered from two parents, with a self-recursive member
 * (parse_term also calls itself) and children outside the cycle
 * (next_token, emit), one of which is shared with a non-cycle caller. */
#include <stdio.h>

static volatile unsigned long sink;

void emit(int n)
{
	for (volatile int i = 0; i < n; i++)
		sink += (unsigned long)i;
}

int next_token(int depth)
{
	for (volatile int i = 0; i < 900; i++)
		sink ^= (unsigned long)i;
	return depth;
}

void parse_term(int depth);
void parse_factor(int depth);

void parse_expr(int depth)
{
	next_token(depth);
	parse_term(depth);
	emit(200);
}

void parse_term(int depth)
{
	next_token(depth);
	if (depth % 2 == 1 && depth > 0)
		parse_term(depth - 1);
	else
		parse_factor(depth);
	emit(500);
}

void parse_factor(int depth)
{
	next_token(depth);
	if (depth > 0)
		parse_expr(depth - 1);
	else
		emit(1000);
}

void parse_statement(int depth)
{
	parse_expr(depth);
	emit(300);
}

void compile_unit(void)
{
	for (int i = 0; i < 20; i++)
		parse_statement(i % 9);
	parse_expr(4);
}

int main(void)
{
	for (int i = 0; i < 900; i++)
		compile_unit();
	emit(100000);
	printf("%lu\n", sink);
	return 0;
}
