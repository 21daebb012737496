/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * profile.c: read profile files in the GNU format (either byte order) and
 * the old BSD and 4.4BSD formats; sum them; write gmon.sum.
 *
 * A file is read through a bounded window, never whole (a 3 GB file costs
 * what its records add to the profile, and a file of garbage is refused at
 * its first bad header), and every record is checked against the bytes
 * that remain before it is trusted, so a hostile file can neither make us
 * read past its end nor allocate much more than its own size.  The layouts
 * are described in doc/format.md.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "gmon_out.h"
#include "core/outfile.h"
#include "gmon/profile.h"
#include "core/util.h"

/* The arc and block hashes hold an index + 1 in 32 bits. */
size_t profile_max_arcs = UINT32_MAX - 1;
size_t profile_max_blocks = UINT32_MAX - 1;
unsigned profile_max_histograms = 65536;


/*
 * A cursor over one file's bytes, and what it showed about the file.
 *
 * The bytes are either all in memory (profile_read_buffer) or read from a
 * descriptor through a window of READ_WINDOW bytes (profile_read), so that
 * reading never holds the whole file: memory is what the records add to
 * the profile, whatever the file's size.  data[] holds the file's bytes
 * [base, base + filled); pos is the cursor, an offset in the file, never
 * below base.  fill() makes the next bytes available, sliding the window;
 * the window grows past READ_WINDOW only for a record whose length the
 * file's size cannot vouch for beforehand (a pipe), so a pipe costs at
 * most its largest record.
 *
 * size is the file's size when size_known: from the start for a regular
 * file or a buffer (every record is checked against it before anything
 * is allocated for it), for a pipe once its end has been reached; the
 * messages that quote it are printed only then.
 */
#define READ_WINDOW (256 * 1024)

struct reader {
	struct profile_data *p;      /* what the file adds to */
	const char *name;
	int fd;                      /* -1: all the bytes are in data */
	const unsigned char *data;   /* the bytes [base, base + filled) */
	unsigned char *window;       /* owned: data when fd >= 0 */
	size_t base, filled, capacity;
	size_t pos;
	size_t size;
	bool size_known;
	bool io_failed;              /* err already says why */
	off_t origin;                /* a regular file: where byte 0 is (pread) */
	/* re-reading a summed file for its arcs only (see "streamed sums"):
	 * histograms and blocks are skipped, arcs handed to arc_fn */
	bool arcs_only;
	void (*arc_fn)(void *ctx, uint64_t from_pc, uint64_t self_pc, uint64_t count);
	void *arc_ctx;
	uint64_t arcs_left;          /* arcs_only: stop after this many */
	bool stop;
	int address_size;
	bool big_endian;
	enum file_format format;
	char *err;
	size_t err_size;

	/* evidence for profile_file_info.warning */
	unsigned histograms_seen, histograms_fitting;
	uint64_t first_low, first_high; /* first histogram range seen */
	size_t arcs_seen, arcs_touching_code;
};

static bool failf(struct reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static bool failf(struct reader *r, const char *fmt, ...)
{
	va_list ap;
	int n;

	/* a read error or a shrinking file said so first: keep that */
	if (r->io_failed)
		return false;
	n = snprintf(r->err, r->err_size, "%s: ", r->name);
	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < r->err_size) {
		char *c;

		vsnprintf(r->err + n, r->err_size - (size_t)n, fmt, ap);
		/* the message may quote the file's bytes (a dimension name):
		 * keep it one line, free of terminal controls (found by
		 * tests/fuzz) */
		for (c = r->err + n; *c; c++)
			if ((unsigned char)*c < 0x20 || *c == 0x7f)
				*c = '?';
	}
	va_end(ap);
	return false;
}

/* The file's bytes that the cursor has not passed: only once size_known. */
static size_t remaining(const struct reader *r)
{
	return r->size - r->pos;
}

/*
 * Make the n bytes at the cursor available in data[].  False when the
 * file ends first (size is then known), or on a read error (err says so).
 * For a regular file, whose size is known, nothing is read for a request
 * that its size cannot meet.
 */
static bool fill(struct reader *r, size_t n)
{
	size_t have;

	if (n <= r->filled - (r->pos - r->base))
		return true;
	if (r->fd < 0 || r->io_failed)
		return false;
	if (r->size_known && n > remaining(r))
		return false;
	/* slide what is left to the front, then read behind it */
	have = r->base + r->filled - r->pos;
	if (n > r->capacity) {
		unsigned char *bigger;

		r->capacity = n > READ_WINDOW ? n : READ_WINDOW;
		bigger = xmalloc(r->capacity);
		if (have)
			memcpy(bigger, r->window + (r->pos - r->base), have);
		free(r->window);
		r->window = bigger;
	} else if (have) {
		memmove(r->window, r->window + (r->pos - r->base), have);
	}
	r->data = r->window;
	r->base = r->pos;
	r->filled = have;
	while (r->filled < n) {
		size_t want = r->capacity - r->filled;
		ssize_t got;

		/* a regular file is read as it was when opened: whatever is
		 * appended meanwhile is not part of it */
		if (r->size_known && want > r->size - (r->base + r->filled))
			want = r->size - (r->base + r->filled);
		if (r->size_known)
			got = pread(r->fd, r->window + r->filled, want,
				    r->origin + (off_t)(r->base + r->filled));
		else
			got = read(r->fd, r->window + r->filled, want);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			snprintf(r->err, r->err_size, "%s: %s", r->name, strerror(errno));
			r->io_failed = true;
			return false;
		}
		if (got == 0) {
			if (r->size_known) {
				snprintf(r->err, r->err_size,
					 "%s: the file shrank while it was read (%zu bytes, %zu when opened)",
					 r->name, r->base + r->filled, r->size);
				r->io_failed = true;
				return false;
			}
			r->size = r->base + r->filled;
			r->size_known = true;
			return false;
		}
		r->filled += (size_t)got;
	}
	return true;
}

/* Are there n more bytes?  Answered from the size when it is known,
 * without reading them; a pipe reads ahead to find out. */
static bool available(struct reader *r, uint64_t n)
{
	if (r->size_known)
		return n <= remaining(r);
	if (n > SIZE_MAX - r->pos)
		return false;
	return fill(r, (size_t)n);
}

/* Pass n bytes that available() has vouched for, reading only what a pipe
 * makes us read. */
static bool skip(struct reader *r, uint64_t n)
{
	size_t in_window = r->filled - (r->pos - r->base);

	if (n <= in_window) {
		r->pos += (size_t)n;
		return true;
	}
	if (r->fd >= 0 && r->size_known) {
		r->pos += (size_t)n;
		r->base = r->pos;
		r->filled = 0;
		return true;
	}
	return fill(r, (size_t)n) && (r->pos += (size_t)n, true);
}

/* The unsigned number of this many bytes at offset at, which is in data[]. */
static uint64_t get_uint(const struct reader *r, size_t at, int bytes)
{
	const unsigned char *b = r->data + (at - r->base);
	uint64_t v = 0;
	int i;

	if (r->big_endian)
		for (i = 0; i < bytes; i++)
			v = (v << 8) | b[i];
	else
		for (i = bytes - 1; i >= 0; i--)
			v = (v << 8) | b[i];
	return v;
}

