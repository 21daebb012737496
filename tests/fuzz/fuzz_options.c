/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fuzz_options.c: libFuzzer target for the command line and the symbol
 * specifications: whole runs of gprof's main (gprof.c, compiled as
 * gprof_main) with fuzzed options, on the debug_g fixture and its
 * gmon.out, reports to /dev/null.
 *
 * Input: options separated by NUL or newline bytes (at most 24).  Each
 * must start with '-' and have a second character ("--" alone is
 * dropped), so that the executable and profile the harness appends stay
 * the positional arguments and no response file (@FILE) is read.  An
 * option that takes the next argument may still swallow the executable's
 * name; the profile's name then stands as the executable, which BFD
 * refuses with fatal(), as for any other file.
 *
 * Each run opens the executable itself (through the real stages).  What
 * a run owns is recorded as it is made (main's options, the model, the
 * profile data being read) so that it can be freed when main ends,
 * returns or fails: gprof.c is compiled for this target with
 * pipeline_run, options_init, options_free and model_free renamed to the
 * wrappers in fuzz_main.h (see Makefile).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include "fuzz_main.h"

#ifndef FUZZ_TOP
#define FUZZ_TOP "."
#endif
#define MAX_ARGS 24

static char executable[4096], profile_path[4096];

/* ------------------------------------------------------------ set-up */

static void setup(void)
{
	snprintf(executable, sizeof(executable), "%s/tests/corpus/fixtures/debug_g/prog", FUZZ_TOP);
	snprintf(profile_path, sizeof(profile_path), "%s/tests/corpus/fixtures/debug_g/gmon.out",
		 FUZZ_TOP);
	fuzz_main_setup();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *argv[MAX_ARGS + 4];
	char *copy, *word, *end;
	int argc = 0;

	if (fuzz_first_input())
		setup();
	copy = xmalloc(size + 1);
	memcpy(copy, data, size);
	copy[size] = '\0';
	argv[argc++] = "gprof";
	for (word = copy, end = copy + size; word <= end && argc < MAX_ARGS + 1;) {
		size_t len = strcspn(word, "\n"); /* NUL ends it too */

		word[len] = '\0';
		if (len >= 2 && word[0] == '-' && strcmp(word, "--") != 0)
			argv[argc++] = word;
		word += len + 1;
	}
	argv[argc++] = executable;
	argv[argc++] = profile_path;
	argv[argc] = NULL;
	if (setjmp(fuzz_jump) == 0)
		gprof_main(argc, argv);
	fflush(stdout);
	fuzz_main_reset();
	free(copy);
	return 0;
}
