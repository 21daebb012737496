/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * options.h: what the command line asks for, as gprof.c parses it: one
 * struct per stage (reading, viewing, each output's own), filled once and
 * then only read, each stage and printer given only its own.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_OPTIONS_H
#define GPROF_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

struct report_format;

enum file_format {
	FORMAT_AUTO,
	FORMAT_MAGIC,
	FORMAT_BSD,
	FORMAT_BSD44,
	FORMAT_PROF
};

/* Deliberate deviations from GNU gprof 2.40 (doc/compat.md); the
 * environment variable GPROF_GNU_QUIRKS=static-calls,clones (or "all")
 * restores GNU's behaviour, so that tests can show both. */
enum {
	QUIRK_STATIC_CALLS = 1 << 0, /* -c: no sign extension, forward calls only */
	QUIRK_CLONES = 1 << 1,       /* drop compiler clones as GNU gprof does */
	QUIRK_INDEX = 1 << 2,        /* index omits graph entries without calls or self time */
	QUIRK_PLT = 1 << 3,          /* no name@plt symbols: PLT samples go to _init */
	QUIRK_ESTIMATE = 1 << 4,     /* call-graph times estimated even with stacks */
	QUIRK_DWARF5_LINES = 1 << 5, /* DWARF 5: a sequence's first rows in file 0 (BFD 2.40) */
	QUIRK_SUM_ARCS = 1 << 6,     /* -s: gmon.sum without the arcs -k and -q from/to drop */
	QUIRK_MAIN_ONLY = 1 << 7,    /* the main program alone: no process file read */
	QUIRK_RUNTIME_FUNCTIONS = 1 << 8, /* libgmon's own functions shown like any other */
	QUIRK_SUM_LINES = 1 << 9,         /* -s turns on -l */
	QUIRK_COMP_DIR = 1 << 10,         /* DWARF 5: a relative comp dir joined twice (BFD 2.40) */
	QUIRK_NAMES = 1 << 11,         /* names as BFD gives them ("f@@V"), GNU's choice of alias */
	QUIRK_OTHER_PROGRAM = 1 << 12, /* another program's profile read anyway, not refused */
};

/* Report bits, as requested on the command line or chosen by default. */
enum {
	REPORT_FLAT = 1 << 0,
	REPORT_GRAPH = 1 << 1,
	REPORT_EXEC_COUNTS = 1 << 2,
	REPORT_ANNOTATED = 1 << 3,
	REPORT_FUNCTION_ORDER = 1 << 4,
	REPORT_FILE_ORDER = 1 << 5,
	REPORT_FILE_INFO = 1 << 6,
	REPORT_SUM = 1 << 7
};

/* The include and exclude tables that symspecs fill (symspec.c). */
enum symspec_table {
	INCL_GRAPH,
	EXCL_GRAPH,
	INCL_ARCS,
	EXCL_ARCS,
	INCL_FLAT,
	EXCL_FLAT,
	INCL_TIME,
	EXCL_TIME,
	INCL_ANNO,
	EXCL_ANNO,
	INCL_EXEC,
	EXCL_EXEC,
	PICTURE_ROOT,
	PICTURE_LEAF, /* --root, --leaf: where a picture starts or ends */
	SYMSPEC_TABLES
};

/* One symbol specification as given ("main", "file.c:42", "from/to"),
 * for one table; resolved against the symbols by symspec.c. */
struct symspec_request {
	char *text;
	enum symspec_table table;
	struct symspec_request *next; /* the list is newest first */
};

/*
 * The options by stage.  struct options (below) is their aggregate,
 * filled by gprof.c's parser and never written after it: each stage
 * takes its own struct, const, and a value derived later (the reports
 * printed by default, another run's files) goes into a local copy or
 * into the view, not back into the options.
 */

/* Reading and analysis (pipeline.c and the stages it runs): which files,
 * which symbols, what the call graph counts. */
struct read_options {
	const char *executable; /* default a.out */
	bool executable_given;  /* named on the command line (else the process file may name it) */
	const char *const *profile_files; /* the names given, or gmon.out */
	int profile_file_count;
	enum file_format format; /* -O */
	bool no_static;          /* -a */
	bool functions_only;     /* -D: ignore symbols not marked as functions */
	bool static_call_graph;  /* -c */
	bool line_granularity;   /* -l: a symbol per source line */
	bool show_zeros;         /* -z: the call graph numbers entries without calls or time */
	bool sum;                /* -s: gmon.sum written */
	bool call_sites;         /* calls kept by call site: a format or --diff reads them */
	const char *file_ordering_map; /* -R */
	const char *external_symbols;  /* -S */
	unsigned gnu_quirks;           /* GPROF_GNU_QUIRKS: GNU behaviours we fix, restored */
	bool main_only;                /* --main-only: no process files, the classic view */
	const char *sysroot;           /* --sysroot, $GPROF_SYSROOT: the recorded objects' root */
	const char **debug_dirs;       /* --debug-file-directory, in order (symtab/debuginfo.h) */
	size_t debug_dir_count;
	bool estimate_children; /* --estimate-children: the classic estimate despite stacks */
	bool with_overhead; /* --with-overhead: the profiler's own time counted, in its functions */
	struct symspec_request *symspecs; /* resolved into the model (symtab/symspec.c) */
};

/* The views layer (analysis/views.c): what the reports show. */
struct view_options {
	/* REPORT_* asked for; in the copy a view is built with, those
	 * printed (gprof.c chooses the default from what was read) */
	unsigned report;
	unsigned user_specified; /* REPORT_* named on the command line, even to drop */
	bool show_zeros;         /* -z: rows without calls or time too */
	/* --threads; in a view's copy, also a format whose view shows
	 * every thread (report/formats.h) */
	bool threads;
	bool line_granularity; /* -l: lines are no entries of the call graph */
	bool gnu_index;        /* QUIRK_INDEX: the index omits entries without calls or time */
	/* in a view's copy: the text call graph is printed, so the view
	 * orders its arcs (graph.order, analysis/view_orders.h) */
	bool graph_arcs;
	char **search_dirs; /* -I and $GPROF_PATH, in order: sources for -A and --html */
	size_t search_dir_count;
};

/* The output of the text reports (flat profile, call graph, index, -A,
 * --threads' profiles, the --diff table): GNU's options of layout. */
struct text_options {
	bool brief;              /* -b: no explanatory blurbs */
	bool traditional;        /* -T: BSD layout */
	int width;               /* -w, default 80 */
	unsigned long min_count; /* -m: fewer executions are shown as ##### */
	int table_length;        /* -t */
	bool all_lines;          /* -x */
	bool separate_files;     /* -y */
};

/* How every report shows a function's name (report/report.h). */
struct name_options {
	bool demangle;          /* on unless --no-demangle */
	bool traditional;       /* -T: names as the symbol table has them */
	bool print_path;        /* -L */
	bool inline_file_names; /* --inline-file-names */
	bool line_granularity;  /* -l: each name followed by its file, line and address */
};

/* The pictures' output (--dot, --flame, --diff --dot). */
struct picture_options {
	double node_threshold; /* --node-threshold=PCT (DOT), default 0.5 */
	double edge_threshold; /* --edge-threshold=PCT (DOT), default 0.1 */
	bool strip;            /* --strip: pictures name C++ functions without arguments */
	int wrap;              /* --wrap[=N]: pictures wrap names at N characters; 0: no */
	int depth;             /* --depth=N: --root/--leaf go N calls deep; -1: no limit */
	/* the symspecs as given: --root's and --leaf's, for messages */
	const struct symspec_request *symspecs;
};

/* What gprof is run to do (gprof.c, diff.c, processes.c, timeline.c):
 * the text reports or a format, --diff, --processes, --timeline. */
struct mode_options {
	/* --json, --dot, --html...: the format chosen instead of the text
	 * reports (a row of report/formats.c), NULL for the text; how many
	 * were given (more than one is refused before any file is read) */
	const struct report_format *output;
	int outputs_given;
	bool diff;      /* --diff: two profiles compared (diff.c) */
	int processes;  /* --processes[=tree|cpu]: PROCESSES_* (processes.c) */
	bool timeline;  /* --timeline: each function's seconds per window (timeline.c) */
	unsigned debug; /* -d */
	const char *const *operands; /* the command line's files, as given */
	int operand_count;
};

/*
 * struct options: the command line, as gprof.c parses it: each stage's
 * options, nothing else.  -l, -z, -s and -T are read by several stages:
 * the parser gives each its copy (options_complete).
 */
struct options {
	struct read_options read;
	struct view_options view;
	struct text_options text;
	struct name_options names;
	struct picture_options picture;
	struct mode_options mode;
};

/* --processes: none, as a tree, by CPU. */
enum {
	PROCESSES_NONE,
	PROCESSES_TREE,
	PROCESSES_BY_CPU
};

/* Defaults: demangling on, width 80, -t 10, -m 1, thresholds 0.5 and 0.1. */
void options_init(struct options *opt);
/* Remember a symspec for a table. */
void options_add_symspec(struct options *opt, const char *text, enum symspec_table table);
/* Once the command line is read: the copies each stage keeps of what
 * several stages read (-l, -z, -s, -T, the quirk of the index, the
 * symspecs). */
void options_complete(struct options *opt);
/* The text of the first symspec of list given for a table (for
 * messages), or NULL. */
const char *symspec_first(const struct symspec_request *list, enum symspec_table table);
/* Append "dir:dir:..." to the source search path. */
void options_add_search_path(struct options *opt, const char *paths);
/* Free what the options own (the symspec texts, the search path). */
void options_free(struct options *opt);

#endif
