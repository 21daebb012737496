/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lineindex.c: the DWARF line table and function ranges of an executable,
 * read once through elfutils' libdw and kept as spans sorted by address.
 *
 * Asking BFD for the nearest line of every address (-l asks for every
 * byte of .text) costs tens of microseconds a call on a large compile
 * unit: a minute or more for a program of a few megabytes, when reading
 * the whole line table takes a tenth of a second (doc/performance.md).
 * So the table is read once: each compile unit's rows (dwarf_getsrclines)
 * and the address ranges of its functions and inlined calls, merged into
 * spans over which the file, line and function name do not change.  A
 * lookup is then one binary search.
 *
 * The answers are the ones BFD 2.40 gives when asked without a symbol
 * table (object_find_line did, and the reports must not change), found by asking both about every address of fourteen programs
 * (gcc and clang, C and C++, DWARF 4 and 5, -O0 to -O2, -gz, split,
 * gc-sections; 1.4 million addresses of a generated one): a row reaches
 * to the next row of its sequence, the last of several rows at one
 * address counts, a relative file name is under the unit's compilation
 * directory; the function is the smallest function or inlined call
 * holding the address (the innermost of equal ones), named by its linkage
 * name, else its name.  What BFD cannot read is left out (see the two
 * places below, and doc/compat.md).  tests/cli/t-lines.sh compares the
 * reports with GNU gprof's.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "symtab/lineindex.h"
#include "core/util.h"

/* One row's reach: [low, high) at file:line. */
struct row_span {
	uint64_t low, high;
	const char *file;
	int line;
};

/* One function's or inlined call's range. */
struct function_range {
	uint64_t low, high;
	const char *name; /* NULL: BFD would give no name */
	size_t order;     /* as found: the later (an inlined call in the
			   * function of the same range) wins a tie */
};

struct builder {
	struct function_range *functions; /* the unit's */
	size_t function_count, function_capacity;
	uint64_t low, high; /* the text: rows and ranges outside are dropped */
	char **paths;       /* file names made here, handed to the index */
	size_t path_count;
	bool gnu_file_zero;  /* the dwarf5-lines quirk asked for */
	bool unit_file_zero; /* ... and this unit is DWARF 5 */
	bool gnu_comp_dir;   /* the comp-dir quirk asked for */
	bool unit_comp_dir;  /* ... and this unit is DWARF 5 */
};

static void add_function(struct builder *b, uint64_t low, uint64_t high, const char *name)
{
	if (high <= b->low || low >= b->high || low >= high)
		return;
	if (b->function_count == b->function_capacity) {
		b->function_capacity = b->function_capacity ? 2 * b->function_capacity : 1024;
		b->functions = xrealloc(b->functions, b->function_capacity * sizeof(*b->functions));
	}
	b->functions[b->function_count] =
		(struct function_range){ low, high, name, b->function_count };
	b->function_count++;
}

const char *unit_path(struct unit_paths *paths, const char *dir, const char *name, bool bfd_join,
		      bool *made)
{
	size_t i, len;
	char *path;

	*made = false;
	if (name == NULL || name[0] == '/' || dir == NULL)
		return name;
	len = strlen(dir);
	/* libdw names a file of the unit's own directory (DWARF 4's entry
	 * 0, DWARF 5's first entry, both the compilation directory) under
	 * that directory already: a relative one would be joined twice.
	 * (libdw gives no file's directory index, so a name is judged by
	 * its start: an include directory given relative to a relative
	 * compilation directory and starting with its name, "src" and
	 * "src/inc", would be taken as joined already.) */
	if (!bfd_join && strncmp(name, dir, len) == 0 && name[len] == '/')
		return name;
	for (i = paths->count; i-- > 0;)
		if (paths->from[i] == name)
			return paths->to[i];
	path = xmalloc(len + strlen(name) + 2);
	memcpy(path, dir, len);
	path[len] = '/';
	strcpy(path + len + 1, name);
	paths->from = xrealloc(paths->from, (paths->count + 1) * sizeof(*paths->from));
	paths->to = xrealloc(paths->to, (paths->count + 1) * sizeof(*paths->to));
	paths->from[paths->count] = name;
	paths->to[paths->count++] = path;
	*made = true;
	return path;
}

/* File names as BFD gives them: a relative one under the unit's
 * compilation directory, made once per unit and libdw string; the paths
 * made are the index's (b->paths). */
