/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * bfd_file.h: every file gprof hands BFD (the executable, the objects a
 * process file names, their debug files), opened by gprof, checked, and
 * given to BFD as a descriptor BFD keeps and never reopens by its path.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_BFD_FILE_H
#define GPROF_BFD_FILE_H

#include <sys/stat.h>

#include <bfd.h>

/* path opened for reading as open_regular opens it (a regular file,
 * without blocking or taking a terminal), the soft RLIMIT_NOFILE raised
 * to the hard one, once, if the descriptors ran out.  The descriptor,
 * with *st; or -1 with *why saying why not. */
int bfd_file_open(const char *path, struct stat *st, const char **why);
/* A BFD reading fd (of path, the name it reports), not cacheable: BFD
 * owns fd from here, failure included (it closes it then), and keeps it
 * open until bfd_close.  NULL with *why set on failure. */
bfd *bfd_file_adopt(const char *path, int fd, const char **why);

#endif
