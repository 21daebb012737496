/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * annotate.c: execution counts (-C) and annotated source listings (-A),
 * with the basic-block counts some compilers record (used with -l).
 *
 * A source line's count is the calls of the function starting on it, or
 * the counts of the basic blocks it holds.  Listings are found through the
 * -I directories and $GPROF_PATH, printed to stdout or, with -y, written
 * beside the current directory as FILE-ann.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "gprof.h"
#include "report.h"
#include "symbols.h"
#include "symspec.h"

/* -I and $GPROF_PATH directories, in the order given. */
static char **search_dirs;
static size_t search_dir_count;

void search_path_append(const char *paths)
{
	const char *start = paths;

	for (;;) {
		const char *colon = strchr(start, ':');
		size_t len = colon ? (size_t)(colon - start) : strlen(start);
		char *dir = xmalloc(len + 1);

		memcpy(dir, start, len);
		dir[len] = '\0';
		search_dirs = xrealloc(search_dirs, (search_dir_count + 1) * sizeof(*search_dirs));
		search_dirs[search_dir_count++] = dir;
		if (!colon)
			break;
		start = colon + 1;
	}
}

/* Basic-block counts belong to the symbol holding their address, in up to
 * SYMBOL_BB_MAX slots (further blocks are dropped, as GNU gprof does). */
void basic_blocks_assign(const struct profile *p)
{
	size_t i;

	if (!opt.line_granularity)
		return;
	for (i = 0; i < p->block_count; i++) {
		struct symbol *sym = symbol_lookup(&symtab, p->blocks[i].address);
		int k;

		if (sym == NULL)
			continue;
		for (k = 0; k < SYMBOL_BB_MAX; k++) {
			if (sym->blocks == NULL)
				sym->blocks = xcalloc(1, sizeof(*sym->blocks));
			if (!sym->blocks->address[k] || sym->blocks->address[k] == p->blocks[i].address) {
				sym->blocks->address[k] = p->blocks[i].address;
				sym->blocks->calls[k] += (unsigned long)p->blocks[i].count;
				break;
			}
		}
	}
}

/* ------------------------------------------------------------ -C */

/* By file and line (when both have a file), then address. */
static int compare_block_order(const void *lp, const void *rp)
{
	const struct symbol *left = *(const struct symbol *const *)lp;
	const struct symbol *right = *(const struct symbol *const *)rp;

	if (left->file && right->file) {
		int r = strcmp(left->file->name, right->file->name);

		if (r)
			return r;
		if (left->line != right->line)
			return left->line - right->line;
	}
	if (left->address < right->address)
		return -1;
	return left->address > right->address;
}

void print_exec_counts(void)
{
	struct symbol **sorted = xmalloc((symtab.count + 1) * sizeof(*sorted));
	size_t n = 0, i;

	report_separator();
	for (i = 0; i < symtab.count; i++)
		if (symspec_selected(INCL_EXEC, EXCL_EXEC, symtab.base[i].address))
			sorted[n++] = &symtab.base[i];
	qsort(sorted, n, sizeof(*sorted), compare_block_order);
	for (i = 0; i < n; i++) {
		const struct symbol *sym = sorted[i];
		const char *file = sym->file ? sym->file->name : "<unknown>";
		int k;

		if (sym->calls > 0 || opt.show_zeros)
			printf("%s:%d: (%s:0x%lx) %lu executions\n", file, sym->line, sym->name,
			       (unsigned long)sym->address, sym->calls);
		for (k = 0; k < SYMBOL_BB_MAX && symbol_bb_address(sym, k); k++)
			if (symbol_bb_calls(sym, k) > 0 || opt.show_zeros)
				printf("%s:%d: (%s:0x%lx) %lu executions\n", file, sym->line,
				       sym->name, (unsigned long)symbol_bb_address(sym, k),
				       symbol_bb_calls(sym, k));
	}
	free(sorted);
}

/* ------------------------------------------------------------ -A */

static long executable_lines, lines_executed;
static unsigned long last_count; /* carried from line to line with -x */

/* Write the annotation for one line into buf: width characters, the count
 * right-aligned before " -> ", or blanks for a line with no code. */
