/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * model.h: the profile model, the one structure every stage fills and
 * every printer reads.
 *
 *   objects     the files whose code ran: today the executable alone
 *               (object 0), each with its BFD, its text and its source files
 *   symbols     one table of every object's symbols, sorted by address
 *   histograms  the summed time histograms of the profile files
 *   arcs        caller -> callee, with counts, and the time propagated
 *   cycles      the call graph's strongly connected components
 *   totals      samples credited, time propagated, the call-graph order
 *
 * The stages run in the order of pipeline.c; each fills its part.  The
 * printers get the model const.  model.c allocates and frees all of it,
 * and holds the plain data-structure operations (symbol lookup by
 * address, arcs by caller and callee, source files by name).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_MODEL_H
#define GPROF_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/intern.h"
#include "core/options.h"

struct bfd;        /* BFD's types, for those who open objects (object.c) */
struct line_index; /* lineindex.h */
struct bfd_section;
struct bfd_symbol;
struct arc;
struct symbol;

/* ---------------------------------------------------------------- objects */

/* An object's address size and byte order, which its profile files share. */
struct target {
	int address_size; /* 4 or 8 */
	bool big_endian;
};

/* A source file named by the debug information of an object. */
struct source_file {
	const char *name;         /* path as the debug information gives it */
	struct source_file *next; /* every file of the object, newest first */
	unsigned number;          /* 0, 1, 2 ... in the order made, per object */
};

#define SOURCE_HASH_SIZE 4096

/*
 * struct object: one file whose code ran (the executable is object 0).
 * Opened by object.c, which fills every field; the BFD stays open for the
 * model's life (line lookups, demangling, the text for -c).
 */
struct object {
	const char *path;
	const char *name;        /* as reports name it: the path's last part */
	uint64_t model_base;     /* model address = the object's own + model_base */
	unsigned flags;          /* GMON_OBJECT_* (the executable: GMON_OBJECT_MAIN) */
	unsigned char *build_id; /* as the process file recorded it, or NULL */
	size_t build_id_size;
	struct bfd *abfd;
	struct bfd *debug_abfd;       /* its separate debug file, or NULL */
	char *names_from;             /* where its names came from when not its own
					* .symtab (symtab/debuginfo.c), or NULL */
	size_t eh_frame_functions;    /* functions only .eh_frame knew, named "name+0xADDRESS" */
	struct bfd_section *text;     /* .text */
	uint64_t text_low, text_high; /* .text is [text_low, text_high) */
	uint64_t code_low, code_high; /* every code section; empty if none */
	struct target target;
	struct bfd_symbol **bfd_symbols; /* as BFD gives them, synthetic ones added */
	long bfd_symbol_count;
	struct bfd_symbol *synthetic;        /* BFD's synthetic symbols (PLT entries), one block */
	struct bfd_symbol **dynamic_symbols; /* what BFD needed to make them, or NULL */
	unsigned char *text_bytes;           /* -c: the bytes of .text, or NULL */
	bool aarch64;                        /* -c looks for bl and b, not x86's call */
	bool has_debug_info;
	struct line_index *line_index; /* its DWARF lines read once (lineindex.c), or NULL */
	/* frees line_index (set with it by object.c: the model, below the
	 * symbol tables, does not know how a line index is built) */
	void (*line_index_release)(struct line_index *);
	char leading_char;                /* of symbol names (bfd_get_symbol_leading_char) */
	uint64_t *segments;               /* whole-process: code as mapped, pairs of own */
	size_t segment_count;             /* addresses [start, end) */
	struct source_file *source_files; /* newest first */
	unsigned source_file_count;
	/* by path, SOURCE_HASH_SIZE chains, allocated with the first file:
	 * an object without source files (most of a whole-process profile's)
	 * costs no table */
	struct source_file_entry **source_hash;
};

/* ---------------------------------------------------------------- symbols */

/* Basic-block counts kept per symbol (GNU keeps at most this many), in a
 * block of their own: only -l with block records needs them. */
#define SYMBOL_BB_MAX 10

struct symbol_blocks {
	uint64_t address[SYMBOL_BB_MAX]; /* 0: slot unused */
	unsigned long calls[SYMBOL_BB_MAX];
};

/*
 * struct symbol: one function (or, with -l, one source line) of an
 * object.  A symbol table is an array sorted by address; every symbol
 * covers [address, end_address] (inclusive, as in GNU gprof).  Cycle
 * headers are symbols too (name == NULL, cycle_number != 0), kept in an
 * array of their own.  Owned by the model.
 */
