/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * object.c: open an object with BFD and read what the model needs of it:
 * the text section, the address size and byte order its profile files
 * share, the extent of its code, and its symbols as BFD gives them (the
 * symbol table proper is made by symbols.c).
 *
 * GNU gprof asks bfd_find_nearest_line for every symbol with the whole
 * symbol table attached, and BFD then scans all symbols on each call: that
 * is quadratic.  Lines come from the DWARF line table read once
 * (lineindex.c, through libdw), and only when the file has debugging
 * information at all; BFD, asked with no symbol table, is what answers
 * only when libdw cannot read the file (stabs, formats other than ELF).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bfd.h>

#include "gmon_out.h"
#include "symtab/lineindex.h"
#include "symtab/object.h"
#include "core/util.h"

static const char *path_last_part(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash && slash[1] ? slash + 1 : path;
}

static bool has_debug_info(bfd *abfd)
{
	return bfd_get_section_by_name(abfd, ".debug_info") != NULL ||
	       bfd_get_section_by_name(abfd, ".debug_line") != NULL ||
	       bfd_get_section_by_name(abfd, ".stab") != NULL;
}

/* An aarch64 ELF file?  Debian's libbfd reads one as plain elf64-little,
 * with no architecture: ask the ELF header's e_machine as well. */
static bool is_aarch64(bfd *abfd, const char *path)
{
	unsigned char h[20];

	(void)path; /* read through the BFD: the file it opened, not the path again */
	if (bfd_get_arch(abfd) == bfd_arch_aarch64)
		return true;
	if (bfd_get_flavour(abfd) != bfd_target_elf_flavour || bfd_seek(abfd, 0, SEEK_SET) != 0 ||
	    bfd_bread(h, sizeof h, abfd) != sizeof h || memcmp(h, "\177ELF", 4) != 0)
		return false;
	return (h[5] == 2 ? h[18] << 8 | h[19] : h[19] << 8 | h[18]) == 183; /* EM_AARCH64 */
}

static void release_line_index(struct line_index *index)
{
	line_index_free(index);
	free(index);
}

/*
 * BFD opens a file by its path and, to spare descriptors, closes the
 * least recently used one when more than an eighth of RLIMIT_NOFILE are
 * open, to reopen it by the path when it is read again (--pprof and
 * --callgrind ask each object for lines long after it was opened): what
 * is there by then was never checked (a FIFO would hang gprof, another
 * file be read as the object).  So every file gprof hands BFD is opened
 * here, by open_regular (a regular file, without blocking), and given
 * to BFD as a descriptor that is not "cacheable": BFD keeps it open and
 * never opens the path itself.  A profile of more objects than the
 * descriptors allowed raises the soft limit to the hard one, once.
 */
static bfd *open_checked(const char *path, struct stat *st, bool kernel_files_too,
			 const char **why)
{
	static bool raised;
	bfd *abfd;
	int fd = open_regular(path, st, why);

	if (fd < 0 && errno == EMFILE && !raised) {
		struct rlimit limit;

		raised = true;
		if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
			limit.rlim_cur = limit.rlim_max;
			if (setrlimit(RLIMIT_NOFILE, &limit) == 0)
				fd = open_regular(path, st, why);
		}
	}
	if (fd < 0) {
		if (errno == EMFILE) /* each object keeps its descriptor */
			*why = "more objects than open files allowed (ulimit -n)";
		return NULL;
	}
	if (!kernel_files_too && kernel_file_system(path, fd)) {
		*why = "a kernel file (proc, sysfs...), not an object file";
		close(fd);
		return NULL;
	}
	/* owns fd from here, failure included (BFD closes it then), and
	 * keeps it: a BFD opened from a descriptor is not cacheable */
	abfd = bfd_fdopenr(path, NULL, fd);
	if (abfd == NULL)
		*why = bfd_errmsg(bfd_get_error());
	return abfd;
}

