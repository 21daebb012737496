/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * merge.c: what each record read adds to the profile: a histogram's bins
 * to the record of its range (its geometry checked against the files read
 * before), basic-block counts by address, and arcs, noted as evidence and
 * handed to the reader's arc().
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gmon/merge.h"
#include "gmon/reader.h"
#include "core/util.h"

/* The block hash holds an index + 1 in 32 bits; many ranges would make
 * histogram lookup slow. */
size_t profile_max_blocks = UINT32_MAX - 1;
unsigned profile_max_histograms = 65536;

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

/* A record's bin width in bytes; 0 when its bins are not a whole number
 * of bytes wide (glibc's are not). */
static uint64_t whole_bin_width(uint64_t low, uint64_t high, uint32_t bins)
{
	return (high - low) % bins == 0 ? (high - low) / bins : 0;
}

/* Does [low, high) of bins lie inside h, on h's bin edges, bins as wide
 * as h's?  (A sparse run's one bin inside a whole histogram of the same
 * program, or the other way round: doc/format.md, "Sparse samples".) */
static bool on_bins_of(const struct histogram *h, uint64_t low, uint64_t high, uint32_t bins)
{
	uint64_t width = whole_bin_width(h->low_pc, h->high_pc, h->bin_count);

	return width != 0 && width == whole_bin_width(low, high, bins) && h->low_pc <= low &&
	       high <= h->high_pc && (low - h->low_pc) % width == 0;
}

/* The records read before that lie inside the new range [low, high) of
 * bins, each on its bins, become one record of that range, where the
 * first seen of them was (the order -s writes them in), their bins added
 * at their places.  False if another record meets the range. */
static bool take_in(struct profile_data *p, uint64_t low, uint64_t high, uint32_t bins,
		    struct histogram **out)
{
	unsigned first = histograms_starting_below(p, low),
		 last = histograms_starting_below(p, high);
	unsigned i, n, kept, slot = UINT_MAX;
	uint64_t width = whole_bin_width(low, high, bins);
	struct histogram merged = { low, high, bins, NULL, NULL };

	if (first > 0 && p->histograms.records[p->histogram_order[first - 1]].high_pc > low)
		return false;
	for (i = first; i < last; i++) {
		const struct histogram *h = &p->histograms.records[p->histogram_order[i]];

		if (width == 0 || h->high_pc > high ||
		    !on_bins_of(&merged, h->low_pc, h->high_pc, h->bin_count))
			return false;
		if (p->histogram_order[i] < slot)
			slot = p->histogram_order[i];
	}
	merged.bins = xcalloc(bins, sizeof(*merged.bins));
	for (i = first; i < last; i++) {
		struct histogram *h = &p->histograms.records[p->histogram_order[i]];
		uint64_t at = (h->low_pc - low) / width, b;

		for (b = 0; b < h->bin_count; b++)
			merged.bins[at + b] = h->bins[b];
		free(h->bins);
		free(h->written);
		h->bins = NULL;
		h->written = NULL;
	}
	p->histograms.records[slot] = merged;
	/* the others go: out of the order, then out of the records */
	n = p->histograms.count;
	memmove(p->histogram_order + first + 1, p->histogram_order + last,
		(n - last) * sizeof(unsigned));
	p->histogram_order[first] = slot;
	kept = n - (last - first - 1);
	for (i = n; i-- > 0;) {
		unsigned k;

		if (i == slot || p->histograms.records[i].bins != NULL)
			continue;
		memmove(p->histograms.records + i, p->histograms.records + i + 1,
			(n - i - 1) * sizeof(struct histogram));
		n--;
		for (k = 0; k < kept; k++)
			if (p->histogram_order[k] > i)
				p->histogram_order[k]--;
	}
	p->histograms.count = n;
	*out = &p->histograms.records[slot];
	return true;
}

/* Check a histogram's geometry against those already read and find (or
 * create) the record its bins are added to. */
bool histogram_merge_target(struct reader *r, uint64_t low, uint64_t high, uint32_t bins,
			    unsigned rate, const char *dimension, char abbrev,
			    struct histogram **out)
{
	double scale;
	struct histogram *h;
	unsigned k;

