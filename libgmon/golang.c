/* SPDX-License-Identifier: BSD-2-Clause
 *
 * golang.c: whether the main program is a Go program, which the runtime
 * cannot profile: Go's runtime installs its own SIGPROF handler over
 * ours, and ends the process with the exit_group system call, past
 * atexit and destructors, so that no profile would ever be written.
 * start.c then says so in one line and leaves the program alone
 * (gprof-run refuses such a program before it runs).  Read from the
 * loaded notes, in memory: no file is opened.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#include <string.h>

#include "golang.h"

/* Is [start, end) of the object within one of its loaded segments? */
static int loaded(const ElfW(Phdr) * phdr, size_t phnum, uintptr_t start, uintptr_t end)
{
	for (size_t i = 0; i < phnum; i++)
		if (phdr[i].p_type == PT_LOAD && start >= phdr[i].p_vaddr &&
		    end <= phdr[i].p_vaddr + phdr[i].p_filesz)
			return 1;
	return 0;
}

int gmon_go_program(uintptr_t bias, const ElfW(Phdr) * phdr, size_t phnum)
{
	for (size_t i = 0; i < phnum; i++) {
		const ElfW(Phdr) *ph = &phdr[i];
		if (ph->p_type != PT_NOTE ||
		    !loaded(phdr, phnum, ph->p_vaddr, ph->p_vaddr + ph->p_filesz))
			continue;
		const unsigned char *notes = (const unsigned char *)(bias + ph->p_vaddr);
		size_t at = 0, size = ph->p_filesz;
		while (at + 12 <= size) {
			uint32_t name_size, desc_size;
			memcpy(&name_size, notes + at, 4);
			memcpy(&desc_size, notes + at + 4, 4);
			/* "Go" and its NUL (four bytes with Go's padding) */
			if ((name_size == 3 || name_size == 4) && at + 15 <= size &&
			    memcmp(notes + at + 12, "Go", 3) == 0)
				return 1;
			if (name_size > size || desc_size > size)
				break;
			at += 12 + ((name_size + 3) & ~(size_t)3) + ((desc_size + 3) & ~(size_t)3);
		}
	}
	return 0;
}
