/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * profile.c: the entry points of profile.h: read a profile file (GNU,
 * BSD or 4.4BSD, a regular file, a pipe or a buffer) into the profile
 * data, summing it with the files read before; and the summed arcs as
 * the callers see them, kept or streamed.
 *
 * A file is read through a bounded window, never whole (a 3 GB file costs
 * what its records add to the profile, and a file of garbage is refused at
 * its first bad header), and every record is checked against the bytes
 * that remain before it is trusted, so a hostile file can neither make us
 * read past its end nor allocate much more than its own size.  The layouts
 * are described in doc/format.md; the files that read and write them are
 * listed in gmon/reader.h.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon/profile.h"
#include "gmon/arc_store.h"
#include "gmon/profile_arcs.h"
#include "gmon/read.h"
#include "gmon/reader.h"
#include "gmon/stream_sum.h"
#include "core/util.h"

void profile_set_code_range(struct profile_data *p, uint64_t low, uint64_t high)
{
	p->code_low = low;
	p->code_high = high;
	p->code_known = low < high;
}

/* An arc record read: to the sink, the stream or the kept arcs.  False
 * when a new kept arc would exceed profile_max_arcs. */
static bool profile_add_arc(struct profile_data *p, uint64_t from_pc, uint64_t self_pc,
			    uint64_t count)
{
	if (p->arc_observer)
		p->arc_observer(p->arc_observer_context, from_pc, self_pc, count);
	if (p->arc_sink) {
		p->arc_sink(p->arc_sink_context, from_pc, self_pc, count);
		return true;
	}
	if (p->arcs == NULL)
		p->arcs = xcalloc(1, sizeof(*p->arcs));
	if (p->arcs->stream) {
		stream_add(p->arcs->stream, from_pc, self_pc, count);
		return true;
	}
	return arc_store_add(p->arcs, from_pc, self_pc, count);
}

/* An arc record of a file being read (the reader's arc()). */
static bool read_arc(struct reader *r, uint64_t from, uint64_t self, uint64_t count)
{
	struct profile_data *p = r->p;

	if (!profile_add_arc(p, from, self, count))
		return cursor_fail(&r->c, "more than %zu distinct call-graph arcs",
				   profile_max_arcs);
	if (p->arcs && p->arcs->stream && stream_crowded(p->arcs->stream) &&
	    !stream_materialize(p, true, r->c.err, r->c.err_size)) {
		r->c.io_failed = true;
		return false;
	}
	return true;
}

/* A streamed profile's arcs, brought into memory for random access. */
static void materialize_or_die(const struct profile_data *p)
{
	char err[1024];

	if (p->arcs && p->arcs->stream &&
	    !stream_materialize((struct profile_data *)p, false, err, sizeof(err)))
		fatal("%s", err);
}

size_t profile_arc_count(const struct profile_data *p)
{
	materialize_or_die(p);
	return p->arcs ? p->arcs->count : 0;
}

struct raw_arc profile_arc(const struct profile_data *p, size_t k)
{
	materialize_or_die(p);
	return arc_store_get(p->arcs, k);
}

bool profile_arcs_each(const struct profile_data *p, arc_fn *fn, void *context, char *err,
		       size_t err_size)
{
	if (p->arcs == NULL)
		return true;
	if (p->arcs->stream)
		return stream_each(p->arcs->stream, false, fn, context, err, err_size);
	arc_store_each(p->arcs, NULL, fn, context);
	return true;
}

bool profile_arcs_streamed(const struct profile_data *p)
{
	return p->arcs && p->arcs->stream;
}

void profile_for_each_arc(const struct profile_data *p,
			  void (*fn)(void *context, uint64_t from_pc, uint64_t self_pc,
				     uint64_t count),
			  void *context)
{
	char err[1024];

	if (!profile_arcs_each(p, fn, context, err, sizeof(err)))
		fatal("%s", err);
}