void object_open(struct object *obj, const char *path, unsigned flags)
{
	const char *why;
	struct stat st;
	long bytes, dynamic_count;
	asymbol *synthetic;
	long synthetic_count;
	bfd *abfd;

	obj->path = path;
	obj->name = path_last_part(path);
	obj->flags = GMON_OBJECT_MAIN;
	if (stat(path, &st) != 0)
		fatal("%s: %s", path, strerror(errno));
	if (S_ISDIR(st.st_mode))
		fatal("%s: is a directory, not an executable", path);
	/* BFD seeks: a pipe or a device would hang or fail obscurely */
	if (!S_ISREG(st.st_mode))
		fatal("%s: not a regular file, not an executable", path);
	bfd_init();
	abfd = open_checked(path, &st, true, &why);
	if (abfd == NULL)
		fatal("%s: %s", path, why);
	obj->abfd = abfd;
	abfd->flags |= BFD_DECOMPRESS;
	if (!bfd_check_format(abfd, bfd_object))
		fatal("%s: not an executable or object file (%s)", path,
		      bfd_errmsg(bfd_get_error()));

	obj->text = bfd_get_section_by_name(abfd, ".text");
	if (obj->text == NULL)
		obj->text = bfd_get_section_by_name(abfd, "$CODE$");
	if (obj->text == NULL)
		fatal("%s: no .text section", path);
	obj->text_low = bfd_section_vma(obj->text);
	obj->text_high = obj->text_low + bfd_section_size(obj->text);
	obj->has_debug_info = has_debug_info(abfd);
	if (obj->has_debug_info) {
		struct line_index *index = xmalloc(sizeof(*index));

		if (line_index_build(index, path, obj->text_low, obj->text_high,
				     (flags & OBJECT_GNU_LINES ? LINE_GNU_FILE_ZERO : 0) |
					     (flags & OBJECT_GNU_COMP_DIR ? LINE_GNU_COMP_DIR : 0))) {
			obj->line_index = index;
			obj->line_index_release = release_line_index;
		} else {
			line_index_free(index);
			free(index);
		}
	}
	obj->leading_char = bfd_get_symbol_leading_char(abfd);

	/* GNU gprof takes the address size from the ELF class, else from
	 * the architecture; the byte order is the executable's. */
	{
		int bits = bfd_get_arch_size(abfd);

		if (bits == -1)
			bits = bfd_arch_bits_per_address(abfd);
		if (bits != 32 && bits != 64)
			fatal("%s: unsupported address size of %d bits", path, bits);
		obj->target.address_size = bits / 8;
		obj->target.big_endian = bfd_big_endian(abfd);
		obj->aarch64 = is_aarch64(abfd, path);
	}

	/* the extent of the code, to notice another program's gmon.out */
	{
		asection *sec;
		uint64_t low = UINT64_MAX, high = 0;

		for (sec = abfd->sections; sec; sec = sec->next) {
			uint64_t vma = bfd_section_vma(sec);
			uint64_t size = bfd_section_size(sec);

			if ((sec->flags & (SEC_CODE | SEC_ALLOC)) != (SEC_CODE | SEC_ALLOC) ||
			    size == 0)
				continue;
			if (vma < low)
				low = vma;
			if (vma + size > high)
				high = vma + size;
		}
		if (low < high) {
			obj->code_low = low;
			obj->code_high = high;
		}
	}

	bytes = bfd_get_symtab_upper_bound(abfd);
	if (bytes < 0)
		fatal("%s: %s", path, bfd_errmsg(bfd_get_error()));
	obj->bfd_symbols = xmalloc((size_t)bytes);
	obj->bfd_symbol_count = bfd_canonicalize_symtab(abfd, obj->bfd_symbols);
	if (obj->bfd_symbol_count < 0)
		fatal("%s: %s", path, bfd_errmsg(bfd_get_error()));

	/* GNU gprof adds BFD's synthetic symbols, but without the dynamic
	 * symbols BFD makes none for the PLT, so that the stubs' samples go
	 * to the symbol before them, _init.  Given the dynamic symbols, BFD
	 * names each stub "name@plt" (doc/compat.md; GPROF_GNU_QUIRKS=plt
	 * restores GNU's way). */
	dynamic_count = 0;
	if ((flags & OBJECT_PLT_SYMBOLS) && (bytes = bfd_get_dynamic_symtab_upper_bound(abfd)) > 0) {
		obj->dynamic_symbols = xmalloc((size_t)bytes);
		dynamic_count = bfd_canonicalize_dynamic_symtab(abfd, obj->dynamic_symbols);
		if (dynamic_count < 0)
			dynamic_count = 0;
	}
	synthetic_count = bfd_get_synthetic_symtab(abfd, obj->bfd_symbol_count, obj->bfd_symbols,
						   dynamic_count, obj->dynamic_symbols, &synthetic);
	if (synthetic_count > 0) {
		long i;

		obj->synthetic = synthetic;
		obj->bfd_symbols = xrealloc(obj->bfd_symbols,
					    (size_t)(obj->bfd_symbol_count + synthetic_count + 1) *
						    sizeof(*obj->bfd_symbols));
		for (i = 0; i < synthetic_count; i++)
			obj->bfd_symbols[obj->bfd_symbol_count++] = synthetic + i;
		obj->bfd_symbols[obj->bfd_symbol_count] = NULL;
	}
}

