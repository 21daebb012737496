/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gprof.c: the command line, and the pipeline in the order the stages run:
 * options -> executable's symbols -> symspecs -> profile files (-s) ->
 * samples -> call graph -> reports.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include <demangle.h>
#include <libiberty.h>

#include "gprof.h"
#include "profile.h"
#include "report.h"
#include "symbols.h"
#include "symspec.h"

struct options opt = {
	.demangle = true,
	.width = 80,
	.table_length = 10,
	.min_count = 1,
	.format = FORMAT_AUTO,
	.node_threshold = 0.5,
	.edge_threshold = 0.1,
};
const char *program_name = "gprof";

/* Never shown: the profiling runtime's own functions (glibc's, and the
 * hooks of ours when it is linked statically: their time is the cost of
 * profiling, not of the program). */
static const char *const default_excluded[] = {
	"_gprof_mcount", "mcount", "_mcount", "__mcount", "__mcount_internal",
	"__mcleanup", "__fentry__", "__cyg_profile_func_enter",
	"__cyg_profile_func_exit", "gmon_record_arc", "arc_insert", NULL
};

enum {
	OPTION_DEMANGLE = 150,
	OPTION_NO_DEMANGLE,
	OPTION_INLINE_FILE_NAMES,
	OPTION_JSON,
	OPTION_DOT,
	OPTION_NODE_THRESHOLD,
	OPTION_EDGE_THRESHOLD,
};

static const struct option long_options[] = {
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
	{ "json", no_argument, NULL, OPTION_JSON },
	{ "dot", no_argument, NULL, OPTION_DOT },
	{ "node-threshold", required_argument, NULL, OPTION_NODE_THRESHOLD },
	{ "edge-threshold", required_argument, NULL, OPTION_EDGE_THRESHOLD },
	/* GNU gprof's nameless long options: "--=NAME" is -e NAME */
	{ "", required_argument, NULL, 'e' },
	{ "", required_argument, NULL, 'E' },
	{ "", required_argument, NULL, 'f' },
	{ "", required_argument, NULL, 'F' },
	{ "", required_argument, NULL, 'k' },
	{ NULL, 0, NULL, 0 },
};

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
	exit(status);
}

static void tally_arc(uint64_t from_pc, uint64_t self_pc, uint64_t count)
{
	callgraph_tally(from_pc, self_pc, count > ULONG_MAX ? ULONG_MAX : (unsigned long)count);
}

