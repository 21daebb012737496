/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * object.c: open an object with BFD and read what the model needs of it:
 * the text section, the address size and byte order its profile files
 * share, the extent of its code, and its symbols as BFD gives them (the
 * symbol table proper is made by symbols.c).
 *
 * GNU gprof asks bfd_find_nearest_line for every symbol with the whole
 * symbol table attached, and BFD then scans all symbols on each call: that
 * is quadratic.  We ask with no symbol table (the DWARF line and function
 * information is enough, found by BFD's own address index), and only when
 * the file has debugging information at all.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <bfd.h>

#include "object.h"
#include "util.h"

static bool has_debug_info(bfd *abfd)
{
	return bfd_get_section_by_name(abfd, ".debug_info") != NULL ||
	       bfd_get_section_by_name(abfd, ".debug_line") != NULL ||
	       bfd_get_section_by_name(abfd, ".stab") != NULL;
}

void object_open(struct object *obj, const char *path)
{
	struct stat st;
	long bytes;
	asymbol *synthetic;
	long synthetic_count;
	bfd *abfd;

	obj->path = path;
	if (stat(path, &st) != 0)
		fatal("%s: %s", path, strerror(errno));
	if (S_ISDIR(st.st_mode))
		fatal("%s: is a directory, not an executable", path);
	/* BFD seeks: a pipe or a device would hang or fail obscurely */
	if (!S_ISREG(st.st_mode))
		fatal("%s: not a regular file, not an executable", path);
	bfd_init();
	abfd = bfd_openr(path, NULL);
	if (abfd == NULL)
		fatal("%s: %s", path, bfd_errmsg(bfd_get_error()));
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

	/* GNU gprof adds BFD's synthetic symbols (PLT entries and the like). */
	synthetic_count = bfd_get_synthetic_symtab(abfd, obj->bfd_symbol_count,
						   obj->bfd_symbols, 0, NULL, &synthetic);
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
