/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fileinfo.c: the -i printer: what each profile file held, printed as
 * each file is read.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include "report/printers.h"

void print_file_info(struct report_out *out, const char *path, const struct profile_file_info *info)
{
	FILE *f = out->file;

	fprintf(f, "File `%s' (version %d) contains:\n", path, info->version);
	fprintf(f,
		info->histogram_records == 1 ? "\t%d histogram record\n"
					     : "\t%d histogram records\n",
		info->histogram_records);
	fprintf(f,
		info->arc_records == 1 ? "\t%d call-graph record\n" : "\t%d call-graph records\n",
		info->arc_records);
	fprintf(f,
		info->bb_records == 1 ? "\t%d basic-block count record\n"
				      : "\t%d basic-block count records\n",
		info->bb_records);
	out->started = true;
}
