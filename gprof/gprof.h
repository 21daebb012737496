/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gprof.h: the data every stage of gprof shares: options, the symbol
 * table, call-graph arcs and histograms.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_H
#define GPROF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---------------------------------------------------------------- options */

enum file_format { FORMAT_AUTO, FORMAT_MAGIC, FORMAT_BSD, FORMAT_BSD44, FORMAT_PROF };

/* Deliberate deviations from GNU gprof 2.40 (doc/compat.md); the
 * environment variable GPROF_GNU_QUIRKS=static-calls,clones (or "all")
 * restores GNU's behaviour, so that tests can show both. */
enum {
	QUIRK_STATIC_CALLS = 1 << 0, /* -c: no sign extension, forward calls only */
	QUIRK_CLONES = 1 << 1,       /* drop compiler clones as GNU gprof does */
	QUIRK_INDEX = 1 << 2,        /* index omits graph entries without calls or self time */
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

/* Kinds of data found in the profile files. */
enum { INPUT_HISTOGRAM = 1, INPUT_CALL_GRAPH = 2, INPUT_BB_COUNTS = 4 };

struct options {
	bool brief;               /* -b: no explanatory blurbs */
	bool traditional;         /* -T: BSD layout */
	bool no_static;           /* -a */
	bool functions_only;      /* -D: ignore symbols not marked as functions */
	bool static_call_graph;   /* -c */
	bool show_zeros;          /* -z */
	bool line_granularity;    /* -l */
	bool print_path;          /* -L */
	bool inline_file_names;   /* --inline-file-names */
	bool demangle;            /* on unless --no-demangle */
	bool all_lines;           /* -x */
	bool separate_files;      /* -y */
	int width;                /* -w, default 80 */
	unsigned long min_count;  /* -m: fewer executions are shown as ##### */
	int table_length;         /* -t */
	enum file_format format;  /* -O */
	const char *file_ordering_map;   /* -R */
	const char *external_symbols;    /* -S */
	unsigned debug;           /* -d */
	unsigned gnu_quirks;      /* GPROF_GNU_QUIRKS: GNU behaviours we fix, restored */
	bool json;                /* --json: one JSON document instead of the text */
	bool dot;                 /* --dot: a Graphviz graph instead of the text */
	double node_threshold;    /* --node-threshold=PCT (DOT), default 0.5 */
	double edge_threshold;    /* --edge-threshold=PCT (DOT), default 0.1 */
};

extern struct options opt;
extern const char *program_name;

/* ---------------------------------------------------------------- symbols */

struct arc;
struct source_file {
	const char *name;         /* path as the debug information gives it */
	struct source_file *next; /* every file, newest first */
	unsigned long calls;      /* -A: calls into the file's functions */
	int line_count;           /* -A: highest line a symbol starts on */
	struct symbol **lines;    /* -A: the symbol (or sum) for each line */
};

/* Basic-block counts kept per symbol (GNU keeps at most this many), in a
 * block of their own: only -l with block records needs them. */
#define SYMBOL_BB_MAX 10

struct symbol_blocks {
	uint64_t address[SYMBOL_BB_MAX]; /* 0: slot unused */
	unsigned long calls[SYMBOL_BB_MAX];
};

/*
 * struct symbol: one function (or, with -l, one source line) of the
 * executable.  The symbol table is an array sorted by address; every
 * symbol covers [address, end_address] (inclusive, as in GNU gprof).
 * Cycle headers are symbols too (name == NULL, cycle_number != 0), kept in
 * a separate array.  Owned by the symbol table for the program's life.
 */
struct symbol {
	uint64_t address;
	uint64_t end_address;
	const char *name;
	struct source_file *file;
	int line;
	unsigned is_function : 1;
	unsigned is_static : 1;
	unsigned is_bb_head : 1;
	unsigned mapped : 1;
	unsigned placed : 1;      /* function ordering */
	unsigned hidden : 1;      /* never printed (a .cold part, see alias_of) */
	struct symbol *alias_of;  /* samples and call sites belong to this one */
	unsigned long calls;      /* calls from other functions */
	int uses;                 /* function ordering */
	struct symbol_blocks *blocks; /* basic-block counts (-l), or NULL */
	struct symbol *next, *prev; /* symspec match lists, ordering */

	/* histogram */
	double self_ticks;        /* samples credited, in ticks */
	uint64_t scaled_address;  /* address / 2, in histogram units */

