/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gprof.c: the top of gprof: parse the command line into the options,
 * run the stages (pipeline.c), pick the printers.  Nothing includes
 * anything from this file.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <demangle.h>
#include <libiberty.h>

#include "analysis/overhead.h"
#include "analysis/views.h"
#include "diff.h"
#include "processes.h"
#include "timeline.h"
#include "core/options.h"
#include "gmon/program.h"
#include "pipeline.h"
#include "report/formats.h"
#include "report/printers.h"
#include "core/util.h"

#ifndef GPROF_DOCDIR
#define GPROF_DOCDIR "/usr/local/share/doc/gprof-libgmon"
#endif

enum {
	OPTION_DEMANGLE = 150,
	OPTION_NO_DEMANGLE,
	OPTION_INLINE_FILE_NAMES,
	OPTION_NODE_THRESHOLD,
	OPTION_EDGE_THRESHOLD,
	OPTION_MAIN_ONLY,
	OPTION_ESTIMATE_CHILDREN,
	OPTION_WITH_OVERHEAD,
	OPTION_STRIP,
	OPTION_THREADS,
	OPTION_WRAP,
	OPTION_ROOT,
	OPTION_LEAF,
	OPTION_DEPTH,
	OPTION_DIFF,
	OPTION_SYSROOT,
	OPTION_DEBUG_FILE_DIRECTORY,
	OPTION_PROCESSES,
	OPTION_TIMELINE,
	OPTION_FORMAT = 1000, /* + the format's row in report_formats */
};

/* The long options: these, then the formats' (report/formats.c), then
 * the rest (the order glibc lists an ambiguous abbreviation's matches). */