void profile_reset(struct profile_data *p)
{
	uint64_t code_low = p->code_low, code_high = p->code_high;
	bool code_known = p->code_known;
	unsigned i;

	if (p->arcs)
		stream_free(p->arcs->stream);
	arc_store_free(p->arcs);
	free(p->blocks);
	free(p->block_hash);
	for (i = 0; i < p->histograms.count; i++) {
		free(p->histograms.records[i].bins);
		free(p->histograms.records[i].written);
	}
	free(p->histograms.records);
	free(p->histogram_order);
	memset(p, 0, sizeof(*p));
	strcpy(p->histograms.dimension, "seconds");
	p->histograms.dimension_abbrev = 's';
	/* the executable's code range is not what was read: it stays */
	p->code_low = code_low;
	p->code_high = code_high;
	p->code_known = code_known;
}

/* A reader of the file NAME into p, its arcs kept by read_arc; the
 * caller says where the bytes come from. */
static struct reader reader_for(const char *name, const struct target *t, enum file_format format,
				struct profile_data *p, char *err, size_t err_size)
{
	struct reader r = { .c = { .name = name,
				   .big_endian = t->big_endian,
				   .err = err,
				   .err_size = err_size },
			    .p = p,
			    .format = format,
			    .address_size = t->address_size,
			    .arc = read_arc };

	return r;
}

bool profile_read_buffer(const char *name, const unsigned char *data, size_t size,
			 const struct target *t, enum file_format format, struct profile_data *p,
			 struct profile_file_info *info, char *err, size_t err_size)
{
	struct reader r = reader_for(name, t, format, p, err, err_size);

	r.c.fd = -1;
	r.c.data = data;
	r.c.filled = size;
	r.c.size = size;
	r.c.size_known = true;
	return read_profile(&r, t, p, info);
}

bool profile_read(const char *path, const struct target *t, enum file_format format,
		  struct profile_data *p, struct profile_file_info *info, char *err,
		  size_t err_size)
{
	struct reader r = reader_for(path, t, format, p, err, err_size);
	struct stat st;
	bool ok = false, streamed = false;

	memset(info, 0, sizeof(*info));
	if (strcmp(path, "-") == 0) {
		r.c.fd = 0;
	} else {
		r.c.fd = open(path, O_RDONLY);
		if (r.c.fd < 0) {
			snprintf(err, err_size, "%s: %s", path, strerror(errno));
			return false;
		}
	}
	if (fstat(r.c.fd, &st) != 0) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		goto out;
	}
	if (S_ISDIR(st.st_mode)) {
		snprintf(err, err_size, "%s: is a directory, not a profile data file", path);
		goto out;
	}
	/* a device could be endless (/dev/zero): only files and pipes */
	if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) {
		snprintf(err, err_size, "%s: is a device, not a profile data file", path);
		goto out;
	}
	if (S_ISREG(st.st_mode)) {
		/* read from where the descriptor is (stdin may have been
		 * read partly), to the size the file had when opened */
		off_t at = lseek(r.c.fd, 0, SEEK_CUR);

		r.c.origin = at > 0 && at <= st.st_size ? at : 0;
		r.c.size = (size_t)(st.st_size - r.c.origin);
		r.c.size_known = true;
		if (stream_wanted(p, t, r.c.size))
			streamed = stream_begin_file(p, path, r.c.fd, r.c.origin, r.c.size, &st, t,
						     format);
	}
	/* what cannot be streamed (a pipe, one file too many) follows the
	 * streamed arcs in memory */
	if (!streamed && p->arcs && p->arcs->stream && !stream_materialize(p, false, err, err_size))
		goto out;
	ok = read_profile(&r, t, p, info);
	if (ok && info->warning[0])
		warning("%s", info->warning);
out:
	if (r.c.fd != 0)
		close(r.c.fd);
	free(r.c.window);
	return ok;
}
