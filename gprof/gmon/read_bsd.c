/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * read_bsd.c: profile files in the old BSD and 4.4BSD formats
 * (doc/format.md): a header, one histogram, then arcs to the end of the
 * file; and the clock rate assumed when the file records none.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "gmon_out.h"
#include "gmon/merge.h"
#include "gmon/read_formats.h"
#include "gmon/reader.h"

/* GNU gprof's guess for files that carry no rate: what the interval timer
 * reports, else the clock tick. */
unsigned profile_default_hz(void)
{
	struct itimerval tim = { .it_interval = { 0, 1 } };

	setitimer(ITIMER_REAL, &tim, NULL);
	setitimer(ITIMER_REAL, NULL, &tim);
	if (tim.it_interval.tv_usec >= 2)
		return (unsigned)(1000000 / tim.it_interval.tv_usec);
	return (unsigned)sysconf(_SC_CLK_TCK);
}

/* A header that makes no sense: in auto mode the file had no GNU magic
 * either, so say that it is not a profile at all. */
static bool bsd_header_fail(struct reader *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static bool bsd_header_fail(struct reader *r, const char *fmt, ...)
{
	char reason[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	if (r->format == FORMAT_AUTO)
		return cursor_fail(
			&r->c,
			"not a profile data file: no GNU magic, and not a valid BSD profile (%s)",
			reason);
	return cursor_fail(&r->c, "not a valid BSD profile: %s", reason);
}

static uint32_t swap32(uint32_t v)
{
	return (v >> 24) | ((v >> 8) & 0xff00) | ((v << 8) & 0xff0000) | (v << 24);
}

bool read_bsd(struct reader *r, struct profile_data *p, struct profile_file_info *info)
{
	const int a = r->address_size;
	const size_t record = (size_t)(3 * a);
	uint64_t low, high;
	uint32_t byte_count, version;
	size_t header_size, hist_bytes;
	uint32_t bins;
	struct histogram *h;
	unsigned rate;

	/* the header is read where it lies, at the start of the window */
	if (r->format == FORMAT_AUTO && memcmp(r->c.data, "\177ELF", 4) == 0)
		return cursor_fail(&r->c, "is an executable, not a profile data file");
	if (!cursor_fill(&r->c, (size_t)(2 * a + 8)))
		return cursor_fail(&r->c, "file too short to be a profile (%zu bytes)", r->c.size);
	version = (uint32_t)cursor_get_uint(&r->c, (size_t)(2 * a + 4), 4);
	if (version == swap32(GMON_BSD44_VERSION))
		r->c.big_endian = !r->c.big_endian; /* 4.4BSD from the other byte order */
	low = cursor_get_uint(&r->c, 0, a);
	high = cursor_get_uint(&r->c, (size_t)a, a);
	byte_count = (uint32_t)cursor_get_uint(&r->c, (size_t)(2 * a), 4);
	version = (uint32_t)cursor_get_uint(&r->c, (size_t)(2 * a + 4), 4);
	if (version == GMON_BSD44_VERSION) {
		if (!cursor_fill(&r->c, (size_t)GMON_BSD44_HEADER_SIZE(a)))
			return cursor_fail(&r->c, "truncated 4.4BSD header (%zu bytes, %d needed)",
					   r->c.size, GMON_BSD44_HEADER_SIZE(a));
		rate = (unsigned)cursor_get_uint(&r->c, (size_t)(2 * a + 8), 4);
		header_size = (size_t)GMON_BSD44_HEADER_SIZE(a);
		if (r->p->histograms.count && r->p->histograms.rate != rate && !r->arcs_only)
			return cursor_fail(&r->c,
					   "profiling rate %u differs from the first file's %u",
					   rate, r->p->histograms.rate);
	} else {
		if (r->format == FORMAT_BSD44)
			return cursor_fail(&r->c,
					   "not a 4.4BSD profile (version 0x%x, expected 0x%x)",
					   version, GMON_BSD44_VERSION);
		header_size = (size_t)GMON_OLDBSD_HEADER_SIZE(a);
		rate = r->p->histograms.count ? r->p->histograms.rate : profile_default_hz();
	}
	if (byte_count < header_size)
		return bsd_header_fail(r, "its size field %u is smaller than the %zu-byte header",
				       byte_count, header_size);
	hist_bytes = byte_count - header_size;
	r->c.pos = header_size;
	if (!cursor_available(&r->c, hist_bytes))
		return bsd_header_fail(r,
				       "histogram of %zu bytes but only %zu bytes follow the header",
				       hist_bytes, r->c.size - header_size);
	if (low > high)
		return bsd_header_fail(r, "histogram range 0x%llx-0x%llx is reversed",
				       (unsigned long long)low, (unsigned long long)high);
	bins = (uint32_t)(hist_bytes / 2);
	if (r->arcs_only) {
		cursor_skip(&r->c, hist_bytes);
	} else if (bins) {
		if (r->p->histograms.count &&
		    (r->p->histograms.count > 1 || r->p->histograms.records[0].low_pc != low ||
		     r->p->histograms.records[0].high_pc != high ||
		     r->p->histograms.records[0].bin_count != bins))
			return cursor_fail(
				&r->c,
				"histogram (0x%llx-0x%llx, %u bins) differs from the first file's",
				(unsigned long long)low, (unsigned long long)high, bins);
		if (!histogram_merge_target(r, low, high, bins, rate, "seconds", 's', &h))
			return false;
		if (!histogram_add_bins(r, h))
			return false;
		info->histogram_records++;
	}
	if (hist_bytes % 2 && !r->arcs_only) { /* an odd byte after the bins */
		if (!cursor_fill(&r->c, 1))
			return cursor_fail(&r->c, "truncated histogram");
		r->c.pos++;
	}
	p->input |= INPUT_HISTOGRAM | INPUT_CALL_GRAPH;
	/* a file of known size is refused before any arc is added; a pipe's
	 * last record is found cut when its end is reached */
	if (r->c.size_known && cursor_remaining(&r->c) % record != 0)
		return cursor_fail(&r->c, "truncated call-graph record at offset %zu",
				   r->c.pos + cursor_remaining(&r->c) / record * record);
	while (!r->stop && cursor_fill(&r->c, record)) {
		uint64_t from = cursor_take(&r->c, a);
		uint64_t self = cursor_take(&r->c, a);
		uint64_t count = cursor_take(&r->c, a);

		if (!reader_add_arc(r, from, self, count))
			return false;
		info->arc_records++;
	}
	if (r->c.io_failed)
		return false;
	if (!r->stop && cursor_remaining(&r->c) != 0)
		return cursor_fail(&r->c, "truncated call-graph record at offset %zu", r->c.pos);
	return true;
}
