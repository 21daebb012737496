/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * profile.c: read profile files in the GNU format (either byte order) and
 * the old BSD and 4.4BSD formats; sum them; write gmon.sum.
 *
 * Every file is read whole into memory and every record is checked against
 * the bytes that remain before it is trusted, so a hostile file can neither
 * make us read past its end nor allocate more than its own size.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "gmon_out.h"
#include "gprof.h"
#include "profile.h"

struct histogram_set histograms = { .dimension = "seconds", .dimension_abbrev = 's' };

/* A cursor over one file's bytes. */
struct reader {
	const char *name;
	const unsigned char *data;
	size_t size, pos;
	int address_size;
	bool big_endian;
	char *err;
	size_t err_size;
};

static bool failf(struct reader *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static bool failf(struct reader *r, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(r->err, r->err_size, "%s: ", r->name);

	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < r->err_size)
		vsnprintf(r->err + n, r->err_size - (size_t)n, fmt, ap);
	va_end(ap);
	return false;
}

static uint64_t get_uint(const struct reader *r, size_t at, int bytes)
{
	uint64_t v = 0;
	int i;

	if (r->big_endian)
		for (i = 0; i < bytes; i++)
			v = (v << 8) | r->data[at + (size_t)i];
	else
		for (i = bytes - 1; i >= 0; i--)
			v = (v << 8) | r->data[at + (size_t)i];
	return v;
}

static size_t remaining(const struct reader *r)
{
	return r->size - r->pos;
}

static uint64_t take(struct reader *r, int bytes)
{
	uint64_t v = get_uint(r, r->pos, bytes);

	r->pos += (size_t)bytes;
	return v;
}

/* ------------------------------------------------------------ accumulation */

static size_t hash_pair(uint64_t a, uint64_t b)
{
	uint64_t h = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;

	return (size_t)(h ^ (h >> 29));
}

static void arc_hash_rebuild(struct profile *p, size_t size)
{
	size_t i;

	free(p->arc_hash);
	p->arc_hash = xcalloc(size, sizeof(uint32_t));
	p->arc_hash_size = size;
	for (i = 0; i < p->arc_count; i++) {
		size_t h = hash_pair(p->arcs[i].from_pc, p->arcs[i].self_pc) & (size - 1);

		while (p->arc_hash[h])
			h = (h + 1) & (size - 1);
		p->arc_hash[h] = (uint32_t)(i + 1);
	}
}