void object_read_text(struct object *obj)
{
	bfd_size_type size = bfd_section_size(obj->text);

	obj->text_bytes = xmalloc(size);
	if (!bfd_get_section_contents(obj->abfd, obj->text, obj->text_bytes, 0, size)) {
		warning("%s: cannot read .text (%s); -c ignored", obj->path,
			bfd_errmsg(bfd_get_error()));
		free(obj->text_bytes);
		obj->text_bytes = NULL;
	}
}

bool object_find_line(const struct object *obj, uint64_t address, const char **file,
		      const char **function, int *line)
{
	const char *fname = NULL, *func = NULL;
	unsigned int l = 0;

	if (obj->line_index) {
		const struct line_span *span = line_index_find(obj->line_index, address);

		if (span == NULL || span->file == NULL || span->line <= 0)
			return false;
		*file = span->file;
		*line = span->line;
		if (function)
			*function = span->function;
		return true;
	}
	if (!bfd_find_nearest_line(obj->abfd, obj->text, NULL, address - obj->text_low, &fname,
				   &func, &l) ||
	    fname == NULL || l == 0)
		return false;
	*file = fname;
	*line = (int)l;
	if (function)
		*function = func;
	return true;
}

/* ------------------------------------------------------------ other objects */

/* The symbols of an open BFD: the static table, else the dynamic one (a
 * stripped library still has it), with BFD's synthetic symbols (PLT
 * entries, "name@plt") added.  false if it has none. */
static bool read_symbols(struct object *obj, bfd *abfd)
{
	long bytes, count = 0, dynamic_count = 0, synthetic_count;
	asymbol **symbols = NULL, **dynamic = NULL, *synthetic = NULL;

	bytes = bfd_get_symtab_upper_bound(abfd);
	if (bytes > 0) {
		symbols = xmalloc((size_t)bytes);
		count = bfd_canonicalize_symtab(abfd, symbols);
		if (count < 0)
			count = 0;
	}
	bytes = bfd_get_dynamic_symtab_upper_bound(abfd);
	if (bytes > 0) {
		dynamic = xmalloc((size_t)bytes);
		dynamic_count = bfd_canonicalize_dynamic_symtab(abfd, dynamic);
		if (dynamic_count < 0)
			dynamic_count = 0;
	}
	synthetic_count = bfd_get_synthetic_symtab(abfd, count, symbols, dynamic_count, dynamic,
						   &synthetic);
	if (count == 0) { /* stripped: the dynamic symbols name what they can */
		free(symbols);
		symbols = dynamic;
		count = dynamic_count;
		dynamic = NULL;
	}
	free(dynamic);
	if (synthetic_count > 0) {
		long i;

		symbols = xrealloc(symbols, (size_t)(count + synthetic_count + 1) * sizeof(*symbols));
		for (i = 0; i < synthetic_count; i++)
			symbols[count++] = synthetic + i;
		obj->synthetic = synthetic;
	}
	obj->bfd_symbols = symbols;
	obj->bfd_symbol_count = count;
	return count > 0;
}

/* The separate debug file of a build-id, where Debian's -dbgsym and
 * libc6-dbg packages put it (gdb and perf look there too), under root
 * ("" for this machine's). */
static char *debug_file_path(const struct object *obj, const char *root)
{
	char *path;
	size_t i, n = 0;

	if (obj->build_id_size < 2 || obj->build_id_size > 64)
		return NULL;
	path = xmalloc(64 + strlen(root) + 2 * obj->build_id_size);
	n = (size_t)sprintf(path, "%s/usr/lib/debug/.build-id/%02x/", root, obj->build_id[0]);
	for (i = 1; i < obj->build_id_size; i++)
		n += (size_t)sprintf(path + n, "%02x", obj->build_id[i]);
	strcpy(path + n, ".debug");
	return path;
}

/* The build-id note of an open BFD, or 0 bytes. */
static size_t build_id_of(bfd *abfd, unsigned char *id, size_t size)
{
	asection *sec = bfd_get_section_by_name(abfd, ".note.gnu.build-id");
	bfd_size_type length;
	unsigned char note[256];
	uint64_t name_size, desc_size;

	if (sec == NULL)
		return 0;
	length = bfd_section_size(sec);
	if (length < 16 || length > sizeof(note) || !bfd_get_section_contents(abfd, sec, note, 0, length))
		return 0;
	name_size = bfd_get_32(abfd, note);
	desc_size = bfd_get_32(abfd, note + 4);
	name_size = (name_size + 3) & ~(uint64_t)3;
	if (12 + name_size + desc_size > length || desc_size > size)
		return 0;
	memcpy(id, note + 12 + name_size, desc_size);
	return desc_size;
}

