/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * eh_frame.c: the functions an object's .eh_frame describes.  Every
 * function the compiler emits unwinding tables for (on x86-64 and aarch64
 * Linux, nearly all code) has a frame description entry (FDE) giving its
 * first address and its length; a stripped program keeps them, since
 * exceptions and backtraces need them.  They tell where functions the
 * symbol tables do not name start and end.
 *
 * libdw's dwarf_next_cfi splits the section into its entries (CIEs and
 * FDEs); the two encoded pointers of each FDE, whose encoding its CIE's
 * augmentation states, are decoded here.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include <bfd.h>
#include <elfutils/libdw.h>
#include <gelf.h>

#include "symtab/eh_frame.h"
#include "core/util.h"

/* DW_EH_PE_* (the LSB's pointer encodings) */
enum {
	PE_ABSPTR = 0x00,
	PE_ULEB128 = 0x01,
	PE_UDATA2 = 0x02,
	PE_UDATA4 = 0x03,
	PE_UDATA8 = 0x04,
	PE_SLEB128 = 0x09,
	PE_SDATA2 = 0x0a,
	PE_SDATA4 = 0x0b,
	PE_SDATA8 = 0x0c,
	PE_PCREL = 0x10,
	PE_OMIT = 0xff,
};

struct section_bytes {
	const uint8_t *base; /* the section's contents */
	uint64_t vma;        /* the address of base[0] */
	bool big_endian;
	int address_size;
};

static uint64_t read_unsigned(const struct section_bytes *s, const uint8_t *p, int n)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < n; i++)
		v |= (uint64_t)p[s->big_endian ? n - 1 - i : i] << (8 * i);
	return v;
}

/* One encoded pointer at *p (not past end): its value, *p moved past it.
 * false for an encoding not handled here (indirect, aligned, omitted).
 * The application (pc-relative or absolute) only for a location. */
static bool read_encoded(const struct section_bytes *s, const uint8_t **p, const uint8_t *end,
			 unsigned encoding, bool location, uint64_t *value)
{
	const uint8_t *at = *p;
	uint64_t v = 0;
	int n = 0, shift = 0;
	bool is_signed = false;

	switch (encoding & 0x0f) {
	case PE_ABSPTR:
		n = s->address_size;
		break;
	case PE_UDATA2:
	case PE_SDATA2:
		n = 2;
		break;
	case PE_UDATA4:
	case PE_SDATA4:
		n = 4;
		break;
	case PE_UDATA8:
	case PE_SDATA8:
		n = 8;
		break;
	case PE_ULEB128:
	case PE_SLEB128:
		do {
			if (at >= end || shift > 63)
				return false;
			v |= (uint64_t)(*at & 0x7f) << shift;
			shift += 7;
		} while (*at++ & 0x80);
		if ((encoding & 0x0f) == PE_SLEB128 && shift < 64 && (at[-1] & 0x40))
			v |= ~(uint64_t)0 << shift;
		break;
	default:
		return false;
	}
	if (n) {
		if (end - at < n)
			return false;
		v = read_unsigned(s, at, n);
		is_signed = (encoding & 0x08) != 0;
		if (is_signed && n < 8 && (v >> (8 * n - 1)) & 1)
			v |= ~(uint64_t)0 << (8 * n);
		at += n;
	}
	if (location) {
		switch (encoding & 0x70) {
		case 0:
			break;
		case PE_PCREL:
			v += s->vma + (uint64_t)(*p - s->base);
			break;
		default: /* textrel, datarel, funcrel: not in a program's .eh_frame */
			return false;
		}
	}
	*p = at;
	*value = v;
	return true;
}

/* The FDE pointer encoding a CIE states (its 'R'), DW_EH_PE_absptr when
 * it states none; false if its augmentation cannot be read. */
static bool cie_fde_encoding(const struct section_bytes *s, const Dwarf_CIE *cie,
			     unsigned *encoding)
{
	const char *a = cie->augmentation;
	const uint8_t *p = cie->augmentation_data;
	const uint8_t *end = p ? p + cie->augmentation_data_size : NULL;
	uint64_t ignored;

	*encoding = PE_ABSPTR;
	if (a == NULL || a[0] != 'z')
		return a != NULL && a[0] == '\0';
	for (a++; *a; a++) {
		switch (*a) {
		case 'R':
			if (p == NULL || p >= end)
				return false;
			*encoding = *p++;
			break;
		case 'L':
			if (p == NULL || p >= end)
				return false;
			p++;
			break;
		case 'P': {
			unsigned personality;

			if (p == NULL || p >= end)
				return false;
			personality = *p++;
			if (!read_encoded(s, &p, end, personality & 0x7f, false, &ignored))
				return false;
			break;
		}
		case 'S': /* a signal frame */
		case 'B': /* aarch64: branch target identification */
		case 'G': /* aarch64: memory tagging */
			break;
		default:
			return false;
		}
	}
	return true;
}