static uint64_t add_saturating(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

/* Add count to the arc (from_pc, self_pc), creating it at the end. */
static void profile_add_arc(struct profile *p, uint64_t from_pc, uint64_t self_pc,
			    uint64_t count)
{
	size_t h;

	if ((p->arc_count + 1) * 2 > p->arc_hash_size)
		arc_hash_rebuild(p, p->arc_hash_size ? p->arc_hash_size * 2 : 1024);
	h = hash_pair(from_pc, self_pc) & (p->arc_hash_size - 1);
	while (p->arc_hash[h]) {
		struct raw_arc *a = &p->arcs[p->arc_hash[h] - 1];

		if (a->from_pc == from_pc && a->self_pc == self_pc) {
			a->count = add_saturating(a->count, count);
			return;
		}
		h = (h + 1) & (p->arc_hash_size - 1);
	}
	if (p->arc_count == p->arc_capacity) {
		p->arc_capacity = p->arc_capacity ? p->arc_capacity * 2 : 256;
		p->arcs = xrealloc(p->arcs, p->arc_capacity * sizeof(*p->arcs));
	}
	p->arcs[p->arc_count] = (struct raw_arc){ from_pc, self_pc, count };
	p->arc_hash[h] = (uint32_t)++p->arc_count;
}

static void block_hash_rebuild(struct profile *p, size_t size)
{
	size_t i;

	free(p->block_hash);
	p->block_hash = xcalloc(size, sizeof(uint32_t));
	p->block_hash_size = size;
	for (i = 0; i < p->block_count; i++) {
		size_t h = hash_pair(p->blocks[i].address, 0) & (size - 1);

		while (p->block_hash[h])
			h = (h + 1) & (size - 1);
		p->block_hash[h] = (uint32_t)(i + 1);
	}
}

static void profile_add_block(struct profile *p, uint64_t address, uint64_t count)
{
	size_t h;

	if ((p->block_count + 1) * 2 > p->block_hash_size)
		block_hash_rebuild(p, p->block_hash_size ? p->block_hash_size * 2 : 256);
	h = hash_pair(address, 0) & (p->block_hash_size - 1);
	while (p->block_hash[h]) {
		struct bb_count *b = &p->blocks[p->block_hash[h] - 1];

		if (b->address == address) {
			b->count = add_saturating(b->count, count);
			return;
		}
		h = (h + 1) & (p->block_hash_size - 1);
	}
	if (p->block_count == p->block_capacity) {
		p->block_capacity = p->block_capacity ? p->block_capacity * 2 : 64;
		p->blocks = xrealloc(p->blocks, p->block_capacity * sizeof(*p->blocks));
	}
	p->blocks[p->block_count] = (struct bb_count){ address, count };
	p->block_hash[h] = (uint32_t)++p->block_count;
}

void profile_reset(struct profile *p)
{
	unsigned i;

	free(p->arcs);
	free(p->arc_hash);
	free(p->blocks);
	free(p->block_hash);
	memset(p, 0, sizeof(*p));
	for (i = 0; i < histograms.count; i++)
		free(histograms.records[i].bins);
	free(histograms.records);
	memset(&histograms, 0, sizeof(histograms));
	strcpy(histograms.dimension, "seconds");
	histograms.dimension_abbrev = 's';
}

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

/* ------------------------------------------------------------ histograms */

static struct histogram *find_histogram(uint64_t low, uint64_t high)
{
	unsigned i;

	for (i = 0; i < histograms.count; i++)
		if (histograms.records[i].low_pc == low && histograms.records[i].high_pc == high)
			return &histograms.records[i];
	return NULL;
}

static bool overlaps_a_histogram(uint64_t low, uint64_t high)
{
	unsigned i;

	for (i = 0; i < histograms.count; i++) {
		uint64_t lo = histograms.records[i].low_pc > low ? histograms.records[i].low_pc : low;
		uint64_t hi = histograms.records[i].high_pc < high ? histograms.records[i].high_pc : high;

		if (lo < hi)
			return true;
	}
	return false;
}

/* Check a histogram's geometry against those already read and find (or
 * create) the record its bins are added to. */
static bool histogram_merge_target(struct reader *r, uint64_t low, uint64_t high,
				   uint32_t bins, unsigned rate, const char *dimension,
				   char abbrev, struct histogram **out)
{
	double scale;
	struct histogram *h;

	if (bins == 0)
		return failf(r, "histogram record has no bins");
	if (low >= high)
		return failf(r, "histogram range 0x%llx-0x%llx is empty or reversed",
			     (unsigned long long)low, (unsigned long long)high);
	scale = (double)((high - low) / 2) / bins;
	if (histograms.count == 0) {
		histograms.rate = rate;
		memcpy(histograms.dimension, dimension, 15);
		histograms.dimension[15] = '\0';
		histograms.dimension_abbrev = abbrev;
		histograms.scale = scale;
	} else {
		if (strncmp(dimension, histograms.dimension, 15) != 0)
			return failf(r, "histogram dimension '%.15s' differs from '%s' in the first file",
				     dimension, histograms.dimension);
		if (abbrev != histograms.dimension_abbrev)
			return failf(r, "histogram dimension abbreviation '%c' differs from '%c' in the first file",
				     abbrev, histograms.dimension_abbrev);
		if (fabs(histograms.scale - scale) > 0.000001)
			return failf(r, "histogram resolution (%g bytes per bin) differs from the first file's (%g)",
				     2 * scale, 2 * histograms.scale);
	}
	h = find_histogram(low, high);
	if (h == NULL) {
		if (overlaps_a_histogram(low, high))
			return failf(r, "histogram range 0x%llx-0x%llx overlaps an earlier one without matching it",
				     (unsigned long long)low, (unsigned long long)high);
		histograms.records = xrealloc(histograms.records,
					      (histograms.count + 1) * sizeof(struct histogram));
		h = &histograms.records[histograms.count++];
		h->low_pc = low;
		h->high_pc = high;
		h->bin_count = bins;
		h->bins = xcalloc(bins, sizeof(uint64_t));
	} else if (h->bin_count != bins) {
		return failf(r, "histogram over 0x%llx-0x%llx has %u bins, the first file's has %u",
			     (unsigned long long)low, (unsigned long long)high, bins, h->bin_count);
	}
	*out = h;
	return true;
}

static void add_bins(struct reader *r, struct histogram *h)
{
	uint32_t i;

	for (i = 0; i < h->bin_count; i++)
		h->bins[i] += take(r, 2);
}

/* ------------------------------------------------------------ GNU format */

static bool read_gnu(struct reader *r, struct profile *p, struct profile_file_info *info)
{
	const int a = r->address_size;
	uint32_t version = (uint32_t)get_uint(r, GMON_MAGIC_SIZE, 4);

	if (version != GMON_VERSION && version != 0) {
		/* a file written on a machine of the other byte order */
		r->big_endian = !r->big_endian;
		version = (uint32_t)get_uint(r, GMON_MAGIC_SIZE, 4);
		if (version != GMON_VERSION && version != 0) {
			r->big_endian = !r->big_endian;
			return failf(r, "unsupported gmon.out version %u",
				     (unsigned)get_uint(r, GMON_MAGIC_SIZE, 4));
		}
	}
	info->version = (int)version;
	r->pos = GMON_HEADER_SIZE;
	while (r->pos < r->size) {
		size_t at = r->pos;
		int tag = r->data[r->pos++];

		switch (tag) {
		case GMON_TAG_TIME_HIST: {
			uint64_t low, high;
			uint32_t bins;
			unsigned rate;
			char dimension[16];
			char abbrev;
			struct histogram *h;

			if (remaining(r) < (size_t)GMON_HIST_HEADER_SIZE(a))
				return failf(r, "truncated histogram record at offset %zu", at);
			low = take(r, a);
			high = take(r, a);
			bins = (uint32_t)take(r, 4);
			rate = (unsigned)take(r, 4);
			memcpy(dimension, r->data + r->pos, 15);
			dimension[15] = '\0';
			r->pos += 15;
			abbrev = (char)r->data[r->pos++];
			if ((uint64_t)bins * 2 > remaining(r))
				return failf(r, "histogram record at offset %zu declares %u bins (%llu bytes) but only %zu bytes remain",
					     at, bins, (unsigned long long)bins * 2, remaining(r));
			if (!histogram_merge_target(r, low, high, bins, rate, dimension, abbrev, &h))
				return false;
			add_bins(r, h);
			info->histogram_records++;
			p->input |= INPUT_HISTOGRAM;
			break;
		}
		case GMON_TAG_CG_ARC: {
			uint64_t from, self;
			uint32_t count;

			if (remaining(r) < (size_t)GMON_ARC_RECORD_SIZE(a))
				return failf(r, "truncated call-graph record at offset %zu", at);
			from = take(r, a);
			self = take(r, a);
			count = (uint32_t)take(r, 4);
			profile_add_arc(p, from, self, count);
			info->arc_records++;
			p->input |= INPUT_CALL_GRAPH;
			break;
		}
		case GMON_TAG_BB_COUNT: {
			uint32_t n, i;

			if (remaining(r) < 4)
				return failf(r, "truncated basic-block record at offset %zu", at);
			n = (uint32_t)take(r, 4);
			if ((uint64_t)n * 2 * (uint64_t)a > remaining(r))
				return failf(r, "basic-block record at offset %zu declares %u blocks but only %zu bytes remain",
					     at, n, remaining(r));
			for (i = 0; i < n; i++) {
				uint64_t address = take(r, a);
				uint64_t count = take(r, a);

				profile_add_block(p, address, count);
			}
			info->bb_records++;
			p->input |= INPUT_BB_COUNTS;
			break;
		}
		default:
			return failf(r, "unknown record tag %d at offset %zu (file corrupted?)", tag, at);
		}
	}
	return true;
}

/* ------------------------------------------------------------ BSD formats */

static bool read_bsd(struct reader *r, enum file_format format, struct profile *p,
		     struct profile_file_info *info)
{
	const int a = r->address_size;
	uint64_t low, high, count;
	uint32_t byte_count, version;
	size_t header_size, hist_bytes;
	uint32_t bins;
	struct histogram *h;
	unsigned rate;

	if (r->size < (size_t)(2 * a + 8))
		return failf(r, "file too short to be a profile (%zu bytes)", r->size);
	low = take(r, a);
	high = take(r, a);
	byte_count = (uint32_t)take(r, 4);
	version = (uint32_t)take(r, 4);
	if (version == GMON_BSD44_VERSION) {
		if (r->size < (size_t)GMON_BSD44_HEADER_SIZE(a))
			return failf(r, "truncated 4.4BSD header");
		rate = (unsigned)take(r, 4);
		header_size = (size_t)GMON_BSD44_HEADER_SIZE(a);
		if (histograms.count && histograms.rate != rate)
			return failf(r, "profiling rate %u differs from the first file's %u", rate,
				     histograms.rate);
	} else {
		if (format == FORMAT_BSD44)
			return failf(r, "not a 4.4BSD profile (bad version)");
		if (format == FORMAT_AUTO && memcmp(r->data, "\177ELF", 4) == 0)
			return failf(r, "is an executable, not a profile data file");
		header_size = (size_t)GMON_OLDBSD_HEADER_SIZE(a);
		rate = histograms.count ? histograms.rate : profile_default_hz();
	}
	if (byte_count < header_size)
		return failf(r, "not a profile data file (no GNU magic, and the BSD header's size field %u is smaller than the header)",
			     byte_count);
	hist_bytes = byte_count - header_size;
	if (hist_bytes > r->size - header_size)
		return failf(r, "histogram declares %zu bytes but only %zu bytes follow the header",
			     hist_bytes, r->size - header_size);
	if (low > high)
		return failf(r, "not a profile data file (histogram range 0x%llx-0x%llx is reversed)",
			     (unsigned long long)low, (unsigned long long)high);
	bins = (uint32_t)(hist_bytes / 2);
	r->pos = header_size;
	if (bins) {
		if (histograms.count &&
		    (histograms.records[0].low_pc != low || histograms.records[0].high_pc != high ||
		     histograms.records[0].bin_count != bins))
			return failf(r, "histogram differs from the first file's (range or size)");
		if (!histogram_merge_target(r, low, high, bins, rate, "seconds", 's', &h))
			return false;
		add_bins(r, h);
		info->histogram_records++;
	}
	r->pos = header_size + hist_bytes;
	p->input |= INPUT_HISTOGRAM | INPUT_CALL_GRAPH;
	if (remaining(r) % (size_t)(3 * a) != 0)
		return failf(r, "truncated call-graph record at offset %zu",
			     r->pos + remaining(r) / (size_t)(3 * a) * (size_t)(3 * a));
	while (remaining(r) >= (size_t)(3 * a)) {
		uint64_t from = take(r, a);
		uint64_t self = take(r, a);

		count = take(r, a);
		profile_add_arc(p, from, self, count);
		info->arc_records++;
	}
	return true;
}

/* ------------------------------------------------------------ entry points */

bool profile_read_buffer(const char *name, const unsigned char *data, size_t size,
			 const struct target *t, enum file_format format, struct profile *p,
			 struct profile_file_info *info, char *err, size_t err_size)
{
	struct reader r = { name, data, size, 0, t->address_size, t->big_endian, err, err_size };
	bool magic;

	memset(info, 0, sizeof(*info));
	if (size == 0)
		return failf(&r, "empty file, not a profile");
	if (size < GMON_HEADER_SIZE)
		return failf(&r, "file too short to be a profile (%zu bytes)", size);
	magic = memcmp(data, GMON_MAGIC, GMON_MAGIC_SIZE) == 0;
	if (format == FORMAT_MAGIC || (format == FORMAT_AUTO && magic)) {
		if (!magic)
			return failf(&r, "bad magic: not a GNU gmon.out file");
		return read_gnu(&r, p, info);
	}
	if (format == FORMAT_PROF)
		return failf(&r, "the 'prof' file format is not supported");
	return read_bsd(&r, format, p, info);
}

bool profile_read(const char *path, const struct target *t, enum file_format format,
		  struct profile *p, struct profile_file_info *info, char *err, size_t err_size)
{
	int fd;
	struct stat st;
	unsigned char *data = NULL;
	size_t size = 0, capacity = 0;
	bool ok;

	if (strcmp(path, "-") == 0) {
		fd = 0;
	} else {
		fd = open(path, O_RDONLY);
		if (fd < 0) {
			snprintf(err, err_size, "%s: %s", path, strerror(errno));
			return false;
		}
	}
	if (fstat(fd, &st) != 0) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		goto fail;
	}
	if (S_ISDIR(st.st_mode)) {
		snprintf(err, err_size, "%s: is a directory, not a profile data file", path);
		goto fail;
	}
	if (S_ISREG(st.st_mode)) {
		capacity = (size_t)st.st_size + 1;
		data = xmalloc(capacity);
	}
	for (;;) {
		ssize_t n;

		if (size == capacity) {
			capacity = capacity ? capacity * 2 : 65536;
			data = xrealloc(data, capacity);
		}
		n = read(fd, data + size, capacity - size);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			snprintf(err, err_size, "%s: %s", path, strerror(errno));
			goto fail;
		}
		if (n == 0)
			break;
		size += (size_t)n;
	}
	if (fd != 0)
		close(fd);
	ok = profile_read_buffer(path, data, size, t, format, p, info, err, err_size);
	free(data);
	return ok;
