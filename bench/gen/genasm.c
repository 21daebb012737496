/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * genasm.c: write the x86-64 assembly of a large profiled program, for
 * benchmarking gprof.  Compiling C at 100,000 functions takes minutes;
 * assembling this takes seconds.
 *
 * Each function calls mcount right after setting up its frame, exactly as
 * gcc -pg emits it (`1: call *mcount@GOTPCREL(%rip)`), and is marked
 * `.type f, @function` with a `.size`.  The program is made of groups of
 * GROUP_SIZE functions; bench/gen/main.c calls every group's root through
 * bench_roots[] for as long as it is asked to run.  The groups differ:
 *   - binary trees (function k calls 2k+1 and 2k+2): fan-out;
 *   - chains (k calls k+1): a 100-deep path;
 *   - fans (the root calls the 99 others);
 *   - cycles: a tree whose last leaf calls the root again, and whose
 *     function 63 calls function 1, while the depth argument is non-zero;
 * and every function also calls one of UTILITY_COUNT shared leaf
 * functions (fan-in: each has hundreds or thousands of callers).  Every
 * HOT_EVERY-th function and every utility runs a short loop, so that the
 * samples spread over many functions.  A third of the groups have C++
 * (mangled) names, one function in seven is static.
 *
 * With -g, `.file`/`.loc` directives give each group its own source file
 * and each function its own lines: assembled with `gcc -g`, the program
 * has a DWARF line table, as a `-g` build would.
 *
 * Functions are padded to FUNCTION_ALIGN bytes so that glibc's arc table
 * (3 arcs per 100 bytes of text) holds the program's arcs.
 *
 * usage: genasm [-g] FUNCTIONS > prog.s
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GROUP_SIZE 100
#define UTILITY_COUNT 64
#define HOT_EVERY 53
#define HOT_ITERATIONS 300
#define FUNCTION_ALIGN 7 /* log2: 128 bytes */

enum group_kind {
	GROUP_TREE,
	GROUP_CHAIN,
	GROUP_FAN,
	GROUP_CYCLE
};

static int debug_lines;

static enum group_kind kind_of(long group)
{
	switch (group % 10) {
	case 6:
	case 7:
		return GROUP_CHAIN;
	case 8:
		return GROUP_FAN;
	case 9:
		return GROUP_CYCLE;
	default:
		return GROUP_TREE;
	}
}

/* Write function i's name into buf: C names, or C++ ones in a third of
 * the groups (bench::mG::fK(int)). */
static void function_name(char *buf, size_t size, long i)
{
	long group = i / GROUP_SIZE, k = i % GROUP_SIZE;

	if (group % 3 == 2) {
		char g[32], f[32];

		snprintf(g, sizeof(g), "m%ld", group);
		snprintf(f, sizeof(f), "f%ld", k);
		snprintf(buf, size, "_ZN5bench%zu%s%zu%sEi", strlen(g), g, strlen(f), f);
	} else {
		snprintf(buf, size, "m%ld_f%ld", group, k);
	}
}

static void call(const char *callee)
{
	printf("\tmovl\t%%ebx, %%edi\n\tcall\t%s\n", callee);
}

/* A call made only while the depth argument (in %ebx) is non-zero,
 * with the depth less one: the back edges of the cycles. */
static void call_guarded(const char *callee, int label)
{
	printf("\ttestl\t%%ebx, %%ebx\n\tjz\t%df\n", label);
	printf("\tleal\t-1(%%rbx), %%edi\n\tcall\t%s\n", callee);
	printf("%d:\n", label);
}

static void loop(long iterations)
{
	printf("\tmovl\t$%ld, %%ecx\n", iterations);
	printf("2:\taddl\t%%ecx, %%eax\n\timull\t$3, %%eax, %%eax\n");
	printf("\tdecl\t%%ecx\n\tjnz\t2b\n");
}

static void prologue(const char *name, int is_static, long file, long line)
{
	printf("\t.p2align %d\n", FUNCTION_ALIGN);
	if (!is_static)
		printf("\t.globl\t%s\n", name);
	printf("\t.type\t%s, @function\n%s:\n", name, name);
	if (debug_lines)
		printf("\t.loc %ld %ld\n", file, line);
	printf("\tpushq\t%%rbp\n\tmovq\t%%rsp, %%rbp\n");
	printf("1:\tcall\t*mcount@GOTPCREL(%%rip)\n");
	printf("\tpushq\t%%rbx\n\tsubq\t$8, %%rsp\n\tmovl\t%%edi, %%ebx\n");
}

