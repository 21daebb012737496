/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * inlines.h: the functions inlined at an address, from an object's DWARF
 * inline tree (libdw), for reports that show inlined frames (--pprof).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_INLINES_H
#define GPROF_INLINES_H

#include <stddef.h>
#include <stdint.h>

/* One function active at an address, innermost first: frames[0] is the
 * function whose code the address is (an inlined one, or the function
 * itself); each next one is the function it was inlined into, the last
 * the out-of-line function (DW_TAG_subprogram).  call_file:call_line is
 * where frames[i] calls (inlines) frames[i - 1], for i > 0; frames[0]'s
 * line is the line table's (call_line 0).  decl_file:decl_line is where
 * the function is declared (0 if unknown).  Strings are the reader's. */
struct inline_frame {
	const char *function; /* linkage name, else name (C++: with its scopes); NULL if none */
	const char *raw_name; /* linkage name, else name, as the DWARF gives it */
	const char *decl_file;
	int decl_line;
	const char *call_file;
	int call_line;
};

struct inline_reader;

/* The DWARF of path, or NULL when libdw cannot read it (no DWARF). */
struct inline_reader *inline_reader_open(const char *path);
/* The frames at address (the object's own), at most max, innermost first:
 * their count, 0 when no function of the DWARF holds the address. */
size_t inline_reader_frames(struct inline_reader *r, uint64_t address, struct inline_frame *frames,
			    size_t max);
void inline_reader_close(struct inline_reader *r);

#endif
