/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A header's static inline function, used from one .c file (doc/compat.md,
 * dwarf5-lines). */
static inline long scale(long x)
{
	return x * 3 + 1;
}