/* Callers have filled the bytes. */
static uint64_t take(struct reader *r, int bytes)
{
	uint64_t v = get_uint(r, r->pos, bytes);

	r->pos += (size_t)bytes;
	return v;
}

void profile_set_code_range(struct profile_data *p, uint64_t low, uint64_t high)
{
	p->code_low = low;
	p->code_high = high;
	p->code_known = low < high;
}

/* ------------------------------------------------------------ accumulation */

static size_t hash_pair(uint64_t a, uint64_t b)
{
	uint64_t h = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;

	return (size_t)(h ^ (h >> 29));
}

/*
 * The arcs kept when there is no arc_sink (-s writes them out again):
 * every distinct (call site, callee), in the order first seen, with its
 * summed count.  A merged profile of a large program can hold ten
 * million call sites (a library's calls into the program's callbacks, or
 * a program of many functions), so an arc costs 16 bytes and about 8 of
 * hash, where the plain triple with a doubling array and a hash at load
 * 1/2 cost 40 to 64:
 *   callees[]  the distinct callee addresses (few: the functions), each
 *              found through callee_hash; an arc holds its index;
 *   chunks[]   arcs in blocks of ARC_CHUNK that never move (growing
 *              never copies them); a count that outgrows 32 bits keeps
 *              its high half in its chunk's count_high[], allocated the
 *              first time one does (a GNU record's count is 32 bits, so
 *              only sums and BSD files get there);
 *   hash       open addressing over arc index + 1, load at most 3/4.
 * Owned by struct profile_data (its arcs), freed by profile_reset.
 */
#define ARC_CHUNK_SHIFT 16
#define ARC_CHUNK ((size_t)1 << ARC_CHUNK_SHIFT)

struct kept_arc {
	uint64_t from_pc;
	uint32_t callee;    /* index into callees[] */
	uint32_t count_low;
};

struct arc_chunk {
	struct kept_arc arcs[ARC_CHUNK];
	uint32_t *count_high; /* NULL while every count here fits 32 bits */
};

struct profile_arcs {
	struct arc_chunk **chunks;
	size_t chunk_count, chunk_capacity;
	size_t count;
	uint32_t *hash;
	size_t hash_size;
	uint64_t *callees;
	uint32_t callee_count, callee_capacity;
	uint32_t *callee_hash; /* index + 1 */
	size_t callee_hash_size;
	struct arc_stream *stream; /* while the arcs are streamed: see there */
	bool over_limit;           /* materializing found too many */
};

struct arc_stream;
static void stream_add(struct arc_stream *s, uint64_t from, uint64_t self, uint64_t count);
static void stream_free(struct arc_stream *s);
static bool stream_crowded(const struct arc_stream *s);
static bool stream_each(struct arc_stream *s, bool reading,
			void (*fn)(void *ctx, uint64_t from_pc, uint64_t self_pc, uint64_t count),
			void *ctx, char *err, size_t err_size);
static bool materialize(struct profile_data *p, bool reading, char *err, size_t err_size);
static bool stream_wanted(const struct profile_data *p, const struct target *t, size_t size);
static bool stream_begin_file(struct profile_data *p, const char *name, int fd, off_t origin,
			      size_t size, const struct stat *st, const struct target *t,
			      enum file_format format);

static struct arc_chunk *arc_chunk_of(const struct profile_arcs *t, size_t i)
{
	return t->chunks[i >> ARC_CHUNK_SHIFT];
}

static uint64_t kept_count(const struct arc_chunk *c, size_t slot)
{
	uint64_t high = c->count_high ? c->count_high[slot] : 0;

	return high << 32 | c->arcs[slot].count_low;
}

static void set_kept_count(struct arc_chunk *c, size_t slot, uint64_t count)
{
	c->arcs[slot].count_low = (uint32_t)count;
	if ((count >> 32) && c->count_high == NULL)
		c->count_high = xcalloc(ARC_CHUNK, sizeof(uint32_t));
	if (c->count_high)
		c->count_high[slot] = (uint32_t)(count >> 32);
}

static void callee_hash_rebuild(struct profile_arcs *t, size_t size)
{
	uint32_t i;

	free(t->callee_hash);
	t->callee_hash = xcalloc(size, sizeof(uint32_t));
	t->callee_hash_size = size;
	for (i = 0; i < t->callee_count; i++) {
		size_t h = hash_pair(t->callees[i], 0) & (size - 1);

		while (t->callee_hash[h])
			h = (h + 1) & (size - 1);
		t->callee_hash[h] = i + 1;
	}
}

/* The index of the callee at pc, added if new.  There are never more
 * callees than arcs, so the index fits 32 bits. */
static uint32_t callee_index(struct profile_arcs *t, uint64_t pc)
{
	size_t h;

	if (((size_t)t->callee_count + 1) * 4 > t->callee_hash_size * 3)
		callee_hash_rebuild(t, t->callee_hash_size ? t->callee_hash_size * 2 : 256);
	h = hash_pair(pc, 0) & (t->callee_hash_size - 1);
	while (t->callee_hash[h]) {
		uint32_t i = t->callee_hash[h] - 1;

		if (t->callees[i] == pc)
			return i;
		h = (h + 1) & (t->callee_hash_size - 1);
	}
	if (t->callee_count == t->callee_capacity) {
		t->callee_capacity = t->callee_capacity ? t->callee_capacity * 2 : 64;
		t->callees = xrealloc(t->callees, t->callee_capacity * sizeof(*t->callees));
	}
	t->callees[t->callee_count] = pc;
	t->callee_hash[h] = ++t->callee_count;
	return t->callee_count - 1;
}

static void arc_hash_rebuild(struct profile_arcs *t, size_t size)
{
	size_t i;

	free(t->hash);
	t->hash = xcalloc(size, sizeof(uint32_t));
	t->hash_size = size;
	for (i = 0; i < t->count; i++) {
		const struct kept_arc *a = &arc_chunk_of(t, i)->arcs[i & (ARC_CHUNK - 1)];
		size_t h = hash_pair(a->from_pc, a->callee) & (size - 1);

		while (t->hash[h])
			h = (h + 1) & (size - 1);
		t->hash[h] = (uint32_t)(i + 1);
	}
}

