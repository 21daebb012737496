/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * options.h: what the command line asks for, as gprof.c parses it: one
 * struct, filled once and then only read by the stages and printers that
 * need it.
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

/* The output of the text reports (flat profile, call graph, index, -A,
 * -C): GNU's options of layout. */
struct text_options {
	bool brief;              /* -b: no explanatory blurbs */
	bool traditional;        /* -T: BSD layout */
	int width;               /* -w, default 80 */
	unsigned long min_count; /* -m: fewer executions are shown as ##### */
	int table_length;        /* -t */
	bool all_lines;          /* -x */
	bool separate_files;     /* -y */
};

/* How every report shows a function's name. */
struct name_options {
	bool demangle;          /* on unless --no-demangle */
	bool print_path;        /* -L */
	bool inline_file_names; /* --inline-file-names */
};

/* The pictures' output (--dot, --flame, --diff --dot). */
struct picture_options {
	double node_threshold; /* --node-threshold=PCT (DOT), default 0.5 */
	double edge_threshold; /* --edge-threshold=PCT (DOT), default 0.1 */
	bool strip;            /* --strip: pictures name C++ functions without arguments */
	int wrap;              /* --wrap[=N]: pictures wrap names at N characters; 0: no */
	int depth;             /* --depth=N: --root/--leaf go N calls deep; -1: no limit */
};

/*
 * struct options: the command line, filled by gprof.c before the
 * pipeline starts and only read after.  By stage: reading (the files,
 * the symbols, the quirks, what the analysis counts), viewing (the
 * reports, -z, --threads, the symspecs), and each output's own (text,
 * names, pictures; a format's row says which it goes with).
 */
struct options {
	struct text_options text;
	struct name_options names;
	struct picture_options picture;
	bool no_static;                /* -a */
	bool functions_only;           /* -D: ignore symbols not marked as functions */
	bool static_call_graph;        /* -c */
	bool show_zeros;               /* -z */
	bool line_granularity;         /* -l */
	enum file_format format;       /* -O */
	const char *file_ordering_map; /* -R */
	const char *external_symbols;  /* -S */
	unsigned debug;                /* -d */
	unsigned gnu_quirks;           /* GPROF_GNU_QUIRKS: GNU behaviours we fix, restored */
	/* --json, --dot, --html...: the format chosen instead of the text
	 * reports (a row of report/formats.c), NULL for the text; how many
	 * were given (more than one is refused once the profile is read) */
	const struct report_format *output;
	int outputs_given;
	bool main_only;          /* --main-only: no process files, the classic view */
	const char *sysroot;     /* --sysroot, $GPROF_SYSROOT: the recorded objects' root */
	const char **debug_dirs; /* --debug-file-directory, in order (symtab/debuginfo.h) */
	size_t debug_dir_count;
	bool estimate_children; /* --estimate-children: the classic estimate despite stacks */
	bool with_overhead; /* --with-overhead: the profiler's own time counted, in its functions */
	bool threads;       /* --threads: per thread (text, --json, --folded) */
	bool diff;          /* --diff: two profiles compared (diff.c) */
	int processes;      /* --processes[=tree|cpu]: PROCESSES_* (processes.c) */
	bool timeline;      /* --timeline: each function's seconds per window (timeline.c) */

	unsigned report;         /* REPORT_* asked for (the default is chosen later) */
	unsigned user_specified; /* REPORT_* named on the command line, even to drop */
	struct symspec_request *symspecs;
	char **search_dirs; /* -I and $GPROF_PATH, in order (for -A) */
	size_t search_dir_count;
	const char *executable; /* default a.out */
	bool executable_given;  /* named on the command line (else the process file may name it) */
	const char *const *profile_files; /* the names given, or gmon.out */
	int profile_file_count;
	const char *const *operands; /* the command line's files, as given (--diff) */
	int operand_count;
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
/* The text of the first symspec given for a table (for messages), or NULL. */
const char *options_first_symspec(const struct options *opt, enum symspec_table table);
/* Append "dir:dir:..." to the source search path. */
void options_add_search_path(struct options *opt, const char *paths);
/* Free what the options own (the symspec texts, the search path). */
void options_free(struct options *opt);

#endif