	if (bins == 0)
		return cursor_fail(&r->c, "histogram record has no bins");
	if (low >= high)
		return cursor_fail(&r->c, "histogram range 0x%llx-0x%llx is empty or reversed",
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
			return cursor_fail(
				&r->c,
				"histogram dimension '%.15s' differs from '%s' in the first file",
				dimension, r->p->histograms.dimension);
		if (abbrev != r->p->histograms.dimension_abbrev)
			return cursor_fail(
				&r->c,
				"histogram dimension abbreviation '%c' differs from '%c' in the first file",
				isprint((unsigned char)abbrev) ? abbrev : '?',
				isprint((unsigned char)r->p->histograms.dimension_abbrev)
					? r->p->histograms.dimension_abbrev
					: '?');
		if (fabs(r->p->histograms.scale - scale) > 0.000001)
			return cursor_fail(
				&r->c,
				"histogram resolution (%g bytes per bin) differs from the first file's (%g)",
				2 * scale, 2 * r->p->histograms.scale);
	}
	r->bin_offset = 0;
	r->bin_count = bins;
	k = histograms_starting_below(r->p, high);
	if (k > 0) {
		h = &r->p->histograms.records[r->p->histogram_order[k - 1]];
		if (h->low_pc == low && h->high_pc == high) {
			if (h->bin_count != bins)
				return cursor_fail(
					&r->c,
					"histogram over 0x%llx-0x%llx has %u bins, the first file's has %u",
					(unsigned long long)low, (unsigned long long)high, bins,
					h->bin_count);
			*out = h;
			return true;
		}
		if (h->high_pc > low && on_bins_of(h, low, high, bins)) {
			r->bin_offset =
				(uint32_t)((low - h->low_pc) / whole_bin_width(low, high, bins));
			*out = h;
			return true;
		}
		if (h->high_pc > low && take_in(r->p, low, high, bins, out))
			return true;
		if (h->high_pc > low)
			return cursor_fail(
				&r->c,
				"histogram range 0x%llx-0x%llx overlaps 0x%llx-0x%llx without matching it",
				(unsigned long long)low, (unsigned long long)high,
				(unsigned long long)h->low_pc, (unsigned long long)h->high_pc);
	}
	if (r->p->histograms.count >= profile_max_histograms)
		return cursor_fail(&r->c, "more than %u distinct histogram ranges",
				   profile_max_histograms);
	if (r->p->histograms.count == r->p->histogram_capacity) {
		r->p->histogram_capacity = r->p->histogram_capacity ? r->p->histogram_capacity * 2
								    : 4;
		r->p->histograms.records =
			xrealloc(r->p->histograms.records,
				 r->p->histogram_capacity * sizeof(struct histogram));
		r->p->histogram_order = xrealloc(r->p->histogram_order,
						 r->p->histogram_capacity * sizeof(unsigned));
	}
	memmove(r->p->histogram_order + k + 1, r->p->histogram_order + k,
		(r->p->histograms.count - k) * sizeof(unsigned));
	r->p->histogram_order[k] = r->p->histograms.count;
	h = &r->p->histograms.records[r->p->histograms.count++];
	h->low_pc = low;
	h->high_pc = high;
	h->bin_count = bins;
	h->bins = xcalloc(bins, sizeof(*h->bins));
	h->written = xcalloc((size_t)bins / HISTOGRAM_BLOCK + 1, 1);
	*out = h;
	return true;
}

/* The bins, which available() has vouched for, a window at a time. */
bool histogram_add_bins(struct reader *r, struct histogram *h)
{
	uint32_t i = 0, *bins = h->bins + r->bin_offset;

	while (i < r->bin_count) {
		uint32_t n = r->bin_count - i < READ_WINDOW / 2 ? r->bin_count - i
								: READ_WINDOW / 2;

		if (!cursor_fill(&r->c, (size_t)n * 2))
			return cursor_fail(&r->c, "truncated histogram record");
		/* summed in 32 bits, as GNU sums them, but saturating; an
		 * empty bin is not written: most are empty, and the pages of
		 * a fresh calloc that nothing writes cost no memory */
		for (; n; n--, i++) {
			uint32_t v = (uint32_t)cursor_take(&r->c, 2);

			if (v != 0) {
				bins[i] = bins[i] > UINT32_MAX - v ? UINT32_MAX : bins[i] + v;
				if (h->written)
					h->written[(r->bin_offset + i) / HISTOGRAM_BLOCK] = 1;
			}
		}
	}
	return true;
}

bool reader_add_arc(struct reader *r, uint64_t from, uint64_t self, uint64_t count)
{
	if (!r->arcs_only) {
		r->arcs_seen++;
		if (r->p->code_known && ((from >= r->p->code_low && from < r->p->code_high) ||
					 (self >= r->p->code_low && self < r->p->code_high)))
			r->arcs_touching_code++;
	}
	return r->arc(r, from, self, count);
}

/* ------------------------------------------------------------ blocks */

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

bool profile_add_block(struct profile_data *p, uint64_t address, uint64_t count)
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