struct symbol {
	/* what the call graph's analysis and the reports read of every
	 * symbol first, in its first 128 bytes: a call-graph line reads its
	 * symbols' names, flags (printed among them), calls, indexes and
	 * cycles, all in the first 56 bytes, and at 100,000 functions the
	 * symbols outgrow the caches (each further line of a symbol read was
	 * one more cache miss) */
	const char *name;
	const struct object *object; /* NULL for cycle headers */
	unsigned is_function : 1;
	unsigned is_static : 1;
	unsigned is_bb_head : 1;
	unsigned mapped : 1;        /* -R: stands for its object file */
	unsigned placed : 1;        /* function ordering */
	unsigned hidden : 1;        /* never printed (a .cold part, see alias_of) */
	unsigned in_flat : 1;       /* symspecs: shown in the flat profile (-p/-P) */
	unsigned in_exec : 1;       /* symspecs: shown by -C */
	unsigned in_annotation : 1; /* symspecs: listed by -A */
	unsigned is_object : 1; /* stands for an object's code outside its symbols: "[libc.so.6]" */
	unsigned is_runtime : 1; /* the profiler's own code (mcount...: analysis/overhead.c) */
	/* what symtab/names.c chooses among aliases by (ELF binding, size, type) */
	unsigned is_weak : 1;
	unsigned has_size : 1;
	unsigned is_untyped : 1;   /* a label (no function type) */
	unsigned old_version : 1;  /* "name@V", not the default "name@@V" */
	unsigned is_unnamed : 1;   /* code no symbol names: "prog+0x1a2b0" (symtab/symbols.c) */
	unsigned printed : 1;      /* shown in the call graph */
	int index;                 /* [N] in the call graph */
	int cycle_number;          /* 0: not in a cycle */
	int top_order;             /* topological number, 0 = none */
	unsigned long calls;       /* calls from other functions */
	unsigned long self_calls;  /* recursive calls (cycle headers: inner calls) */
	struct symbol *cycle_head; /* itself, or the cycle header */
	struct arc *parents;       /* arcs into this symbol */
	struct arc *children;      /* arcs out of this symbol */
	double prop_fraction;      /* share of its time that propagates */
	double prop_self;          /* self ticks that propagate */
	double prop_child;         /* child ticks that propagate */
	double self_ticks;         /* histogram: samples credited, in ticks */
	double child_ticks;        /* ticks propagated from callees */
	unsigned name_rank;        /* place in name order; equal names, equal ranks */
	int line;
	int uses; /* function ordering */

	uint64_t address;
	uint64_t end_address;
	uint64_t scaled_address; /* histogram: address / 2, in histogram units */
	struct source_file *file;
	const char *version;     /* the symbol version its name carried ("GLIBC_2.34"), or NULL */
	struct symbol *alias_of; /* samples and call sites belong to this one */
	struct symbol_blocks *blocks; /* basic-block counts (-l), or NULL */
	struct symbol *next, *prev;   /* symspec ranges, ordering chains */
	struct symbol *cycle_next;    /* next member of its cycle */
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
	double time;       /* self ticks of the callee carried up */
	double child_time; /* child ticks of the callee carried up */
	/* measured only (stack_times.c): the samples of the stacks, once
	 * for each pair of adjacent frames that is this call (--callgrind's
	 * inclusive costs: in = self + out for every function) */
	double call_cost;
	/* no runtime counted these calls: the arc is a pair of adjacent
	 * frames of the call stacks (code without -pg on either side,
	 * analysis/stack_arcs.c); count is 0 and means nothing */
	bool uncounted;
	bool has_been_placed; /* function ordering (beside uncounted: 72 bytes, not 80) */
	struct arc *next_parent;
	struct arc *next_child;
};

static inline uint64_t symbol_bb_address(const struct symbol *sym, int k)
{
	return sym->blocks ? sym->blocks->address[k] : 0;
}

static inline unsigned long symbol_bb_calls(const struct symbol *sym, int k)
{
	return sym->blocks ? sym->blocks->calls[k] : 0;
}

static inline bool symbol_is_cycle_header(const struct symbol *sym)
{
	return sym->name == NULL && sym->cycle_number != 0;
}