static int compare_range(const void *lp, const void *rp)
{
	const uint64_t *l = lp, *r = rp;

	if (l[0] != r[0])
		return l[0] < r[0] ? -1 : 1;
	return (l[1] > r[1]) - (l[1] < r[1]);
}

/* A small cache of the CIEs met: most programs have one to three. */
struct cie_encoding {
	Dwarf_Off offset;
	unsigned encoding;
	bool usable;
};

size_t eh_frame_functions(struct bfd *abfd, uint64_t **ranges)
{
	asection *sec = bfd_get_section_by_name(abfd, ".eh_frame");
	struct section_bytes s;
	unsigned char ident[EI_NIDENT] = { 0 };
	bfd_byte *contents = NULL;
	Elf_Data data;
	Dwarf_Off offset = 0, next;
	struct cie_encoding *cies = NULL;
	size_t cie_count = 0, n = 0, capacity = 0, i;
	uint64_t *out = NULL;

	*ranges = NULL;
	/* a separate debug file has the section's header, not its bytes */
	if (sec == NULL || !(sec->flags & SEC_HAS_CONTENTS) || bfd_section_size(sec) == 0 ||
	    bfd_get_flavour(abfd) != bfd_target_elf_flavour ||
	    !bfd_malloc_and_get_section(abfd, sec, &contents))
		return 0;
	s.base = contents;
	s.vma = bfd_section_vma(sec);
	s.big_endian = bfd_big_endian(abfd);
	s.address_size = bfd_get_arch_size(abfd) == 32 ? 4 : 8;
	ident[EI_CLASS] = s.address_size == 4 ? ELFCLASS32 : ELFCLASS64;
	ident[EI_DATA] = s.big_endian ? ELFDATA2MSB : ELFDATA2LSB;
	memset(&data, 0, sizeof(data));
	data.d_buf = contents;
	data.d_size = bfd_section_size(sec);
	data.d_type = ELF_T_BYTE;

	for (; offset < data.d_size; offset = next) {
		Dwarf_CFI_Entry entry;
		const struct cie_encoding *cie = NULL;
		const uint8_t *p;
		uint64_t start = 0, length = 0;
		int rc = dwarf_next_cfi(ident, &data, true, offset, &next, &entry);

		if (rc == 1 || next == (Dwarf_Off)-1 || next <= offset)
			break;
		if (rc != 0 || dwarf_cfi_cie_p(&entry))
			continue;
		for (i = 0; i < cie_count; i++)
			if (cies[i].offset == entry.fde.CIE_pointer)
				cie = &cies[i];
		if (cie == NULL) {
			Dwarf_CFI_Entry c;
			Dwarf_Off after;
			struct cie_encoding *e;

			cies = xrealloc(cies, (cie_count + 1) * sizeof(*cies));
			e = &cies[cie_count++];
			e->offset = entry.fde.CIE_pointer;
			e->usable = dwarf_next_cfi(ident, &data, true, entry.fde.CIE_pointer,
						   &after, &c) == 0 &&
				    dwarf_cfi_cie_p(&c) &&
				    cie_fde_encoding(&s, &c.cie, &e->encoding);
			cie = e;
		}
		if (!cie->usable || cie->encoding == PE_OMIT)
			continue;
		p = entry.fde.start;
		if (!read_encoded(&s, &p, entry.fde.end, cie->encoding, true, &start) ||
		    !read_encoded(&s, &p, entry.fde.end, cie->encoding & 0x0f, false, &length) ||
		    length == 0 || start + length < start)
			continue;
		if (n == capacity) {
			capacity = capacity ? 2 * capacity : 256;
			out = xrealloc(out, capacity * 2 * sizeof(*out));
		}
		out[2 * n] = start;
		out[2 * n + 1] = start + length;
		n++;
	}
	free(cies);
	free(contents);
	if (n > 1)
		qsort(out, n, 2 * sizeof(*out), compare_range);
	*ranges = out;
	return n;
}