static const char *file_path(struct builder *b, struct unit_paths *files, const char *comp_dir,
			     const char *name)
{
	bool made;
	const char *path = unit_path(files, comp_dir, name, b->unit_comp_dir, &made);

	if (!made)
		return path;
	b->paths = xrealloc(b->paths, (b->path_count + 1) * sizeof(*b->paths));
	b->paths[b->path_count++] = files->to[files->count - 1];
	return path;
}

struct unit_range {
	uint64_t low, high;
};

static int compare_unit_ranges(const void *lp, const void *rp)
{
	const struct unit_range *l = lp, *r = rp;

	return l->low < r->low ? -1 : l->low > r->low;
}

/*
 * A compile unit's rows, one at a time, in address order, without copies
 * (an amalgamation has a million).  libdw gives them sorted by address,
 * each sequence's rows in order and ending in an end_sequence row; a row
 * reaches to the next row of its sequence.  Of several rows at one
 * address the last counts.
 */
struct row_cursor {
	struct builder *b;
	Dwarf_Lines *lines;
	size_t count, i;
	struct unit_range *ranges;
	size_t range_count, r;
	const char *comp_dir, *name, *file;
	struct unit_paths files;
	struct row_span row; /* the current row, when valid */
	bool valid;
	/* GPROF_GNU_QUIRKS=dwarf5-lines: BFD 2.40 starts each sequence of a
	 * DWARF 5 line table at file 0 (the unit's primary source file) where
	 * the register starts at file 1, so the rows before the sequence's
	 * first change of file get file 0's name.  gcc puts a header's
	 * function first in a unit's table with no change of file: GNU gprof
	 * names the .c file for a static inline function of a header. */
	bool file_zero;
	bool leading; /* no change of file yet in this sequence */
};

/* The file name of a row, as BFD 2.40 gives it under the dwarf5-lines
 * quirk: file 0's for the leading rows of a sequence whose file is 1. */
static const char *row_source(struct row_cursor *c, Dwarf_Line *row, bool end)
{
	Dwarf_Files *files;
	size_t idx = 0;
	bool leading;

	if (!c->file_zero)
		return dwarf_linesrc(row, NULL, NULL);
	if (c->leading && (dwarf_line_file(row, &files, &idx) != 0 || idx != 1))
		c->leading = false;
	leading = c->leading;
	if (end)
		c->leading = true; /* the next sequence starts over */
	if (leading && !end) {
		const char *zero = dwarf_filesrc(files, 0, NULL, NULL);

		if (zero)
			return zero;
	}
	return dwarf_linesrc(row, NULL, NULL);
}

static void cursor_next(struct row_cursor *c)
{
	c->valid = false;
	for (; c->i + 1 < c->count; c->i++) {
		Dwarf_Line *row = dwarf_onesrcline(c->lines, c->i);
		Dwarf_Line *next = dwarf_onesrcline(c->lines, c->i + 1);
		Dwarf_Addr address, next_address;
		bool end = false;
		int line = 0;
		const char *src;

		if (dwarf_lineendsequence(row, &end) != 0)
			continue;
		src = row_source(c, row, end);
		if (end)
			continue;
		if (dwarf_lineaddr(row, &address) != 0 ||
		    dwarf_lineaddr(next, &next_address) != 0 || next_address <= address)
			continue;     /* shadowed by the next row at this address */
		if (c->range_count) { /* clipped to the unit's range holding it */
			while (c->r < c->range_count && c->ranges[c->r].high <= address)
				c->r++;
			if (c->r == c->range_count || c->ranges[c->r].low > address)
				continue;
			if (next_address > c->ranges[c->r].high)
				next_address = c->ranges[c->r].high;
		}
		if (next_address <= c->b->low || address >= c->b->high)
			continue;
		dwarf_lineno(row, &line);
		if (src != c->name) {
			c->name = src;
			c->file = file_path(c->b, &c->files, c->comp_dir, src);
		}
		c->row = (struct row_span){ address, next_address, c->file, line };
		c->valid = true;
		c->i++;
		return;
	}
}

