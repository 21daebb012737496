/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * write_sum.c: gmon.sum (-s): the summed profile encoded in the GNU
 * format or one of the BSD formats, straight into the file being
 * written, which replaces the old one whole or not at all (outfile.h).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmon_out.h"
#include "core/outfile.h"
#include "gmon/profile.h"
#include "gmon/arc_store.h"
#include "gmon/profile_arcs.h"
#include "gmon/stream_sum.h"
#include "core/util.h"

/*
 * The writer encodes the profile straight into the temporary file through
 * a buffer of WRITE_BUFFER bytes: the histograms and arcs are never copied
 * whole into an encoded image.  flushed counts the bytes already in the
 * file; error is the first write's errno (0: none, -1: nothing written),
 * after which the rest is encoded into the void.
 */
#define WRITE_BUFFER (256 * 1024)

struct writer {
	int fd;
	unsigned char *data;
	size_t size;    /* bytes in data[], not yet written */
	size_t flushed; /* bytes written to fd */
	bool big_endian;
	int error;
};

/*
 * A count wider than its field is split into several records, at most
 * this many per arc or block (2^32-1 each: 2.7e11 calls in a GNU file).
 * Summed GNU files never need more records than they had; only a BSD file's
 * 64-bit count could, and 2^64 calls would be 2^32 records: 90 GB from a
 * 24-byte record of a hostile file.  Beyond the cap the count saturates.
 */
#define PROFILE_MAX_SPLIT 64

