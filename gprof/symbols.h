/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * symbols.h: the executable (through BFD) and its symbol table.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef SYMBOLS_H
#define SYMBOLS_H

#include <bfd.h>

#include "gprof.h"

extern bfd *core_bfd;
extern asection *core_text_section;
extern unsigned char *core_text_bytes; /* -c: contents of .text, or NULL */
extern struct target target;
extern const char *executable_name;

/* Open the executable and read its symbols; exits with a message on error. */
void core_open(const char *path);
/* Build symtab from the function symbols (the default). */
void symbols_create_functions(void);
/* Build symtab from an nm-style listing (-S FILE). */
void symbols_create_from_file(const char *path);
/* Build symtab with one symbol per source line (-l). */
void symbols_create_lines(void);
/* clones.c: charge ".cold" parts to their functions (not with the
 * GPROF_GNU_QUIRKS=clones compatibility setting). */
void resolve_clones(void);
/* -c: read the text section's bytes. */
void core_read_text(void);

/* Sort a table by address, drop duplicates as GNU gprof does, and set
 * end addresses that are still 0. */
void symbol_table_finalize(struct symbol_table *table);

/* The symbol whose [address, end_address] holds addr, or NULL. */
struct symbol *symbol_lookup(const struct symbol_table *table, uint64_t addr);

/* Source files, each created once, found by path or base name. */
struct source_file *source_file_by_path(const char *path);
struct source_file *source_file_by_name(const char *name);
extern struct source_file *first_source_file;

void symbol_init(struct symbol *sym);

#endif