/* False when the unit has no line table. */
static bool cursor_start(struct row_cursor *c, struct builder *b, Dwarf_Die *cu)
{
	Dwarf_Attribute attr;
	Dwarf_Addr base, low, high;
	ptrdiff_t offset = 0;
	size_t capacity = 0;

	memset(c, 0, sizeof(*c));
	c->b = b;
	c->file_zero = b->unit_file_zero;
	c->leading = true;
	if (dwarf_getsrclines(cu, &c->lines, &c->count) != 0)
		return false;
	if (dwarf_attr(cu, DW_AT_comp_dir, &attr))
		c->comp_dir = dwarf_formstring(&attr);
	/* libdw sorts the rows, an end_sequence row before the others at
	 * its address: a sequence's last row, at its end, then looks like
	 * the start of a row reaching to the next sequence.  The unit's
	 * ranges (one for each sequence) say where rows end. */
	while ((offset = dwarf_ranges(cu, offset, &base, &low, &high)) > 0) {
		if (c->range_count == capacity) {
			capacity = capacity ? 2 * capacity : 16;
			c->ranges = xrealloc(c->ranges, capacity * sizeof(*c->ranges));
		}
		c->ranges[c->range_count++] = (struct unit_range){ low, high };
	}
	if (c->range_count > 1) /* none: c->ranges is NULL, which qsort may not see */
		qsort(c->ranges, c->range_count, sizeof(*c->ranges), compare_unit_ranges);
	cursor_next(c);
	return true;
}

static void cursor_end(struct row_cursor *c)
{
	free(c->files.from);
	free(c->files.to);
	free(c->ranges);
}

static const char *function_name(Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	const char *name;

	if ((dwarf_attr_integrate(die, DW_AT_linkage_name, &attr) ||
	     dwarf_attr_integrate(die, DW_AT_MIPS_linkage_name, &attr)) &&
	    (name = dwarf_formstring(&attr)) != NULL)
		return name;
	return dwarf_diename(die);
}

static void read_functions(struct builder *b, Dwarf_Die *die, int depth)
{
	Dwarf_Die child;

	if (depth > 256 || dwarf_child(die, &child) != 0)
		return;
	do {
		int tag = dwarf_tag(&child);

		if (tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine ||
		    tag == DW_TAG_entry_point) {
			Dwarf_Addr base, low, high;
			Dwarf_Attribute attr;
			ptrdiff_t offset = 0;
			const char *name = function_name(&child);

			/* BFD 2.40 reads no function ranges given by index
			 * (DW_FORM_rnglistx, clang's DWARF 5): nor do we, so
			 * that names stay what GNU gprof shows */
			if (dwarf_attr(&child, DW_AT_ranges, &attr) &&
			    dwarf_whatform(&attr) == DW_FORM_rnglistx)
				offset = -1;
			while (offset >= 0 &&
			       (offset = dwarf_ranges(&child, offset, &base, &low, &high)) > 0)
				add_function(b, low, high, name);
		}
		if (dwarf_haschildren(&child))
			read_functions(b, &child, depth + 1);
	} while (dwarf_siblingof(&child, &child) == 0);
}

static int compare_functions(const void *lp, const void *rp)
{
	const struct function_range *l = lp, *r = rp;

	if (l->low != r->low)
		return l->low < r->low ? -1 : 1;
	return l->order < r->order ? -1 : l->order > r->order;
}

/* The heap of the function ranges holding the sweep's address: the
 * smallest on top (the later found of equal ones), ranges that ended are
 * dropped when they come to the top. */
static bool heap_before(const struct function_range *l, const struct function_range *r)
{
	uint64_t lsize = l->high - l->low, rsize = r->high - r->low;

	if (lsize != rsize)
		return lsize < rsize;
	return l->order > r->order;
}

static void heap_push(const struct function_range **heap, size_t *count,
		      const struct function_range *f)
{
	size_t i = (*count)++;

	while (i > 0 && heap_before(f, heap[(i - 1) / 2])) {
		heap[i] = heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	heap[i] = f;
}

static void heap_pop(const struct function_range **heap, size_t *count)
{
	const struct function_range *last = heap[--*count];
	size_t i = 0;

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= *count)
			break;
		if (c + 1 < *count && heap_before(heap[c + 1], heap[c]))
			c++;
		if (!heap_before(heap[c], last))
			break;
		heap[i] = heap[c];
		i = c;
	}
	if (*count)
		heap[i] = last;
}

static void add_span(struct line_index *index, size_t *capacity, uint64_t address, const char *file,
		     int line, const char *function)
{
	struct line_span *last = index->count ? &index->spans[index->count - 1] : NULL;

	if (last && last->line == line && last->file == file && last->function == function)
		return;
	if (last && last->address == address) {
		*last = (struct line_span){ address, file, function, line, 0 };
		return;
	}
	if (index->count == *capacity) {
		*capacity = *capacity ? 2 * *capacity : 4096;
		index->spans = xrealloc(index->spans, *capacity * sizeof(*index->spans));
	}
	index->spans[index->count++] = (struct line_span){ address, file, function, line, 0 };
}