/*
 * A table of symbols sorted by address (the program's, or a symspec's).
 * symbol_table_finalize adds an index for symbol_lookup: bucket b holds
 * the addresses from base[0].address + (b << bucket_shift), and
 * buckets[b] is the first symbol at or above its start
 * (buckets[bucket_count] == count); NULL for small tables (a plain
 * binary search).  Whoever changes base or count after finalizing must
 * finalize again or release the index (symbol_table_release).
 * capacity is how many symbols base has room for when it grows through
 * symbol_table_reserve (0: as many as count, base allocated elsewhere).
 */
struct symbol_table {
	struct symbol *base;
	size_t count;
	uint32_t *buckets;
	size_t bucket_count;
	unsigned bucket_shift;
	size_t capacity;
};

/* ---------------------------------------------------------------- histograms */

/* Kinds of data found in the profile files.  INPUT_UNCOUNTED_ARCS: the
 * call graph's arcs come from the call stacks of a program without
 * hooks (pipeline.c): none has a count. */
enum {
	INPUT_HISTOGRAM = 1,
	INPUT_CALL_GRAPH = 2,
	INPUT_BB_COUNTS = 4,
	INPUT_UNCOUNTED_ARCS = 8
};

/* One histogram record's range and summed bins (from all profile files). */
struct histogram {
	uint64_t low_pc, high_pc;
	uint32_t bin_count;
	uint32_t *bins; /* summed counts, saturating at UINT32_MAX */
	/* per HISTOGRAM_BLOCK bins (a page of them), non-zero if any of
	 * them may be: most are empty, and their pages are never written
	 * (gmon/merge.c), so that reading them would only fault pages in;
	 * NULL: any bin may be */
	unsigned char *written;
};

#define HISTOGRAM_BLOCK 1024

struct histogram_set {
	struct histogram *records;
	unsigned count;
	unsigned rate;         /* samples per second (hz) */
	char dimension[16];    /* "seconds" */
	char dimension_abbrev; /* 's' */
	double scale;          /* histogram units (2 bytes) per bin */
};

/* ---------------------------------------------------------------- symspecs */

/*
 * Resolved symbol specifications (symspec.c fills them): per table, one
 * address range per run of consecutive matching symbols, sorted; the
 * "to" ranges of "from/to" specifications; and the arcs (count 0) those
 * make between ranges, in the order made, which --function-ordering also
 * places.
 */
struct symspec_tables {
	struct symbol_table tables[SYMSPEC_TABLES];
	struct symbol_table right_table;
	struct arc **arcs;
	size_t arc_count;
	size_t range_slots; /* slots allocated in all the tables */
};

/* ---------------------------------------------------------------- -R map */

/* One line of the -R map: a function and the object file defining it.
 * is_first: the first line of a run of lines naming the same file; only
 * that function keeps a symbol (renamed to the file), the others vanish. */
struct file_map_entry {
	char *file_name;
	char *function_name;
	bool is_first;
};

struct file_map {
	struct file_map_entry *entries; /* sorted by function name */
	size_t count;
};

/* ---------------------------------------------------------------- other objects */

/*
 * What process files (whole-process profiles, doc/format.md) add: for
 * each profile file, how its run's addresses map to the model's; and the
 * samples and arcs outside the main program, in model addresses.
 *
 * Model addresses: the executable's own addresses as they are (so that
 * gmon.out reads as always), object k's own addresses plus k << 48 (above
 * any runtime address, so the two never meet).
 */
#define MODEL_OBJECT_SHIFT 48
#define MODEL_UNKNOWN_ADDRESS UINT64_C(0xFFFFFFFFFFFFF000) /* "[unknown]" */
/* So that two objects' ranges never meet: every object's own addresses
 * (the executable's too) lie below 1 << MODEL_OBJECT_SHIFT, and there
 * are at most this many objects besides the executable (the last range,
 * 0xFFFF << 48, holds MODEL_UNKNOWN_ADDRESS).  objects.c refuses a
 * process file that breaks either, in one line. */
#define MODEL_OBJECT_LIMIT ((1u << (64 - MODEL_OBJECT_SHIFT)) - 2)

struct run_segment {
	uint64_t start, end; /* runtime [start, end) */
	uint64_t delta;      /* model address = runtime address + delta */
};

/* An object of a run by its number in the process file, for numbered
 * addresses (doc/format.md, "Addresses used twice"). */
struct run_number {
	uint32_t number;
	uint64_t bias;  /* the object's load bias in the run */
	uint64_t delta; /* model address = runtime address + delta */
};