static uint64_t add_saturating(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

/* Add count to the kept arc (from_pc, self_pc), creating it at the end.
 * False when a new arc would exceed profile_max_arcs. */
static bool kept_arc_add(struct profile_arcs *t, uint64_t from_pc, uint64_t self_pc,
			 uint64_t count)
{
	struct arc_chunk *c;
	uint32_t callee;
	size_t h, slot;

	callee = callee_index(t, self_pc);
	if ((t->count + 1) * 4 > t->hash_size * 3)
		arc_hash_rebuild(t, t->hash_size ? t->hash_size * 2 : 1024);
	h = hash_pair(from_pc, callee) & (t->hash_size - 1);
	while (t->hash[h]) {
		size_t i = t->hash[h] - 1;

		c = arc_chunk_of(t, i);
		slot = i & (ARC_CHUNK - 1);
		if (c->arcs[slot].from_pc == from_pc && c->arcs[slot].callee == callee) {
			set_kept_count(c, slot, add_saturating(kept_count(c, slot), count));
			return true;
		}
		h = (h + 1) & (t->hash_size - 1);
	}
	if (t->count >= profile_max_arcs)
		return false;
	if ((t->count >> ARC_CHUNK_SHIFT) == t->chunk_count) {
		if (t->chunk_count == t->chunk_capacity) {
			t->chunk_capacity = t->chunk_capacity ? t->chunk_capacity * 2 : 16;
			t->chunks = xrealloc(t->chunks, t->chunk_capacity * sizeof(*t->chunks));
		}
		c = xmalloc(sizeof(*c));
		c->count_high = NULL;
		t->chunks[t->chunk_count++] = c;
	}
	c = arc_chunk_of(t, t->count);
	slot = t->count & (ARC_CHUNK - 1);
	c->arcs[slot] = (struct kept_arc){ .from_pc = from_pc, .callee = callee };
	set_kept_count(c, slot, count);
	t->hash[h] = (uint32_t)++t->count;
	return true;
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
	return kept_arc_add(p->arcs, from_pc, self_pc, count);
}

/* A streamed profile's arcs, brought into memory for random access. */
static void materialize_or_die(const struct profile_data *p)
{
	char err[1024];

	if (p->arcs && p->arcs->stream &&
	    !materialize((struct profile_data *)p, false, err, sizeof(err)))
		fatal("%s", err);
}

size_t profile_arc_count(const struct profile_data *p)
{
	materialize_or_die(p);
	return p->arcs ? p->arcs->count : 0;
}

struct raw_arc profile_arc(const struct profile_data *p, size_t k)
{
	const struct arc_chunk *c;
	size_t slot;

	materialize_or_die(p);
	c = arc_chunk_of(p->arcs, k);
	slot = k & (ARC_CHUNK - 1);
	return (struct raw_arc){ .from_pc = c->arcs[slot].from_pc,
				 .self_pc = p->arcs->callees[c->arcs[slot].callee],
				 .count = kept_count(c, slot) };
}

/* Every arc, merged, in the order first seen: from memory, or read again
 * from the files when streamed.  False (err says why) when a streamed
 * file changed meanwhile. */
static bool arcs_each(const struct profile_data *p,
		      void (*fn)(void *ctx, uint64_t from_pc, uint64_t self_pc, uint64_t count),
		      void *ctx, char *err, size_t err_size)
{
	size_t k;

	if (p->arcs == NULL)
		return true;
	if (p->arcs->stream)
		return stream_each(p->arcs->stream, false, fn, ctx, err, err_size);
	for (k = 0; k < p->arcs->count; k++) {
		const struct arc_chunk *c = arc_chunk_of(p->arcs, k);
		size_t slot = k & (ARC_CHUNK - 1);

		fn(ctx, c->arcs[slot].from_pc, p->arcs->callees[c->arcs[slot].callee],
		   kept_count(c, slot));
	}
	return true;
}

bool profile_arcs_streamed(const struct profile_data *p)
{
	return p->arcs && p->arcs->stream;
}

/* The arcs as gmon.sum gets them: in p->arc_write_order when set. */
static bool arcs_each_written(const struct profile_data *p,
			      void (*fn)(void *ctx, uint64_t from_pc, uint64_t self_pc,
					 uint64_t count),
			      void *ctx, char *err, size_t err_size)
{
	size_t k;

	if (p->arc_write_order == NULL || p->arcs == NULL || p->arcs->stream)
		return arcs_each(p, fn, ctx, err, err_size);
	for (k = 0; k < p->arcs->count; k++) {
		size_t i = p->arc_write_order[k];
		const struct arc_chunk *c;
		size_t slot = i & (ARC_CHUNK - 1);

		if (p->arc_write_order[k] == UINT32_MAX)
			continue; /* left out of the sum */
		c = arc_chunk_of(p->arcs, i);
		fn(ctx, c->arcs[slot].from_pc, p->arcs->callees[c->arcs[slot].callee],
		   kept_count(c, slot));
	}
	return true;
}

void profile_for_each_arc(const struct profile_data *p,
			  void (*fn)(void *context, uint64_t from_pc, uint64_t self_pc,
				     uint64_t count),
			  void *context)
{
	char err[1024];

	if (!arcs_each(p, fn, context, err, sizeof(err)))
		fatal("%s", err);
}

static void profile_arcs_free(struct profile_arcs *t)
{
	size_t i;

	if (t == NULL)
		return;
	stream_free(t->stream);
	for (i = 0; i < t->chunk_count; i++) {
		free(t->chunks[i]->count_high);
		free(t->chunks[i]);
	}
	free(t->chunks);
	free(t->hash);
	free(t->callees);
	free(t->callee_hash);
	free(t);
}

static void block_hash_rebuild(struct profile_data *p, size_t size)
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

static bool profile_add_block(struct profile_data *p, uint64_t address, uint64_t count)
{
	size_t h;

	if ((p->block_count + 1) * 2 > p->block_hash_size)
		block_hash_rebuild(p, p->block_hash_size ? p->block_hash_size * 2 : 256);
	h = hash_pair(address, 0) & (p->block_hash_size - 1);
	while (p->block_hash[h]) {
		struct bb_count *b = &p->blocks[p->block_hash[h] - 1];

		if (b->address == address) {
			b->count = add_saturating(b->count, count);
			return true;
		}
		h = (h + 1) & (p->block_hash_size - 1);
	}
	if (p->block_count >= profile_max_blocks)
		return false;
	if (p->block_count == p->block_capacity) {
		p->block_capacity = p->block_capacity ? p->block_capacity * 2 : 64;
		p->blocks = xrealloc(p->blocks, p->block_capacity * sizeof(*p->blocks));
	}
	p->blocks[p->block_count] = (struct bb_count){ address, count };
	p->block_hash[h] = (uint32_t)++p->block_count;
	return true;
}

void profile_reset(struct profile_data *p)
{
	uint64_t code_low = p->code_low, code_high = p->code_high;
	bool code_known = p->code_known;
	unsigned i;

	profile_arcs_free(p->arcs);
	free(p->blocks);
	free(p->block_hash);
	for (i = 0; i < p->histograms.count; i++)
		free(p->histograms.records[i].bins);
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

/* How many records start below high (the insertion point for a range
 * ending at high). */
static unsigned histograms_starting_below(const struct profile_data *p, uint64_t high)
{
	unsigned lo = 0, hi = p->histograms.count;

	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;

		if (p->histograms.records[p->histogram_order[mid]].low_pc < high)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Does the record fit the executable's code?  It must overlap it and not
 * reach past its end by more than rounding to a couple of bins explains. */
static bool histogram_fits_code(const struct profile_data *p, uint64_t low, uint64_t high,
				uint32_t bins)
{
	uint64_t slack = 2 * ((high - low) / bins + 1) + 64;

	return low < p->code_high && high > p->code_low &&
	       (high <= p->code_high || high - p->code_high <= slack);
}

/* Check a histogram's geometry against those already read and find (or
 * create) the record its bins are added to. */
static bool histogram_merge_target(struct reader *r, uint64_t low, uint64_t high, uint32_t bins,
				   unsigned rate, const char *dimension, char abbrev,
				   struct histogram **out)
{
	double scale;
	struct histogram *h;
	unsigned k;

	if (bins == 0)
		return failf(r, "histogram record has no bins");
	if (low >= high)
		return failf(r, "histogram range 0x%llx-0x%llx is empty or reversed",
			     (unsigned long long)low, (unsigned long long)high);
	if (r->histograms_seen++ == 0) {
		r->first_low = low;
		r->first_high = high;
	}
	if (r->p->code_known && histogram_fits_code(r->p, low, high, bins))
		r->histograms_fitting++;
	scale = (double)((high - low) / 2) / bins;
	if (r->p->histograms.count == 0) {
		r->p->histograms.rate = rate;
		/* dimension may be a short literal (BSD files have none) */
		memset(r->p->histograms.dimension, 0, sizeof(r->p->histograms.dimension));
		memcpy(r->p->histograms.dimension, dimension, strnlen(dimension, 15));
		r->p->histograms.dimension_abbrev = abbrev;
		r->p->histograms.scale = scale;
	} else {
		if (strncmp(dimension, r->p->histograms.dimension, 15) != 0)
			return failf(r, "histogram dimension '%.15s' differs from '%s' in the first file",
				     dimension, r->p->histograms.dimension);
		if (abbrev != r->p->histograms.dimension_abbrev)
			return failf(r, "histogram dimension abbreviation '%c' differs from '%c' in the first file",
				     isprint((unsigned char)abbrev) ? abbrev : '?',
				     isprint((unsigned char)r->p->histograms.dimension_abbrev)
					     ? r->p->histograms.dimension_abbrev : '?');
		if (fabs(r->p->histograms.scale - scale) > 0.000001)
			return failf(r, "histogram resolution (%g bytes per bin) differs from the first file's (%g)",
				     2 * scale, 2 * r->p->histograms.scale);
	}
	k = histograms_starting_below(r->p, high);
	if (k > 0) {
		h = &r->p->histograms.records[r->p->histogram_order[k - 1]];
		if (h->low_pc == low && h->high_pc == high) {
			if (h->bin_count != bins)
				return failf(r, "histogram over 0x%llx-0x%llx has %u bins, the first file's has %u",
					     (unsigned long long)low, (unsigned long long)high, bins,
					     h->bin_count);
			*out = h;
			return true;
		}
		if (h->high_pc > low)
			return failf(r, "histogram range 0x%llx-0x%llx overlaps 0x%llx-0x%llx without matching it",
				     (unsigned long long)low, (unsigned long long)high,
				     (unsigned long long)h->low_pc, (unsigned long long)h->high_pc);
	}
	if (r->p->histograms.count >= profile_max_histograms)
		return failf(r, "more than %u distinct histogram ranges", profile_max_histograms);
	if (r->p->histograms.count == r->p->histogram_capacity) {
		r->p->histogram_capacity = r->p->histogram_capacity ? r->p->histogram_capacity * 2 : 4;
		r->p->histograms.records = xrealloc(r->p->histograms.records,
					      r->p->histogram_capacity * sizeof(struct histogram));
		r->p->histogram_order = xrealloc(r->p->histogram_order, r->p->histogram_capacity * sizeof(unsigned));
	}
	memmove(r->p->histogram_order + k + 1, r->p->histogram_order + k,
		(r->p->histograms.count - k) * sizeof(unsigned));
	r->p->histogram_order[k] = r->p->histograms.count;
	h = &r->p->histograms.records[r->p->histograms.count++];
	h->low_pc = low;
	h->high_pc = high;
	h->bin_count = bins;
	h->bins = xcalloc(bins, sizeof(*h->bins));
	*out = h;
	return true;
}

/* The bins, which available() has vouched for, a window at a time. */
static bool add_bins(struct reader *r, struct histogram *h)
{
	uint32_t i = 0;

	while (i < h->bin_count) {
		uint32_t n = h->bin_count - i < READ_WINDOW / 2 ? h->bin_count - i : READ_WINDOW / 2;

		if (!fill(r, (size_t)n * 2))
			return failf(r, "truncated histogram record");
		/* summed in 32 bits, as GNU sums them, but saturating */
		for (; n; n--, i++) {
			uint32_t v = (uint32_t)take(r, 2);

			h->bins[i] = h->bins[i] > UINT32_MAX - v ? UINT32_MAX : h->bins[i] + v;
		}
	}
	return true;
}

static bool add_arc(struct reader *r, struct profile_data *p, uint64_t from, uint64_t self,
		    uint64_t count)
{
	if (r->arcs_only) {
		r->arc_fn(r->arc_ctx, from, self, count);
		if (--r->arcs_left == 0)
			r->stop = true;
		return true;
	}
	r->arcs_seen++;
	if (r->p->code_known && ((from >= r->p->code_low && from < r->p->code_high) ||
			   (self >= r->p->code_low && self < r->p->code_high)))
		r->arcs_touching_code++;
	if (!profile_add_arc(p, from, self, count))
		return failf(r, "more than %zu distinct call-graph arcs", profile_max_arcs);
	if (p->arcs && p->arcs->stream && stream_crowded(p->arcs->stream) &&
	    !materialize(p, true, r->err, r->err_size)) {
		r->io_failed = true;
		return false;
	}
	return true;
}

/* ------------------------------------------------------------ GNU format */

static bool read_gnu(struct reader *r, struct profile_data *p, struct profile_file_info *info)
{
	const int a = r->address_size;
	uint32_t version = (uint32_t)get_uint(r, GMON_MAGIC_SIZE, 4);

	if (version != GMON_VERSION && version != 0) {
		/* a file written on a machine of the other byte order */
		r->big_endian = !r->big_endian;
		version = (uint32_t)get_uint(r, GMON_MAGIC_SIZE, 4);
		if (version != GMON_VERSION) {
			r->big_endian = !r->big_endian;
			return failf(r, "unsupported gmon.out version %u",
				     (unsigned)get_uint(r, GMON_MAGIC_SIZE, 4));
		}
	}
	info->version = (int)version;
	r->pos = GMON_HEADER_SIZE;
	while (!r->stop && fill(r, 1)) {
		size_t at = r->pos;
		int tag = (int)take(r, 1);

		switch (tag) {
		case GMON_TAG_TIME_HIST: {
			uint64_t low, high;
			uint32_t bins;
			unsigned rate;
			char dimension[16];
			char abbrev;
			struct histogram *h;

			if (!fill(r, (size_t)GMON_HIST_HEADER_SIZE(a)))
				return failf(r, "truncated histogram record at offset %zu", at);
			low = take(r, a);
			high = take(r, a);
			bins = (uint32_t)take(r, 4);
			rate = (unsigned)take(r, 4);
			memcpy(dimension, r->data + (r->pos - r->base), 15);
			dimension[15] = '\0';
			r->pos += 15;
			abbrev = (char)take(r, 1);
			/* before anything is allocated for the bins */
			if (!available(r, (uint64_t)bins * 2))
				return failf(r, "histogram record at offset %zu declares %u bins (%llu bytes) but only %zu bytes remain",
					     at, bins, (unsigned long long)bins * 2, remaining(r));
			if (r->arcs_only) {
				skip(r, (uint64_t)bins * 2);
				break;
			}
			if (!histogram_merge_target(r, low, high, bins, rate, dimension, abbrev, &h))
				return false;
			if (!add_bins(r, h))
				return false;
			info->histogram_records++;
			p->input |= INPUT_HISTOGRAM;
			break;
		}
		case GMON_TAG_CG_ARC: {
			uint64_t from, self;
			uint32_t count;

			if (!fill(r, (size_t)GMON_ARC_RECORD_SIZE(a)))
				return failf(r, "truncated call-graph record at offset %zu", at);
			from = take(r, a);
			self = take(r, a);
			count = (uint32_t)take(r, 4);
			if (!add_arc(r, p, from, self, count))
				return false;
			info->arc_records++;
			p->input |= INPUT_CALL_GRAPH;
			break;
		}
		case GMON_TAG_BB_COUNT: {
			uint32_t n, i;

			/* version 0 laid blocks out differently (with names
			 * and line numbers); nothing writes it any more */
			if (version == 0)
				return failf(r, "basic-block record at offset %zu is in the version 0 layout, which is not supported",
					     at);
			if (!fill(r, 4))
				return failf(r, "truncated basic-block record at offset %zu", at);
			n = (uint32_t)take(r, 4);
			if (!available(r, (uint64_t)n * 2 * (uint64_t)a))
				return failf(r, "basic-block record at offset %zu declares %u blocks but only %zu bytes remain",
					     at, n, remaining(r));
			if (r->arcs_only) {
				skip(r, (uint64_t)n * 2 * (uint64_t)a);
				break;
			}
			for (i = 0; i < n; i++) {
				uint64_t address, count;

				if (!fill(r, (size_t)(2 * a)))
					return failf(r, "truncated basic-block record at offset %zu", at);
				address = take(r, a);
				count = take(r, a);
				if (!profile_add_block(p, address, count))
					return failf(r, "more than %zu distinct basic blocks",
						     profile_max_blocks);
			}
			info->bb_records++;
			p->input |= INPUT_BB_COUNTS;
			break;
		}
		default:
			return failf(r, "unknown record tag %d at offset %zu (file corrupted?)", tag, at);
		}
	}
	return !r->io_failed;
}

/* ------------------------------------------------------------ BSD formats */

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
		return failf(r, "not a profile data file: no GNU magic, and not a valid BSD profile (%s)",
			     reason);
	return failf(r, "not a valid BSD profile: %s", reason);
}

static uint32_t swap32(uint32_t v)
{
	return (v >> 24) | ((v >> 8) & 0xff00) | ((v << 8) & 0xff0000) | (v << 24);
}

static bool read_bsd(struct reader *r, struct profile_data *p, struct profile_file_info *info)
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
	if (r->format == FORMAT_AUTO && memcmp(r->data, "\177ELF", 4) == 0)
		return failf(r, "is an executable, not a profile data file");
	if (!fill(r, (size_t)(2 * a + 8)))
		return failf(r, "file too short to be a profile (%zu bytes)", r->size);
	version = (uint32_t)get_uint(r, (size_t)(2 * a + 4), 4);
	if (version == swap32(GMON_BSD44_VERSION))
		r->big_endian = !r->big_endian; /* 4.4BSD from the other byte order */
	low = get_uint(r, 0, a);
	high = get_uint(r, (size_t)a, a);
	byte_count = (uint32_t)get_uint(r, (size_t)(2 * a), 4);
	version = (uint32_t)get_uint(r, (size_t)(2 * a + 4), 4);
	if (version == GMON_BSD44_VERSION) {
		if (!fill(r, (size_t)GMON_BSD44_HEADER_SIZE(a)))
			return failf(r, "truncated 4.4BSD header (%zu bytes, %d needed)", r->size,
				     GMON_BSD44_HEADER_SIZE(a));
		rate = (unsigned)get_uint(r, (size_t)(2 * a + 8), 4);
		header_size = (size_t)GMON_BSD44_HEADER_SIZE(a);
		if (r->p->histograms.count && r->p->histograms.rate != rate && !r->arcs_only)
			return failf(r, "profiling rate %u differs from the first file's %u", rate,
				     r->p->histograms.rate);
	} else {
		if (r->format == FORMAT_BSD44)
			return failf(r, "not a 4.4BSD profile (version 0x%x, expected 0x%x)", version,
				     GMON_BSD44_VERSION);
		header_size = (size_t)GMON_OLDBSD_HEADER_SIZE(a);
		rate = r->p->histograms.count ? r->p->histograms.rate : profile_default_hz();
	}
	if (byte_count < header_size)
		return bsd_header_fail(r, "its size field %u is smaller than the %zu-byte header",
				       byte_count, header_size);
	hist_bytes = byte_count - header_size;
	r->pos = header_size;
	if (!available(r, hist_bytes))
		return bsd_header_fail(r, "histogram of %zu bytes but only %zu bytes follow the header",
				       hist_bytes, r->size - header_size);
	if (low > high)
		return bsd_header_fail(r, "histogram range 0x%llx-0x%llx is reversed",
				       (unsigned long long)low, (unsigned long long)high);
	bins = (uint32_t)(hist_bytes / 2);
	if (r->arcs_only) {
		skip(r, hist_bytes);
	} else if (bins) {
		if (r->p->histograms.count &&
		    (r->p->histograms.count > 1 || r->p->histograms.records[0].low_pc != low ||
		     r->p->histograms.records[0].high_pc != high || r->p->histograms.records[0].bin_count != bins))
			return failf(r, "histogram (0x%llx-0x%llx, %u bins) differs from the first file's",
				     (unsigned long long)low, (unsigned long long)high, bins);
		if (!histogram_merge_target(r, low, high, bins, rate, "seconds", 's', &h))
			return false;
		if (!add_bins(r, h))
			return false;
		info->histogram_records++;
	}
	if (hist_bytes % 2 && !r->arcs_only) { /* an odd byte after the bins */
		if (!fill(r, 1))
			return failf(r, "truncated histogram");
		r->pos++;
	}
	p->input |= INPUT_HISTOGRAM | INPUT_CALL_GRAPH;
	/* a file of known size is refused before any arc is added; a pipe's
	 * last record is found cut when its end is reached */
	if (r->size_known && remaining(r) % record != 0)
		return failf(r, "truncated call-graph record at offset %zu",
			     r->pos + remaining(r) / record * record);
	while (!r->stop && fill(r, record)) {
		uint64_t from = take(r, a);
		uint64_t self = take(r, a);
		uint64_t count = take(r, a);

		if (!add_arc(r, p, from, self, count))
			return false;
		info->arc_records++;
	}
	if (r->io_failed)
		return false;
	if (!r->stop && remaining(r) != 0)
		return failf(r, "truncated call-graph record at offset %zu", r->pos);
	return true;
}

/* ------------------------------------------------------------ entry points */

/* One line when the file plainly describes some other program: none of
 * its histograms fits the executable's code, or none of its arcs touches
 * it.  GNU gprof says nothing and prints a meaningless report. */
static void judge_against_code(const struct reader *r, struct profile_file_info *info)
{
	if (!r->p->code_known)
		return;
	if (r->histograms_seen && r->histograms_fitting == 0)
		snprintf(info->warning, sizeof(info->warning),
			 "%s: its histogram (0x%llx-0x%llx) does not match the executable's code (0x%llx-0x%llx): is it another program's profile?",
			 r->name, (unsigned long long)r->first_low,
			 (unsigned long long)r->first_high, (unsigned long long)r->p->code_low,
			 (unsigned long long)r->p->code_high);
	else if (r->arcs_seen && r->arcs_touching_code == 0)
		snprintf(info->warning, sizeof(info->warning),
			 "%s: none of its %zu call-graph arcs touches the executable's code (0x%llx-0x%llx): is it another program's profile?",
			 r->name, r->arcs_seen, (unsigned long long)r->p->code_low,
			 (unsigned long long)r->p->code_high);
}

/* Read the file behind r (header checks, then the records of its format)
 * into *p. */
static bool read_profile(struct reader *r, const struct target *t, struct profile_data *p,
			 struct profile_file_info *info)
{
	bool magic, ok;

	memset(info, 0, sizeof(*info));
	if (t->address_size != 4 && t->address_size != 8)
		return failf(r, "unsupported address size %d", t->address_size);
	if (!fill(r, 1))
		return r->io_failed ? false : failf(r, "empty file, not a profile data file");
	/* GNU gprof too needs 20 bytes whatever the format */
	if (!fill(r, GMON_HEADER_SIZE))
		return failf(r, "file too short to be a profile (%zu bytes)", r->size);
	magic = memcmp(r->data, GMON_MAGIC, GMON_MAGIC_SIZE) == 0;
	if (r->format == FORMAT_PROF)
		return failf(r, "the 'prof' file format is not supported");
	/* With -O bsd or -O 4.4bsd a file with the GNU magic is still read as
	 * GNU (GNU gprof would misread it as BSD), so that -s can convert
	 * GNU files to the BSD layouts. */
	if (r->format == FORMAT_MAGIC || magic) {
		if (!magic)
			return failf(r, "bad magic: not a GNU gmon.out file");
		ok = read_gnu(r, p, info);
	} else {
		ok = read_bsd(r, p, info);
	}
	if (ok)
		judge_against_code(r, info);
	return ok;
}

bool profile_read_buffer(const char *name, const unsigned char *data, size_t size,
			 const struct target *t, enum file_format format, struct profile_data *p,
			 struct profile_file_info *info, char *err, size_t err_size)
{
	struct reader r = { .p = p,
			    .name = name,
			    .fd = -1,
			    .data = data,
			    .filled = size,
			    .size = size,
			    .size_known = true,
			    .address_size = t->address_size,
			    .big_endian = t->big_endian,
			    .format = format,
			    .err = err,
			    .err_size = err_size };

	return read_profile(&r, t, p, info);
}

bool profile_read(const char *path, const struct target *t, enum file_format format,
		  struct profile_data *p, struct profile_file_info *info, char *err, size_t err_size)
{
	struct reader r = { .p = p,
			    .name = path,
			    .address_size = t->address_size,
			    .big_endian = t->big_endian,
			    .format = format,
			    .err = err,
			    .err_size = err_size };
	struct stat st;
	bool ok = false, streamed = false;

	memset(info, 0, sizeof(*info));
	if (strcmp(path, "-") == 0) {
		r.fd = 0;
	} else {
		r.fd = open(path, O_RDONLY);
		if (r.fd < 0) {
			snprintf(err, err_size, "%s: %s", path, strerror(errno));
			return false;
		}
	}
	if (fstat(r.fd, &st) != 0) {
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
		off_t at = lseek(r.fd, 0, SEEK_CUR);

		r.origin = at > 0 && at <= st.st_size ? at : 0;
		r.size = (size_t)(st.st_size - r.origin);
		r.size_known = true;
		if (stream_wanted(p, t, r.size))
			streamed = stream_begin_file(p, path, r.fd, r.origin, r.size, &st, t, format);
	}
	/* what cannot be streamed (a pipe, one file too many) follows the
	 * streamed arcs in memory */
	if (!streamed && p->arcs && p->arcs->stream && !materialize(p, false, err, err_size))
		goto out;
	ok = read_profile(&r, t, p, info);
	if (ok && info->warning[0])
		warning("%s", info->warning);
out:
	if (r.fd != 0)
		close(r.fd);
	free(r.window);
	return ok;
}

/* ------------------------------------------------------------ streamed sums */

/*
 * Streamed sums.  Keeping every distinct arc is what -s must do to merge
 * them, and at 16 bytes and a share of the hash each, ten million arcs
 * still take 240 MB.  But in a large file nearly every arc is distinct
 * (a runtime writes each once), and a distinct arc need not be kept: it
 * can be copied from its file when gmon.sum is written.  So when -s (no
 * arc_sink) reads a regular file of at least profile_sum_stream_records
 * possible arc records, the arcs of that file and the following ones
 * are streamed: each file's descriptor is kept, and
 *   - while reading, every arc record gets an ordinal (its place among
 *     all the records streamed) and its (call site, callee) goes into a
 *     Bloom filter (a slice per file, 10 to 20 bits per possible record,
 *     6 probes within one 512-bit block: about 1% false hits or fewer).
 *     A record the filter claims
 *     to have seen becomes a candidate, kept exactly (call site, callee,
 *     count, ordinal of that record); later records of a candidate add
 *     their counts to it.  So an arc seen twice is always a candidate,
 *     and a candidate's count lacks at most one record: its first, when
 *     that came before the candidate's ordinal;
 *   - every pass over the arcs (writing gmon.sum, tallying them) reads
 *     the files again for their arcs only.  A record that is no candidate
 *     is a distinct arc, passed on as it is; a candidate is passed on at
 *     its first record with its count plus that record's (unless that
 *     record is the one it was made at), and skipped after.
 * That is the kept arcs' order and sums exactly, in the filter's memory
 * plus the candidates: an eighth to a sixteenth of the file's size.  A
 * file whose identity, size, modification time or arc records have
 * changed between the passes is an error.  A pipe cannot be read twice,
 * there is a limit to the descriptors kept, and files that repeat each
 * other's arcs make candidates of most records (each costing more than a
 * kept arc): the arcs streamed so far are then brought into memory
 * (materialized), in the middle of a file if need be, and the rest is
 * kept as usual.
 */
#define STREAM_MAX_INPUTS 64
#define STREAM_MAX_CANDIDATES 65536 /* unless fewer than 1 record in 16 */
#define BLOOM_PROBES 6

/* Variables so that the tests can stream small files, and with a filter
 * of one block (every record a candidate but the first few). */
#ifndef PROFILE_SUM_STREAM_RECORDS
#define PROFILE_SUM_STREAM_RECORDS ((size_t)1 << 20)
#endif
#ifndef PROFILE_SUM_STREAM_BITS
#define PROFILE_SUM_STREAM_BITS 10
#endif
size_t profile_sum_stream_records = PROFILE_SUM_STREAM_RECORDS;
unsigned profile_sum_stream_bits = PROFILE_SUM_STREAM_BITS;

struct stream_input {
	char *name;
	int fd;
	off_t origin;
	size_t size;
	struct stat st;
	struct target target;
	enum file_format format;
	uint64_t arc_records;
};

/* Allocated at the file's first arc record (after its header made sense:
 * a 3 GB file of garbage must not cost a 256 MB filter first). */
struct bloom_slice {
	uint64_t *bits; /* blocks of 512 bits; NULL until needed */
	uint64_t mask;  /* blocks in the slice - 1 (a power of two) */
};

/* A pair that may occur more than once, in an open-addressing table. */
struct candidate {
	uint64_t from_pc, self_pc, count;
	uint64_t tag; /* 0: empty slot; else (ordinal << 1 | passed on) + 1 */
};

static uint64_t candidate_ordinal(const struct candidate *c)
{
	return (c->tag - 1) >> 1;
}

static bool candidate_passed_on(const struct candidate *c)
{
	return (c->tag - 1) & 1;
}

static void candidate_set_passed_on(struct candidate *c, bool passed_on)
{
	c->tag = ((candidate_ordinal(c) << 1) | passed_on) + 1;
}

/* The smallest arc record of any layout (GNU: tag, 2 addresses and a
 * 4-byte count; BSD: 3 addresses): how many records a file may hold. */
static size_t smallest_arc_record(const struct target *t)
{
	size_t gnu = (size_t)GMON_ARC_RECORD_SIZE(t->address_size) + 1;
	size_t bsd = (size_t)(3 * t->address_size);

	return gnu < bsd ? gnu : bsd;
}

struct arc_stream {
	struct stream_input inputs[STREAM_MAX_INPUTS];
	unsigned input_count;
	struct bloom_slice slices[STREAM_MAX_INPUTS];
	struct candidate *candidates;
	size_t candidate_count, candidate_size;
	uint64_t ordinal;     /* arc records streamed so far */
	bool wide_counts;     /* a record's count above 32 bits */
	bool crowded;         /* so many candidates that keeping costs less */
};

static uint64_t mix64(uint64_t a, uint64_t b)
{
	uint64_t h = (a ^ 0x243F6A8885A308D3ull) * 0xBF58476D1CE4E5B9ull;

	h ^= (h >> 31) ^ (b * 0x94D049BB133111EBull);
	h *= 0xD6E8FEB86659FD93ull;
	return h ^ (h >> 32);
}

/* The probes of (from, self) in a slice: all in one 512-bit block (one
 * cache line), so that a record costs one cache miss, not six. */
static void bloom_probes(const struct bloom_slice *b, uint64_t h1, uint64_t h2,
			 uint64_t **block, uint64_t bits[BLOOM_PROBES])
{
	unsigned k;

	*block = b->bits + ((h1 & b->mask) << 3);
	for (k = 0; k < BLOOM_PROBES; k++)
		bits[k] = h2 >> (9 * k) & 511;
}

/* Was (from, self) set in some slice?  Set it in the current one if not. */
static bool bloom_test_and_set(struct arc_stream *s, uint64_t from, uint64_t self)
{
	uint64_t h1 = mix64(from, self), h2 = mix64(self, from), bits[BLOOM_PROBES];
	uint64_t *block;
	unsigned i, k;

	for (i = 0; i < s->input_count; i++) {
		if (s->slices[i].bits == NULL)
			continue;
		bloom_probes(&s->slices[i], h1, h2, &block, bits);
		for (k = 0; k < BLOOM_PROBES; k++)
			if (!(block[bits[k] >> 6] >> (bits[k] & 63) & 1))
				break;
		if (k == BLOOM_PROBES)
			return true;
	}
	bloom_probes(&s->slices[s->input_count - 1], h1, h2, &block, bits);
	for (k = 0; k < BLOOM_PROBES; k++)
		block[bits[k] >> 6] |= (uint64_t)1 << (bits[k] & 63);
	return false;
}

static struct candidate *candidate_find(const struct arc_stream *s, uint64_t from, uint64_t self)
{
	size_t h;

	if (s->candidate_size == 0)
		return NULL;
	h = hash_pair(from, self) & (s->candidate_size - 1);
	while (s->candidates[h].tag) {
		if (s->candidates[h].from_pc == from && s->candidates[h].self_pc == self)
			return &s->candidates[h];
		h = (h + 1) & (s->candidate_size - 1);
	}
	return NULL;
}

static void candidate_insert(struct arc_stream *s, const struct candidate *c)
{
	size_t h = hash_pair(c->from_pc, c->self_pc) & (s->candidate_size - 1);

	while (s->candidates[h].tag)
		h = (h + 1) & (s->candidate_size - 1);
	s->candidates[h] = *c;
}

static void candidate_add(struct arc_stream *s, uint64_t from, uint64_t self, uint64_t count,
			  uint64_t ordinal)
{
	struct candidate c = { from, self, count, (ordinal << 1) + 1 };

	if ((s->candidate_count + 1) * 2 > s->candidate_size) {
		struct candidate *old = s->candidates;
		size_t i, old_size = s->candidate_size;

		s->candidate_size = old_size ? old_size * 2 : 1024;
		s->candidates = xcalloc(s->candidate_size, sizeof(*s->candidates));
		for (i = 0; i < old_size; i++)
			if (old[i].tag)
				candidate_insert(s, &old[i]);
		free(old);
	}
	candidate_insert(s, &c);
	s->candidate_count++;
}

/* A record read from a streamed file (the first pass). */
static void stream_add(struct arc_stream *s, uint64_t from, uint64_t self, uint64_t count)
{
	uint64_t ordinal = s->ordinal++;
	struct bloom_slice *slice = &s->slices[s->input_count - 1];
	struct candidate *c;

	s->inputs[s->input_count - 1].arc_records++;
	if (slice->bits == NULL && !s->crowded) {
		slice->bits = calloc((size_t)(slice->mask + 1), 64);
		/* no room for the filter: keep the arcs instead (the record is
		 * a candidate, so exact, until add_arc materializes) */
		if (slice->bits == NULL)
			s->crowded = true;
	}
	if (count > UINT32_MAX)
		s->wide_counts = true;
	c = candidate_find(s, from, self);
	if (c)
		c->count = add_saturating(c->count, count);
	else if (slice->bits == NULL || bloom_test_and_set(s, from, self))
		candidate_add(s, from, self, count, ordinal);
	/* files that repeat each other's arcs (runs of one program): a
	 * candidate costs more than a kept arc, so keep them */
	if (s->candidate_count >= STREAM_MAX_CANDIDATES && s->candidate_count > s->ordinal / 16)
		s->crowded = true;
}

static bool stream_crowded(const struct arc_stream *s)
{
	return s->crowded;
}

/* One pass over the streamed arcs, merged, in the order first seen. */
struct stream_pass {
	struct arc_stream *s;
	uint64_t ordinal;
	void (*fn)(void *ctx, uint64_t from_pc, uint64_t self_pc, uint64_t count);
	void *ctx;
};

static void stream_pass_record(void *ctx, uint64_t from, uint64_t self, uint64_t count)
{
	struct stream_pass *pass = ctx;
	uint64_t ordinal = pass->ordinal++;
	struct candidate *c = candidate_find(pass->s, from, self);

	if (c == NULL) {
		pass->fn(pass->ctx, from, self, count);
	} else if (!candidate_passed_on(c)) {
		uint64_t total = c->count;

		/* its first record, which came before it was made a candidate */
		if (candidate_ordinal(c) != ordinal)
			total = add_saturating(total, count);
		candidate_set_passed_on(c, true);
		pass->fn(pass->ctx, from, self, total);
	}
}

/* reading: the last file is being read, and has been up to its
 * arc_records-th arc record */
static bool stream_each(struct arc_stream *s, bool reading,
			void (*fn)(void *ctx, uint64_t from_pc, uint64_t self_pc, uint64_t count),
			void *ctx, char *err, size_t err_size)
{
	struct stream_pass pass = { .s = s, .fn = fn, .ctx = ctx };
	bool ok = true;
	unsigned i;
	size_t k;

	for (k = 0; k < s->candidate_size; k++)
		if (s->candidates[k].tag)
			candidate_set_passed_on(&s->candidates[k], false);
	for (i = 0; i < s->input_count && ok; i++) {
		struct stream_input *in = &s->inputs[i];
		struct reader r = { .name = in->name,
				    .fd = in->fd,
				    .size = in->size,
				    .size_known = true,
				    .origin = in->origin,
				    .arcs_only = true,
				    .arc_fn = stream_pass_record,
				    .arc_ctx = &pass,
				    .arcs_left = UINT64_MAX,
				    .address_size = in->target.address_size,
				    .big_endian = in->target.big_endian,
				    .format = in->format,
				    .err = err,
				    .err_size = err_size };
		struct profile_data scratch = { 0 };
		struct profile_file_info info;
		struct stat st;
		uint64_t first = pass.ordinal;

		r.p = &scratch;
		if (reading && i == s->input_count - 1) {
			r.arcs_left = in->arc_records;
			r.stop = in->arc_records == 0;
		}
		if (fstat(in->fd, &st) != 0 || st.st_dev != in->st.st_dev ||
		    st.st_ino != in->st.st_ino || st.st_size != in->st.st_size ||
		    st.st_mtim.tv_sec != in->st.st_mtim.tv_sec ||
		    st.st_mtim.tv_nsec != in->st.st_mtim.tv_nsec) {
			snprintf(err, err_size, "%s: changed while gprof was reading it", in->name);
			ok = false;
			break;
		}
		ok = read_profile(&r, &in->target, &scratch, &info);
		if (ok && pass.ordinal - first != in->arc_records) {
			snprintf(err, err_size, "%s: changed while gprof was reading it", in->name);
			ok = false;
		}
		free(r.window);
	}
	return ok;
}

static void stream_free(struct arc_stream *s)
{
	unsigned i;

	if (s == NULL)
		return;
	for (i = 0; i < s->input_count; i++) {
		close(s->inputs[i].fd);
		free(s->inputs[i].name);
		free(s->slices[i].bits);
	}
	free(s->candidates);
	free(s);
}

/* Should the file behind fd (a regular one of size bytes) be streamed? */
static bool stream_wanted(const struct profile_data *p, const struct target *t, size_t size)
{
	if (p->arc_sink)
		return false;
	if (p->arcs && p->arcs->stream)
		return true;
	return (p->arcs == NULL || p->arcs->count == 0) &&
	       size / smallest_arc_record(t) >= profile_sum_stream_records;
}

/* Keep the file open and make room for its arcs in the filter. */
static bool stream_begin_file(struct profile_data *p, const char *name, int fd, off_t origin,
			      size_t size, const struct stat *st, const struct target *t,
			      enum file_format format)
{
	struct arc_stream *s;
	struct stream_input *in;
	uint64_t records = size / smallest_arc_record(t) + 1;
	uint64_t bits = 512;
	int kept;

	if (p->arcs == NULL)
		p->arcs = xcalloc(1, sizeof(*p->arcs));
	if (p->arcs->stream == NULL)
		p->arcs->stream = xcalloc(1, sizeof(*p->arcs->stream));
	s = p->arcs->stream;
	if (s->input_count == STREAM_MAX_INPUTS)
		return false;
	kept = fcntl(fd, F_DUPFD_CLOEXEC, 3);
	if (kept < 0)
		return false;
	while (bits < records * profile_sum_stream_bits)
		bits *= 2;
	in = &s->inputs[s->input_count];
	in->name = xstrdup(name);
	in->fd = kept;
	in->origin = origin;
	in->size = size;
	in->st = *st;
	in->target = *t;
	in->format = format;
	in->arc_records = 0;
	s->slices[s->input_count].bits = NULL;
	s->slices[s->input_count].mask = bits / 512 - 1;
	s->input_count++;
	return true;
}

static void materialize_record(void *ctx, uint64_t from, uint64_t self, uint64_t count)
{
	struct profile_data *p = ctx;

	if (!kept_arc_add(p->arcs, from, self, count))
		p->arcs->over_limit = true;
}

/* Bring the streamed arcs into memory: from now on they are kept.
 * reading: in the middle of the last file (see stream_each). */
static bool materialize(struct profile_data *p, bool reading, char *err, size_t err_size)
{
	struct arc_stream *s = p->arcs ? p->arcs->stream : NULL;
	unsigned i;
	bool ok;

	if (s == NULL)
		return true;
	/* the filter is no longer asked: room for the kept arcs */
	for (i = 0; i < s->input_count; i++) {
		free(s->slices[i].bits);
		s->slices[i].bits = NULL;
	}
	ok = stream_each(s, reading, materialize_record, p, err, err_size);
	if (ok && p->arcs->over_limit) {
		snprintf(err, err_size, "%s: more than %zu distinct call-graph arcs",
			 s->inputs[s->input_count - 1].name, profile_max_arcs);
		ok = false;
	}
	stream_free(s);
	p->arcs->stream = NULL;
	return ok;
}

/* ------------------------------------------------------------ writing */

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
	size_t header = bsd44 ? (size_t)GMON_BSD44_HEADER_SIZE(a) : (size_t)GMON_OLDBSD_HEADER_SIZE(a);
	uint32_t bins = p->histograms.count ? p->histograms.records[0].bin_count : 0;

	/* GNU gprof writes the first histogram and drops the others */
	if (p->histograms.count > 1) {
		snprintf(err, err_size, "%s: the BSD formats hold one histogram, and there are %u; use the GNU format",
			 path, p->histograms.count);
		return false;
	}
	if ((uint64_t)bins * 2 + header > UINT32_MAX) {
		snprintf(err, err_size, "%s: a histogram of %u bins is too large for the BSD formats",
			 path, bins);
		return false;
	}
	if ((p->input & INPUT_BB_COUNTS) && p->block_count) {
		snprintf(err, err_size, "%s: the BSD formats cannot hold basic-block counts; use the GNU format",
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
	size_t header = bsd44 ? (size_t)GMON_BSD44_HEADER_SIZE(a) : (size_t)GMON_OLDBSD_HEADER_SIZE(a);
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

/* Can a streamed arc's count saturate?  Not if every record's count had
 * 32 bits and no candidate's sum (which may lack one record) comes near. */
static bool stream_may_saturate(const struct arc_stream *s, int count_bytes)
{
	size_t k;

	if (s->wide_counts)
		return true;
	for (k = 0; k < s->candidate_size; k++)
		if (s->candidates[k].tag &&
		    saturates(add_saturating(s->candidates[k].count, UINT32_MAX), count_bytes))
			return true;
	return false;
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
	    (!p->arcs->stream || stream_may_saturate(p->arcs->stream, sat.count_bytes))) {
		arcs_each(p, count_saturated, &sat, ignored, sizeof(ignored));
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