/* Merge a unit's rows and innermost function ranges into spans, ended by
 * a span without a line where the last of them ends. */
static void merge_unit(struct line_index *index, size_t *capacity, struct builder *b,
		       struct row_cursor *rows)
{
	const struct function_range **heap;
	size_t heap_count = 0, f = 0;
	uint64_t at;

	if (!rows->valid && b->function_count == 0)
		return;
	qsort(b->functions, b->function_count, sizeof(*b->functions), compare_functions);
	heap = xmalloc((b->function_count + 1) * sizeof(*heap));
	at = rows->valid ? rows->row.low : UINT64_MAX;
	if (b->function_count && b->functions[0].low < at)
		at = b->functions[0].low;
	if (at < b->low)
		at = b->low;
	while (at < b->high) {
		uint64_t next = b->high;
		const char *file = NULL, *function = NULL;
		int line = 0;

		while (f < b->function_count && b->functions[f].low <= at)
			heap_push(heap, &heap_count, &b->functions[f++]);
		while (heap_count && heap[0]->high <= at)
			heap_pop(heap, &heap_count);
		/* rows ending at or before here are passed */
		while (rows->valid && rows->row.high <= at)
			cursor_next(rows);
		if (!rows->valid && heap_count == 0 && f == b->function_count)
			break;
		if (rows->valid && rows->row.low <= at) {
			file = rows->row.file;
			line = rows->row.line;
			next = rows->row.high;
		} else if (rows->valid) {
			next = rows->row.low;
		}
		if (heap_count) {
			function = heap[0]->name;
			if (heap[0]->high < next)
				next = heap[0]->high;
		}
		/* (another range ending sooner is larger: the name stays) */
		if (f < b->function_count && b->functions[f].low < next)
			next = b->functions[f].low;
		add_span(index, capacity, at, file, line, function);
		at = next;
	}
	if (at < b->high)
		add_span(index, capacity, at, NULL, 0, NULL);
	free(heap);
}

/* The units' spans in address order.  Where one unit's closing span and
 * the next one's first share an address, the one with a line or a name
 * counts; then spans equal to the one before go. */
static int compare_spans(const void *lp, const void *rp)
{
	const struct line_span *l = lp, *r = rp;
	bool l_empty = l->file == NULL && l->function == NULL;
	bool r_empty = r->file == NULL && r->function == NULL;

	if (l->address != r->address)
		return l->address < r->address ? -1 : 1;
	if (l_empty != r_empty)
		return l_empty ? 1 : -1;
	/* qsort moves elements (glibc's through a copy): where they sit now
	 * says nothing of where they were made */
	return l->order < r->order ? -1 : l->order > r->order;
}

static void sort_spans(struct line_index *index)
{
	size_t i, k = 0;

	if (index->count == 0) /* no spans: no array at all */
		return;
	for (i = 0; i < index->count; i++)
		index->spans[i].order =
			(uint32_t)i; /* ties among more than 2^32 spans: any order */
	qsort(index->spans, index->count, sizeof(*index->spans), compare_spans);
	for (i = 0; i < index->count; i++) {
		struct line_span *s = &index->spans[i];

		if (k && index->spans[k - 1].address == s->address)
			continue; /* the first at an address counts */
		if (k && index->spans[k - 1].file == s->file &&
		    index->spans[k - 1].line == s->line &&
		    index->spans[k - 1].function == s->function)
			continue;
		index->spans[k++] = *s;
	}
	index->count = k;
}

/* Every string the spans name, copied once (by address: libdw hands out
 * each file's and function's name as one string). */
static const char *copy_string(struct line_index *index, const char ***from, size_t *size,
			       const char *string)
{
	size_t h;

	if (string == NULL)
		return NULL;
	h = (size_t)((uintptr_t)string * 0x9e3779b97f4a7c15ULL >> 24) & (*size - 1);
	while ((*from)[h]) {
		if ((*from)[h] == string)
			return index->strings[h];
		h = (h + 1) & (*size - 1);
	}
	(*from)[h] = string;
	index->strings[h] = xmalloc(strlen(string) + 1);
	strcpy(index->strings[h], string);
	return index->strings[h];
}

