/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fuzz_stacks.c: libFuzzer target for whole-process profiles and their
 * call stacks after they are read: a fuzzed process file (doc/format.md,
 * "The process file") beside a fixed gmon.out, through whole runs of
 * gprof's main (as fuzz_options.c runs them) on the debug_g fixture:
 * objects merged, stacks merged and measured, cycles, and each output
 * that walks the stacks.
 *
 * Input: one selector byte, then the process file's bytes.  The
 * selector's low four bits choose the run:
 *   0 -b   1 --folded   2 --flame   3 --callgrind   4 --json   5 --dot
 *   6 -b --estimate-children   7 -s (a gmon.sum and its process file)
 *   8 --pprof   9 --flame --strip --root=main   10 --dot --leaf=polynomial
 *   --depth=2   11 --flame --wrap --leaf=polynomial   12 --pprof
 *   --estimate-children   13 -b --main-only   14 --json --estimate-children
 *   15 --callgrind --estimate-children
 * and bit 4 adds --threads (which runs 0, 1, 4 and 8 take, and the
 * others refuse).
 * The gmon.out (the fixture's, marked with run id 0x5eed) and the process
 * file are written into the current directory (tests/fuzz/run gives the
 * target its own).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include "fuzz_main.h"

#ifndef FUZZ_TOP
#define FUZZ_TOP "."
#endif

#define RUN_ID 0x5eedu

static char executable[4096];

static void write_file(const char *path, const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL || fwrite(data, 1, size, f) != size || fclose(f) != 0)
		abort(); /* a broken harness */
}

/* The fixture's gmon.out, with the run id and mark that send gprof to
 * the process file (bytes 8 to 20 of the header). */
static void setup(void)
{
	char fixture[4096];
	uint8_t buf[1 << 16];
	uint64_t id = RUN_ID;
	size_t n;
	FILE *f;

	snprintf(executable, sizeof(executable), "%s/tests/corpus/fixtures/debug_g/prog", FUZZ_TOP);
	snprintf(fixture, sizeof(fixture), "%s/tests/corpus/fixtures/debug_g/gmon.out", FUZZ_TOP);
	f = fopen(fixture, "rb");
	if (f == NULL)
		abort();
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	if (n < 20 || n == sizeof(buf))
		abort();
	memcpy(buf + 8, &id, 8); /* little-endian: the fixture is x86-64 */
	memcpy(buf + 16, "gmpx", 4);
	write_file("stacks.out", buf, n);
	fuzz_main_setup();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const runs[16][4] = {
		{ "-b" },
		{ "--folded" },
		{ "--flame" },
		{ "--callgrind" },
		{ "--json" },
		{ "--dot" },
		{ "-b", "--estimate-children" },
		{ "-s" },
		{ "--pprof" },
		{ "--flame", "--strip", "--root=main" },
		{ "--dot", "--leaf=polynomial", "--depth=2" },
		{ "--flame", "--wrap", "--leaf=polynomial" },
		{ "--pprof", "--estimate-children" },
		{ "-b", "--main-only" },
		{ "--json", "--estimate-children" },
		{ "--callgrind", "--estimate-children" },
	};
	char *argv[10];
	int argc = 0, i;
	unsigned selector;

	if (fuzz_first_input())
		setup();
	if (!fuzz_split(&data, &size, &selector))
		return 0;
	write_file(".stacks.out.process", data, size);
	argv[argc++] = "gprof";
	for (i = 0; i < 4 && runs[selector & 15][i]; i++)
		argv[argc++] = (char *)runs[selector & 15][i];
	if (selector & 0x10)
		argv[argc++] = "--threads";
	argv[argc++] = executable;
	argv[argc++] = "stacks.out";
	argv[argc] = NULL;
	if (setjmp(fuzz_jump) == 0)
		gprof_main(argc, argv);
	fflush(stdout);
	fuzz_main_reset();
	return 0;
}