fail:
	if (fd != 0)
		close(fd);
	free(data);
	return false;
}

/* ------------------------------------------------------------ writing */

struct writer {
	unsigned char *data;
	size_t size, capacity;
	bool big_endian;
};

static void put_uint(struct writer *w, uint64_t v, int bytes)
{
	int i;

	if (w->size + (size_t)bytes > w->capacity) {
		w->capacity = w->capacity ? w->capacity * 2 : 65536;
		w->data = xrealloc(w->data, w->capacity);
	}
	for (i = 0; i < bytes; i++) {
		int shift = w->big_endian ? (bytes - 1 - i) * 8 : i * 8;

		w->data[w->size++] = (unsigned char)(v >> shift);
	}
}

static void put_bytes(struct writer *w, const void *bytes, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		put_uint(w, ((const unsigned char *)bytes)[i], 1);
}

/* Bins are 16 bits in the file: a sum that doesn't fit saturates. */
static void put_bin(struct writer *w, uint64_t v)
{
	put_uint(w, v > 0xffff ? 0xffff : v, 2);
}

static void encode_gnu(struct writer *w, const struct target *t, const struct profile *p)
{
	const int a = t->address_size;
	unsigned i;
	size_t k;

	put_bytes(w, GMON_MAGIC, 4);
	put_uint(w, GMON_VERSION, 4);
	put_uint(w, 0, 4);
	put_uint(w, 0, 4);
	put_uint(w, 0, 4);
	if (p->input & INPUT_HISTOGRAM) {
		for (i = 0; i < histograms.count; i++) {
			const struct histogram *h = &histograms.records[i];
			uint32_t b;

			put_uint(w, GMON_TAG_TIME_HIST, 1);
			put_uint(w, h->low_pc, a);
			put_uint(w, h->high_pc, a);
			put_uint(w, h->bin_count, 4);
			put_uint(w, histograms.rate, 4);
			put_bytes(w, histograms.dimension, 15);
			put_uint(w, (unsigned char)histograms.dimension_abbrev, 1);
			for (b = 0; b < h->bin_count; b++)
				put_bin(w, h->bins[b]);
		}
	}
	if (p->input & INPUT_CALL_GRAPH) {
		for (k = 0; k < p->arc_count; k++) {
			uint64_t left = p->arcs[k].count;

			/* counts are 32 bits in the file: a larger sum is
			 * written as several records, which readers add up */
			do {
				uint64_t part = left > 0xffffffffu ? 0xffffffffu : left;

				put_uint(w, GMON_TAG_CG_ARC, 1);
				put_uint(w, p->arcs[k].from_pc, a);
				put_uint(w, p->arcs[k].self_pc, a);
				put_uint(w, part, 4);
				left -= part;
			} while (left);
		}
	}
	if ((p->input & INPUT_BB_COUNTS) && p->block_count) {
		put_uint(w, GMON_TAG_BB_COUNT, 1);
		put_uint(w, p->block_count, 4);
		for (k = 0; k < p->block_count; k++) {
			put_uint(w, p->blocks[k].address, a);
			put_uint(w, p->blocks[k].count, a);
		}
	}
}

