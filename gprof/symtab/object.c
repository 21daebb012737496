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
#include <sys/stat.h>
#include <unistd.h>

#include <bfd.h>

#include "gmon_out.h"
#include "symtab/bfd_file.h"
#include "symtab/lineindex.h"
#include "symtab/debuginfo.h"
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

/* The DWARF line table of the file at path (the object's, or its debug
 * file's), read once. */
static void read_line_index(struct object *obj, const char *path, unsigned flags)
{
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

void object_open(struct object *obj, const char *path, unsigned flags,
		 const struct name_search *search)
{
	const char *why;
	struct stat st;
	bfd *abfd;
	int fd;

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
	/* opened here and handed over: BFD never opens the path itself
	 * (bfd_file.c) */
	fd = bfd_file_open(path, &st, &why);
	abfd = fd < 0 ? NULL : bfd_file_adopt(path, fd, &why);
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
	if (obj->has_debug_info)
		read_line_index(obj, path, flags);
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

	/* GNU gprof adds BFD's synthetic symbols, but without the dynamic
	 * symbols BFD makes none for the PLT, so that the stubs' samples go
	 * to the symbol before them, _init.  Given the dynamic symbols, BFD
	 * names each stub "name@plt" (doc/compat.md; GPROF_GNU_QUIRKS=plt
	 * restores GNU's way).  Without a .symtab, the names come from its
	 * debug file or its dynamic symbols (debuginfo.c). */
	if (bfd_get_symtab_upper_bound(abfd) < 0)
		fatal("%s: %s", path, bfd_errmsg(bfd_get_error()));
	debuginfo_read_symbols(obj, path, search, (flags & OBJECT_PLT_SYMBOLS) != 0);
	/* a stripped program's source lines are in its debug file */
	if (!obj->has_debug_info && obj->debug_abfd && has_debug_info(obj->debug_abfd)) {
		read_line_index(obj, bfd_get_filename(obj->debug_abfd), flags);
		obj->has_debug_info = obj->line_index != NULL;
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
	/* an object known by its mapping alone (the vdso, a file gone) has
	 * no text to ask */
	if (obj->abfd == NULL || obj->text == NULL)
		return false;
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
	int fd;

	if (kernel_path(path)) {
		*why = "under /proc, /dev or /sys, not an object file";
		return NULL;
	}
	fd = bfd_file_open(path, &st, why);
	if (fd < 0)
		return NULL;
	if (kernel_file_system(path, fd) || st.st_size == 0) {
		*why = kernel_file_system(path, fd)
			       ? "a kernel file (proc, sysfs...), not an object file"
			       : "empty, not an object file";
		close(fd);
		return NULL;
	}
	abfd = bfd_file_adopt(path, fd, why); /* kept open, never reopened by path */
	if (abfd == NULL)
		return NULL;
	abfd->flags |= BFD_DECOMPRESS;
	if (!bfd_check_format(abfd, bfd_object)) {
		bfd_close(abfd);
		*why = "not an object file BFD reads";
		return NULL;
	}
	return abfd;
}

bool object_holds_segments(bfd *abfd, const uint64_t *segments, size_t count)
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
	for (i = 0; i < count; i++) {
		/* mapped by pages: a segment may start and end up to a page
		 * beyond the sections */
		uint64_t start = segments[2 * i], end = segments[2 * i + 1];

		if (start + 65536 < low || end > high + 65536 || start > high || end < low)
			return false;
	}
	return true;
}

bool object_open_other(struct object *obj, const char *path, const struct name_search *search)
{
	const char *sysroot = search ? search->sysroot : NULL;
	unsigned char id[64];
	size_t id_size;
	const char *why;
	bfd *abfd;
	struct stat st;

	obj->path = path;
	obj->name = path_last_part(path);
	if (stat(path, &st) != 0) {
		if (sysroot)
			warning("%s: %s here and under --sysroot %s; its samples are shown as [%s]",
				path, strerror(errno), sysroot, obj->name);
		else
			warning("%s: %s (recorded on another machine? --sysroot DIR: its root); "
				"its samples are shown as [%s]",
				path, strerror(errno), obj->name);
		return false;
	}
	abfd = open_object_file(path, &why);
	if (abfd == NULL) {
		warning("%s: %s; its samples are shown as [%s]", path, why, obj->name);
		return false;
	}
	id_size = debuginfo_build_id(abfd, id, sizeof(id));
	if (obj->build_id_size
		    ? id_size != obj->build_id_size || memcmp(id, obj->build_id, id_size) != 0
		    : !object_holds_segments(abfd, obj->segments, obj->segment_count)) {
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
	debuginfo_read_symbols(obj, path, search, true);
	if (obj->bfd_symbol_count == 0)
		warning("%s: no symbols; its samples are shown as [%s]", path, obj->name);
	return true;
}

size_t object_build_id(const struct object *obj, unsigned char *id, size_t size)
{
	return obj->abfd ? debuginfo_build_id(obj->abfd, id, size) : 0;
}
