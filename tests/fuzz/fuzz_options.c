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
 * name; the profile's name then stands as the executable, which
 * fuzz_core_open refuses with fatal(), as for any other file.
 *
 * gprof.c is compiled for this target with its stages renamed to the
 * wrappers below (see Makefile): the executable is opened and its symbol
 * tables built once, then restored from copies for each run, and what
 * main keeps in its locals (the profile, the call graph's order) is
 * recorded so that it can be freed when main ends, returns or fails.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <getopt.h>
#include <stdint.h>
#include <string.h>

#include <demangle.h>

#include "fuzz.h"
#include "ordering.h"
#include "profile.h"
#include "report.h"
#include "symbols.h"
#include "symspec.h"

#ifndef FUZZ_TOP
#define FUZZ_TOP "."
#endif
#define MAX_ARGS 24

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int gprof_main(int argc, char **argv);
void fuzz_core_open(const char *path);
void fuzz_core_read_text(void);
void fuzz_symbols_create_functions(void);
void fuzz_symbols_create_lines(void);
bool fuzz_profile_read(const char *path, const struct target *t, enum file_format format,
		       struct profile *p, struct profile_file_info *info, char *err,
		       size_t err_size);
struct symbol **fuzz_callgraph_assemble(void);
int fuzz_fflush(FILE *stream);

struct saved_table {
	struct symbol_table table;
	struct symbol *pristine;
};

static struct saved_table functions, lines;
static struct options pristine_opt;
static char executable[4096], profile_path[4096];
static struct profile *main_profile; /* main's local, while main runs */
static struct symbol **main_by_time;

static void save_table(struct saved_table *s)
{
	s->table = symtab;
	s->pristine = xmalloc(symtab.count * sizeof(struct symbol));
	memcpy(s->pristine, symtab.base, symtab.count * sizeof(struct symbol));
}

static void restore_table(const struct saved_table *s)
{
	symtab = s->table;
	memcpy(symtab.base, s->pristine, symtab.count * sizeof(struct symbol));
}

/* ------------------------------------------------------------ wrappers */

void fuzz_core_open(const char *path)
{
	if (strcmp(path, executable) != 0)
		fatal("%s: the options fuzzer opens only %s", path, executable);
	executable_name = path;
}

void fuzz_core_read_text(void)
{
	/* read once, in setup() */
}

void fuzz_symbols_create_functions(void)
{
	/* gprof reads (and checks) the -R map while building the table;
	 * here it is read, but the restored table is not renamed */
	if (opt.file_ordering_map)
		file_ordering_check_map();
	restore_table(&functions);
}

void fuzz_symbols_create_lines(void)
{
	if (opt.file_ordering_map) /* as above: the lines start from functions */
		file_ordering_check_map();
	restore_table(&lines);
}

bool fuzz_profile_read(const char *path, const struct target *t, enum file_format format,
		       struct profile *p, struct profile_file_info *info, char *err,
		       size_t err_size)
{
	main_profile = p;
	return profile_read(path, t, format, p, info, err, err_size);
}

struct symbol **fuzz_callgraph_assemble(void)
{
	main_by_time = callgraph_assemble();
	return main_by_time;
}

/* main's last act is to flush stdout: free its profile then. */
static void free_main_locals(void)
{
	if (main_profile)
		profile_reset(main_profile);
	main_profile = NULL;
}

int fuzz_fflush(FILE *stream)
{
	int status = fflush(stream);

	if (stream == stdout)
		free_main_locals();
	return status;
}

/* ------------------------------------------------------------ set-up */

static void setup(void)
{
	struct profile empty = { 0 };

	snprintf(executable, sizeof(executable), "%s/tests/corpus/fixtures/debug_g/prog", FUZZ_TOP);
	snprintf(profile_path, sizeof(profile_path), "%s/tests/corpus/fixtures/debug_g/gmon.out",
		 FUZZ_TOP);
	pristine_opt = opt;
	fatal_hook = NULL; /* a failure here is a broken harness: exit */
	core_open(executable);
	core_read_text();
	symbols_create_lines();
	save_table(&lines);
	symbols_create_functions();
	save_table(&functions);
	profile_reset(&empty);
	fuzz_before_jump = free_main_locals;
	fuzz_quiet();
}

static void reset(void)
{
	struct profile empty = { 0 };
	struct source_file *sf;

	free_main_locals();
	profile_reset(&empty); /* the histograms, kept globally */
	free(main_by_time);
	main_by_time = NULL;
	callgraph_reset();
	histogram_reset();
	symspec_reset();
	annotate_reset();
	file_ordering_reset();
	for (sf = first_source_file; sf; sf = sf->next) {
		free(sf->lines);
		sf->lines = NULL;
		sf->calls = 0;
		sf->line_count = 0;
	}
	first_report = true;
	opt = pristine_opt;
	optind = 0; /* glibc: start over, forgetting any half-parsed word */
	cplus_demangle_set_style(auto_demangling);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool initialised;
	static char *argv[MAX_ARGS + 4];
	char *copy, *word, *end;
	int argc = 0;

	if (!initialised) {
		setup();
		initialised = true;
	}
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
	reset();
	free(copy);
	return 0;
}