static void encode_bsd(struct writer *w, const struct target *t, enum file_format format,
		       const struct profile *p)
{
	const int a = t->address_size;
	const struct histogram *h = histograms.count ? &histograms.records[0] : NULL;
	bool bsd44 = format == FORMAT_BSD44 || histograms.rate != profile_default_hz();
	size_t header = bsd44 ? (size_t)GMON_BSD44_HEADER_SIZE(a) : (size_t)GMON_OLDBSD_HEADER_SIZE(a);
	uint32_t bins = h ? h->bin_count : 0;
	uint32_t b;
	size_t k;

	put_uint(w, h ? h->low_pc : 0, a);
	put_uint(w, h ? h->high_pc : 0, a);
	put_uint(w, bins * 2 + header, 4);
	if (bsd44) {
		put_uint(w, GMON_BSD44_VERSION, 4);
		put_uint(w, histograms.rate, 4);
		put_uint(w, 0, 4);
		put_uint(w, 0, 4);
		put_uint(w, 0, 4);
	}
	while (w->size < header)
		put_uint(w, 0, 1);
	for (b = 0; b < bins; b++)
		put_bin(w, h->bins[b]);
	for (k = 0; k < p->arc_count; k++) {
		put_uint(w, p->arcs[k].from_pc, a);
		put_uint(w, p->arcs[k].self_pc, a);
		put_uint(w, a == 4 && p->arcs[k].count > 0xffffffffu ? 0xffffffffu : p->arcs[k].count, a);
	}
}