struct run_map {
	bool known;                   /* a process file of this run was read */
	uint64_t main_bias;           /* gmon.out's addresses are runtime minus this */
	struct run_segment *segments; /* sorted by start, disjoint: who holds a plain address */
	size_t segment_count;
	struct run_number *numbers; /* sorted by number; only where the file numbers addresses */
	size_t number_count;
};

struct model_sample {
	uint64_t address; /* model address */
	uint64_t count;
};

/*
 * Call stacks (the process file's tag 5), aggregated: one entry per
 * distinct sequence of frames, in model addresses, innermost first.  The
 * entries are packed in one array of words: samples, then frame count <<
 * 32 | thread << 8 | flags (GMON_STACK_*), then the frames; thread is 1
 * + the stack's thread in process_part's threads (tag 6), 0 for none
 * (tag 5, or a thread the runtime did not know): the same frames in two
 * threads are two entries.  Frame 0 is the sampled
 * program counter; the others are return addresses, kept as the model
 * address of the call's last byte plus 1 (so address - 1 is in the
 * caller, whatever the run's layout); MODEL_UNKNOWN_ADDRESS for a frame
 * no object covers.  objects.c fills and merges it (identical frames,
 * samples summed); callgraph.c reads it for measured times.
 */
struct model_stacks {
	uint64_t *words;
	size_t word_count, word_capacity;
	size_t count;                       /* distinct stacks */
	uint64_t samples;                   /* their samples, summed */
	uint32_t depth_limit;               /* the largest of the runs' */
	uint64_t lost, at_limit, cut_short; /* as the runtime counted them, summed */
	bool present;                       /* some run had a stack record */
	size_t merged_count;                /* count after the last merge (objects.c) */
};

#define MODEL_STACK_FLAGS(word) ((uint32_t)((word)&0xff))
#define MODEL_STACK_THREAD(word) ((uint32_t)((word) >> 8 & 0xffffff))
#define MODEL_THREADS_MAX 0xfffffeu /* 24 bits, 1 + the number */

/* A thread of one run (tag 6): two runs' threads are two threads, even
 * with one id. */
struct model_thread {
	uint32_t tid;
	uint32_t flags;    /* GMON_THREAD_FLAG_* */
	const char *name;  /* as recorded (model_strdup), may hold control bytes */
	const char *shown; /* the same, printable (model_printable) */
	uint64_t samples;  /* its stacks' samples (analysis/threads.c) */
};

struct process_part {
	struct model_stacks stacks;
	struct model_thread *threads; /* numbered as the stacks name them */
	size_t thread_count;
	/* "m" or "t" (main thread or not), the k-th of its name in its
	 * run, ":" and the name: the runs' threads joined (whole_process.c) */
	struct intern_table thread_keys;
	uint64_t elapsed_ns; /* wall time the runs took, summed; 0: not recorded */
	uint32_t clock;      /* enum gmon_process_clock, if every run says the same; else 0 */
	uint32_t missing;    /* GMON_MISSING_* of any run: what the samples miss */
	bool clock_seen;
	struct run_map *runs; /* one per profile file, in the order given */
	size_t run_count;
	struct model_sample *samples;
	size_t sample_count;
	struct model_sample *arcs_from,
		*arcs_to; /* parallel: call site, callee (count in arcs_from) */
	size_t arc_count;
	/* sample_count and arc_count after the last merge: many runs' are
	 * merged as they are read (objects.c), to keep -s of thousands of
	 * files in bounded memory */
	size_t merged_samples, merged_arcs;
	/* the samples in the main program, sorted by address (a program
	 * without hooks keeps them there, not in bins: histogram.c) */
	struct model_sample *main_samples;
	size_t main_sample_count;
	unsigned rate; /* of the samples */
	bool has_times;
	uint64_t user_ns, system_ns, samples_taken, samples_lost, calls_lost;
};

/* ---------------------------------------------------------------- sources */

/* A profile file as it was when read (--json's "sources"): which files a
 * report comes from, and which version of each. */
struct model_source {
	const char *path; /* as given (model_strdup) */
	uint64_t size;    /* bytes */
	int64_t mtime;    /* last modification, seconds since 1970 (UTC) */
	long mtime_ns;    /* and nanoseconds */
};

/* ---------------------------------------------------------------- the model */

/* Where arcs live: carved from chunks, found by (caller, callee) through
 * a hash table (model.c). */