static void epilogue(const char *name)
{
	printf("\taddq\t$8, %%rsp\n\tpopq\t%%rbx\n\tpopq\t%%rbp\n\tret\n");
	printf("\t.size\t%s, .-%s\n", name, name);
}

static void emit_function(long i, long count)
{
	long group = i / GROUP_SIZE, k = i % GROUP_SIZE, base = group * GROUP_SIZE;
	long group_end = base + GROUP_SIZE < count ? base + GROUP_SIZE : count;
	enum group_kind kind = kind_of(group);
	char name[128], callee[128];
	long line = 10 + k * 8;

	function_name(name, sizeof(name), i);
	prologue(name, i % 7 == 3 && k != 0, group + 2, line);
	if (i % HOT_EVERY == 0)
		loop(HOT_ITERATIONS * (1 + (i / HOT_EVERY) % 5));
	if (debug_lines)
		printf("\t.loc %ld %ld\n", group + 2, line + 2);
	switch (kind) {
	case GROUP_TREE:
	case GROUP_CYCLE:
		if (base + 2 * k + 1 < group_end) {
			function_name(callee, sizeof(callee), base + 2 * k + 1);
			call(callee);
		}
		if (base + 2 * k + 2 < group_end) {
			function_name(callee, sizeof(callee), base + 2 * k + 2);
			call(callee);
		}
		if (kind == GROUP_CYCLE && (i + 1 == group_end || k == 63)) {
			function_name(callee, sizeof(callee), k == 63 ? base + 1 : base);
			call_guarded(callee, 3);
		}
		break;
	case GROUP_CHAIN:
		if (i + 1 < group_end) {
			function_name(callee, sizeof(callee), i + 1);
			call(callee);
		}
		break;
	case GROUP_FAN:
		if (k == 0) {
			long j;

			for (j = base + 1; j < group_end; j++) {
				function_name(callee, sizeof(callee), j);
				call(callee);
			}
		}
		break;
	}
	if (debug_lines)
		printf("\t.loc %ld %ld\n", group + 2, line + 4);
	snprintf(callee, sizeof(callee), "bench_util%ld", (i * 31) % UTILITY_COUNT);
	call(callee);
	epilogue(name);
}

int main(int argc, char **argv)
{
	long count, i, groups;
	char name[128];

	if (argc > 1 && strcmp(argv[1], "-g") == 0) {
		debug_lines = 1;
		argc--;
		argv++;
	}
	if (argc != 2 || (count = atol(argv[1])) < 1) {
		fprintf(stderr, "usage: genasm [-g] FUNCTIONS > prog.s\n");
		return 2;
	}
	groups = (count + GROUP_SIZE - 1) / GROUP_SIZE;

	printf("\t.file\t\"bench.s\"\n\t.text\n");
	if (debug_lines) {
		printf("\t.file 1 \"bench/util.c\"\n");
		for (i = 0; i < groups; i++)
			printf("\t.file %ld \"bench/mod%ld.c\"\n", i + 2, i);
	}
	for (i = 0; i < UTILITY_COUNT; i++) {
		snprintf(name, sizeof(name), "bench_util%ld", i);
		prologue(name, 0, 1, 10 + i * 6);
		loop(8 + i);
		epilogue(name);
	}
	for (i = 0; i < count; i++)
		emit_function(i, count);

	printf("\t.section\t.data.rel.ro,\"aw\"\n\t.p2align 3\n");
	printf("\t.globl\tbench_roots\n\t.type\tbench_roots, @object\nbench_roots:\n");
	for (i = 0; i < groups; i++) {
		function_name(name, sizeof(name), i * GROUP_SIZE);
		printf("\t.quad\t%s\n", name);
	}
	printf("\t.size\tbench_roots, .-bench_roots\n");
	printf("\t.globl\tbench_root_count\n\t.section\t.rodata\n\t.p2align 2\n");
	printf("\t.type\tbench_root_count, @object\nbench_root_count:\n\t.long\t%ld\n", groups);
	printf("\t.size\tbench_root_count, 4\n");
	printf("\t.section\t.note.GNU-stack,\"\",@progbits\n");
	return 0;
}
