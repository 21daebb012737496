/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * histogram.c: credit histogram samples to symbols, and print the flat
 * profile.
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

#include "blurbs.h"
#include "fixed.h"
#include "gprof.h"
#include "report.h"
#include "symbols.h"
#include "symspec.h"

double total_ticks; /* every sample counted, less those excluded */
static double accumulated_ticks;

/* SI prefixes for the per-call columns, largest unit first. */
static const struct {
	char prefix;
	double scale;
} si_prefixes[] = {
	{ 'T', 1e-12 }, { 'G', 1e-09 }, { 'M', 1e-06 }, { 'K', 1e-03 },
	{ ' ', 1e-00 }, { 'm', 1e+03 }, { 'u', 1e+06 }, { 'n', 1e+09 },
	{ 'p', 1e+12 }, { 'f', 1e+15 }, { 'a', 1e+18 },
};
#define SI_PREFIX_COUNT (sizeof(si_prefixes) / sizeof(si_prefixes[0]))

static void assign_one(const struct histogram *h)
{
	uint64_t low = h->low_pc / 2;
	size_t next = 1; /* symbol scan resumes near where the last bin ended */
	uint32_t i;

	for (i = 0; i < h->bin_count; i++) {
		uint64_t count = h->bins[i];
		uint64_t bin_low, bin_high;
		double count_time;
		size_t j;

		if (count == 0)
			continue;
		bin_low = low + (uint64_t)(histograms.scale * i);
		bin_high = low + (uint64_t)(histograms.scale * (i + 1));
		count_time = (double)count;
		total_ticks += count_time;

		for (j = next - 1; j < symtab.count; next = ++j) {
			struct symbol *sym = &symtab.base[j];
			uint64_t sym_low = sym->scaled_address;
			/* GNU gprof reads one past the table for the last
			 * symbol's end, which in practice holds 0: the last
			 * symbol gets no samples */
			uint64_t sym_high = j + 1 < symtab.count ? symtab.base[j + 1].scaled_address : 0;
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
			credit = (double)(hi - lo) * count_time / histograms.scale;
			if (symspec_selected(INCL_FLAT, EXCL_FLAT, sym->address)) {
				struct symbol *owner = sym->alias_of ? sym->alias_of : sym;

				owner->self_ticks += credit;
			} else {
				total_ticks -= credit;
			}
		}
	}
}

void histogram_assign_samples(void)
{
	size_t i;
	unsigned r;

	for (i = 0; i < symtab.count; i++)
		symtab.base[i].scaled_address = symtab.base[i].address / 2;
	for (r = 0; r < histograms.count; r++)
		assign_one(&histograms.records[r]);
}

/* Bytes per sample as the reports print it: GNU truncates the scale to a
 * whole number first.  A hostile file's scale may not fit a long. */
long histogram_granularity(void)
{
	double scale = histograms.scale;

	if (!(scale >= 0.0))
		return 0;
	if (scale >= (double)(LONG_MAX / 2))
		return LONG_MAX;
	return (long)scale * 2L;
}

/* Is addr inside one of the histograms?  (GNU gprof compares only the low
 * 32 bits of the address.) */
bool histogram_covers(uint64_t addr)
{
	unsigned i;
	unsigned address = (unsigned)addr;

	for (i = 0; i < histograms.count; i++)
		if (histograms.records[i].low_pc <= address && address < histograms.records[i].high_pc)
			return true;
	return false;
}