static void annotate_line(char *buf, unsigned width, int line, struct source_file *sf)
{
	const struct symbol *b = line <= sf->line_count ? sf->lines[line - 1] : NULL;
	char text[SYMBOL_BB_MAX * 30 + 16];
	char *p = text;
	unsigned long calls = 0, last_print = (unsigned long)-1;
	bool calls_set = false;
	size_t len;
	int k;

	memset(buf, ' ', width);
	buf[width] = '\0';
	if (b == NULL)
		return;
	executable_lines++;
	*p = '\0';
	if (b->is_function) {
		p += sprintf(p, "%lu", b->calls);
		last_count = b->calls;
		last_print = last_count;
		calls = b->calls;
		calls_set = true;
	} else if (opt.all_lines && symbol_bb_address(b, 0) && symbol_bb_address(b, 0) > b->address) {
		p += sprintf(p, "%lu", last_count);
		last_print = last_count;
		calls = last_count;
		calls_set = true;
	}
	for (k = 0; k < SYMBOL_BB_MAX && symbol_bb_address(b, k); k++) {
		last_count = symbol_bb_calls(b, k);
		if (!calls_set) {
			calls = 0;
			calls_set = true;
		}
		calls += last_count;
		if (opt.all_lines && last_count == last_print)
			continue;
		if (p > text)
			*p++ = ',';
		p += sprintf(p, "%lu", last_count);
		last_print = last_count;
	}
	if (opt.all_lines && p == text) {
		p += sprintf(p, "%lu", last_count);
		calls = last_count;
		calls_set = true;
	}
	if (!calls_set)
		return;
	lines_executed++;
	if (calls < opt.min_count) {
		strcpy(text, "#####");
		p = text + 5;
	}
	strcpy(p, " -> ");
	p += 4;
	len = (size_t)(p - text);
	if (len >= width)
		memcpy(buf, text, width);
	else
		memcpy(buf + width - len, text, len);
}

/* Open a source file: as named, else each search directory with the
 * name, else each search directory with the name's last component. */
static FILE *open_source(const char *name)
{
	FILE *in = fopen(name, "rb");
	const char *base = strrchr(name, '/');
	size_t i;
	int pass;

	/* an absolute name is only tried by its last component */
	for (pass = name[0] == '/' ? 1 : 0; pass < 2 && !in; pass++) {
		const char *tail = pass == 0 ? name : base ? base + 1 : NULL;

		/* GNU gprof tries the whole relative name in each directory,
		 * then, when the name has a directory, its last component */
		if (tail == NULL)
			break;
		for (i = 0; i < search_dir_count && !in; i++) {
			char *path = xmalloc(strlen(search_dirs[i]) + strlen(tail) + 2);

			sprintf(path, "%s/%s", search_dirs[i], tail);
			in = fopen(path, "rb");
			free(path);
		}
	}
	if (in == NULL) {
		if (errno == ENOENT)
			fprintf(stderr, "%s: could not locate `%s'\n", program_name, name);
		else
			fprintf(stderr, "%s: %s: %s\n", program_name, name, strerror(errno));
	}
	return in;
}

static bool first_listing = true;

static FILE *list_source(struct source_file *sf)
{
	FILE *in = open_source(sf->name), *out = stdout;
	char annotation[17];
	char buf[8192];
	size_t n, i;
	int line = 1;
	bool at_line_start = true;

	if (in == NULL)
		return NULL;
	if (opt.separate_files) {
		const char *slash = strrchr(sf->name, '/');
		const char *base = slash ? slash + 1 : sf->name;
		char *path = xmalloc(strlen(base) + 5);

		sprintf(path, "%s-ann", base);
		out = fopen(path, "w");
		if (out == NULL) {
			fprintf(stderr, "%s: %s: %s\n", program_name, path, strerror(errno));
			free(path);
			fclose(in);
			return NULL;
		}
		free(path);
	}
	if (out == stdout) {
		if (first_listing)
			first_listing = false;
		else
			fputc('\n', out);
		report_separator();
		fprintf(out, "*** File %s:\n", sf->name);
	}
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0) {
		for (i = 0; i < n; i++) {
			if (at_line_start) {
				annotate_line(annotation, 16, line, sf);
				fputs(annotation, out);
				line++;
			}
			at_line_start = buf[i] == '\n';
			fputc(buf[i], out);
		}
	}
	fclose(in);
	return out;
}

