/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * process.h: reading process files, what a whole-process profile records
 * beside gmon.out about the objects other than the main program (the
 * format is doc/format.md's "The process file").
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_PROCESS_H
#define GPROF_PROCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gmon_out.h"
#include "core/model.h"

/* A mapped range of one object in one run: runtime [start, end). */
struct process_segment {
	uint64_t start, end;
};

/* One object record as read. */
struct process_object {
	uint32_t number;
	uint32_t flags; /* GMON_OBJECT_* */
	uint64_t bias;  /* runtime address = object address + bias */
	struct process_segment *segments;
	uint32_t segment_count;
	unsigned char *build_id;
	uint32_t build_id_size;
	char *path;
};

/* One address with a count: a sample, in runtime addresses. */
struct process_sample {
	uint64_t address;
	uint64_t count;
};

struct process_arc {
	uint64_t from_pc, self_pc;
	uint64_t count;
};

/* One thread of a thread stack record (tag 6). */
struct process_thread {
	uint32_t tid;
	uint32_t flags;                        /* GMON_THREAD_FLAG_* */
	char name[GMON_THREAD_NAME_BYTES + 1]; /* NUL-terminated, as recorded */
};

/* The stack record (tag 5, or tag 6 with threads): stacks packed as in
 * struct model_stacks (samples, frame count << 32 | thread << 8 | flags,
 * frames innermost first; thread: 1 + its number in threads, 0 none),
 * runtime addresses. */
struct process_stacks {
	bool present;
	bool has_threads; /* tag 6 */
	struct process_thread *threads;
	size_t thread_count;
	uint32_t depth_limit;
	uint64_t lost, at_limit, cut_short;
	uint64_t *words;
	size_t word_count, count;
};

/* The identity record (tag 7): which process wrote the file. */
struct process_identity {
	bool present;
	uint32_t pid, parent, image, flags;
	uint64_t started_ns;                       /* CLOCK_MONOTONIC, when the image started */
	uint64_t user_before_ns, system_before_ns; /* the process's CPU time before
				     * this image (already taken off the times) */
	uint32_t argc;
	char **argv; /* argc strings, then NULL */
};

/* The window record (tag 8): the file is one window of its run, its
 * counts that window's alone (libgmon's GMON_INTERVAL). */
struct process_window {
	bool present;
	uint32_t index, flags;
	uint64_t start_ns, end_ns; /* CLOCK_MONOTONIC, as the identity's start */
	uint64_t interval_ns;      /* asked; 0: closed by snapshots */
};

/* Everything one process file holds. */
struct process_file {
	uint64_t run_id;
	bool numbered; /* header: addresses may carry an object number */
	struct process_object *objects;
	size_t object_count, object_capacity;
	unsigned rate; /* of the samples; 0 when there are none */
	struct process_sample *samples;
	size_t sample_count;
	uint64_t samples_total; /* their counts' sum (a file's never passes 2^64-1) */
	struct process_arc *arcs;
	size_t arc_count;
	bool has_times;
	uint64_t user_ns, system_ns, samples_taken, samples_lost, calls_lost;
	uint64_t elapsed_ns; /* wall time the profile ran; 0: not recorded */
	uint32_t clock;      /* enum gmon_process_clock; 0: not recorded */
	uint32_t missing;    /* GMON_MISSING_* bits: what the samples miss, and why */
	struct process_stacks stacks;
	struct process_identity identity;
	struct process_window window;
};

/* The run id in a gmon.out's spare bytes (0: none, or the file cannot be
 * read: its reader will say why). */
uint64_t process_run_id(const char *gmon_path, bool big_endian);
/* Read the process file at path into *pf (zeroed first).  false with one
 * line in err naming the file on a malformed or unreadable file. */
bool process_read(const char *path, bool big_endian, struct process_file *pf, char *err,
		  size_t err_size);
/* The same from bytes in memory (the fuzzer). */
bool process_read_buffer(const char *name, const unsigned char *data, size_t size, bool big_endian,
			 struct process_file *pf, char *err, size_t err_size);
void process_file_free(struct process_file *pf);

#endif