/* GPROF_GNU_QUIRKS: a comma-separated list of GNU behaviours to restore. */
static unsigned parse_quirks(const char *text)
{
	unsigned quirks = 0;
	char *copy, *word, *save = NULL;

	if (text == NULL)
		return 0;
	copy = xstrdup(text);
	for (word = strtok_r(copy, ", ", &save); word; word = strtok_r(NULL, ", ", &save)) {
		if (strcmp(word, "static-calls") == 0)
			quirks |= QUIRK_STATIC_CALLS;
		else if (strcmp(word, "clones") == 0)
			quirks |= QUIRK_CLONES;
		else if (strcmp(word, "index") == 0)
			quirks |= QUIRK_INDEX;
		else if (strcmp(word, "all") == 0)
			quirks = ~0u;
		else
			fatal("GPROF_GNU_QUIRKS: unknown quirk '%s' (static-calls, clones, index or all)", word);
	}
	free(copy);
	return quirks;
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

int main(int argc, char **argv)
{
	int ch;
	unsigned report = 0, user_specified = 0;
	const char *executable = "a.out";
	static const char *const default_profile = "gmon.out";
	const char *const *profiles;
	int profile_count;
	struct profile profile = { 0 };
	struct symbol **by_time = NULL;
	const char *const *name;
	char err[1024];
	int i;

	setlocale(LC_CTYPE, "");
	opt.gnu_quirks = parse_quirks(getenv("GPROF_GNU_QUIRKS"));
	expandargv(&argc, &argv);
	while ((ch = getopt_long(argc, argv,
				 "aA::bBcC::d::De:E:f:F:hiI:J::k:lLm:n:N:O:p::P::q::Q::rR:sS:t:Tvw:xyzZ::",
				 long_options, NULL)) != -1) {
		switch (ch) {
		case 'a':
			opt.no_static = true;
			break;
		case 'A':
			if (optarg)
				symspec_add(optarg, INCL_ANNO);
			report |= REPORT_ANNOTATED;
			user_specified |= REPORT_ANNOTATED;
			break;
		case 'b':
			opt.brief = true;
			break;
		case 'B':
			report |= REPORT_GRAPH;
			user_specified |= REPORT_GRAPH;
			break;
		case 'c':
			opt.static_call_graph = true;
			break;
		case 'C':
			if (optarg)
				symspec_add(optarg, INCL_EXEC);
			report |= REPORT_EXEC_COUNTS;
			user_specified |= REPORT_EXEC_COUNTS;
			break;
		case 'd':
			/* said after the options: see there */
			opt.debug = optarg ? (unsigned)parse_number("-d", optarg, 0) | 1u : ~0u;
			break;
		case 'D':
			opt.functions_only = true;
			break;
		case 'E':
			symspec_add(optarg, EXCL_TIME);
			__attribute__((fallthrough)); /* -E also hides it from the graph */
		case 'e':
			symspec_add(optarg, EXCL_GRAPH);
			break;
		case 'F':
			symspec_add(optarg, INCL_TIME);
			__attribute__((fallthrough));
		case 'f':
			symspec_add(optarg, INCL_GRAPH);
			break;
		case 'h':
			usage(stdout, 0);
			break;
		case 'i':
			report |= REPORT_FILE_INFO;
			user_specified |= REPORT_FILE_INFO;
			break;
		case 'I':
			search_path_append(optarg);
			break;
		case 'J':
			if (optarg) {
				symspec_add(optarg, EXCL_ANNO);
				report |= REPORT_ANNOTATED;
			} else {
				report &= ~(unsigned)REPORT_ANNOTATED;
			}
			user_specified |= REPORT_ANNOTATED;
			break;
		case 'k':
			symspec_add(optarg, EXCL_ARCS);
			break;
		case 'l':
			opt.line_granularity = true;
			break;
		case 'L':
			opt.print_path = true;
			break;
		case 'm':
			opt.min_count = (unsigned long)parse_number("-m", optarg, 0);
			break;
		case 'n':
			/* GNU gprof 2.40 does this despite its manual: -n is --time */
			symspec_add(optarg, INCL_TIME);
			break;
		case 'N':
			symspec_add(optarg, EXCL_TIME);
			break;
		case 'O':
			switch (optarg[0]) {
			case 'a':
				opt.format = FORMAT_AUTO;
				break;
			case 'm':
				opt.format = FORMAT_MAGIC;
				break;
			case 'b':
				opt.format = FORMAT_BSD;
				break;
			case '4':
				opt.format = FORMAT_BSD44;
				break;
			case 'p':
				opt.format = FORMAT_PROF;
				break;
			default:
				fprintf(stderr,
					"%s: unknown file format '%s' (auto, bsd, 4.4bsd, magic or prof)\n",
					program_name, optarg);
				usage(stderr, 1);
			}
			break;
		case 'p':
			if (optarg)
				symspec_add(optarg, INCL_FLAT);
			report |= REPORT_FLAT;
			user_specified |= REPORT_FLAT;
			break;
		case 'P':
			if (optarg) {
				symspec_add(optarg, EXCL_FLAT);
				report |= REPORT_FLAT;
			} else {
				report &= ~(unsigned)REPORT_FLAT;
			}
			user_specified |= REPORT_FLAT;
			break;
		case 'q':
			if (optarg)
				symspec_add(optarg, strchr(optarg, '/') ? INCL_ARCS : INCL_GRAPH);
			report |= REPORT_GRAPH;
			user_specified |= REPORT_GRAPH;
			break;
		case 'Q':
			if (optarg) {
				symspec_add(optarg, strchr(optarg, '/') ? EXCL_ARCS : EXCL_GRAPH);
				report |= REPORT_GRAPH;
			} else {
				report &= ~(unsigned)REPORT_GRAPH;
			}
			user_specified |= REPORT_GRAPH;
			break;
		case 'r':
			report |= REPORT_FUNCTION_ORDER;
			user_specified |= REPORT_FUNCTION_ORDER;
			break;
		case 'R':
			report |= REPORT_FILE_ORDER;
			user_specified |= REPORT_FILE_ORDER;
			opt.file_ordering_map = optarg;
			break;
		case 's':
			report |= REPORT_SUM;
			user_specified |= REPORT_SUM;
			break;
		case 'S':
			opt.external_symbols = optarg;
			break;
		case 't':
			opt.table_length = (int)parse_number("-t", optarg, 0);
			break;
		case 'T':
			opt.traditional = true;
			break;
		case 'v':
			printf("gprof (gprof-libgmon) 0.1\n"
			       "A call-graph profiler compatible with GNU gprof; this program is free software\n"
			       "under the GNU General Public License, version 3 or later, with no warranty.\n");
			return 0;
		case 'w':
			opt.width = (int)parse_number("-w", optarg, 1);
			/* the index pads each of its three columns to a third of
			 * the width: past this it would print gigabytes of spaces
			 * (and GNU's column arithmetic overflows) */
			if (opt.width > MAX_WIDTH) {
				fprintf(stderr, "%s: -w: width %s is larger than %d\n", program_name,
					optarg, MAX_WIDTH);
				usage(stderr, 1);
			}
			break;
		case 'x':
			opt.all_lines = true;
			break;
		case 'y':
			opt.separate_files = true;
			break;
		case 'z':
			opt.show_zeros = true;
			break;
		case 'Z':
			if (optarg) {
				symspec_add(optarg, EXCL_EXEC);
				report |= REPORT_EXEC_COUNTS;
			} else {
				report &= ~(unsigned)REPORT_EXEC_COUNTS;
			}
			user_specified |= REPORT_EXEC_COUNTS;
			break;
		case OPTION_DEMANGLE:
			opt.demangle = true;
			if (optarg) {
				enum demangling_styles style = cplus_demangle_name_to_style(optarg);

				if (style == unknown_demangling) {
					fprintf(stderr, "%s: unknown demangling style '%s'\n",
						program_name, optarg);
					usage(stderr, 1);
				}
				cplus_demangle_set_style(style);
			}
			break;
		case OPTION_NO_DEMANGLE:
			opt.demangle = false;
			break;
		case OPTION_INLINE_FILE_NAMES:
			opt.inline_file_names = true;
			break;
		case OPTION_JSON:
			opt.json = true;
			break;
		case OPTION_DOT:
			opt.dot = true;
			break;
		case OPTION_NODE_THRESHOLD:
			opt.node_threshold = parse_percent("--node-threshold", optarg);
			break;
		case OPTION_EDGE_THRESHOLD:
			opt.edge_threshold = parse_percent("--edge-threshold", optarg);
			break;
		default:
			usage(stderr, 1);
		}
	}
	/* GNU gprof built without its debugging traces says this on stdout
	 * and goes on; we have no traces either (stderr keeps --json and
	 * --dot output valid) */
	if (opt.debug)
		fprintf(opt.json || opt.dot ? stderr : stdout,
			"%s: debugging not supported; -d ignored\n", program_name);
	if ((user_specified & REPORT_FUNCTION_ORDER) && (user_specified & REPORT_FILE_ORDER))
		fatal("only one of --function-ordering and --file-ordering may be given");

	{
		const char *gprof_path = getenv("GPROF_PATH");

		if (gprof_path)
			search_path_append(gprof_path);
	}
	if (optind < argc)
		executable = argv[optind++];
	/* the profile files: those named, or gmon.out */
	profiles = optind < argc ? (const char *const *)&argv[optind] : &default_profile;
	profile_count = optind < argc ? argc - optind : 1;

	for (name = default_excluded; *name; name++) {
		symspec_add(*name, EXCL_TIME);
		symspec_add(*name, EXCL_GRAPH);
		symspec_add(*name, EXCL_FLAT);
	}

	core_open(executable);
	if (opt.static_call_graph)
		core_read_text();
	if (opt.external_symbols)
		symbols_create_from_file(opt.external_symbols);
	else if (opt.line_granularity)
		symbols_create_lines();
	else
		symbols_create_functions();
	resolve_clones();
	symspec_resolve();

	if (opt.format == FORMAT_PROF)
		fatal("the 'prof' file format is not supported");
	/* arcs are kept only to be written again (-s); otherwise each one is
	 * charged to its symbols as it is read, as GNU gprof does */
	if (!(report & REPORT_SUM))
		profile.arc_sink = tally_arc;
	for (i = 0; i < profile_count; i++) {
		const char *path = profiles[i];
		struct profile_file_info info;
		bool had_blocks = profile.input & INPUT_BB_COUNTS;

		if (!profile_read(path, &target, opt.format, &profile, &info, err, sizeof(err)))
			fatal("%s", err);
		if (!had_blocks && (profile.input & INPUT_BB_COUNTS) && !opt.line_granularity &&
		    !(report & REPORT_SUM))
			warning("ignoring basic-block execution counts (use -l or --line)");
		/* --json and --dot own stdout: one document, nothing before it */
		if ((report & REPORT_FILE_INFO) && !opt.json && !opt.dot) {
			printf("File `%s' (version %d) contains:\n", path, info.version);
			printf(info.histogram_records == 1 ? "\t%d histogram record\n"
							   : "\t%d histogram records\n",
			       info.histogram_records);
			printf(info.arc_records == 1 ? "\t%d call-graph record\n"
						     : "\t%d call-graph records\n",
			       info.arc_records);
			printf(info.bb_records == 1 ? "\t%d basic-block count record\n"
						    : "\t%d basic-block count records\n",
			       info.bb_records);
			first_report = false;
		}
	}

	if (report == 0) {
		if (profile.input & (INPUT_HISTOGRAM | INPUT_CALL_GRAPH)) {
			if (profile.input & INPUT_HISTOGRAM)
				report |= REPORT_FLAT;
			if (profile.input & INPUT_CALL_GRAPH)
				report |= REPORT_GRAPH;
		} else {
			report = REPORT_EXEC_COUNTS;
		}
		report &= ~user_specified;
	}

	if (report & REPORT_SUM) {
		if (!profile_write("gmon.sum", &target, opt.format, &profile, err, sizeof(err)))
			fatal("%s", err);
	}

	profile_for_each_arc(&profile, tally_arc);
	basic_blocks_assign(&profile);
	if (profile.input & INPUT_HISTOGRAM)
		histogram_assign_samples();
	if (profile.input & INPUT_CALL_GRAPH)
		by_time = callgraph_assemble();

	if (opt.json && opt.dot)
		fatal("--json and --dot cannot be used together");
	if (opt.json || opt.dot) {
		if (opt.json)
			print_json(by_time, report, profile.input);
		else
			print_dot(by_time, report, profile.input);
		if (fflush(stdout) != 0 || ferror(stdout))
			fatal("error writing the report: %s", strerror(errno));
		return 0;
	}

	if ((report & REPORT_FLAT) && !(profile.input & INPUT_HISTOGRAM))
		fatal("gmon.out file is missing histogram");
	if ((report & REPORT_GRAPH) && !(profile.input & INPUT_CALL_GRAPH))
		fatal("gmon.out file is missing call-graph data");

	if (by_time && (report & REPORT_GRAPH) && opt.traditional)
		print_call_graph(by_time);
	if (report & REPORT_FLAT)
		print_flat_profile();
	if (by_time && (report & REPORT_GRAPH)) {
		if (!opt.traditional)
			print_call_graph(by_time);
		print_index();
	}
	if (report & REPORT_EXEC_COUNTS)
		print_exec_counts();
	if (report & REPORT_ANNOTATED)
		print_annotated_source();
	if (report & REPORT_FUNCTION_ORDER)
		print_function_ordering();
	if (report & REPORT_FILE_ORDER)
		print_file_ordering();
	if (fflush(stdout) != 0 || ferror(stdout))
		fatal("error writing the report: %s", strerror(errno));
	return 0;
}