/* Clip [*low, *high) to the histogram it falls in; empty if none. */
void histogram_clip(uint64_t *low, uint64_t *high)
{
	unsigned i;
	bool found = false;

	for (i = 0; i < histograms.count; i++) {
		uint64_t lo = histograms.records[i].low_pc > *low ? histograms.records[i].low_pc : *low;
		uint64_t hi = histograms.records[i].high_pc < *high ? histograms.records[i].high_pc : *high;

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

/* ------------------------------------------------------------ printing */

static void print_header(char prefix)
{
	char unit[64];
	double hz = histograms.rate;

	snprintf(unit, sizeof(unit), "%c%c/call", prefix, histograms.dimension_abbrev);
	if (opt.traditional) {
		printf("\ngranularity: each sample hit covers %ld byte(s)",
		       histogram_granularity());
		if (total_ticks > 0.0)
			printf(" for %.2f%% of %.2f %s\n\n", 100.0 / total_ticks,
			       total_ticks / hz, histograms.dimension);
	} else {
		printf("\nEach sample counts as %g %s.\n", 1.0 / hz, histograms.dimension);
	}
	if (total_ticks <= 0.0) {
		printf(" no time accumulated\n\n");
		/* every numerator is zero: avoid dividing by it */
		total_ticks = 1.0;
	}
	printf("%5.5s %10.10s %8.8s %8.8s %8.8s %8.8s  %-8.8s\n", "%  ", "cumulative",
	       "self  ", "", "self  ", "total ", "");
	printf("%5.5s %9.9s  %8.8s %8.8s %8.8s %8.8s  %-8.8s\n", "time", histograms.dimension,
	       histograms.dimension, "calls", unit, unit, "name");
}

static void print_line(const struct symbol *sym, double scale)
{
	double hz = histograms.rate;
	char percent[FIXED_SIZE], cumulative[FIXED_SIZE], self[FIXED_SIZE], total[FIXED_SIZE];

	if (!opt.show_zeros && sym->calls == 0 && sym->self_ticks == 0)
		return;
	accumulated_ticks += sym->self_ticks;
	printf("%s %s %s",
	       format_fixed(percent, opt.traditional ? 5 : 6, opt.traditional ? 1 : 2,
			    total_ticks > 0.0 ? 100 * sym->self_ticks / total_ticks : 0.0),
	       format_fixed(cumulative, opt.traditional ? 10 : 9, 2, accumulated_ticks / hz),
	       format_fixed(self, 8, 2, sym->self_ticks / hz));
	if (sym->calls != 0)
		printf(" %8lu %s %s  ", sym->calls,
		       format_fixed(self, 8, 2, scale * sym->self_ticks / hz / sym->calls),
		       format_fixed(total, 8, 2,
				    scale * (sym->self_ticks + sym->child_ticks) / hz / sym->calls));
	else
		printf(" %8.8s %8.8s %8.8s  ", "", "", "");
	if (opt.traditional)
		print_name(stdout, sym);
	else
		print_name_only(stdout, sym);
	putchar('\n');
}

/* Flat profile order: self time, then calls (both descending), then name. */
static int compare_time(const void *lp, const void *rp)
{
	const struct symbol *left = *(const struct symbol *const *)lp;
	const struct symbol *right = *(const struct symbol *const *)rp;
	double diff = right->self_ticks - left->self_ticks;

	if (diff > 0.0)
		return 1;
	if (diff < 0.0)
		return -1;
	if (right->calls > left->calls)
		return 1;
	if (right->calls < left->calls)
		return -1;
	return strcmp(left->name, right->name);
}

void print_flat_profile(void)
{
	struct symbol **sorted;
	size_t i;
	unsigned log_scale;

	report_separator();
	accumulated_ticks = 0.0;
	if (opt.traditional) {
		if (!opt.brief) {
			printf("\n\n\nflat profile:\n");
			blurb_flat(stdout);
		}
	} else {
		printf("Flat profile:\n");
	}

	sorted = xmalloc(symtab.count * sizeof(*sorted));
	for (i = 0; i < symtab.count; i++)
		sorted[i] = &symtab.base[i];
	qsort(sorted, symtab.count, sizeof(*sorted), compare_time);

	if (opt.traditional) {
		log_scale = 5; /* milliseconds, as BSD prints */
	} else {
		/* the unit of the per-call columns suits the largest value */
		double top_time = 0.0;
		const struct symbol *top = NULL;

		log_scale = 0;
		for (i = 0; i < symtab.count; i++) {
			const struct symbol *sym = sorted[i];

			if (sym->calls != 0) {
				double call_time = (sym->self_ticks + sym->child_ticks) / sym->calls;

				if (call_time > top_time) {
					top = sym;
					top_time = call_time;
				}
			}
		}
		if (top && top->calls != 0 && top_time > 0.0) {
			top_time /= histograms.rate;
			for (log_scale = 0; log_scale < SI_PREFIX_COUNT; log_scale++) {
				double scaled = si_prefixes[log_scale].scale * top_time;

				if (scaled >= 1.0 && scaled < 1000.0)
					break;
			}
		}
	}
	/* GNU gprof indexes one past its table when no unit fits */
	if (log_scale >= SI_PREFIX_COUNT)
		log_scale = SI_PREFIX_COUNT - 1;
	print_header(si_prefixes[log_scale].prefix);
	for (i = 0; i < symtab.count; i++) {
		if (sorted[i]->hidden)
			continue;
		if (symspec_selected(INCL_FLAT, EXCL_FLAT, sorted[i]->address))
			print_line(sorted[i], si_prefixes[log_scale].scale);
	}
	free(sorted);
	if (!opt.brief && !opt.traditional)
		blurb_flat(stdout);
}

/* Forget the totals, for the next input of an in-process fuzzer
 * (tests/fuzz/). */
void histogram_reset(void)
{
	total_ticks = 0.0;
	accumulated_ticks = 0.0;
}