bool profile_write(const char *path, const struct target *t, enum file_format format,
		   const struct profile *p, char *err, size_t err_size)
{
	struct writer w = { NULL, 0, 0, t->big_endian };
	char *tmp;
	const char *slash = strrchr(path, '/');
	size_t dir_len = slash ? (size_t)(slash - path) + 1 : 0;
	int fd;
	size_t done = 0;

	if (format == FORMAT_BSD || format == FORMAT_BSD44)
		encode_bsd(&w, t, format, p);
	else
		encode_gnu(&w, t, p);

	tmp = xmalloc(dir_len + 32);
	memcpy(tmp, path, dir_len);
	strcpy(tmp + dir_len, ".gmon.sum.XXXXXX");
	fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(err, err_size, "%s: cannot create a temporary file in %s: %s", path,
			 dir_len ? "its directory" : "the current directory", strerror(errno));
		goto fail;
	}
	while (done < w.size) {
		ssize_t n = write(fd, w.data + done, w.size - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			snprintf(err, err_size, "%s: write failed: %s", path,
				 n < 0 ? strerror(errno) : "no space written");
			close(fd);
			unlink(tmp);
			goto fail;
		}
		done += (size_t)n;
	}
	if (fchmod(fd, 0644) != 0 || close(fd) != 0) {
		snprintf(err, err_size, "%s: write failed: %s", path, strerror(errno));
		unlink(tmp);
		goto fail;
	}
	if (rename(tmp, path) != 0) {
		snprintf(err, err_size, "%s: cannot replace: %s", path, strerror(errno));
		unlink(tmp);
		goto fail;
	}
	free(tmp);
	free(w.data);
	return true;
fail:
	free(tmp);
	free(w.data);
	return false;
}