/* Most executed lines first, then by line number. */
static int compare_line_calls(const void *lp, const void *rp)
{
	const struct symbol *left = *(const struct symbol *const *)lp;
	const struct symbol *right = *(const struct symbol *const *)rp;

	if (!left)
		return 1;
	if (!right)
		return -1;
	if (left->calls < right->calls)
		return 1;
	if (left->calls > right->calls)
		return -1;
	return left->line - right->line;
}

void print_annotated_source(void)
{
	struct source_file *sf;
	size_t i;

	for (i = 0; i < symtab.count; i++) {
		struct symbol *sym = &symtab.base[i];

		if (sym->file && sym->line > sym->file->line_count &&
		    symspec_selected(INCL_ANNO, EXCL_ANNO, sym->address))
			sym->file->line_count = sym->line;
	}
	for (sf = first_source_file; sf; sf = sf->next)
		if (sf->line_count > 0)
			sf->lines = xcalloc((size_t)sf->line_count, sizeof(*sf->lines));
	for (i = 0; i < symtab.count; i++) {
		struct symbol *sym = &symtab.base[i];
		struct symbol **slot;

		if (!(sym->file && sym->file->line_count &&
		      symspec_selected(INCL_ANNO, EXCL_ANNO, sym->address)))
			continue;
		sym->file->calls += sym->calls;
		slot = &sym->file->lines[sym->line - 1];
		if (*slot == NULL) {
			*slot = sym;
		} else if ((*slot)->address == 0) {
			/* already a private sum for this line */
			(*slot)->calls += sym->calls;
		} else {
			struct symbol *sum = xmalloc(sizeof(*sum));

			*sum = **slot;
			sum->address = 0;
			sum->calls += sym->calls;
			*slot = sum;
		}
	}
	for (sf = first_source_file; sf; sf = sf->next) {
		FILE *out;

		if (!sf->line_count || (!opt.show_zeros && sf->calls == 0))
			continue;
		executable_lines = lines_executed = 0;
		out = list_source(sf);
		if (out == NULL)
			continue;
		if (opt.table_length > 0) {
			int rows = opt.table_length, r;

			fprintf(out, "\n\nTop %d Lines:\n\n     Line      Count\n\n", opt.table_length);
			qsort(sf->lines, (size_t)sf->line_count, sizeof(*sf->lines), compare_line_calls);
			if (rows > sf->line_count)
				rows = sf->line_count;
			for (r = 0; r < rows; r++) {
				const struct symbol *sym = sf->lines[r];

				if (!sym || sym->calls == 0)
					break;
				fprintf(out, "%9d %10lu\n", sym->line, sym->calls);
			}
		}
		free(sf->lines);
		sf->lines = NULL;
		fprintf(out, "\nExecution Summary:\n\n");
		fprintf(out, "%9ld   Executable lines in this file\n", executable_lines);
		fprintf(out, "%9ld   Lines executed\n", lines_executed);
		fprintf(out, "%9.2f   Percent of the file executed\n",
			executable_lines ? 100.0 * lines_executed / (double)executable_lines : 100.0);
		fprintf(out, "\n%9lu   Total number of line executions\n", sf->calls);
		fprintf(out, "%9.2f   Average executions per line\n",
			executable_lines ? (double)sf->calls / (double)executable_lines : 0.0);
		if (out != stdout)
			fclose(out);
	}
}

/* Forget the -I directories and what the last listing left, for an
 * in-process fuzzer that runs gprof's command line many times
 * (tests/fuzz/); gprof itself sets them once. */
void annotate_reset(void)
{
	size_t i;

	for (i = 0; i < search_dir_count; i++)
		free(search_dirs[i]);
	free(search_dirs);
	search_dirs = NULL;
	search_dir_count = 0;
	first_listing = true;
	last_count = 0;
}
