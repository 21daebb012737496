/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * labels.h: names shortened and wrapped for pictures (--strip, --wrap).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_LABELS_H
#define GPROF_LABELS_H

#include "report/report.h"

/* A demangled C++ name without parameter lists, template arguments,
 * return type and the qualifiers after a parameter list:
 * "void ns::f<int>(int) const" is "ns::f".  Newly allocated. */
char *name_strip(const char *name);
/* The name in lines of about width characters ('\n' between them),
 * broken after "::", ", " or a space where it can be; the lines joined
 * are the name again.  Newly allocated. */
char *name_wrap(const char *name, int width);
/* A symbol's name as a picture shows it: display_name, then --strip and
 * --wrap as the options ask.  Newly allocated. */
char *label_name(struct report_out *out, const struct picture_options *opt,
		 const struct symbol *sym);

/* s inside a double-quoted DOT string: quotes and backslashes escaped,
 * control characters as \xNN, invalid UTF-8 as U+FFFD. */
void put_dot_string(FILE *f, const char *s);

#endif
