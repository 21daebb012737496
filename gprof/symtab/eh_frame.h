/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * eh_frame.h: the functions an object's .eh_frame describes (their
 * first addresses and lengths), for the code its symbols do not name.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_EH_FRAME_H
#define GPROF_EH_FRAME_H

#include <stddef.h>
#include <stdint.h>

struct bfd;

/* The ranges of the object's frame description entries, in its own
 * addresses, as pairs [start, end) sorted by start, into *ranges
 * (malloc'd, the caller frees): their number, 0 (and NULL) when it has
 * no .eh_frame with contents or it cannot be read. */
size_t eh_frame_functions(struct bfd *abfd, uint64_t **ranges);

#endif