	/* call graph */
	unsigned long self_calls; /* recursive calls (cycle headers: inner calls) */
	double child_ticks;       /* ticks propagated from callees */
	int index;                /* [N] in the call graph */
	int top_order;            /* topological number, 0 = none */
	bool printed;             /* shown in the call graph */
	double prop_fraction;     /* share of its time that propagates */
	double prop_self;         /* self ticks that propagate */
	double prop_child;        /* child ticks that propagate */
	int cycle_number;         /* 0: not in a cycle */
	struct symbol *cycle_head;/* itself, or the cycle header */
	struct symbol *cycle_next;/* next member of its cycle */
	struct arc *parents;      /* arcs into this symbol */
	struct arc *children;     /* arcs out of this symbol */
};

/*
 * struct arc: calls from one symbol (the caller) to another (the callee),
 * summed over every call site in the caller.  Each arc is on its caller's
 * children list and its callee's parents list; new arcs go to the front of
 * both lists, which fixes the order ties are printed in.
 */
struct arc {
	struct symbol *parent;
	struct symbol *child;
	unsigned long count;
	double time;              /* self ticks of the callee carried up */
	double child_time;        /* child ticks of the callee carried up */
	struct arc *next_parent;
	struct arc *next_child;
	struct arc *hash_next;    /* arc lookup by (parent, child) */
	bool has_been_placed;     /* function ordering */
};

static inline uint64_t symbol_bb_address(const struct symbol *sym, int k)
{
	return sym->blocks ? sym->blocks->address[k] : 0;
}

static inline unsigned long symbol_bb_calls(const struct symbol *sym, int k)
{
	return sym->blocks ? sym->blocks->calls[k] : 0;
}

/* A table of symbols sorted by address (the program's, or a symspec's). */
struct symbol_table {
	struct symbol *base;
	size_t count;
};

extern struct symbol_table symtab;   /* the program's symbols */
extern struct symbol *cycle_headers; /* [1..cycle_count] */
extern int cycle_count;

/* ---------------------------------------------------------------- histograms */

/* One histogram record's range and summed bins (from all profile files). */
struct histogram {
	uint64_t low_pc, high_pc;
	uint32_t bin_count;
	uint32_t *bins;           /* summed counts, saturating at UINT32_MAX */
};

struct histogram_set {
	struct histogram *records;
	unsigned count;
	unsigned rate;            /* samples per second (hz) */
	char dimension[16];       /* "seconds" */
	char dimension_abbrev;    /* 's' */
	double scale;             /* histogram units (2 bytes) per bin */
};

extern struct histogram_set histograms;

/* One basic-block count as read from a profile file. */
struct bb_count {
	uint64_t address;
	uint64_t count;
};

/* Everything read from the profile files, before symbols are involved. */
struct raw_arc {
	uint64_t from_pc, self_pc;
	uint64_t count;
};

struct profile {
	int input;                /* INPUT_* bits */
	/* When set, arcs go straight to this function as they are read
	 * (gprof's reports) instead of being merged and kept (-s, tests). */
	void (*arc_sink)(uint64_t from_pc, uint64_t self_pc, uint64_t count);
	/* the arcs summed (profile.c): see profile_for_each_arc */
	struct profile_arcs *arcs;
	struct bb_count *blocks;  /* in file order, duplicates summed */
	size_t block_count, block_capacity;
	uint32_t *block_hash;
	size_t block_hash_size;
	enum file_format first_format; /* of the first file: for -s and BSD checks */
	int old_bsd_hz_known;
};

/* The executable's address size and byte order, which the files share. */
struct target {
	int address_size;         /* 4 or 8 */
	bool big_endian;
};

/* annotate.c: -C, -A and the basic-block counts they use */
struct profile;
void search_path_append(const char *paths);
void basic_blocks_assign(const struct profile *p);
void print_exec_counts(void);
void print_annotated_source(void);
void annotate_reset(void); /* tests/fuzz: forget -I and listing state */

/* ---------------------------------------------------------------- util.c */

void fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* tests/fuzz: when set, fatal() calls it instead of exiting; it must not return */
extern void (*fatal_hook)(void);
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);

/* names.c */
int print_name_only(FILE *out, const struct symbol *sym);
void print_name(FILE *out, const struct symbol *sym);
const char *display_name(const struct symbol *sym, char **to_free);
const char *file_base_name(const char *path);
/* Bytes in the valid UTF-8 sequence at s (1 for ASCII), 0 if invalid. */
int utf8_sequence_length(const unsigned char *s);

#endif