/* Open an object file that a profile named, with BFD, as what it must
 * be and nothing else: a path under /proc, /dev or /sys is not opened;
 * the file is opened without blocking or taking a terminal, and kept
 * only if the descriptor opened is a regular file outside the kernel's
 * file systems, that BFD reads as an object.  NULL with *why set when
 * not (the caller says it in one line). */
static bfd *open_object_file(const char *path, const char **why)
{
	struct stat st;
	bfd *abfd;

	if (kernel_path(path)) {
		*why = "under /proc, /dev or /sys, not an object file";
		return NULL;
	}
	abfd = open_checked(path, &st, false, why);
	if (abfd == NULL)
		return NULL;
	if (st.st_size == 0) {
		*why = "empty, not an object file";
		bfd_close(abfd);
		return NULL;
	}
	abfd->flags |= BFD_DECOMPRESS;
	if (!bfd_check_format(abfd, bfd_object)) {
		bfd_close(abfd);
		*why = "not an object file BFD reads";
		return NULL;
	}
	return abfd;
}

/* Without a build-id, is the file the one that ran as far as the
 * process file tells: does it hold every segment recorded (in its own
 * addresses) within its loaded sections? */
static bool holds_segments(bfd *abfd, const struct object *obj)
{
	uint64_t low = UINT64_MAX, high = 0;
	asection *sec;
	size_t i;

	for (sec = abfd->sections; sec; sec = sec->next) {
		uint64_t vma = bfd_section_vma(sec), size = bfd_section_size(sec);

		if (!(sec->flags & SEC_ALLOC) || size == 0)
			continue;
		if (vma < low)
			low = vma;
		if (vma + size > high)
			high = vma + size;
	}
	for (i = 0; i < obj->segment_count; i++) {
		/* mapped by pages: a segment may start and end up to a page
		 * beyond the sections */
		uint64_t start = obj->segments[2 * i], end = obj->segments[2 * i + 1];

		if (start + 65536 < low || end > high + 65536 || start > high || end < low)
			return false;
	}
	return true;
}

bool object_open_other(struct object *obj, const char *path, const char *sysroot)
{
	unsigned char id[64];
	size_t id_size;
	char *debug_path;
	const char *why;
	bfd *abfd, *debug = NULL;
	struct stat st;

	obj->path = path;
	obj->name = path_last_part(path);
	if (stat(path, &st) != 0) {
		if (sysroot)
			warning("%s: %s here and under --sysroot %s; its samples are shown as [%s]",
				path, strerror(errno), sysroot, obj->name);
		else
			warning("%s: %s (recorded on another machine? --sysroot DIR: its root); "
				"its samples are shown as [%s]", path, strerror(errno), obj->name);
		return false;
	}
	abfd = open_object_file(path, &why);
	if (abfd == NULL) {
		warning("%s: %s; its samples are shown as [%s]", path, why, obj->name);
		return false;
	}
	id_size = build_id_of(abfd, id, sizeof(id));
	if (obj->build_id_size
		    ? id_size != obj->build_id_size || memcmp(id, obj->build_id, id_size) != 0
		    : !holds_segments(abfd, obj)) {
		warning("%s: not the file that ran (its %s); its samples are shown as [%s]", path,
			obj->build_id_size ? "build-id differs" : "code is not where it ran",
			obj->name);
		bfd_close(abfd);
		return false;
	}
	obj->abfd = abfd;
	obj->text = bfd_get_section_by_name(abfd, ".text");
	if (obj->text) {
		obj->text_low = bfd_section_vma(obj->text);
		obj->text_high = obj->text_low + bfd_section_size(obj->text);
	}
	obj->target.address_size = bfd_get_arch_size(abfd) == 32 ? 4 : 8;
	obj->target.big_endian = bfd_big_endian(abfd);
	obj->aarch64 = is_aarch64(abfd, path);
	obj->leading_char = bfd_get_symbol_leading_char(abfd);
	/* the separate debug file names what the library's own tables do not */
	if (sysroot) {
		debug_path = debug_file_path(obj, sysroot);
		debug = debug_path ? open_object_file(debug_path, &why) : NULL;
		free(debug_path);
	}
	if (debug == NULL) {
		debug_path = debug_file_path(obj, "");
		debug = debug_path ? open_object_file(debug_path, &why) : NULL;
		free(debug_path);
	}
	if (debug && read_symbols(obj, debug)) {
		obj->debug_abfd = debug;
		return true;
	}
	if (debug)
		bfd_close(debug);
	if (!read_symbols(obj, abfd))
		warning("%s: no symbols; its samples are shown as [%s]", path, obj->name);
	return true;
}

size_t object_build_id(const struct object *obj, unsigned char *id, size_t size)
{
	return obj->abfd ? build_id_of(obj->abfd, id, size) : 0;
}
