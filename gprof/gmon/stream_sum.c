/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * stream_sum.c: -s of large files without keeping their arcs: the arcs
 * streamed from the files again whenever they are wanted, with a Bloom
 * filter and exact candidates for the arcs that may repeat.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon_out.h"
#include "gmon/arc_store.h"
#include "gmon/read.h"
#include "gmon/reader.h"
#include "gmon/stream_sum.h"
#include "core/util.h"

/*
 * Keeping every distinct arc is what -s must do to merge
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
	uint64_t ordinal; /* arc records streamed so far */
	bool wide_counts; /* a record's count above 32 bits */
	bool crowded;     /* so many candidates that keeping costs less */
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
static void bloom_probes(const struct bloom_slice *b, uint64_t h1, uint64_t h2, uint64_t **block,
			 uint64_t bits[BLOOM_PROBES])
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

void stream_add(struct arc_stream *s, uint64_t from, uint64_t self, uint64_t count)
{
	uint64_t ordinal = s->ordinal++;
	struct bloom_slice *slice = &s->slices[s->input_count - 1];
	struct candidate *c;

	s->inputs[s->input_count - 1].arc_records++;
	if (slice->bits == NULL && !s->crowded) {
		slice->bits = calloc((size_t)(slice->mask + 1), 64);
		/* no room for the filter: keep the arcs instead (the record is
		 * a candidate, so exact, until the reader materializes) */
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

bool stream_crowded(const struct arc_stream *s)
{
	return s->crowded;
}

/* One pass over the streamed arcs, merged, in the order first seen. */
struct stream_pass {
	struct arc_stream *s;
	uint64_t ordinal;
	arc_fn *fn;
	void *ctx;
	uint64_t left; /* arc records to read from the current file */
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

/* A streamed file's arc record, on a pass (the reader's arc()). */
static bool stream_pass_arc(struct reader *r, uint64_t from, uint64_t self, uint64_t count)
{
	struct stream_pass *pass = r->arc_context;

	stream_pass_record(pass, from, self, count);
	if (--pass->left == 0)
		r->stop = true;
	return true;
}

bool stream_each(struct arc_stream *s, bool reading, arc_fn *fn, void *ctx, char *err,
		 size_t err_size)
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
		struct reader r = { .c = { .name = in->name,
					   .fd = in->fd,
					   .size = in->size,
					   .size_known = true,
					   .origin = in->origin,
					   .big_endian = in->target.big_endian,
					   .err = err,
					   .err_size = err_size },
				    .arcs_only = true,
				    .arc = stream_pass_arc,
				    .arc_context = &pass,
				    .address_size = in->target.address_size,
				    .format = in->format };
		struct profile_data scratch = { 0 };
		struct profile_file_info info;
		struct stat st;
		uint64_t first = pass.ordinal;

		r.p = &scratch;
		pass.left = UINT64_MAX;
		if (reading && i == s->input_count - 1) {
			pass.left = in->arc_records;
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
		free(r.c.window);
	}
	return ok;
}

void stream_free(struct arc_stream *s)
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

bool stream_wanted(const struct profile_data *p, const struct target *t, size_t size)
{
	if (p->arc_sink)
		return false;
	if (p->arcs && p->arcs->stream)
		return true;
	return (p->arcs == NULL || p->arcs->count == 0) &&
	       size / smallest_arc_record(t) >= profile_sum_stream_records;
}

bool stream_begin_file(struct profile_data *p, const char *name, int fd, off_t origin, size_t size,
		       const struct stat *st, const struct target *t, enum file_format format)
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

	if (!arc_store_add(p->arcs, from, self, count))
		p->arcs->over_limit = true;
}

bool stream_materialize(struct profile_data *p, bool reading, char *err, size_t err_size)
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

uint64_t stream_count_bound(const struct arc_stream *s)
{
	uint64_t largest = 0;
	size_t k;

	/* a record's count above 32 bits, or a candidate's (which may lack
	 * one record of 32 bits) */
	if (s->wide_counts)
		return UINT64_MAX;
	for (k = 0; k < s->candidate_size; k++)
		if (s->candidates[k].tag && s->candidates[k].count > largest)
			largest = s->candidates[k].count;
	return add_saturating(largest, UINT32_MAX);
}
