/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * bfd_file.c: the files gprof hands BFD (bfd_file.h).
 *
 * BFD opened by its path (bfd_openr), or told a descriptor is
 * "cacheable", closes the least recently used of its files once more
 * than an eighth of RLIMIT_NOFILE are open, and reopens it by the path
 * when it is read again: --pprof and --callgrind ask each object for
 * lines long after it was opened, and what is at the path by then was
 * never checked (a FIFO would hang gprof, another file be read as the
 * object).  So gprof opens every such file itself, as a regular file
 * without blocking, and gives BFD the descriptor, which BFD then keeps
 * open and never replaces: BFD opens no path of its own.  A descriptor
 * per object: a profile of more objects than the soft limit allows
 * raises it to the hard limit, once.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <stdbool.h>
#include <sys/resource.h>

#include "symtab/bfd_file.h"
#include "core/util.h"

int bfd_file_open(const char *path, struct stat *st, const char **why)
{
	static bool raised;
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
	if (fd < 0 && errno == EMFILE) /* each object keeps its descriptor */
		*why = "more objects than open files allowed (ulimit -n)";
	return fd;
}

bfd *bfd_file_adopt(const char *path, int fd, const char **why)
{
	/* from a descriptor, BFD makes the file not cacheable: it stays
	 * open, never closed to spare descriptors nor reopened by path */
	bfd *abfd = bfd_fdopenr(path, NULL, fd);

	if (abfd == NULL)
		*why = bfd_errmsg(bfd_get_error());
	return abfd;
}