static const struct option long_options_before_formats[] = {
	{ "line", no_argument, NULL, 'l' },
	{ "no-static", no_argument, NULL, 'a' },
	{ "ignore-non-functions", no_argument, NULL, 'D' },
	{ "external-symbol-table", required_argument, NULL, 'S' },
	{ "annotated-source", optional_argument, NULL, 'A' },
	{ "no-annotated-source", optional_argument, NULL, 'J' },
	{ "flat-profile", optional_argument, NULL, 'p' },
	{ "no-flat-profile", optional_argument, NULL, 'P' },
	{ "graph", optional_argument, NULL, 'q' },
	{ "no-graph", optional_argument, NULL, 'Q' },
	{ "exec-counts", optional_argument, NULL, 'C' },
	{ "no-exec-counts", optional_argument, NULL, 'Z' },
	{ "function-ordering", no_argument, NULL, 'r' },
	{ "file-ordering", required_argument, NULL, 'R' },
	{ "file-info", no_argument, NULL, 'i' },
	{ "sum", no_argument, NULL, 's' },
	{ "all-lines", no_argument, NULL, 'x' },
	{ "demangle", optional_argument, NULL, OPTION_DEMANGLE },
	{ "no-demangle", no_argument, NULL, OPTION_NO_DEMANGLE },
	{ "directory-path", required_argument, NULL, 'I' },
	{ "display-unused-functions", no_argument, NULL, 'z' },
	{ "inline-file-names", no_argument, NULL, OPTION_INLINE_FILE_NAMES },
	{ "min-count", required_argument, NULL, 'm' },
	{ "print-path", no_argument, NULL, 'L' },
	{ "separate-files", no_argument, NULL, 'y' },
	{ "static-call-graph", no_argument, NULL, 'c' },
	{ "table-length", required_argument, NULL, 't' },
	{ "time", required_argument, NULL, 'n' },
	{ "no-time", required_argument, NULL, 'N' },
	{ "width", required_argument, NULL, 'w' },
	{ "brief", no_argument, NULL, 'b' },
	{ "debug", optional_argument, NULL, 'd' },
	{ "help", no_argument, NULL, 'h' },
	{ "file-format", required_argument, NULL, 'O' },
	{ "traditional", no_argument, NULL, 'T' },
	{ "version", no_argument, NULL, 'v' },
};
static const struct option long_options_after_formats[] = {
	{ "node-threshold", required_argument, NULL, OPTION_NODE_THRESHOLD },
	{ "edge-threshold", required_argument, NULL, OPTION_EDGE_THRESHOLD },
	{ "main-only", no_argument, NULL, OPTION_MAIN_ONLY },
	{ "estimate-children", no_argument, NULL, OPTION_ESTIMATE_CHILDREN },
	{ "with-overhead", no_argument, NULL, OPTION_WITH_OVERHEAD },
	{ "strip", no_argument, NULL, OPTION_STRIP },
	{ "threads", no_argument, NULL, OPTION_THREADS },
	{ "wrap", optional_argument, NULL, OPTION_WRAP },
	{ "root", required_argument, NULL, OPTION_ROOT },
	{ "leaf", required_argument, NULL, OPTION_LEAF },
	{ "depth", required_argument, NULL, OPTION_DEPTH },
	{ "diff", no_argument, NULL, OPTION_DIFF },
	{ "processes", optional_argument, NULL, OPTION_PROCESSES },
	{ "timeline", no_argument, NULL, OPTION_TIMELINE },
	{ "sysroot", required_argument, NULL, OPTION_SYSROOT },
	{ "debug-file-directory", required_argument, NULL, OPTION_DEBUG_FILE_DIRECTORY },
	/* GNU gprof's nameless long options: "--=NAME" is -e NAME */
	{ "", required_argument, NULL, 'e' },
	{ "", required_argument, NULL, 'E' },
	{ "", required_argument, NULL, 'f' },
	{ "", required_argument, NULL, 'F' },
	{ "", required_argument, NULL, 'k' },
	{ NULL, 0, NULL, 0 },
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The long options of the two tables and of every format, in one array
 * that getopt_long reads (static: built once per run, never freed). */
static const struct option *long_options(void)
{
	static struct option *all;
	size_t before = COUNT(long_options_before_formats), i;

	if (all)
		return all;
	all = xmalloc((before + report_format_count + COUNT(long_options_after_formats)) *
		      sizeof(*all));
	memcpy(all, long_options_before_formats, sizeof(long_options_before_formats));
	for (i = 0; i < report_format_count; i++)
		all[before + i] = (struct option){ report_formats[i].name, no_argument, NULL,
						   OPTION_FORMAT + (int)i };
	memcpy(all + before + report_format_count, long_options_after_formats,
	       sizeof(long_options_after_formats));
	return all;
}

/* GNU gprof's usage text (errors print it on stderr, as GNU's does);
 * --help adds the options that are ours and where the manual is. */
static void usage(FILE *out, int status)
{
	fprintf(out,
		"Usage: %s [-[abcDhilLrsTvwxyz]] [-[ABCeEfFJnNOpPqQRStZ][name]] [-I dirs]\n"
		"\t[-d[num]] [-k from/to] [-m min-count] [-t table-length]\n"
		"\t[--[no-]annotated-source[=name]] [--[no-]exec-counts[=name]]\n"
		"\t[--[no-]flat-profile[=name]] [--[no-]graph[=name]]\n"
		"\t[--[no-]time=name] [--all-lines] [--brief] [--debug[=level]]\n"
		"\t[--function-ordering] [--file-ordering] [--inline-file-names]\n"
		"\t[--directory-path=dirs] [--display-unused-functions]\n"
		"\t[--file-format=name] [--file-info] [--help] [--line] [--min-count=n]\n"
		"\t[--no-static] [--print-path] [--separate-files]\n"
		"\t[--static-call-graph] [--sum] [--table-length=len] [--traditional]\n"
		"\t[--version] [--width=n] [--ignore-non-functions]\n"
		"\t[--demangle[=STYLE]] [--no-demangle] [--external-symbol-table=name] [@FILE]\n"
		"\t[image-file] [profile-file...]\n",
		program_name);
	if (status != 0)
		exit(status);
	fprintf(out,
		"Options of this gprof beyond GNU gprof's:\n"
		"One format at most, instead of the text reports:\n");
	report_format_usage(out);
	fprintf(out,
		"  --node-threshold=PCT  --dot: leave out functions under PCT%% of the time (0.5)\n"
		"  --edge-threshold=PCT  --dot: leave out calls carrying under PCT%% (0.1)\n"
		"  --main-only           the main program alone, without the shared libraries\n"
		"                        and plugins a whole-process profile records\n"
		"  --sysroot=DIR         the recorded libraries are looked for under DIR first\n"
		"                        (a profile from another machine; also $GPROF_SYSROOT)\n"
		"  --debug-file-directory=DIR  separate debug files of stripped programs and\n"
		"                        libraries are looked for under DIR too (repeatable)\n"
		"  --estimate-children   call-graph times estimated from call counts, even\n"
		"                        when the profile has call stacks to measure them\n"
		"                        (in every view)\n"
		"  --with-overhead       count the profiler's own time (mcount...) in every\n"
		"                        view, under the functions whose calls it counted\n"
		"  --threads             one flat profile per thread after the text reports;\n"
		"                        --folded: a thread frame first; --json: \"threads\"\n"
		"  --strip               --dot, --flame: C++ names without arguments and\n"
		"                        template arguments\n"
		"  --wrap[=N]            --dot, --flame: names wrapped at N characters (32)\n"
		"  --root=SYMSPEC        --dot, --flame: only the function and what it calls\n"
		"  --leaf=SYMSPEC        --dot, --flame: only the function and what calls it\n"
		"  --depth=N             --root, --leaf: N calls away at most\n"
		"  --diff [EXE] OLD NEW  what changed between two profiles; or\n"
		"         OLD_EXE OLD NEW_EXE NEW  for two builds of a program\n"
		"  --processes[=cpu] FILES  the processes the files are of (gprof-run -f), as\n"
		"                        a tree or by CPU, and each program's total\n"
		"  --timeline EXE FILES  each function's seconds in each window of a run\n"
		"                        (gprof-run --interval), the top functions\n"
		"The manual: gprof(1), and in %s: manual.md,\n"
		"json.md, dot.md, format.md (the gmon.out format) and compat.md.\n",
		GPROF_DOCDIR);
	exit(status);
}

/* The names GPROF_GNU_QUIRKS gives the quirks (options.h). */
static const struct {
	unsigned bit;
	const char *name;
} quirk_names[] = {
	{ QUIRK_STATIC_CALLS, "static-calls" },
	{ QUIRK_CLONES, "clones" },
	{ QUIRK_INDEX, "index" },
	{ QUIRK_PLT, "plt" },
	{ QUIRK_ESTIMATE, "estimate-children" },
	{ QUIRK_DWARF5_LINES, "dwarf5-lines" },
	{ QUIRK_SUM_ARCS, "sum-arcs" },
	{ QUIRK_MAIN_ONLY, "main-only" },
	{ QUIRK_RUNTIME_FUNCTIONS, "runtime-functions" },
	{ QUIRK_SUM_LINES, "sum-lines" },
	{ QUIRK_COMP_DIR, "comp-dir" },
	{ QUIRK_NAMES, "names" },
	{ QUIRK_OTHER_PROGRAM, "other-program" },
	{ ~0u, "all" },
};

/* GPROF_GNU_QUIRKS: a comma-separated list of GNU behaviours to restore. */
static unsigned parse_quirks(const char *text)
{
	unsigned quirks = 0;
	char *copy, *word, *save = NULL;

	if (text == NULL)
		return 0;
	copy = xstrdup(text);
	for (word = strtok_r(copy, ", ", &save); word; word = strtok_r(NULL, ", ", &save)) {
		size_t i;

		for (i = 0; i < COUNT(quirk_names) && strcmp(word, quirk_names[i].name) != 0; i++)
			;
		if (i < COUNT(quirk_names))
			quirks |= quirk_names[i].bit;
		else
			fatal("GPROF_GNU_QUIRKS: unknown quirk '%s' (static-calls, clones, index, plt, estimate-children, dwarf5-lines, comp-dir, sum-arcs, main-only, runtime-functions, sum-lines, names, other-program or all)",
			      word);
	}
	free(copy);
	return quirks;
}

/* --sysroot or $GPROF_SYSROOT: a directory, without its trailing
 * slashes; "" is none.  Anything else is one line and exit 1. */
static const char *checked_sysroot(const char *dir, const char *given_by)
{
	struct stat st;
	char *copy;
	size_t len;

	if (dir == NULL || dir[0] == '\0')
		return NULL;
	if (stat(dir, &st) != 0)
		fatal("%s %s: %s", given_by, dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		fatal("%s %s: not a directory", given_by, dir);
	copy = xstrdup(dir);
	len = strlen(copy);
	while (len > 1 && copy[len - 1] == '/')
		copy[--len] = '\0';
	if (strcmp(copy, "/") == 0)
		copy[0] = '\0'; /* the root: the names as recorded */
	return copy;
}

/* A percentage from 0 to 100, or a clear error. */
static double parse_percent(const char *option, const char *text)
{
	char *end;
	double value;

	errno = 0;
	value = strtod(text, &end);
	if (errno || end == text || *end != '\0' || !(value >= 0.0 && value <= 100.0)) {
		fprintf(stderr, "%s: %s: invalid percentage '%s' (0 to 100)\n", program_name,
			option, text);
		usage(stderr, 1);
	}
	return value;
}

#define MAX_WIDTH 65536 /* -w */

/* A whole non-negative decimal number, or a clear error. */
static long parse_number(const char *option, const char *text, long min)
{
	char *end;
	long value;

	errno = 0;
	value = strtol(text, &end, 10);
	if (errno || end == text || *end != '\0' || value < min || value > INT_MAX) {
		fprintf(stderr, "%s: %s: invalid number '%s'\n", program_name, option, text);
		usage(stderr, 1);
	}
	return value;
}

/* Which reports are printed: -A -B -C -i -J -p -P -q -Q -r -R -s -Z;
 * false for another option.  Each of these takes a symspec as well. */
static bool report_option(int ch, struct options *opt)
{
	switch (ch) {
	case 'A':
		if (optarg)
			options_add_symspec(opt, optarg, INCL_ANNO);
		opt->view.report |= REPORT_ANNOTATED;
		opt->view.user_specified |= REPORT_ANNOTATED;
		return true;
	case 'B':
		opt->view.report |= REPORT_GRAPH;
		opt->view.user_specified |= REPORT_GRAPH;
		return true;
	case 'C':
		if (optarg)
			options_add_symspec(opt, optarg, INCL_EXEC);
		opt->view.report |= REPORT_EXEC_COUNTS;
		opt->view.user_specified |= REPORT_EXEC_COUNTS;
		return true;
	case 'i':
		opt->view.report |= REPORT_FILE_INFO;
		opt->view.user_specified |= REPORT_FILE_INFO;
		return true;
	case 'J':
		if (optarg) {
			options_add_symspec(opt, optarg, EXCL_ANNO);
			opt->view.report |= REPORT_ANNOTATED;
		} else {
			opt->view.report &= ~(unsigned)REPORT_ANNOTATED;
		}
		opt->view.user_specified |= REPORT_ANNOTATED;
		return true;
	case 'p':
		if (optarg)
			options_add_symspec(opt, optarg, INCL_FLAT);
		opt->view.report |= REPORT_FLAT;
		opt->view.user_specified |= REPORT_FLAT;
		return true;
	case 'P':
		if (optarg) {
			options_add_symspec(opt, optarg, EXCL_FLAT);
			opt->view.report |= REPORT_FLAT;
		} else {
			opt->view.report &= ~(unsigned)REPORT_FLAT;
		}
		opt->view.user_specified |= REPORT_FLAT;
		return true;
	case 'q':
		if (optarg)
			options_add_symspec(opt, optarg,
					    strchr(optarg, '/') ? INCL_ARCS : INCL_GRAPH);
		opt->view.report |= REPORT_GRAPH;
		opt->view.user_specified |= REPORT_GRAPH;
		return true;
	case 'Q':
		if (optarg) {
			options_add_symspec(opt, optarg,
					    strchr(optarg, '/') ? EXCL_ARCS : EXCL_GRAPH);
			opt->view.report |= REPORT_GRAPH;
		} else {
			opt->view.report &= ~(unsigned)REPORT_GRAPH;
		}
		opt->view.user_specified |= REPORT_GRAPH;
		return true;
	case 'r':
		opt->view.report |= REPORT_FUNCTION_ORDER;
		opt->view.user_specified |= REPORT_FUNCTION_ORDER;
		return true;
	case 'R':
		opt->view.report |= REPORT_FILE_ORDER;
		opt->view.user_specified |= REPORT_FILE_ORDER;
		opt->read.file_ordering_map = optarg;
		return true;
	case 's':
		opt->view.report |= REPORT_SUM;
		opt->view.user_specified |= REPORT_SUM;
		return true;
	case 'Z':
		if (optarg) {
			options_add_symspec(opt, optarg, EXCL_EXEC);
			opt->view.report |= REPORT_EXEC_COUNTS;
		} else {
			opt->view.report &= ~(unsigned)REPORT_EXEC_COUNTS;
		}
		opt->view.user_specified |= REPORT_EXEC_COUNTS;
		return true;
	default:
		return false;
	}
	return true;
}

/* Which functions the reports include or exclude: -e -E -f -F -k -n
 * -N; false for another option. */
static bool symspec_option(int ch, struct options *opt)
{
	switch (ch) {
	case 'E':
		options_add_symspec(opt, optarg, EXCL_TIME);
		__attribute__((fallthrough)); /* -E also hides it from the graph */
	case 'e':
		options_add_symspec(opt, optarg, EXCL_GRAPH);
		return true;
	case 'F':
		options_add_symspec(opt, optarg, INCL_TIME);
		__attribute__((fallthrough));
	case 'f':
		options_add_symspec(opt, optarg, INCL_GRAPH);
		return true;
	case 'k':
		options_add_symspec(opt, optarg, EXCL_ARCS);
		return true;
	case 'n':
		/* GNU gprof 2.40 does this despite its manual: -n is --time */
		options_add_symspec(opt, optarg, INCL_TIME);
		return true;
	case 'N':
		options_add_symspec(opt, optarg, EXCL_TIME);
		return true;
	default:
		return false;
	}
	return true;
}

/* -O NAME: the profile files' format, by its first letter as GNU's. */
static enum file_format parse_file_format(const char *text)
{
	switch (text[0]) {
	case 'a':
		return FORMAT_AUTO;
	case 'm':
		return FORMAT_MAGIC;
	case 'b':
		return FORMAT_BSD;
	case '4':
		return FORMAT_BSD44;
	case 'p':
		return FORMAT_PROF;
	}
	fprintf(stderr, "%s: unknown file format '%s' (auto, bsd, 4.4bsd, magic or prof)\n",
		program_name, text);
	usage(stderr, 1);
	return FORMAT_AUTO; /* not reached: usage exits */
}

/* GNU gprof's other options; false for another option. */
static bool gnu_option(int ch, struct options *opt)
{
	switch (ch) {
	case 'a':
		opt->read.no_static = true;
		return true;
	case 'b':
		opt->text.brief = true;
		return true;
	case 'c':
		opt->read.static_call_graph = true;
		return true;
	case 'd':
		/* said after the options: see there */
		opt->mode.debug = optarg ? (unsigned)parse_number("-d", optarg, 0) | 1u : ~0u;
		return true;
	case 'D':
		opt->read.functions_only = true;
		return true;
	case 'h':
		usage(stdout, 0);
		return true;
	case 'I':
		options_add_search_path(opt, optarg);
		return true;
	case 'l':
		opt->read.line_granularity = true;
		return true;
	case 'L':
		opt->names.print_path = true;
		return true;
	case 'm':
		opt->text.min_count = (unsigned long)parse_number("-m", optarg, 0);
		return true;
	case 'O':
		opt->read.format = parse_file_format(optarg);
		return true;
	case 'S':
		opt->read.external_symbols = optarg;
		return true;
	case 't':
		opt->text.table_length = (int)parse_number("-t", optarg, 0);
		return true;
	case 'T':
		opt->text.traditional = true;
		return true;
	case 'v':
		printf("gprof (gprof-libgmon) 0.1\n"
		       "A call-graph profiler compatible with GNU gprof; this program is free software\n"
		       "under the GNU General Public License, version 3 or later, with no warranty.\n");
		exit(0);
	case 'w':
		opt->text.width = (int)parse_number("-w", optarg, 1);
		/* the index pads each of its three columns to a third of
		 * the width: past this it would print gigabytes of spaces
		 * (and GNU's column arithmetic overflows) */
		if (opt->text.width > MAX_WIDTH) {
			fprintf(stderr, "%s: -w: width %s is larger than %d\n", program_name,
				optarg, MAX_WIDTH);
			usage(stderr, 1);
		}
		return true;
	case 'x':
		opt->text.all_lines = true;
		return true;
	case 'y':
		opt->text.separate_files = true;
		return true;
	case 'z':
		opt->view.show_zeros = true;
		return true;
	case OPTION_DEMANGLE:
		opt->names.demangle = true;
		if (optarg) {
			enum demangling_styles style = cplus_demangle_name_to_style(optarg);

			if (style == unknown_demangling) {
				fprintf(stderr, "%s: unknown demangling style '%s'\n", program_name,
					optarg);
				usage(stderr, 1);
			}
			cplus_demangle_set_style(style);
		}
		return true;
	case OPTION_NO_DEMANGLE:
		opt->names.demangle = false;
		return true;
	case OPTION_INLINE_FILE_NAMES:
		opt->names.inline_file_names = true;
		return true;
	default:
		return false;
	}
	return true;
}

/* The options of this gprof beyond GNU's, and the formats' (one
 * each, --NAME, from report/formats.c); false for another option. */
static bool extension_option(int ch, struct options *opt)
{
	switch (ch) {
	case OPTION_ESTIMATE_CHILDREN:
		opt->read.estimate_children = true;
		return true;
	case OPTION_WITH_OVERHEAD:
		opt->read.with_overhead = true;
		return true;
	case OPTION_NODE_THRESHOLD:
		opt->picture.node_threshold = parse_percent("--node-threshold", optarg);
		return true;
	case OPTION_MAIN_ONLY:
		opt->read.main_only = true;
		return true;
	case OPTION_EDGE_THRESHOLD:
		opt->picture.edge_threshold = parse_percent("--edge-threshold", optarg);
		return true;
	case OPTION_STRIP:
		opt->picture.strip = true;
		return true;
	case OPTION_THREADS:
		opt->view.threads = true;
		return true;
	case OPTION_WRAP:
		opt->picture.wrap = optarg ? (int)parse_number("--wrap", optarg, 1) : 32;
		return true;
	case OPTION_ROOT:
		options_add_symspec(opt, optarg, PICTURE_ROOT);
		return true;
	case OPTION_LEAF:
		options_add_symspec(opt, optarg, PICTURE_LEAF);
		return true;
	case OPTION_DEPTH:
		opt->picture.depth = (int)parse_number("--depth", optarg, 0);
		return true;
	case OPTION_DIFF:
		opt->mode.diff = true;
		return true;
	case OPTION_PROCESSES:
		if (optarg == NULL || strcmp(optarg, "tree") == 0)
			opt->mode.processes = PROCESSES_TREE;
		else if (strcmp(optarg, "cpu") == 0)
			opt->mode.processes = PROCESSES_BY_CPU;
		else
			fatal("--processes=%s: the orders are tree and cpu", optarg);
		return true;
	case OPTION_TIMELINE:
		opt->mode.timeline = true;
		return true;
	case OPTION_SYSROOT:
		opt->read.sysroot = optarg;
		return true;
	case OPTION_DEBUG_FILE_DIRECTORY: {
		const char *dir = checked_sysroot(optarg, "--debug-file-directory");

		if (dir == NULL)
			break;
		opt->read.debug_dirs =
			xrealloc(opt->read.debug_dirs,
				 (opt->read.debug_dir_count + 1) * sizeof(*opt->read.debug_dirs));
		opt->read.debug_dirs[opt->read.debug_dir_count++] = dir;
		return true;
	}
	default:
		if (ch >= OPTION_FORMAT && ch < OPTION_FORMAT + (int)report_format_count) {
			opt->mode.output = &report_formats[ch - OPTION_FORMAT];
			opt->mode.outputs_given++;
			return true;
		}
		return false;
	}
	return true;
}

/* What follows the options: the notices and conflicts among them, the
 * quirks' consequences, the sysroot and search path from the
 * environment, the executable and the profile files (operands from
 * optind), and the runtime's functions left out of every figure. */
static void finish_options(int argc, char **argv, struct options *opt)
{
	static const char *const default_profile = "gmon.out";
	const char *const *name;
	const char *gprof_path;
	/* GNU gprof built without its debugging traces says this on stdout
	 * and goes on; we have no traces either (stderr keeps --json and
	 * --dot output valid) */
	if (opt->mode.debug)
		fprintf(opt->mode.output || opt->mode.diff ? stderr : stdout,
			"%s: debugging not supported; -d ignored\n", program_name);
	if ((opt->view.user_specified & REPORT_FUNCTION_ORDER) &&
	    (opt->view.user_specified & REPORT_FILE_ORDER))
		fatal("only one of --function-ordering and --file-ordering may be given");

	/* GNU gprof reads the main program alone: no process file, so no
	 * other object, no warning about one and no coverage line */
	if (opt->read.gnu_quirks & QUIRK_MAIN_ONLY)
		opt->read.main_only = true;
	/* GNU's -s turns on -l, and the reports asked for with it are by line */
	if ((opt->read.gnu_quirks & QUIRK_SUM_LINES) && (opt->view.report & REPORT_SUM))
		opt->read.line_granularity = true;

	if (opt->read.sysroot)
		opt->read.sysroot = checked_sysroot(opt->read.sysroot, "--sysroot");
	else
		opt->read.sysroot = checked_sysroot(getenv("GPROF_SYSROOT"), "GPROF_SYSROOT");

	gprof_path = getenv("GPROF_PATH");
	if (gprof_path)
		options_add_search_path(opt, gprof_path);
	opt->mode.operands = (const char *const *)&argv[optind];
	opt->mode.operand_count = argc - optind;
	/* "gprof gmon.out": a profile our runtime wrote is no program (its
	 * process file names the program: gmon/program.c) */
	if (optind < argc && !opt->mode.processes &&
	    (opt->mode.diff || !program_is_marked_profile(argv[optind]))) {
		opt->read.executable = argv[optind++];
		opt->read.executable_given = true;
	}
	/* the profile files: those named, or gmon.out */
	opt->read.profile_files = optind < argc ? (const char *const *)&argv[optind]
						: &default_profile;
	opt->read.profile_file_count = optind < argc ? argc - optind : 1;

	/* the profiling runtime's own functions are left out of every figure
	 * (analysis/overhead.c) unless --with-overhead counts them; they
	 * come after the user's symspecs (GNU's tables, which -r shows,
	 * depend on the order) */
	for (name = overhead_function_names; *name; name++) {
		if (opt->read.with_overhead && overhead_known(&opt->read))
			break;
		if (!overhead_known(&opt->read) &&
		    name - overhead_function_names >= OVERHEAD_GNU_NAMES)
			break;
		options_add_symspec(opt, *name, EXCL_TIME);
		options_add_symspec(opt, *name, EXCL_GRAPH);
		options_add_symspec(opt, *name, EXCL_FLAT);
	}
	options_complete(opt);
}

/* The command line into opt: options, symspecs, the executable and the
 * profile files.  Bad options print a message and the usage, and exit 1. */
static void parse_options(int argc, char **argv, struct options *opt)
{
	int ch;

	options_init(opt);
	opt->read.gnu_quirks = parse_quirks(getenv("GPROF_GNU_QUIRKS"));
	expandargv(&argc, &argv);
	while ((ch = getopt_long(
			argc, argv,
			"aA::bBcC::d::De:E:f:F:hiI:J::k:lLm:n:N:O:p::P::q::Q::rR:sS:t:Tvw:xyzZ::",
			long_options(), NULL)) != -1)
		if (!report_option(ch, opt) && !symspec_option(ch, opt) && !gnu_option(ch, opt) &&
		    !extension_option(ch, opt))
			usage(stderr, 1);
	finish_options(argc, argv, opt);
}

/* -i: each profile file's records, as it is read (not with a format:
 * it owns stdout, one document, nothing before it). */
static void file_info_hook(void *context, const char *path, const struct profile_file_info *info)
{
	print_file_info(context, path, info);
}

/* With no report asked for: the flat profile and the call graph, as far
 * as the files hold their data, else the execution counts; less any the
 * command line turned off. */
static unsigned default_reports(const struct view_options *opt, const struct model *m)
{
	unsigned report = opt->report;

	if (report == 0) {
		if (m->input & (INPUT_HISTOGRAM | INPUT_CALL_GRAPH)) {
			if (m->input & INPUT_HISTOGRAM)
				report |= REPORT_FLAT;
			if (m->input & INPUT_CALL_GRAPH)
				report |= REPORT_GRAPH;
		} else {
			report = REPORT_EXEC_COUNTS;
		}
		report &= ~opt->user_specified;
	}
	return report;
}

/* The text reports, in GNU gprof's order. */
static void print_text_reports(struct model *m, const struct view *v, const struct options *opt,
			       struct report_out *out)
{
	unsigned report = v->options.report;
	bool graph = m->by_time && (report & REPORT_GRAPH);

	if ((report & REPORT_FLAT) && !(m->input & INPUT_HISTOGRAM))
		fatal("gmon.out file is missing histogram");
	if ((report & REPORT_GRAPH) && !(m->input & INPUT_CALL_GRAPH))
		fatal("gmon.out file is missing call-graph data");

	if (graph && opt->text.traditional)
		print_call_graph(v, &opt->text, out);
	if (report & REPORT_FLAT)
		print_flat_profile(v, &opt->text, out);
	if (graph) {
		if (!opt->text.traditional)
			print_call_graph(v, &opt->text, out);
		print_index(v, &opt->text, out);
	}
	if (report & REPORT_EXEC_COUNTS)
		print_exec_counts(v, out);
	if (report & REPORT_ANNOTATED)
		print_annotated_source(v, &opt->text, out);
	if (report & REPORT_FUNCTION_ORDER) {
		if (graph) /* GNU's -r reads the arcs as its call graph left them */
			graph_order_link(m, v->graph.entries, v->graph.count, &v->graph.order);
		print_function_ordering(m, out);
	}
	if (report & REPORT_FILE_ORDER)
		print_file_ordering(m, out);
	if (v->options.threads)
		print_thread_profiles(v, &opt->text, out);
}

/* A format given with what it does not go with, refused from the
 * formats' table (report/formats.c) before any file is read. */
static void refuse_format(const struct mode_options *opt, unsigned mode, const char *what,
			  const char *others, const char *conjunction)
{
	char formats[512];

	if (!opt->output || (opt->output->goes_with & mode) == mode)
		return;
	report_format_list(formats, sizeof(formats), mode, others, conjunction);
	fatal("%s goes with %s, not --%s", what, formats, opt->output->name);
}

/* The options that cannot go together, refused before any file is read. */
static void refuse_conflicts(const struct options *options)
{
	const struct mode_options *opt = &options->mode;
	char formats[512];

	if (opt->processes && opt->diff)
		fatal("only one of --diff and --processes may be given");
	if (opt->timeline && opt->diff && !opt->processes)
		fatal("only one of --diff and --timeline may be given");
	if (opt->diff && !opt->processes && !opt->timeline &&
	    (opt->outputs_given > 1 || (opt->output && !(opt->output->goes_with & FORMAT_DIFF)))) {
		report_format_list(formats, sizeof(formats), FORMAT_DIFF, NULL, " and ");
		fatal("--diff prints a table, or one of %s", formats);
	}
	if (opt->outputs_given > 1) {
		report_format_list(formats, sizeof(formats), 0, NULL, " and ");
		fatal("only one of %s may be given", formats);
	}
	if (opt->processes)
		refuse_format(opt, FORMAT_PROCESSES, "--processes", "the text", " or ");
	else if (opt->timeline)
		refuse_format(opt, FORMAT_TIMELINE, "--timeline", "the text", " or ");
	else if (options->view.threads && !opt->diff)
		refuse_format(opt, FORMAT_THREADS, "--threads", "the text reports", " and ");
}

/* The report written, the process ends: the kernel takes its memory back
 * at once, which freeing the model block by block only delayed (about a
 * millisecond at 20,000 functions, several at 100,000).  Built with
 * AddressSanitizer everything is freed, so that its leak check still
 * finds what is lost before the end. */
#if defined(__SANITIZE_ADDRESS__)
#define GPROF_FREE_AT_EXIT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(leak_sanitizer)
#define GPROF_FREE_AT_EXIT 1
#endif
#endif
#ifndef GPROF_FREE_AT_EXIT
#define GPROF_FREE_AT_EXIT 0
#endif

int main(int argc, char **argv)
{
	struct options options;
	const struct options *opt = &options; /* only read once parsed */
	struct read_options reading;
	struct view_options shown;
	struct report_out out;
	struct view view;
	struct model *m;

	setlocale(LC_CTYPE, "");
	parse_options(argc, argv, &options);
	refuse_conflicts(opt);
	if (opt->mode.processes || opt->mode.timeline || opt->mode.diff) {
		int status = opt->mode.processes  ? print_processes(&opt->mode)
			     : opt->mode.timeline ? print_timeline(opt)
						  : print_diff(opt);

		options_free(&options);
		return status;
	}
	/* files of several programs (gprof-run -f): those of the program,
	 * read with a copy of the reading options naming them */
	reading = opt->read;
	reading.profile_files = program_select(&opt->read, &reading.profile_file_count);
	/* the output is made before the model: -i prints as files are read */
	report_out_init(&out, stdout, &opt->names);
	m = pipeline_run(&reading,
			 (opt->view.report & REPORT_FILE_INFO) && !opt->mode.output ? file_info_hook
										    : NULL,
			 &out);
	report_out_cache_names(&out, &m->symbols);

	if (opt->view.threads && m->process.thread_count == 0)
		fatal("the profile does not say which thread each call stack came from: "
		      "--threads needs the thread stacks libgmon records with its call stacks "
		      "(doc/runtime.md, \"Threads\")");
	/* the options stay as given: what the view shows is derived here,
	 * the reports chosen by default and a format's threads */
	shown = opt->view;
	shown.report = default_reports(&opt->view, m);
	shown.threads = opt->view.threads || (opt->mode.output && opt->mode.output->shows_threads);
	shown.graph_arcs = !opt->mode.output;
	view_build(m, &shown, &view);
	if (opt->mode.output)
		report_format_print(opt->mode.output, &view, opt, &out);
	else
		print_text_reports(m, &view, opt, &out);
	if (fflush(stdout) != 0 || ferror(stdout))
		fatal("error writing the report: %s", strerror(errno));
#if GPROF_FREE_AT_EXIT
	view_free(&view);
	report_out_free(&out);
	model_free(m);
	if (reading.profile_files != opt->read.profile_files)
		free((void *)reading.profile_files);
	options_free(&options);
#endif
	return 0;
}