struct arc_store {
	uint64_t *hash; /* open: a 32-bit tag and the arc's number */
	size_t hash_size, hash_count;
	struct arc *chunk; /* the newest chunk; [0] links to the previous */
	size_t chunk_used;
	struct arc **chunks; /* every chunk, oldest first: arc N is chunks[N / 4096][N % 4096] */
	size_t chunk_count, chunk_capacity;
	struct arc **all; /* non-recursive arcs in creation order */
	size_t all_count, all_capacity;
	struct arc **self; /* arcs from a function to itself */
	size_t self_count, self_capacity;
};

/*
 * The calls of each call site, as the profile files count them (arcs
 * from a site, the return address the runtime recorded, to a callee),
 * each (site, callee) once with its counts summed: for the views by
 * source line (the --html source view), where an arc's count by
 * function would put all its calls on every line that makes one.
 * Filled by analysis/source_lines.c as the arcs are charged; slots
 * index sites (place + 1, 0 empty), open addressing.
 */
struct call_site {
	uint64_t site; /* model address of the return address */
	const struct symbol *callee;
	unsigned long count;
};

struct call_site_table {
	struct call_site *sites;
	size_t count, capacity;
	uint64_t *slots; /* open: 32 bits of the hash, then the site's place + 1 */
	size_t slot_count;
	/* no view asks for them (the text reports): none kept, which spares
	 * a hash lookup per arc read */
	bool unwanted;
};

struct model {
	struct object **objects; /* [0] is the executable */
	size_t object_count, object_capacity;
	struct symbol_table symbols; /* every object's symbols, by address */
	struct symspec_tables symspecs;
	struct file_map file_map; /* -R, or empty */
	/* symtab/names.c: which of the symbols at one address names it
	 * (GNU's choice for GNU's inputs, ours for whole-process profiles) */
	enum alias_rule {
		ALIASES_GNU,
		ALIASES_OURS
	} alias_rule;
	/* a process file came with the profile (pipeline.c): our runtime's
	 * whole-process profile, where GNU's numbering is not at stake */
	bool whole_process;
	bool raw_names; /* names with their version suffix (GPROF_GNU_QUIRKS=names) */

	int input; /* INPUT_* found in the profile files */
	struct histogram_set histograms;
	double total_ticks;   /* samples credited, less those excluded */
	double unnamed_ticks; /* of those, on code no symbol names: "prog+0x..."
				   * pieces, "[object]" pieces, "[unknown]" (histogram.c) */

	struct arc_store arcs;
	struct symbol *cycles; /* cycle headers, [1..cycle_count] */
	int cycle_count;
	struct symbol **by_time; /* call-graph order (symbols, then cycles), or NULL */
	size_t by_time_count;
	double print_ticks; /* total propagated self time, for percentages */
	bool measured;      /* the call graph's times come from the stacks */
	/* The profiler's own work (analysis/overhead.c): the samples that
	 * landed in its functions (is_runtime), whether the figures count
	 * them (--with-overhead) or leave them out (the default: every total
	 * and share without them, their stacks dropped), and whether the
	 * runtime's functions are told apart at all (not under
	 * GPROF_GNU_QUIRKS=runtime-functions). */
	double overhead_ticks;
	bool overhead_counted;
	bool overhead_known;

	struct process_part process;       /* other objects' data, or empty */
	struct call_site_table call_sites; /* calls by site (analysis/source_lines.c) */
	struct model_source *sources;      /* the profile files read, in order */
	size_t source_count;

	struct string_chunk *strings; /* names the model made (model_strdup) */
};

/* A new, empty model; model_free releases it and everything it holds
 * (the objects' BFDs included). */
struct model *model_new(void);
/* tests/fuzz: when set, model_new passes it every model it makes, so that
 * a harness whose run ended in fatal() can free it. */
extern void (*model_new_hook)(struct model *m);
/* tests/fuzz: when set, model_free passes it every model it frees,
 * first (a model made inside a stage, as -s's GNU symbols are, too). */
extern void (*model_free_hook)(struct model *m);
void model_free(struct model *m);
/* tests/fuzz: forget what the profile files brought (arcs, histograms,
 * cycles, totals), keeping the objects and symbols (whose own fields are
 * the caller's to restore). */
void model_forget_profile(struct model *m);
/* Room for one more object, zeroed; the model owns it.  Pointers to
 * earlier objects stay valid. */
struct object *model_add_object(struct model *m);
/* A copy of s that lives as long as the model. */
const char *model_strdup(struct model *m, const char *s);
/* s as a terminal may show it (util.h's text_printable): s itself, or an
 * escaped copy that lives as long as the model.  For the names a process
 * file chose (object paths, other objects' symbols). */