static void keep_strings(struct line_index *index)
{
	const char **from;
	size_t size = 1024, i;

	while (size < 4 * index->count + 4) /* at most two strings a span */
		size *= 2;
	from = xcalloc(size, sizeof(*from));
	index->strings = xcalloc(size, sizeof(*index->strings));
	index->string_slots = size;
	for (i = 0; i < index->count; i++) {
		index->spans[i].file = copy_string(index, &from, &size, index->spans[i].file);
		index->spans[i].function =
			copy_string(index, &from, &size, index->spans[i].function);
	}
	free(from);
}

/* The unit's compilation directory into index->directories, once. */
static void add_directory(struct line_index *index, Dwarf_Die *cu)
{
	Dwarf_Attribute attr;
	const char *dir;
	size_t i;

	if (!dwarf_attr(cu, DW_AT_comp_dir, &attr) || (dir = dwarf_formstring(&attr)) == NULL ||
	    dir[0] == '\0')
		return;
	for (i = 0; i < index->directory_count; i++)
		if (strcmp(index->directories[i], dir) == 0)
			return;
	if (index->directory_count == LINE_DIRECTORIES_MAX)
		return;
	index->directories = xrealloc(index->directories,
				      (index->directory_count + 1) * sizeof(*index->directories));
	index->directories[index->directory_count++] = xstrdup(dir);
}

bool line_index_build(struct line_index *index, const char *path, uint64_t low, uint64_t high,
		      unsigned gnu)
{
	struct builder b = { .low = low,
			     .high = high,
			     .gnu_file_zero = gnu & LINE_GNU_FILE_ZERO,
			     .gnu_comp_dir = gnu & LINE_GNU_COMP_DIR };
	Dwarf_Off offset = 0, next;
	size_t header_size, i, capacity = 0;
	Dwarf_Half version = 0;
	Dwarf *dwarf;
	const char *why;
	struct stat st;
	int fd;

	memset(index, 0, sizeof(*index));
	fd = open_regular(path, &st, &why); /* never a FIFO put there since BFD's open */
	if (fd < 0)
		return false;
	dwarf = dwarf_begin(fd, DWARF_C_READ);
	if (dwarf == NULL) {
		close(fd);
		return false;
	}
	while (dwarf_next_unit(dwarf, offset, &next, &header_size, &version, NULL, NULL, NULL, NULL,
			       NULL) == 0) {
		Dwarf_Die cu;

		if (dwarf_offdie(dwarf, offset + header_size, &cu) == NULL)
			break;
		/* BFD 2.40 cannot read a split unit's skeleton given by
		 * DW_AT_ranges (the list's base is in the .dwo file) and then
		 * reads no unit from there on: gprof shows no line there */
		if (dwarf_tag(&cu) == DW_TAG_skeleton_unit && dwarf_hasattr(&cu, DW_AT_ranges))
			break;
		{
			struct row_cursor rows;

			b.function_count = 0;
			add_directory(index, &cu);
			b.unit_file_zero = b.gnu_file_zero && version >= 5;
			b.unit_comp_dir = b.gnu_comp_dir && version >= 5;
			read_functions(&b, &cu, 0);
			if (cursor_start(&rows, &b, &cu) || b.function_count)
				merge_unit(index, &capacity, &b, &rows);
			cursor_end(&rows);
		}
		offset = next;
	}
	sort_spans(index);
	free(b.functions);
	/* the strings copied, so that libdw's memory (a tenth more than the
	 * whole of gprof's on a large program) goes now */
	keep_strings(index);
	for (i = 0; i < b.path_count; i++)
		free(b.paths[i]);
	free(b.paths);
	dwarf_end(dwarf);
	close(fd);
	return true;
}

const struct line_span *line_index_find(const struct line_index *index, uint64_t address)
{
	size_t low = 0, high = index->count;

	while (low < high) { /* the first span above the address */
		size_t mid = low + (high - low) / 2;

		if (index->spans[mid].address <= address)
			low = mid + 1;
		else
			high = mid;
	}
	return low ? &index->spans[low - 1] : NULL;
}

void line_index_free(struct line_index *index)
{
	size_t i;

	for (i = 0; i < index->string_slots; i++)
		free(index->strings[i]);
	free(index->strings);
	free(index->spans);
	for (i = 0; i < index->directory_count; i++)
		free(index->directories[i]);
	free(index->directories);
	memset(index, 0, sizeof(*index));
}
