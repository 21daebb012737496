/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * read_gnu.c: the records of a profile file in the GNU format, either
 * byte order (doc/format.md): histograms, call-graph arcs, basic-block
 * counts, each checked against the bytes that remain before it is
 * trusted.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <string.h>

#include "gmon_out.h"
#include "gmon/merge.h"
#include "gmon/read_formats.h"
#include "gmon/reader.h"

bool read_gnu(struct reader *r, struct profile_data *p, struct profile_file_info *info)
{
	const int a = r->address_size;
	uint32_t version = (uint32_t)cursor_get_uint(&r->c, GMON_MAGIC_SIZE, 4);

	if (version != GMON_VERSION && version != 0) {
		/* a file written on a machine of the other byte order */
		r->c.big_endian = !r->c.big_endian;
		version = (uint32_t)cursor_get_uint(&r->c, GMON_MAGIC_SIZE, 4);
		if (version != GMON_VERSION) {
			r->c.big_endian = !r->c.big_endian;
			return cursor_fail(&r->c, "unsupported gmon.out version %u",
					   (unsigned)cursor_get_uint(&r->c, GMON_MAGIC_SIZE, 4));
		}
	}
	info->version = (int)version;
	r->c.pos = GMON_HEADER_SIZE;
	while (!r->stop && cursor_fill(&r->c, 1)) {
		size_t at = r->c.pos;
		int tag = (int)cursor_take(&r->c, 1);

		switch (tag) {
		case GMON_TAG_TIME_HIST: {
			uint64_t low, high;
			uint32_t bins;
			unsigned rate;
			char dimension[16];
			char abbrev;
			struct histogram *h;

			if (!cursor_fill(&r->c, (size_t)GMON_HIST_HEADER_SIZE(a)))
				return cursor_fail(&r->c,
						   "truncated histogram record at offset %zu", at);
			low = cursor_take(&r->c, a);
			high = cursor_take(&r->c, a);
			bins = (uint32_t)cursor_take(&r->c, 4);
			rate = (unsigned)cursor_take(&r->c, 4);
			memcpy(dimension, r->c.data + (r->c.pos - r->c.base), 15);
			dimension[15] = '\0';
			r->c.pos += 15;
			abbrev = (char)cursor_take(&r->c, 1);
			/* before anything is allocated for the bins */
			if (!cursor_available(&r->c, (uint64_t)bins * 2))
				return cursor_fail(
					&r->c,
					"histogram record at offset %zu declares %u bins (%llu bytes) but only %zu bytes remain",
					at, bins, (unsigned long long)bins * 2,
					cursor_remaining(&r->c));
			if (r->arcs_only) {
				cursor_skip(&r->c, (uint64_t)bins * 2);
				break;
			}
			if (!histogram_merge_target(r, low, high, bins, rate, dimension, abbrev,
						    &h))
				return false;
			if (!histogram_add_bins(r, h))
				return false;
			info->histogram_records++;
			p->input |= INPUT_HISTOGRAM;
			break;
		}
		case GMON_TAG_CG_ARC: {
			uint64_t from, self;
			uint32_t count;

			if (!cursor_fill(&r->c, (size_t)GMON_ARC_RECORD_SIZE(a)))
				return cursor_fail(&r->c,
						   "truncated call-graph record at offset %zu", at);
			from = cursor_take(&r->c, a);
			self = cursor_take(&r->c, a);
			count = (uint32_t)cursor_take(&r->c, 4);
			if (!reader_add_arc(r, from, self, count))
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
				return cursor_fail(
					&r->c,
					"basic-block record at offset %zu is in the version 0 layout, which is not supported",
					at);
			if (!cursor_fill(&r->c, 4))
				return cursor_fail(&r->c,
						   "truncated basic-block record at offset %zu",
						   at);
			n = (uint32_t)cursor_take(&r->c, 4);
			if (!cursor_available(&r->c, (uint64_t)n * 2 * (uint64_t)a))
				return cursor_fail(
					&r->c,
					"basic-block record at offset %zu declares %u blocks but only %zu bytes remain",
					at, n, cursor_remaining(&r->c));
			if (r->arcs_only) {
				cursor_skip(&r->c, (uint64_t)n * 2 * (uint64_t)a);
				break;
			}
			for (i = 0; i < n; i++) {
				uint64_t address, count;

				if (!cursor_fill(&r->c, (size_t)(2 * a)))
					return cursor_fail(&r->c,
							   "truncated basic-block record at offset %zu",
							   at);
				address = cursor_take(&r->c, a);
				count = cursor_take(&r->c, a);
				if (!profile_add_block(p, address, count))
					return cursor_fail(&r->c,
							   "more than %zu distinct basic blocks",
							   profile_max_blocks);
			}
			info->bb_records++;
			p->input |= INPUT_BB_COUNTS;
			break;
		}
		default:
			return cursor_fail(&r->c,
					   "unknown record tag %d at offset %zu (file corrupted?)",
					   tag, at);
		}
	}
	return !r->c.io_failed;
}