const char *model_printable(struct model *m, const char *s);

/* A function's (or a cycle's) total, self and children, as every view
 * gives it: measured from the stacks when the call graph is
 * (m->measured), else the classic estimate (self + the time its callees
 * pass on by call counts). */
static inline double symbol_total_ticks(const struct model *m, const struct symbol *sym)
{
	return m->measured ? sym->prop_self + sym->prop_child : sym->self_ticks + sym->child_ticks;
}

/* Its children part, as every view gives it (the call graph's children
 * column when measured, the estimate's otherwise). */
static inline double symbol_child_ticks(const struct model *m, const struct symbol *sym)
{
	return m->measured ? sym->prop_child : sym->child_ticks;
}

/* Symbols */
void symbol_init(struct symbol *sym);
/* Sort a table by address, drop duplicates as GNU gprof does, and set
 * end addresses that are still 0 (the last one to last_address). */
void symbol_table_finalize(struct symbol_table *table, uint64_t last_address);
/* Free a table's symbols and its index; the table is then empty. */
void symbol_table_release(struct symbol_table *table);
/* Room for n more symbols after the count (and one spare), growing base
 * by half again at least: a table that grows an object at a time (a
 * whole-process profile of 65,534 objects) is copied a few dozen times,
 * not once per object. */
void symbol_table_reserve(struct symbol_table *table, size_t n);
/* The symbol whose [address, end_address] holds addr, or NULL. */
struct symbol *symbol_lookup(const struct symbol_table *table, uint64_t addr);
/* Set every symbol's name_rank (the table must be final): the sorts that
 * order by name (flat profile and call graph ties, the index) compare
 * ranks instead of strings. */
void symbol_table_rank_names(struct symbol_table *table);

/* The symbol a stack frame is in (model_stacks): return addresses
 * (frame > 0) are looked up at address - 1; aliases followed; NULL when
 * no symbol holds it. */
struct symbol *stack_frame_symbol(const struct model *m, const uint64_t *frames, size_t frame);

/* The same, through a cache of the frames seen last: a million stacks
 * share far fewer addresses (functions and call sites), and each
 * uncached lookup is a binary search.  frame_cache_new gives an empty
 * one (free it with free). */
struct frame_cache;
struct frame_cache *frame_cache_new(void);
struct symbol *frame_cache_symbol(const struct model *m, struct frame_cache *cache,
				  const uint64_t *frames, size_t frame);

/* Source files of an object, each created once, found by path or by
 * base name (newest first, as GNU gprof searches). */
struct source_file *source_file_by_path(struct object *obj, const char *path);
struct source_file *source_file_by_name(const struct object *obj, const char *name);

/* Arcs: the one from parent to child, or NULL; add count calls to it
 * (made on first use: new arcs go first on both lists). */
struct arc *arc_lookup(const struct arc_store *store, const struct symbol *parent,
		       const struct symbol *child);
/* out[d] = the arc frames[d + 1] -> frames[d] for each d < count - 1, or
 * NULL (no such arc, or either frame NULL): arc_lookup over a stack's
 * adjacent frames, with the table's lines fetched ahead (a million
 * stacks look up arcs scattered over a table larger than the caches). */
void arc_lookup_adjacent(const struct arc_store *store, struct symbol *const *frames, size_t count,
			 struct arc **out);
/* The arcs of chunk c (below store->chunk_count), in the order made: the
 * first, and their number in *count.  Every arc of the store is in one
 * chunk, the chunks oldest first: each symbol's lists (newest first) are
 * its arcs in the reverse of this order. */
const struct arc *arc_store_chunk(const struct arc_store *store, size_t c, size_t *count);
struct arc *arc_add(struct arc_store *store, struct symbol *parent, struct symbol *child,
		    unsigned long count);
/* Were a function's calls counted (by the runtime, or GNU's)?  Not
 * when the profile has call stacks, the function has no calls and no
 * arc into it was counted (code without -pg reached only from code
 * without -pg): its count is unknown, and the views leave it empty. */
bool symbol_calls_counted(const struct model *m, const struct symbol *sym);
/* Call counts add up from many arcs and files: saturate rather than wrap
 * (GNU gprof wraps: two arcs of 2^64-1 calls show 2^64-2). */
static inline unsigned long add_calls(unsigned long a, unsigned long b)
{
	return a + b < a ? (unsigned long)-1 : a + b;
}

#endif
