/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * histogram.c: credit histogram samples to symbols.
 *
 * A bin covers [low, high) in histogram units (2 bytes).  A symbol covers
 * [its scaled address, the next symbol's scaled address).  When a bin
 * straddles symbols, each gets the share of the bin's count that its
 * overlap is of the bin.  The arithmetic (integer bin edges from a double
 * scale, then double credits) is GNU gprof's, so that a file from glibc's
 * runtime reads identically in both tools.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/histogram.h"
#include "symtab/lineindex.h"
#include "core/util.h"

static void assign_one(struct model *m, const struct histogram *h)
{
	const struct symbol_table *symtab = &m->symbols;
	double scale = m->histograms.scale;
	uint64_t low = h->low_pc / 2;
	size_t next = 1; /* symbol scan resumes near where the last bin ended */
	uint32_t i;

	for (i = 0; i < h->bin_count; i++) {
		uint64_t count;
		uint64_t bin_low, bin_high;
		double count_time;
		size_t j;

		/* a block of bins never written: empty, and not read */
		if (h->written && !h->written[i / HISTOGRAM_BLOCK]) {
			i |= HISTOGRAM_BLOCK - 1;
			continue;
		}
		count = h->bins[i];
		if (count == 0)
			continue;
		bin_low = low + (uint64_t)(scale * i);
		bin_high = low + (uint64_t)(scale * (i + 1));
		count_time = (double)count;
		m->total_ticks += count_time;

		for (j = next - 1; j < symtab->count; next = ++j) {
			struct symbol *sym = &symtab->base[j];
			uint64_t sym_low = sym->scaled_address;
			/* GNU gprof reads one past the table for the last
			 * symbol's end, which in practice holds 0: the last
			 * symbol gets no samples */
			uint64_t sym_high = j + 1 < symtab->count && symtab->base[j + 1].object ==
									     sym->object
						    ? symtab->base[j + 1].scaled_address
						    : 0;
			uint64_t lo, hi;
			double credit;

			if (bin_high < sym_low)
				break;
			if (bin_low >= sym_high)
				continue;
			lo = bin_low > sym_low ? bin_low : sym_low;
			hi = bin_high < sym_high ? bin_high : sym_high;
			if (hi <= lo)
				continue;
			credit = (double)(hi - lo) * count_time / scale;
			if (sym->is_runtime)
				m->overhead_ticks += credit;
			if (sym->in_flat) {
				struct symbol *owner = sym->alias_of ? sym->alias_of : sym;

				owner->self_ticks += credit;
			} else {
				m->total_ticks -= credit;
			}
		}
	}
}

void histogram_assign_samples(struct model *m)
{
	size_t i;
	unsigned r;

	for (i = 0; i < m->symbols.count; i++)
		m->symbols.base[i].scaled_address = m->symbols.base[i].address / 2;
	for (r = 0; r < m->histograms.count; r++)
		assign_one(m, &m->histograms.records[r]);
}

static int compare_sample(const void *lp, const void *rp)
{
	const struct model_sample *l = lp, *r = rp;

	return (l->address > r->address) - (l->address < r->address);
}

void histogram_assign_process_samples(struct model *m)
{
	const struct object *main_object = m->object_count ? m->objects[0] : NULL;
	size_t i, n = 0;

	/* the main program's, sorted, for histogram_by_line */
	free(m->process.main_samples);
	m->process.main_samples =
		xmalloc((m->process.sample_count + 1) * sizeof(*m->process.main_samples));
	for (i = 0; i < m->process.sample_count; i++) {
		const struct symbol *sym =
			symbol_lookup(&m->symbols, m->process.samples[i].address);

		if (sym && main_object && sym->object == main_object)
			m->process.main_samples[n++] = m->process.samples[i];
	}
	qsort(m->process.main_samples, n, sizeof(*m->process.main_samples), compare_sample);
	m->process.main_sample_count = n;

	for (i = 0; i < m->process.sample_count; i++) {
		const struct model_sample *s = &m->process.samples[i];
		struct symbol *sym = symbol_lookup(&m->symbols, s->address);
		double ticks = (double)s->count;

		if (sym == NULL) /* outside every object: the unknown's symbol */
			sym = symbol_lookup(&m->symbols, MODEL_UNKNOWN_ADDRESS);
		if (sym == NULL)
			continue;
		if (sym->alias_of)
			sym = sym->alias_of;
		if (sym->is_runtime)
			m->overhead_ticks += ticks;
		if (sym->in_flat) {
			sym->self_ticks += ticks;
			m->total_ticks += ticks;
		}
	}
}

void histogram_count_unnamed(struct model *m)
{
	size_t i;

	m->unnamed_ticks = 0.0;
	for (i = 0; i < m->symbols.count; i++) {
		const struct symbol *sym = &m->symbols.base[i];

		if ((sym->is_unnamed || sym->is_object) && !sym->alias_of && sym->in_flat)
			m->unnamed_ticks += sym->self_ticks;
	}
}

/* Bytes per sample as the reports print it: GNU truncates the scale to a
 * whole number first.  A hostile file's scale may not fit a long. */
long histogram_granularity(const struct histogram_set *histograms)
{
	double scale = histograms->scale;

	if (!(scale >= 0.0))
		return 0;
	if (scale >= (double)(LONG_MAX / 2))
		return LONG_MAX;
	return (long)scale * 2L;
}

/* Is addr inside one of the histograms?  (GNU gprof compares only the low
 * 32 bits of the address.) */
bool histogram_covers(const struct histogram_set *histograms, uint64_t addr)
{
	unsigned i;
	unsigned address = (unsigned)addr;

	for (i = 0; i < histograms->count; i++)
		if (histograms->records[i].low_pc <= address &&
		    address < histograms->records[i].high_pc)
			return true;
	return false;
}

/* Clip [*low, *high) to the histogram it falls in; empty if none. */
void histogram_clip(const struct histogram_set *histograms, uint64_t *low, uint64_t *high)
{
	unsigned i;
	bool found = false;

	for (i = 0; i < histograms->count; i++) {
		uint64_t lo = histograms->records[i].low_pc > *low ? histograms->records[i].low_pc
								   : *low;
		uint64_t hi = histograms->records[i].high_pc < *high
				      ? histograms->records[i].high_pc
				      : *high;

		if (lo < hi) {
			if (found)
				fatal("a symbol covers several histogram records");
			found = true;
			*low = lo;
			*high = hi;
		}
	}
	if (!found)
		*high = *low;
}

double histogram_by_line(const struct model *m, size_t i, histogram_piece_fn visit, void *ctx)
{
	const struct symbol *sym = &m->symbols.base[i];
	const struct object *obj = sym->object;
	const struct line_index *index = obj ? obj->line_index : NULL;
	uint64_t base = obj ? obj->model_base : 0, low = sym->address, high = UINT64_MAX;
	double scale = m->histograms.scale, raw = 0.0;
	size_t j;
	unsigned h;

	for (j = i + 1; j < m->symbols.count; j++)
		if (m->symbols.base[j].address > low) {
			if (m->symbols.base[j].object == obj)
				high = m->symbols.base[j].address;
			break;
		}
	for (h = 0; scale > 0.0 && h < m->histograms.count; h++) {
		const struct histogram *hist = &m->histograms.records[h];
		uint64_t units = hist->low_pc / 2;
		double from = ((double)(low / 2) - (double)units) / scale - 1.0;
		uint32_t b = from > 0.0 ? (from < (double)hist->bin_count ? (uint32_t)from
									  : hist->bin_count)
					: 0;

		for (; b < hist->bin_count; b++) {
			uint64_t bin_low = 2 * (units + (uint64_t)(scale * b));
			uint64_t bin_high = 2 * (units + (uint64_t)(scale * (b + 1)));
			uint64_t a, end;

			if (bin_low >= high)
				break;
			if (bin_high <= low || hist->bins[b] == 0 || bin_high <= bin_low)
				continue;
			a = bin_low > low ? bin_low : low;
			end = bin_high < high ? bin_high : high;
			while (a < end) {
				const struct line_span *span =
					index && a >= base ? line_index_find(index, a - base)
							   : NULL;
				const struct line_span *next =
					index ? (span ? span + 1 : index->spans) : NULL;
				uint64_t piece = end;
				double ticks;

				if (next && next < index->spans + index->count &&
				    next->address + base > a && next->address + base < end)
					piece = next->address + base;
				ticks = (double)hist->bins[b] * (double)(piece - a) /
					(double)(bin_high - bin_low);
				visit(ctx, a, span, ticks);
				raw += ticks;
				a = piece;
			}
		}
	}
	/* the main program's samples kept by address: each at its own line */
	if (obj != NULL && obj == m->objects[0]) {
		const struct model_sample *samples = m->process.main_samples;
		size_t lo = 0, hi = m->process.main_sample_count;

		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (samples[mid].address < low)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < m->process.main_sample_count && samples[lo].address < high; lo++) {
			uint64_t a = samples[lo].address;

			visit(ctx, a, index && a >= base ? line_index_find(index, a - base) : NULL,
			      (double)samples[lo].count);
			raw += (double)samples[lo].count;
		}
	}
	return raw;
}