static void flush(struct writer *w)
{
	size_t done = 0;

	while (done < w->size && w->error == 0) {
		ssize_t n = write(w->fd, w->data + done, w->size - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			w->error = n < 0 ? errno : -1;
		else
			done += (size_t)n;
	}
	w->flushed += w->size;
	w->size = 0;
}

static void reserve(struct writer *w, size_t n)
{
	if (w->size + n > WRITE_BUFFER)
		flush(w);
}

/* Patch bytes already encoded at offset at of the file (a record's
 * length, known once the record is complete). */
static void put_uint_at(struct writer *w, size_t at, uint64_t v, int bytes)
{
	int i;

	for (i = 0; i < bytes; i++) {
		int shift = w->big_endian ? (bytes - 1 - i) * 8 : i * 8;
		unsigned char byte = (unsigned char)(v >> shift);
		size_t where = at + (size_t)i;

		if (where >= w->flushed) {
			w->data[where - w->flushed] = byte;
		} else if (w->error == 0 && pwrite(w->fd, &byte, 1, (off_t)where) != 1) {
			w->error = errno ? errno : -1;
		}
	}
}

static void put_uint(struct writer *w, uint64_t v, int bytes)
{
	reserve(w, (size_t)bytes);
	w->size += (size_t)bytes;
	put_uint_at(w, w->flushed + w->size - (size_t)bytes, v, bytes);
}

static void put_bytes(struct writer *w, const void *bytes, size_t n)
{
	reserve(w, n);
	memcpy(w->data + w->size, bytes, n);
	w->size += n;
}

/* Bins are 16 bits in the file: a sum that doesn't fit saturates (GNU
 * gprof keeps the low 16 bits, so 65536 samples become 0). */
static void put_bin(struct writer *w, uint64_t v)
{
	put_uint(w, v > 0xffff ? 0xffff : v, 2);
}

/* The largest count a field of this many bytes holds. */
static uint64_t field_max(int bytes)
{
	return bytes >= 8 ? UINT64_MAX : ((uint64_t)1 << (8 * bytes)) - 1;
}

/* Is count beyond what PROFILE_MAX_SPLIT records of this width hold? */
static bool saturates(uint64_t count, int bytes)
{
	uint64_t max = field_max(bytes);

	return max < UINT64_MAX / PROFILE_MAX_SPLIT && count > max * PROFILE_MAX_SPLIT;
}

/* Write an arc; a count too wide for its field becomes several records
 * for the same arc, which every reader adds up. */
static void put_arc(struct writer *w, const struct raw_arc *arc, int a, int count_bytes,
		    bool tagged)
{
	uint64_t max = field_max(count_bytes);
	uint64_t left = saturates(arc->count, count_bytes) ? max * PROFILE_MAX_SPLIT : arc->count;

	do {
		uint64_t part = left > max ? max : left;

		if (tagged)
			put_uint(w, GMON_TAG_CG_ARC, 1);
		put_uint(w, arc->from_pc, a);
		put_uint(w, arc->self_pc, a);
		put_uint(w, part, count_bytes);
		left -= part;
	} while (left);
}

/* The arcs as gmon.sum gets them: in p->arc_write_order when set. */
static bool arcs_each_written(const struct profile_data *p, arc_fn *fn, void *ctx, char *err,
			      size_t err_size)
{
	if (p->arc_write_order == NULL || p->arcs == NULL || p->arcs->stream)
		return profile_arcs_each(p, fn, ctx, err, err_size);
	arc_store_each(p->arcs, p->arc_write_order, fn, ctx);
	return true;
}

struct arc_writing {
	struct writer *w;
	int address_size, count_bytes;
	bool tagged;
};

static void write_arc(void *ctx, uint64_t from_pc, uint64_t self_pc, uint64_t count)
{
	struct arc_writing *aw = ctx;
	struct raw_arc arc = { from_pc, self_pc, count };

	put_arc(aw->w, &arc, aw->address_size, aw->count_bytes, aw->tagged);
}

static bool encode_gnu(struct writer *w, const struct target *t, const struct profile_data *p,
		       char *err, size_t err_size)
{
	const int a = t->address_size;
	const uint64_t max = field_max(a);
	unsigned i;
	size_t k;

	put_bytes(w, GMON_MAGIC, 4);
	put_uint(w, GMON_VERSION, 4);
	if (p->sum_run_id) { /* a process file goes with it (doc/format.md) */
		put_uint(w, p->sum_run_id, 8);
		put_bytes(w, GMON_PROCESS_MAGIC, 4);
	} else {
		put_uint(w, 0, 4);
		put_uint(w, 0, 4);
		put_uint(w, 0, 4);
	}
	if (p->input & INPUT_HISTOGRAM) {
		for (i = 0; i < p->histograms.count; i++) {
			const struct histogram *h = &p->histograms.records[i];
			uint32_t b;

			put_uint(w, GMON_TAG_TIME_HIST, 1);
			put_uint(w, h->low_pc, a);
			put_uint(w, h->high_pc, a);
			put_uint(w, h->bin_count, 4);
			put_uint(w, p->histograms.rate, 4);
			put_bytes(w, p->histograms.dimension, 15);
			put_uint(w, (unsigned char)p->histograms.dimension_abbrev, 1);
			for (b = 0; b < h->bin_count; b++)
				put_bin(w, h->bins[b]);
		}
	}
	if (p->input & INPUT_CALL_GRAPH) {
		struct arc_writing aw = { w, a, 4, true };

		if (!arcs_each_written(p, write_arc, &aw, err, err_size))
			return false;
	}
	if ((p->input & INPUT_BB_COUNTS) && p->block_count) {
		/* one record, unless splitting wide counts (4-byte targets)
		 * takes it past the 32-bit block count */
		size_t count_at = 0;
		uint32_t in_record = 0;

		for (k = 0; k < p->block_count; k++) {
			uint64_t left = p->blocks[k].count;

			if (saturates(left, a))
				left = max * PROFILE_MAX_SPLIT;
			do {
				uint64_t part = left > max ? max : left;

				if (in_record == 0 || in_record == UINT32_MAX) {
					if (in_record)
						put_uint_at(w, count_at, in_record, 4);
					put_uint(w, GMON_TAG_BB_COUNT, 1);
					count_at = w->flushed + w->size;
					put_uint(w, 0, 4);
					in_record = 0;
				}
				put_uint(w, p->blocks[k].address, a);
				put_uint(w, part, a);
				in_record++;
				left -= part;
			} while (left);
		}
		put_uint_at(w, count_at, in_record, 4);
	}
	return true;
}

/* Whether the BSD formats can hold the profile; if not, why, in err. */
static bool bsd_can_hold(const struct target *t, enum file_format format,
			 const struct profile_data *p, const char *path, char *err, size_t err_size)
{
	const int a = t->address_size;
	bool bsd44 = format == FORMAT_BSD44 || p->histograms.rate != profile_default_hz();
	size_t header = bsd44 ? (size_t)GMON_BSD44_HEADER_SIZE(a)
			      : (size_t)GMON_OLDBSD_HEADER_SIZE(a);
	uint32_t bins = p->histograms.count ? p->histograms.records[0].bin_count : 0;

	/* GNU gprof writes the first histogram and drops the others */
	if (p->histograms.count > 1) {
		snprintf(err, err_size,
			 "%s: the BSD formats hold one histogram, and there are %u; use the GNU format",
			 path, p->histograms.count);
		return false;
	}
	if ((uint64_t)bins * 2 + header > UINT32_MAX) {
		snprintf(err, err_size,
			 "%s: a histogram of %u bins is too large for the BSD formats", path, bins);
		return false;
	}
	if ((p->input & INPUT_BB_COUNTS) && p->block_count) {
		snprintf(err, err_size,
			 "%s: the BSD formats cannot hold basic-block counts; use the GNU format",
			 path);
		return false;
	}
	return true;
}

static bool encode_bsd(struct writer *w, const struct target *t, enum file_format format,
		       const struct profile_data *p, char *err, size_t err_size)
{
	const int a = t->address_size;
	const struct histogram *h = p->histograms.count ? &p->histograms.records[0] : NULL;
	bool bsd44 = format == FORMAT_BSD44 || p->histograms.rate != profile_default_hz();
	size_t header = bsd44 ? (size_t)GMON_BSD44_HEADER_SIZE(a)
			      : (size_t)GMON_OLDBSD_HEADER_SIZE(a);
	uint32_t bins = h ? h->bin_count : 0;
	struct arc_writing aw = { w, a, a, false };
	uint32_t b;

	put_uint(w, h ? h->low_pc : 0, a);
	put_uint(w, h ? h->high_pc : 0, a);
	put_uint(w, bins * 2 + header, 4);
	if (bsd44) {
		put_uint(w, GMON_BSD44_VERSION, 4);
		put_uint(w, p->histograms.rate, 4);
	}
	while (w->flushed + w->size < header)
		put_uint(w, 0, 1);
	for (b = 0; b < bins; b++)
		put_bin(w, h->bins[b]);
	return arcs_each_written(p, write_arc, &aw, err, err_size);
}

struct saturation {
	int count_bytes;
	size_t count;
};

static void count_saturated(void *ctx, uint64_t from_pc, uint64_t self_pc, uint64_t count)
{
	struct saturation *sat = ctx;

	sat->count += saturates(count, sat->count_bytes);
}

/* How many counts the format cannot hold even split (written saturated). */
static size_t saturated_counts(const struct target *t, enum file_format format,
			       const struct profile_data *p)
{
	bool bsd = format == FORMAT_BSD || format == FORMAT_BSD44;
	struct saturation sat = { bsd ? t->address_size : 4, 0 };
	size_t k, n = 0;
	char ignored[256];

	/* a streamed file that changed is said when writing */
	if ((bsd || (p->input & INPUT_CALL_GRAPH)) && p->arcs &&
	    (!p->arcs->stream || saturates(stream_count_bound(p->arcs->stream), sat.count_bytes))) {
		profile_arcs_each(p, count_saturated, &sat, ignored, sizeof(ignored));
		n = sat.count;
	}
	if (!bsd && (p->input & INPUT_BB_COUNTS))
		for (k = 0; k < p->block_count; k++)
			n += saturates(p->blocks[k].count, t->address_size);
	return n;
}

/* Encode the profile into the file being written (outfile.h: a
 * temporary file beside path, renamed over it when whole). */
static bool replace_file(const char *path, const struct target *t, enum file_format format,
			 const struct profile_data *p, char *err, size_t err_size)
{
	struct writer w = { .big_endian = t->big_endian };
	struct outfile o;
	bool encoded;

	if (!outfile_begin(&o, path, err, err_size))
		return false;
	w.fd = o.fd;
	w.data = xmalloc(WRITE_BUFFER);
	if (format == FORMAT_BSD || format == FORMAT_BSD44)
		encoded = encode_bsd(&w, t, format, p, err, err_size);
	else
		encoded = encode_gnu(&w, t, p, err, err_size);
	flush(&w);
	free(w.data);
	if (!encoded) {
		outfile_abort(&o);
		return false;
	}
	if (w.error) {
		if (w.error < 0) { /* write() wrote nothing, without an error */
			snprintf(err, err_size, "%s: write failed: nothing written", path);
			outfile_abort(&o);
			return false;
		}
		o.error = w.error;
	}
	return outfile_commit(&o, err, err_size);
}

bool profile_write(const char *path, const struct target *t, enum file_format format,
		   const struct profile_data *p, char *err, size_t err_size)
{
	size_t saturated;

	if ((format == FORMAT_BSD || format == FORMAT_BSD44) &&
	    !bsd_can_hold(t, format, p, path, err, err_size))
		return false;
	saturated = saturated_counts(t, format, p);
	if (saturated)
		warning("%s: %zu count%s too large for the format (more than %d full records); written saturated",
			path, saturated, saturated == 1 ? "" : "s", PROFILE_MAX_SPLIT);

	return replace_file(path, t, format, p, err, err_size);
}
