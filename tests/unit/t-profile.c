/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * t-profile.c: unit tests of the profile reader and writer (gprof/gmon/profile.h)
 * through profile_read_buffer and profile_write: round trips in both byte
 * orders and both address sizes, the BSD layouts, summing, and every kind
 * of corrupt input, each with its exact message.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon_out.h"
#include "gmon/profile.h"
#include "core/util.h"
#include "check_tap.h"


/* ------------------------------------------------------------ file builder */

/* A profile file being put together byte by byte, in a chosen byte order
 * and address size: the tests describe files, never overlay structs. */
struct file {
	unsigned char bytes[1 << 16];
	size_t size;
	bool big_endian;
	int a; /* address size */
};

static void put(struct file *f, uint64_t v, int n)
{
	int i;

	ck_assert_uint_le(f->size + (size_t)n, sizeof(f->bytes));
	for (i = 0; i < n; i++) {
		int shift = f->big_endian ? (n - 1 - i) * 8 : i * 8;

		/* n may exceed 8 to write a run of zero bytes */
		f->bytes[f->size++] = shift < 64 ? (unsigned char)(v >> shift) : 0;
	}
}

static void put_raw(struct file *f, const void *p, size_t n)
{
	memcpy(f->bytes + f->size, p, n);
	f->size += n;
}

static void gnu_header(struct file *f, bool big_endian, int a, uint32_t version)
{
	memset(f, 0, sizeof(*f));
	f->big_endian = big_endian;
	f->a = a;
	put_raw(f, "gmon", 4);
	put(f, version, 4);
	put(f, 0, 12);
}

static void gnu_hist_header(struct file *f, uint64_t low, uint64_t high, uint32_t bins,
			    uint32_t rate, const char *dimension, char abbrev)
{
	char dim[15] = { 0 };

	memcpy(dim, dimension, strnlen(dimension, sizeof(dim)));
	put(f, GMON_TAG_TIME_HIST, 1);
	put(f, low, f->a);
	put(f, high, f->a);
	put(f, bins, 4);
	put(f, rate, 4);
	put_raw(f, dim, 15);
	put(f, (unsigned char)abbrev, 1);
}

/* A histogram whose bin i holds first + i. */
static void gnu_hist(struct file *f, uint64_t low, uint64_t high, uint32_t bins, unsigned first)
{
	uint32_t i;

	gnu_hist_header(f, low, high, bins, 100, "seconds", 's');
	for (i = 0; i < bins; i++)
		put(f, first + i, 2);
}

static void gnu_arc(struct file *f, uint64_t from, uint64_t self, uint32_t count)
{
	put(f, GMON_TAG_CG_ARC, 1);
	put(f, from, f->a);
	put(f, self, f->a);
	put(f, count, 4);
}

static void gnu_blocks(struct file *f, uint32_t n, const uint64_t *address_count_pairs)
{
	uint32_t i;

	put(f, GMON_TAG_BB_COUNT, 1);
	put(f, n, 4);
	for (i = 0; i < 2 * n; i++)
		put(f, address_count_pairs[i], f->a);
}

/* Old BSD (rate < 0: no version field) or 4.4BSD header with bins and
 * arcs (3 * n values). */
static void bsd_file(struct file *f, bool big_endian, int a, int rate, uint64_t low, uint64_t high,
		     uint32_t bins, const uint64_t *arcs, size_t n)
{
	size_t header = rate < 0 ? (size_t)GMON_OLDBSD_HEADER_SIZE(a)
				 : (size_t)GMON_BSD44_HEADER_SIZE(a);
	uint32_t i;

	memset(f, 0, sizeof(*f));
	f->big_endian = big_endian;
	f->a = a;
	put(f, low, a);
	put(f, high, a);
	put(f, header + 2 * bins, 4);
	if (rate >= 0) {
		put(f, GMON_BSD44_VERSION, 4);
		put(f, (uint64_t)rate, 4);
	}
	while (f->size < header)
		put(f, 0, 1);
	for (i = 0; i < bins; i++)
		put(f, 10 * (i + 1), 2);
	for (i = 0; i < 3 * n; i++)
		put(f, arcs[i], a);
}

/* ------------------------------------------------------------ helpers */

static struct profile_data prof;
static struct profile_file_info info;
static char err[512];

static void setup(void)
{
	profile_reset(&prof);
	profile_set_code_range(&prof, 0, 0);
	profile_max_arcs = UINT32_MAX - 1;
	profile_max_blocks = UINT32_MAX - 1;
	profile_max_histograms = 65536;
	profile_sum_stream_records = (size_t)1 << 20;
	profile_sum_stream_bits = 8;
	err[0] = '\0';
}

static void teardown(void)
{
	profile_reset(&prof);
}

static bool read_as(const struct file *f, bool big_endian, int a, enum file_format format)
{
	struct target t = { a, big_endian };

	return profile_read_buffer("t.out", f->bytes, f->size, &t, format, &prof, &info, err,
				   sizeof(err));
}

static bool read_file(const struct file *f)
{
	return read_as(f, f->big_endian, f->a, FORMAT_AUTO);
}

/* Read f, which must fail with exactly this message. */
static void expect_error(const struct file *f, enum file_format format, const char *message)
{
	ck_assert_msg(!read_as(f, f->big_endian, f->a, format), "read succeeded");
	ck_assert_str_eq(err, message);
}

static bool find_arc(uint64_t from, uint64_t self, struct raw_arc *arc)
{
	size_t i;

	for (i = 0; i < profile_arc_count(&prof); i++) {
		*arc = profile_arc(&prof, i);
		if (arc->from_pc == from && arc->self_pc == self)
			return true;
	}
	return false;
}

static uint64_t arc_count(uint64_t from, uint64_t self)
{
	struct raw_arc arc;

	ck_assert_msg(find_arc(from, self, &arc), "arc 0x%llx -> 0x%llx missing",
		      (unsigned long long)from, (unsigned long long)self);
	return arc.count;
}

/* A scratch directory for written files, removed by the test itself. */
static char dir[64];

static void make_dir(void)
{
	strcpy(dir, "/tmp/t-profile.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static int entries_in_dir(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

static void remove_dir(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[512];

	while (d && (e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		unlink(path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

/* Whole contents of a file (at most the builder's size). */
static void slurp(const char *path, struct file *f, bool big_endian, int a)
{
	FILE *fp = fopen(path, "rb");

	ck_assert_ptr_nonnull(fp);
	memset(f, 0, sizeof(*f));
	f->size = fread(f->bytes, 1, sizeof(f->bytes), fp);
	f->big_endian = big_endian;
	f->a = a;
	fclose(fp);
}

/* write_back: write the profile to path for t in format (which must
 * work), and read the file written into f */
static void write_back(const char *path, const struct target *t, enum file_format format,
		       struct file *f)
{
	ck_assert_msg(profile_write(path, t, format, &prof, err, sizeof(err)), "%s", err);
	slurp(path, f, t->big_endian, t->address_size);
}

/* expect_same_file: the two files hold the same bytes */
static void expect_same_file(const struct file *got, const struct file *expected)
{
	ck_assert_uint_eq(got->size, expected->size);
	ck_assert_mem_eq(got->bytes, expected->bytes, expected->size);
}

/* Everything read, copied, to compare after a round trip. */
struct snapshot {
	unsigned hist_count;
	struct histogram hist[4];
	uint32_t bins[4][64];
	unsigned rate;
	char dimension[16];
	char abbrev;
	size_t arc_count;
	struct raw_arc arcs[64];
	size_t block_count;
	struct bb_count blocks[64];
	int input;
};

static void snap(struct snapshot *s)
{
	unsigned i;
	size_t k;

	memset(s, 0, sizeof(*s));
	ck_assert_uint_le(prof.histograms.count, 4);
	ck_assert_uint_le(profile_arc_count(&prof), 64);
	ck_assert_uint_le(prof.block_count, 64);
	s->hist_count = prof.histograms.count;
	for (i = 0; i < prof.histograms.count; i++) {
		s->hist[i] = prof.histograms.records[i];
		ck_assert_uint_le(prof.histograms.records[i].bin_count, 64);
		memcpy(s->bins[i], prof.histograms.records[i].bins,
		       prof.histograms.records[i].bin_count * sizeof(uint32_t));
		s->hist[i].bins = NULL;
	}
	s->rate = prof.histograms.rate;
	memcpy(s->dimension, prof.histograms.dimension, 16);
	s->abbrev = prof.histograms.dimension_abbrev;
	s->arc_count = profile_arc_count(&prof);
	for (k = 0; k < s->arc_count; k++)
		s->arcs[k] = profile_arc(&prof, k);
	s->block_count = prof.block_count;
	if (prof.block_count)
		memcpy(s->blocks, prof.blocks, prof.block_count * sizeof(struct bb_count));
	s->input = prof.input;
}

static void expect_same_snapshot(const struct snapshot *x, const struct snapshot *y)
{
	unsigned i;
	size_t k;

	ck_assert_int_eq(x->input, y->input);
	ck_assert_uint_eq(x->hist_count, y->hist_count);
	for (i = 0; i < x->hist_count; i++) {
		ck_assert_uint_eq(x->hist[i].low_pc, y->hist[i].low_pc);
		ck_assert_uint_eq(x->hist[i].high_pc, y->hist[i].high_pc);
		ck_assert_uint_eq(x->hist[i].bin_count, y->hist[i].bin_count);
		ck_assert_mem_eq(x->bins[i], y->bins[i], x->hist[i].bin_count * sizeof(uint32_t));
	}
	ck_assert_uint_eq(x->rate, y->rate);
	ck_assert_str_eq(x->dimension, y->dimension);
	ck_assert_int_eq(x->abbrev, y->abbrev);
	ck_assert_uint_eq(x->arc_count, y->arc_count);
	for (k = 0; k < x->arc_count; k++) {
		ck_assert_uint_eq(x->arcs[k].from_pc, y->arcs[k].from_pc);
		ck_assert_uint_eq(x->arcs[k].self_pc, y->arcs[k].self_pc);
		ck_assert_uint_eq(x->arcs[k].count, y->arcs[k].count);
	}
	ck_assert_uint_eq(x->block_count, y->block_count);
	for (k = 0; k < x->block_count; k++) {
		ck_assert_uint_eq(x->blocks[k].address, y->blocks[k].address);
		ck_assert_uint_eq(x->blocks[k].count, y->blocks[k].count);
	}
}

/* A file with two histograms, three arcs and two basic blocks. */
static void sample_file(struct file *f, bool big_endian, int a)
{
	static const uint64_t blocks[] = { 0x1010, 7, 0x1020, 9 };

	gnu_header(f, big_endian, a, GMON_VERSION);
	gnu_hist(f, 0x1000, 0x1040, 16, 1);
	gnu_hist(f, 0x2000, 0x2040, 16, 100);
	gnu_arc(f, 0x1004, 0x1020, 5);
	gnu_arc(f, 0x1024, 0x2000, 0xfffffff0u);
	gnu_arc(f, 0x2010, 0x1000, 1);
	gnu_blocks(f, 2, blocks);
}

/* The 4 combinations of byte order and address size, for loop tests. */
static const struct {
	bool big_endian;
	int a;
} layouts[] = { { false, 8 }, { true, 8 }, { false, 4 }, { true, 4 } };

/* ------------------------------------------------------------ GNU format */

START_TEST(format_read_gnu_values)
{
	struct file f;

	sample_file(&f, layouts[_i].big_endian, layouts[_i].a);
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert_int_eq(info.version, 1);
	ck_assert_int_eq(info.histogram_records, 2);
	ck_assert_int_eq(info.arc_records, 3);
	ck_assert_int_eq(info.bb_records, 1);
	ck_assert_int_eq(prof.input, INPUT_HISTOGRAM | INPUT_CALL_GRAPH | INPUT_BB_COUNTS);
	ck_assert_uint_eq(prof.histograms.count, 2);
	ck_assert_uint_eq(prof.histograms.records[0].low_pc, 0x1000);
	ck_assert_uint_eq(prof.histograms.records[0].high_pc, 0x1040);
	ck_assert_uint_eq(prof.histograms.records[0].bin_count, 16);
	ck_assert_uint_eq(prof.histograms.records[0].bins[15], 16);
	ck_assert_uint_eq(prof.histograms.records[1].bins[0], 100);
	ck_assert_uint_eq(prof.histograms.rate, 100);
	ck_assert_str_eq(prof.histograms.dimension, "seconds");
	ck_assert_int_eq(prof.histograms.dimension_abbrev, 's');
	ck_assert_uint_eq(profile_arc_count(&prof), 3);
	ck_assert_uint_eq(arc_count(0x1024, 0x2000), 0xfffffff0u);
	ck_assert_uint_eq(prof.block_count, 2);
	ck_assert_uint_eq(prof.blocks[1].address, 0x1020);
	ck_assert_uint_eq(prof.blocks[1].count, 9);
}
END_TEST

/* Write what was read, read it back: the same histograms, arcs, blocks;
 * and the written file is byte-identical to the input (nothing to merge). */
START_TEST(format_roundtrip_gnu)
{
	struct file f, g;
	struct snapshot before, after;
	struct target t = { layouts[_i].a, layouts[_i].big_endian };
	char path[128];

	make_dir();
	snprintf(path, sizeof(path), "%s/gmon.sum", dir);
	sample_file(&f, t.big_endian, t.address_size);
	ck_assert_msg(read_file(&f), "%s", err);
	snap(&before);
	write_back(path, &t, FORMAT_AUTO, &g);
	expect_same_file(&g, &f);
	profile_reset(&prof);
	ck_assert_msg(read_file(&g), "%s", err);
	snap(&after);
	expect_same_snapshot(&before, &after);
	ck_assert_int_eq(entries_in_dir(), 1);
	remove_dir();
}
END_TEST

/* A file in the other byte order than the executable's (found from the
 * version field) reads as the same data; gmon.sum is then written in the
 * executable's order. */
START_TEST(format_read_other_byte_order)
{
	struct file native, swapped, out;
	struct snapshot a, b;
	bool be = layouts[_i].big_endian;
	int size = layouts[_i].a;
	struct target t = { size, be };
	char path[128];

	sample_file(&native, be, size);
	sample_file(&swapped, !be, size);
	ck_assert_msg(read_as(&native, be, size, FORMAT_AUTO), "%s", err);
	snap(&a);
	profile_reset(&prof);
	ck_assert_msg(read_as(&swapped, be, size, FORMAT_AUTO), "%s", err);
	snap(&b);
	expect_same_snapshot(&a, &b);
	make_dir();
	snprintf(path, sizeof(path), "%s/gmon.sum", dir);
	write_back(path, &t, FORMAT_AUTO, &out);
	expect_same_file(&out, &native);
	remove_dir();
}
END_TEST

/* The same bytes read with a 4-byte and an 8-byte target mean different
 * things: the reader must use the executable's address size. */
START_TEST(format_read_address_size)
{
	struct file f;

	gnu_header(&f, false, 4, GMON_VERSION);
	gnu_arc(&f, 0x11223344, 0x55667788, 3);
	ck_assert_msg(read_as(&f, false, 4, FORMAT_AUTO), "%s", err);
	ck_assert_uint_eq(arc_count(0x11223344, 0x55667788), 3);
	profile_reset(&prof);
	/* as 8-byte addresses the 13-byte record is short of 20 */
	ck_assert(!read_as(&f, false, 8, FORMAT_AUTO));
	ck_assert_str_eq(err, "t.out: truncated call-graph record at offset 20");
}
END_TEST

/* ------------------------------------------------------------ BSD formats */

START_TEST(format_read_bsd_old)
{
	struct file f;
	bool be = layouts[_i].big_endian;
	int a = layouts[_i].a;
	uint64_t arcs[] = { 0x1004, 0x1020, 7, 0x1010, 0x1000, a == 8 ? 0x123456789ull : 9 };

	bsd_file(&f, be, a, -1, 0x1000, 0x1040, 16, arcs, 2);
	ck_assert_msg(read_as(&f, be, a, FORMAT_AUTO), "%s", err);
	ck_assert_int_eq(info.version, 0);
	ck_assert_int_eq(info.histogram_records, 1);
	ck_assert_int_eq(info.arc_records, 2);
	ck_assert_uint_eq(prof.histograms.records[0].bin_count, 16);
	ck_assert_uint_eq(prof.histograms.records[0].bins[0], 10);
	ck_assert_uint_eq(prof.histograms.records[0].bins[15], 160);
	ck_assert_uint_eq(prof.histograms.rate, profile_default_hz());
	ck_assert_uint_eq(arc_count(0x1004, 0x1020), 7);
	ck_assert_uint_eq(arc_count(0x1010, 0x1000), arcs[5]);
	/* -O bsd reads it the same way; -O 4.4bsd refuses it */
	profile_reset(&prof);
	ck_assert_msg(read_as(&f, be, a, FORMAT_BSD), "%s", err);
	ck_assert_uint_eq(arc_count(0x1004, 0x1020), 7);
	profile_reset(&prof);
	ck_assert(!read_as(&f, be, a, FORMAT_BSD44));
	/* the "version" it finds is the first two bins, 10 and 20 */
	ck_assert_str_eq(err,
			 be ? "t.out: not a 4.4BSD profile (version 0xa0014, expected 0x51879)"
			    : "t.out: not a 4.4BSD profile (version 0x14000a, expected 0x51879)");
}
END_TEST

START_TEST(format_read_bsd44)
{
	struct file f;
	bool be = layouts[_i].big_endian;
	int a = layouts[_i].a;
	uint64_t arcs[] = { 0x1004, 0x1020, 7 };

	bsd_file(&f, be, a, 1000, 0x1000, 0x1040, 16, arcs, 1);
	ck_assert_uint_eq(f.size, (size_t)GMON_BSD44_HEADER_SIZE(a) + 32 + 3 * (size_t)a);
	ck_assert_msg(read_as(&f, be, a, FORMAT_BSD44), "%s", err);
	ck_assert_uint_eq(prof.histograms.rate, 1000);
	ck_assert_uint_eq(prof.histograms.records[0].bins[1], 20);
	ck_assert_uint_eq(arc_count(0x1004, 0x1020), 7);
	/* the version field shows a 4.4BSD file of the other byte order */
	profile_reset(&prof);
	ck_assert_msg(read_as(&f, !be, a, FORMAT_AUTO), "%s", err);
	ck_assert_uint_eq(prof.histograms.rate, 1000);
	ck_assert_uint_eq(arc_count(0x1004, 0x1020), 7);
}
END_TEST

/* -O bsd / -O 4.4bsd writing, read back in auto mode. */
START_TEST(format_roundtrip_bsd)
{
	struct file f, g;
	struct snapshot before, after;
	bool be = layouts[_i].big_endian;
	int a = layouts[_i].a;
	struct target t = { a, be };
	uint64_t arcs[] = { 0x1004, 0x1020, 7, 0x1010, 0x1000, 9 };
	char path[128];
	enum file_format formats[] = { FORMAT_BSD, FORMAT_BSD44 };
	int k;

	make_dir();
	snprintf(path, sizeof(path), "%s/gmon.sum", dir);
	for (k = 0; k < 2; k++) {
		profile_reset(&prof);
		bsd_file(&f, be, a, 1000, 0x1000, 0x1040, 16, arcs, 2);
		ck_assert_msg(read_as(&f, be, a, FORMAT_AUTO), "%s", err);
		snap(&before);
		write_back(path, &t, formats[k], &g);
		/* a rate other than the clock's needs the 4.4BSD header either way */
		expect_same_file(&g, &f);
		profile_reset(&prof);
		ck_assert_msg(read_as(&g, be, a, FORMAT_AUTO), "%s", err);
		snap(&after);
		expect_same_snapshot(&before, &after);
	}
	/* at the clock's rate -O bsd writes the old header */
	profile_reset(&prof);
	bsd_file(&f, be, a, -1, 0x1000, 0x1040, 16, arcs, 2);
	ck_assert_msg(read_as(&f, be, a, FORMAT_AUTO), "%s", err);
	write_back(path, &t, FORMAT_BSD, &g);
	expect_same_file(&g, &f);
	remove_dir();
}
END_TEST

/* -O bsd / -O 4.4bsd still read a file with the GNU magic as GNU (GNU
 * gprof would misread it), so that -s can convert; -O magic insists on it. */
START_TEST(format_read_gnu_under_bsd_option)
{
	struct file f;
	struct snapshot a, b;

	sample_file(&f, false, 8);
	ck_assert_msg(read_as(&f, false, 8, FORMAT_AUTO), "%s", err);
	snap(&a);
	profile_reset(&prof);
	ck_assert_msg(read_as(&f, false, 8, FORMAT_BSD), "%s", err);
	snap(&b);
	expect_same_snapshot(&a, &b);
	profile_reset(&prof);
	ck_assert_msg(read_as(&f, false, 8, FORMAT_BSD44), "%s", err);
	snap(&b);
	expect_same_snapshot(&a, &b);
	ck_assert_int_eq(info.version, 1);
}
END_TEST

/* What the BSD layouts cannot hold is refused, not silently dropped. */
START_TEST(format_write_bsd_refuses)
{
	struct file f;
	struct target t = { 8, false };
	static const uint64_t blocks[] = { 0x1010, 7 };
	char path[128];

	make_dir();
	snprintf(path, sizeof(path), "%s/gmon.sum", dir);
	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_hist(&f, 0x1000, 0x1040, 16, 1);
	gnu_hist(&f, 0x2000, 0x2040, 16, 1);
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert(!profile_write(path, &t, FORMAT_BSD, &prof, err, sizeof(err)));
	ck_assert_str_eq(
		err + strlen(dir) + 1,
		"gmon.sum: the BSD formats hold one histogram, and there are 2; use the GNU format");
	profile_reset(&prof);
	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_hist(&f, 0x1000, 0x1040, 16, 1);
	gnu_blocks(&f, 1, blocks);
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert(!profile_write(path, &t, FORMAT_BSD44, &prof, err, sizeof(err)));
	ck_assert_str_eq(
		err + strlen(dir) + 1,
		"gmon.sum: the BSD formats cannot hold basic-block counts; use the GNU format");
	ck_assert_int_eq(entries_in_dir(), 0);
	remove_dir();
}
END_TEST

/* ------------------------------------------------------------ summing */

START_TEST(format_sum_arcs_and_histograms)
{
	struct file f, g;
	static const uint64_t b1[] = { 0x1010, 7, 0x1020, 9 };
	static const uint64_t b2[] = { 0x1020, 1, 0x1030, 2 };

	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_hist(&f, 0x1000, 0x1040, 16, 1);
	gnu_arc(&f, 0x1004, 0x1020, 5);
	gnu_arc(&f, 0x1024, 0x1000, 1);
	gnu_blocks(&f, 2, b1);
	gnu_header(&g, false, 8, GMON_VERSION);
	gnu_arc(&g, 0x1030, 0x1000, 4);
	gnu_arc(&g, 0x1004, 0x1020, 6);
	gnu_hist(&g, 0x1000, 0x1040, 16, 10);
	gnu_hist(&g, 0x3000, 0x3040, 16, 0);
	gnu_blocks(&g, 2, b2);
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert_msg(read_file(&g), "%s", err);
	ck_assert_uint_eq(prof.histograms.count, 2);
	ck_assert_uint_eq(prof.histograms.records[0].bins[0], 1 + 10);
	ck_assert_uint_eq(prof.histograms.records[0].bins[15], 16 + 25);
	ck_assert_uint_eq(profile_arc_count(&prof), 3);
	/* first-seen order, counts added */
	ck_assert_uint_eq(profile_arc(&prof, 0).count, 11);
	ck_assert_uint_eq(profile_arc(&prof, 1).count, 1);
	ck_assert_uint_eq(profile_arc(&prof, 2).from_pc, 0x1030);
	ck_assert_uint_eq(prof.block_count, 3);
	ck_assert_uint_eq(prof.blocks[1].count, 10);
	ck_assert_uint_eq(prof.blocks[2].count, 2);
}
END_TEST

/* Counts past 32 bits add up in memory, are written as several records
 * and read back exactly. */
START_TEST(format_sum_wide_counts)
{
	struct file f, g;
	struct target t = { 8, false };
	char path[128];
	int i;

	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_arc(&f, 0x1004, 0x1020, 0xffffffffu);
	gnu_arc(&f, 0x1004, 0x1020, 0xffffffffu);
	gnu_arc(&f, 0x1004, 0x1020, 5);
	for (i = 0; i < 3; i++)
		ck_assert_msg(read_file(&f), "%s", err);
	ck_assert_uint_eq(arc_count(0x1004, 0x1020), 3 * (2 * 0xffffffffull + 5));
	make_dir();
	snprintf(path, sizeof(path), "%s/gmon.sum", dir);
	write_back(path, &t, FORMAT_AUTO, &g);
	/* 3 * (2^33 - 2 + 5) = 0x6_0000_0009: six full records and one of 15 */
	ck_assert_uint_eq(g.size, 20 + 7 * 21);
	profile_reset(&prof);
	ck_assert_msg(read_file(&g), "%s", err);
	ck_assert_int_eq(info.arc_records, 7);
	ck_assert_uint_eq(arc_count(0x1004, 0x1020), 3 * (2 * 0xffffffffull + 5));
	remove_dir();
}
END_TEST

/* 4-byte targets: BSD arc counts and basic-block counts are 4 bytes too. */
START_TEST(format_sum_wide_counts_32bit)
{
	struct file f, g;
	struct target t = { 4, false };
	static const uint64_t blocks[] = { 0x1010, 0xffffffffu };
	uint64_t arcs[] = { 0x1004, 0x1020, 0xffffffffu };
	char path[128];

	gnu_header(&f, false, 4, GMON_VERSION);
	gnu_blocks(&f, 1, blocks);
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert_uint_eq(prof.blocks[0].count, 0x1fffffffeull);
	make_dir();
	snprintf(path, sizeof(path), "%s/gmon.sum", dir);
	write_back(path, &t, FORMAT_AUTO, &g);
	ck_assert_uint_eq(g.size, 20 + 1 + 4 + 2 * 8);
	profile_reset(&prof);
	ck_assert_msg(read_file(&g), "%s", err);
	ck_assert_uint_eq(prof.block_count, 1);
	ck_assert_uint_eq(prof.blocks[0].count, 0x1fffffffeull);

	profile_reset(&prof);
	bsd_file(&f, false, 4, 1000, 0x1000, 0x1040, 16, arcs, 1);
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert_msg(read_file(&f), "%s", err);
	write_back(path, &t, FORMAT_BSD44, &g);
	ck_assert_uint_eq(g.size, 32 + 32 + 2 * 12);
	profile_reset(&prof);
	ck_assert_msg(read_file(&g), "%s", err);
	ck_assert_uint_eq(arc_count(0x1004, 0x1020), 0x1fffffffeull);
	remove_dir();
}
END_TEST

/* Run profile_write with stderr sent to a file; return what it said. */
static bool write_capturing_stderr(const char *path, const struct target *t,
				   enum file_format format, char *said, size_t said_size)
{
	char capture[160];
	int saved = dup(2), fd;
	bool ok;
	ssize_t n;

	snprintf(capture, sizeof(capture), "%s.stderr", dir);
	fd = open(capture, O_CREAT | O_TRUNC | O_RDWR, 0600);
	ck_assert_int_ge(fd, 0);
	fflush(stderr);
	dup2(fd, 2);
	ok = profile_write(path, t, format, &prof, err, sizeof(err));
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	n = pread(fd, said, said_size - 1, 0);
	said[n > 0 ? n : 0] = '\0';
	close(fd);
	unlink(capture);
	return ok;
}

/* A 64-bit BSD count needing more than 64 records of 2^32-1 is cut there
 * with a warning, instead of growing a 24-byte record into 2^32 records. */
START_TEST(format_write_split_is_bounded)
{
	struct file f, g;
	struct target t = { 8, false };
	uint64_t arcs[] = { 0x1004, 0x1020, UINT64_MAX, 0x1010, 0x1000, 64 * 0xffffffffull };
	char path[128], said[512];

	bsd_file(&f, false, 8, 1000, 0x1000, 0x1040, 16, arcs, 2);
	ck_assert_msg(read_file(&f), "%s", err);
	make_dir();
	snprintf(path, sizeof(path), "%s/gmon.sum", dir);
	ck_assert_msg(write_capturing_stderr(path, &t, FORMAT_AUTO, said, sizeof(said)), "%s", err);
	ck_assert_str_eq(
		said + strlen("gprof: warning: ") + strlen(dir) + 1,
		"gmon.sum: 1 count too large for the format (more than 64 full records); written saturated\n");
	slurp(path, &g, false, 8);
	ck_assert_uint_eq(g.size, 20 + 1 + 40 + 32 + 128 * 21);
	profile_reset(&prof);
	ck_assert_msg(read_file(&g), "%s", err);
	ck_assert_uint_eq(arc_count(0x1004, 0x1020), 64 * 0xffffffffull);
	ck_assert_uint_eq(arc_count(0x1010, 0x1000), 64 * 0xffffffffull);
	remove_dir();
}
END_TEST

/* Summed bins live in 64 bits; written they saturate at 65535. */
START_TEST(format_write_bins_saturate)
{
	struct file f, g;
	struct target t = { 8, false };
	static const uint64_t expected[] = { 65535, 65535, 2, 0 };
	char path[128];
	int i;

	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_hist_header(&f, 0x1000, 0x1008, 4, 100, "seconds", 's');
	put(&f, 40000, 2);
	put(&f, 65535, 2);
	put(&f, 1, 2);
	put(&f, 0, 2);
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert_uint_eq(prof.histograms.records[0].bins[0], 80000);
	ck_assert_uint_eq(prof.histograms.records[0].bins[1], 131070);
	make_dir();
	snprintf(path, sizeof(path), "%s/gmon.sum", dir);
	write_back(path, &t, FORMAT_AUTO, &g);
	profile_reset(&prof);
	ck_assert_msg(read_file(&g), "%s", err);
	for (i = 0; i < 4; i++)
		ck_assert_uint_eq(prof.histograms.records[0].bins[i], expected[i]);
	remove_dir();
}
END_TEST

/* ------------------------------------------------------------ corruption */

START_TEST(format_read_empty)
{
	struct file f = { .a = 8 };

	expect_error(&f, FORMAT_AUTO, "t.out: empty file, not a profile data file");
	expect_error(&f, FORMAT_MAGIC, "t.out: empty file, not a profile data file");
}
END_TEST

START_TEST(format_read_truncated_header)
{
	struct file f;

	gnu_header(&f, false, 8, GMON_VERSION);
	f.size = 10;
	expect_error(&f, FORMAT_AUTO, "t.out: file too short to be a profile (10 bytes)");
	f.size = 19;
	expect_error(&f, FORMAT_MAGIC, "t.out: file too short to be a profile (19 bytes)");
}
END_TEST

START_TEST(format_read_bad_magic)
{
	struct file f;

	sample_file(&f, false, 8);
	f.bytes[0] = 'x';
	expect_error(&f, FORMAT_MAGIC, "t.out: bad magic: not a GNU gmon.out file");
	/* in auto mode the BSD reading of it makes no sense either */
	expect_error(
		&f, FORMAT_AUTO,
		"t.out: not a profile data file: no GNU magic, and not a valid BSD profile (its size field 0 is smaller than the 20-byte header)");
	memcpy(f.bytes, "\177ELF", 4);
	expect_error(&f, FORMAT_AUTO, "t.out: is an executable, not a profile data file");
	memcpy(f.bytes, "some text, not a profile at all\n", 32);
	f.size = 32;
	expect_error(
		&f, FORMAT_AUTO,
		"t.out: not a profile data file: no GNU magic, and not a valid BSD profile (histogram of 1869770764 bytes but only 12 bytes follow the header)");
	ck_assert_uint_eq(prof.histograms.count, 0);
	ck_assert_uint_eq(profile_arc_count(&prof), 0);
}
END_TEST

START_TEST(format_read_unsupported_version)
{
	struct file f;
	static const uint64_t blocks[] = { 0x1010, 7 };

	gnu_header(&f, false, 8, 2);
	expect_error(&f, FORMAT_AUTO, "t.out: unsupported gmon.out version 2");
	gnu_header(&f, false, 8, 0x12345678);
	expect_error(&f, FORMAT_AUTO, "t.out: unsupported gmon.out version 305419896");
	/* version 0 is read, except for its old basic-block layout */
	gnu_header(&f, false, 8, 0);
	gnu_arc(&f, 0x1004, 0x1020, 5);
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert_int_eq(info.version, 0);
	gnu_blocks(&f, 1, blocks);
	expect_error(
		&f, FORMAT_AUTO,
		"t.out: basic-block record at offset 41 is in the version 0 layout, which is not supported");
}
END_TEST

START_TEST(format_read_unknown_tag)
{
	struct file f;

	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_arc(&f, 0x1004, 0x1020, 5);
	put(&f, 7, 1);
	put(&f, 0, 8);
	expect_error(&f, FORMAT_AUTO, "t.out: unknown record tag 7 at offset 41 (file corrupted?)");
}
END_TEST

START_TEST(format_read_truncated_record)
{
	struct file f;
	size_t whole;
	static const uint64_t blocks[] = { 0x1010, 7, 0x1020, 9 };

	/* histogram header cut short */
	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_hist(&f, 0x1000, 0x1040, 16, 1);
	whole = f.size;
	f.size = 20 + 1 + 16 + 4;
	expect_error(&f, FORMAT_AUTO, "t.out: truncated histogram record at offset 20");
	/* bins cut short */
	f.size = whole - 1;
	expect_error(
		&f, FORMAT_AUTO,
		"t.out: histogram record at offset 20 declares 16 bins (32 bytes) but only 31 bytes remain");
	/* arc cut short, in both address sizes */
	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_arc(&f, 0x1004, 0x1020, 5);
	gnu_arc(&f, 0x1004, 0x1030, 5);
	f.size -= 1;
	expect_error(&f, FORMAT_AUTO, "t.out: truncated call-graph record at offset 41");
	gnu_header(&f, true, 4, GMON_VERSION);
	gnu_arc(&f, 0x1004, 0x1020, 5);
	f.size -= 4;
	expect_error(&f, FORMAT_AUTO, "t.out: truncated call-graph record at offset 20");
	/* basic-block record: its count, then its entries */
	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_blocks(&f, 2, blocks);
	whole = f.size;
	f.size = 23;
	expect_error(&f, FORMAT_AUTO, "t.out: truncated basic-block record at offset 20");
	f.size = whole - 8;
	expect_error(
		&f, FORMAT_AUTO,
		"t.out: basic-block record at offset 20 declares 2 blocks but only 24 bytes remain");
	/* a BSD file whose last arc is cut */
	{
		uint64_t arcs[] = { 0x1004, 0x1020, 7, 0x1010, 0x1000, 9 };

		bsd_file(&f, false, 8, 1000, 0x1000, 0x1040, 16, arcs, 2);
		f.size -= 3;
		expect_error(&f, FORMAT_AUTO, "t.out: truncated call-graph record at offset 96");
	}
}
END_TEST

/* A declared size beyond the file is refused before anything is allocated
 * for it (a 0xffffffff-bin histogram would be 32 GiB of counters). */
START_TEST(format_read_histogram_beyond_file)
{
	struct file f;

	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_hist_header(&f, 0, 0xffffffffffffull, 0xffffffffu, 100, "seconds", 's');
	put(&f, 1, 2);
	expect_error(
		&f, FORMAT_AUTO,
		"t.out: histogram record at offset 20 declares 4294967295 bins (8589934590 bytes) but only 2 bytes remain");
	ck_assert_uint_eq(prof.histograms.count, 0);
	ck_assert_ptr_null(prof.histograms.records);
	/* the same in a BSD header */
	gnu_header(&f, false, 8, GMON_VERSION);
	f.size = 0;
	put(&f, 0x1000, 8);
	put(&f, 0x2000, 8);
	put(&f, 0xfffffff0u, 4);
	put(&f, GMON_BSD44_VERSION, 4);
	put(&f, 100, 4);
	put(&f, 0, 12);
	put(&f, 0, 8);
	expect_error(
		&f, FORMAT_BSD44,
		"t.out: not a valid BSD profile: histogram of 4294967240 bytes but only 8 bytes follow the header");
	ck_assert_uint_eq(prof.histograms.count, 0);
	/* a BSD size field smaller than the header itself */
	f.size = 16;
	put(&f, 8, 4);
	f.size = 48;
	expect_error(
		&f, FORMAT_AUTO,
		"t.out: not a profile data file: no GNU magic, and not a valid BSD profile (its size field 8 is smaller than the 40-byte header)");
}
END_TEST

START_TEST(format_read_histogram_geometry)
{
	struct file f;

	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_hist_header(&f, 0x1000, 0x1040, 0, 100, "seconds", 's');
	expect_error(&f, FORMAT_AUTO, "t.out: histogram record has no bins");
	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_hist(&f, 0x2000, 0x1000, 4, 0);
	expect_error(&f, FORMAT_AUTO, "t.out: histogram range 0x2000-0x1000 is empty or reversed");
	bsd_file(&f, false, 8, 1000, 0x2000, 0x1000, 4, NULL, 0);
	expect_error(&f, FORMAT_BSD44,
		     "t.out: not a valid BSD profile: histogram range 0x2000-0x1000 is reversed");
	ck_assert_uint_eq(prof.histograms.count, 0);
}
END_TEST

/* Histograms that cannot be merged, within one file or across files. */
START_TEST(format_read_incompatible_histograms)
{
	struct file f, g;

	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_hist(&f, 0x1000, 0x1040, 16, 1);
	ck_assert_msg(read_file(&f), "%s", err);

	/* another resolution: 8 bytes per bin against 4 */
	gnu_header(&g, false, 8, GMON_VERSION);
	gnu_hist(&g, 0x2000, 0x2040, 8, 1);
	expect_error(&g, FORMAT_AUTO,
		     "t.out: histogram resolution (8 bytes per bin) differs from the first file's (4)");
	/* overlapping without matching */
	gnu_header(&g, false, 8, GMON_VERSION);
	gnu_hist(&g, 0x1020, 0x1060, 16, 1);
	expect_error(&g, FORMAT_AUTO,
		     "t.out: histogram range 0x1020-0x1060 overlaps 0x1000-0x1040 without matching it");
	gnu_header(&g, false, 8, GMON_VERSION);
	gnu_hist(&g, 0xff0, 0x1010, 8, 1);
	expect_error(&g, FORMAT_AUTO,
		     "t.out: histogram range 0xff0-0x1010 overlaps 0x1000-0x1040 without matching it");
	/* adjacent is fine */
	gnu_header(&g, false, 8, GMON_VERSION);
	gnu_hist(&g, 0x1040, 0x1080, 16, 1);
	gnu_hist(&g, 0xfc0, 0x1000, 16, 1);
	ck_assert_msg(read_file(&g), "%s", err);
	ck_assert_uint_eq(prof.histograms.count, 3);
	/* another dimension */
	gnu_header(&g, false, 8, GMON_VERSION);
	gnu_hist_header(&g, 0x1000, 0x1040, 16, 100, "cycles", 'c');
	put(&g, 0, 32);
	expect_error(&g, FORMAT_AUTO,
		     "t.out: histogram dimension 'cycles' differs from 'seconds' in the first file");
	gnu_header(&g, false, 8, GMON_VERSION);
	gnu_hist_header(&g, 0x1000, 0x1040, 16, 100, "seconds", 'S');
	put(&g, 0, 32);
	expect_error(&g, FORMAT_AUTO,
		     "t.out: histogram dimension abbreviation 'S' differs from 's' in the first file");
}
END_TEST

/* A range on the bins of one read before (a sparse run's one bin inside
 * a whole histogram: doc/format.md, "Sparse samples") adds to those
 * bins; a range holding ranges read before, each on its bins, takes
 * them in, where the first of them was.  Bins as wide, or an error. */
START_TEST(format_read_nested_histograms)
{
	struct file f;
	unsigned i;

	/* 16 bins of 4 bytes over 0x1000-0x1040, then one at 0x1008 and
	 * two at 0x1030: bins 2, 12 and 13 get 7, 9 and 10 more */
	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_hist(&f, 0x1000, 0x1040, 16, 1);
	gnu_hist(&f, 0x1008, 0x100c, 1, 7);
	gnu_hist(&f, 0x1030, 0x1038, 2, 9);
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert_uint_eq(prof.histograms.count, 1);
	for (i = 0; i < 16; i++)
		ck_assert_uint_eq(prof.histograms.records[0].bins[i], 1 + i +
									      (i == 2    ? 7
									       : i == 12 ? 9
									       : i == 13 ? 10
											 : 0));
	/* the other way round, beside a record of its own at 0x2000 */
	profile_reset(&prof);
	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_hist(&f, 0x2000, 0x2004, 1, 5);
	gnu_hist(&f, 0x1030, 0x1038, 2, 9);
	gnu_hist(&f, 0x1008, 0x100c, 1, 7);
	gnu_hist(&f, 0x1000, 0x1040, 16, 1);
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert_uint_eq(prof.histograms.count, 2);
	ck_assert_uint_eq(prof.histograms.records[0].low_pc, 0x2000);
	ck_assert_uint_eq(prof.histograms.records[1].low_pc, 0x1000);
	ck_assert_uint_eq(prof.histograms.records[1].high_pc, 0x1040);
	for (i = 0; i < 16; i++)
		ck_assert_uint_eq(prof.histograms.records[1].bins[i], 1 + i +
									      (i == 2    ? 7
									       : i == 12 ? 9
									       : i == 13 ? 10
											 : 0));
	/* and summed again with itself: still two records */
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert_uint_eq(prof.histograms.count, 2);
	ck_assert_uint_eq(prof.histograms.records[1].bins[2], 2 * (3 + 7));
	/* off the bins' edges: an error */
	profile_reset(&prof);
	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_hist(&f, 0x1000, 0x1040, 16, 1);
	gnu_hist(&f, 0x1002, 0x1006, 1, 7);
	expect_error(&f, FORMAT_AUTO,
		     "t.out: histogram range 0x1002-0x1006 overlaps 0x1000-0x1040 without matching it");
}
END_TEST

START_TEST(format_read_incompatible_bsd)
{
	struct file f;
	uint64_t arcs[] = { 0x1004, 0x1020, 7 };

	bsd_file(&f, false, 8, 1000, 0x1000, 0x1040, 16, arcs, 1);
	ck_assert_msg(read_file(&f), "%s", err);
	bsd_file(&f, false, 8, 100, 0x1000, 0x1040, 16, arcs, 1);
	expect_error(&f, FORMAT_AUTO,
		     "t.out: profiling rate 100 differs from the first file's 1000");
	bsd_file(&f, false, 8, 1000, 0x1000, 0x1080, 32, arcs, 1);
	expect_error(&f, FORMAT_AUTO,
		     "t.out: histogram (0x1000-0x1080, 32 bins) differs from the first file's");
	bsd_file(&f, false, 8, 1000, 0x1000, 0x1040, 16, arcs, 1);
	f.size = GMON_BSD44_HEADER_SIZE(8) - 1;
	expect_error(&f, FORMAT_AUTO, "t.out: truncated 4.4BSD header (39 bytes, 40 needed)");
}
END_TEST

/* The limits that keep indices within 32 bits and lookups fast, lowered
 * so that a small file reaches them. */
START_TEST(format_read_limits)
{
	struct file f;
	static const uint64_t blocks[] = { 0x10, 1, 0x20, 1, 0x10, 5, 0x30, 1 };

	profile_max_arcs = 2;
	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_arc(&f, 1, 2, 1);
	gnu_arc(&f, 1, 3, 1);
	gnu_arc(&f, 1, 2, 1); /* not new: still fits */
	ck_assert_msg(read_file(&f), "%s", err);
	gnu_arc(&f, 1, 4, 1);
	expect_error(&f, FORMAT_AUTO, "t.out: more than 2 distinct call-graph arcs");

	profile_max_blocks = 2;
	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_blocks(&f, 4, blocks);
	expect_error(&f, FORMAT_AUTO, "t.out: more than 2 distinct basic blocks");

	profile_reset(&prof);
	profile_max_histograms = 2;
	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_hist(&f, 0x1000, 0x1040, 16, 1);
	gnu_hist(&f, 0x2000, 0x2040, 16, 1);
	gnu_hist(&f, 0x1000, 0x1040, 16, 1);
	ck_assert_msg(read_file(&f), "%s", err);
	gnu_hist(&f, 0x3000, 0x3040, 16, 1);
	expect_error(&f, FORMAT_AUTO, "t.out: more than 2 distinct histogram ranges");
}
END_TEST

/* Many histogram ranges, inserted out of order: the sorted lookup must
 * find each again and catch an overlap with any of them. */
START_TEST(format_read_many_histograms)
{
	static struct file f;
	unsigned i, k;

	gnu_header(&f, false, 4, GMON_VERSION);
	for (i = 0; i < 500; i++) {
		k = (i * 7919) % 500; /* a permutation of 0..499 */
		gnu_hist(&f, 0x10000 + k * 0x40, 0x10040 + k * 0x40, 4, k);
	}
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert_uint_eq(prof.histograms.count, 500);
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert_uint_eq(prof.histograms.count, 500);
	for (i = 0; i < 500; i++) {
		k = (unsigned)((prof.histograms.records[i].low_pc - 0x10000) / 0x40);
		ck_assert_uint_eq(prof.histograms.records[i].bins[0], 2 * k);
	}
	gnu_header(&f, false, 4, GMON_VERSION);
	gnu_hist(&f, 0x10000 + 250 * 0x40 + 0x20, 0x10000 + 251 * 0x40 + 0x20, 4, 0);
	expect_error(
		&f, FORMAT_AUTO,
		"t.out: histogram range 0x13ea0-0x13ee0 overlaps 0x13ec0-0x13f00 without matching it");
}
END_TEST

/* A file that plainly describes another program gets one warning; one
 * that fits the executable's code gets none. */
START_TEST(format_read_another_program)
{
	struct file f;

	profile_set_code_range(&prof, 0x1000, 0x1285);
	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_hist(&f, 0, 0x1288, 16, 0);
	gnu_arc(&f, 0x1100, 0x1200, 1);
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert_str_eq(info.warning, "");

	profile_reset(&prof);
	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_hist(&f, 0, 0x8098, 16, 0);
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert_str_eq(
		info.warning,
		"t.out: its histogram (0x0-0x8098) does not match the executable's code (0x1000-0x1285): is it another program's profile?");

	profile_reset(&prof);
	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_arc(&f, 0x401100, 0x401200, 1);
	gnu_arc(&f, 0x401100, 0x401300, 1);
	ck_assert_msg(read_file(&f), "%s", err);
	ck_assert_str_eq(
		info.warning,
		"t.out: none of its 2 call-graph arcs touches the executable's code (0x1000-0x1285): is it another program's profile?");
}
END_TEST

/* ------------------------------------------------------------ writing */

START_TEST(format_write_atomic)
{
	struct file f, g;
	struct target t = { 8, false };
	char path[128], missing[160];

	make_dir();
	snprintf(path, sizeof(path), "%s/gmon.sum", dir);
	sample_file(&f, false, 8);
	ck_assert_msg(read_file(&f), "%s", err);
	/* an existing file is replaced, with nothing left beside it */
	{
		FILE *fp = fopen(path, "w");

		fputs("old contents\n", fp);
		fclose(fp);
	}
	write_back(path, &t, FORMAT_AUTO, &g);
	ck_assert_uint_eq(g.size, f.size);
	ck_assert_int_eq(entries_in_dir(), 1);
	/* a directory that does not exist: a message, no file anywhere */
	snprintf(missing, sizeof(missing), "%s/no/gmon.sum", dir);
	ck_assert(!profile_write(missing, &t, FORMAT_AUTO, &prof, err, sizeof(err)));
	ck_assert_str_eq(
		err + strlen(dir) + 1,
		"no/gmon.sum: cannot create a temporary file in its directory: No such file or directory");
	/* the name is taken by a directory: the rename fails, and the
	 * temporary file is removed */
	snprintf(missing, sizeof(missing), "%s/sub", dir);
	ck_assert_int_eq(mkdir(missing, 0755), 0);
	{
		char inner[200];
		FILE *fp;

		snprintf(inner, sizeof(inner), "%s/keep", missing);
		fp = fopen(inner, "w");
		fclose(fp);
		ck_assert(!profile_write(missing, &t, FORMAT_AUTO, &prof, err, sizeof(err)));
		ck_assert_str_eq(err + strlen(dir) + 1, "sub: cannot replace it: Is a directory");
		unlink(inner);
	}
	rmdir(missing);
	ck_assert_int_eq(entries_in_dir(), 1);
	remove_dir();
}
END_TEST

/* ------------------------------------------------------------ streamed sums */

/* Write f to dir/name; the path in path. */
static void spit(const struct file *f, const char *name, char *path, size_t path_size)
{
	FILE *fp;

	snprintf(path, path_size, "%s/%s", dir, name);
	fp = fopen(path, "wb");
	ck_assert_ptr_nonnull(fp);
	ck_assert_uint_eq(fwrite(f->bytes, 1, f->size, fp), f->size);
	ck_assert_int_eq(fclose(fp), 0);
}

/* The arcs profile_for_each_arc hands over, in order. */
static struct raw_arc each[256];
static size_t each_count;

static void collect_arc(void *context __attribute__((unused)), uint64_t from_pc, uint64_t self_pc,
			uint64_t count)
{
	ck_assert_uint_lt(each_count, 256);
	each[each_count++] = (struct raw_arc){ from_pc, self_pc, count };
}

/* Sum the files at paths[] with -s's reader (profile_read) and write
 * gmon.sum in format; its bytes into out, the warnings into said, the
 * arcs handed over afterwards into each[]. */
static void sum_files(char paths[][128], int n, const struct target *t, enum file_format format,
		      struct file *out, char *said, size_t said_size)
{
	char sum[128];
	int i;

	profile_reset(&prof);
	for (i = 0; i < n; i++)
		ck_assert_msg(profile_read(paths[i], t, FORMAT_AUTO, &prof, &info, err,
					   sizeof(err)),
			      "%s", err);
	snprintf(sum, sizeof(sum), "%s/gmon.sum", dir);
	ck_assert_msg(write_capturing_stderr(sum, t, format, said, said_size), "%s", err);
	slurp(sum, out, t->big_endian, t->address_size);
	unlink(sum);
	each_count = 0;
	profile_for_each_arc(&prof, collect_arc, NULL);
}

/* The ways -s can hold arcs: kept in memory; streamed with a filter of
 * 8 bits per record; streamed with a filter of one block, so that nearly
 * every record is a candidate (as false hits would make it). */
static void set_sum_mode(int mode)
{
	profile_sum_stream_records = mode == 0 ? SIZE_MAX : 0;
	profile_sum_stream_bits = mode == 1 ? 8 : 0;
}

/* Streamed or kept, gmon.sum and the arcs handed over are the same:
 * duplicates within and across files, counts past 32 bits, counts that
 * saturate (the warning too), and the BSD layouts. */
START_TEST(format_sum_streamed_same_as_kept)
{
	struct file f[3], expected, got;
	struct target t = { 8, false };
	char paths[3][128], said_expected[512], said[512];
	struct raw_arc expected_each[256];
	size_t expected_count = 0;
	static const uint64_t blocks[] = { 0x1010, 7, 0x1020, 9 };
	uint64_t bsd_arcs[] = {
		0x1004, 0x1020, 3, 0x1008, 0x1000, 0x1ffffffffull, 0x1004, 0x1020, 4
	};
	int mode, i, layout;

	make_dir();
	for (layout = 0; layout < 2; layout++) {
		enum file_format format = layout ? FORMAT_BSD44 : FORMAT_AUTO;

		if (layout == 0) {
			gnu_header(&f[0], false, 8, GMON_VERSION);
			gnu_hist(&f[0], 0x1000, 0x1040, 16, 1);
			gnu_arc(&f[0], 0x1004, 0x1020, 5);
			gnu_arc(&f[0], 0x1024, 0x1000, 1);
			gnu_arc(&f[0], 0x1004, 0x1020, 6); /* again, same file */
			for (i = 0; i < 70; i++)           /* past 64 * (2^32 - 1) */
				gnu_arc(&f[0], 0x1030, 0x1000, 0xffffffffu);
			gnu_blocks(&f[0], 2, blocks);
			gnu_header(&f[1], false, 8, GMON_VERSION);
			for (i = 0; i < 40; i++)
				gnu_arc(&f[1], 0x2000 + 4 * (uint64_t)i, 0x1000 + (uint64_t)(i % 3),
					1 + (uint32_t)i);
			gnu_arc(&f[1], 0x1024, 0x1000, 2);
			gnu_hist(&f[1], 0x1000, 0x1040, 16, 10);
			gnu_header(&f[2], false, 8, GMON_VERSION);
			gnu_arc(&f[2], 0x2004, 0x1001, 1);
			gnu_arc(&f[2], 0x3000, 0x1000, 0xffffffffu);
			gnu_arc(&f[2], 0x3000, 0x1000, 0xffffffffu);
		} else {
			bsd_file(&f[0], false, 8, 1000, 0x1000, 0x1040, 16, bsd_arcs, 3);
			bsd_file(&f[1], false, 8, 1000, 0x1000, 0x1040, 16, bsd_arcs + 3, 2);
			bsd_file(&f[2], false, 8, 1000, 0x1000, 0x1040, 16, bsd_arcs, 1);
		}
		for (i = 0; i < 3; i++) {
			char name[16];

			snprintf(name, sizeof(name), "in%d", i);
			spit(&f[i], name, paths[i], sizeof(paths[i]));
		}
		for (mode = 0; mode < 3; mode++) {
			set_sum_mode(mode);
			sum_files(paths, 3, &t, format, mode ? &got : &expected,
				  mode ? said : said_expected, sizeof(said));
			if (mode == 0) {
				memcpy(expected_each, each, sizeof(each));
				expected_count = each_count;
				continue;
			}
			expect_same_file(&got, &expected);
			ck_assert_str_eq(said, said_expected);
			ck_assert_uint_eq(each_count, expected_count);
			ck_assert_mem_eq(each, expected_each, each_count * sizeof(each[0]));
		}
		ck_assert_uint_ge(expected_count, 2);
		if (layout == 0)
			ck_assert_msg(strstr(said_expected, ": 1 count too large for the format") !=
					      NULL,
				      "%s", said_expected);
	}
	remove_dir();
}
END_TEST

/* A pipe after streamed files cannot be read twice: the streamed arcs are
 * brought into memory first, and the sum is the same. */
START_TEST(format_sum_streamed_then_pipe)
{
	struct file f, g, expected, got;
	struct target t = { 8, false };
	char paths[2][128], said[512];
	int mode, fds[2];

	make_dir();
	gnu_header(&f, false, 8, GMON_VERSION);
	gnu_arc(&f, 0x1004, 0x1020, 5);
	gnu_arc(&f, 0x1024, 0x1000, 1);
	gnu_header(&g, false, 8, GMON_VERSION);
	gnu_arc(&g, 0x1030, 0x1000, 4);
	gnu_arc(&g, 0x1004, 0x1020, 6);
	spit(&f, "in0", paths[0], sizeof(paths[0]));
	for (mode = 0; mode < 3; mode++) {
		set_sum_mode(mode);
		ck_assert_int_eq(pipe(fds), 0);
		ck_assert_int_eq(write(fds[1], g.bytes, g.size), (ssize_t)g.size);
		close(fds[1]);
		snprintf(paths[1], sizeof(paths[1]), "/dev/fd/%d", fds[0]);
		sum_files(paths, 2, &t, FORMAT_AUTO, mode ? &got : &expected, said, sizeof(said));
		close(fds[0]);
		if (mode) {
			expect_same_file(&got, &expected);
		}
	}
	ck_assert_uint_eq(each_count, 3);
	ck_assert_uint_eq(each[0].count, 11);
	remove_dir();
}
END_TEST

/* A streamed file that changes before gmon.sum is written: refused, and
 * nothing written. */
START_TEST(format_sum_streamed_file_changed)
{
	struct file f;
	struct target t = { 8, false };
	char path[128], sum[128], expected[300];
	struct timespec times[2] = { { 0, UTIME_OMIT }, { 1000000, 0 } };
	int change;

	make_dir();
	snprintf(sum, sizeof(sum), "%s/gmon.sum", dir);
	for (change = 0; change < 2; change++) {
		set_sum_mode(1);
		gnu_header(&f, false, 8, GMON_VERSION);
		gnu_arc(&f, 0x1004, 0x1020, 5);
		spit(&f, "in", path, sizeof(path));
		profile_reset(&prof);
		ck_assert_msg(profile_read(path, &t, FORMAT_AUTO, &prof, &info, err, sizeof(err)),
			      "%s", err);
		if (change == 0) { /* one more arc */
			gnu_arc(&f, 0x1008, 0x1020, 1);
			spit(&f, "in", path, sizeof(path));
		} else { /* same size, another count, another time */
			f.bytes[f.size - 4] = 9;
			spit(&f, "in", path, sizeof(path));
			ck_assert_int_eq(utimensat(AT_FDCWD, path, times, 0), 0);
		}
		ck_assert(!profile_write(sum, &t, FORMAT_AUTO, &prof, err, sizeof(err)));
		snprintf(expected, sizeof(expected), "%s: changed while gprof was reading it",
			 path);
		ck_assert_str_eq(err, expected);
		ck_assert_int_eq(access(sum, F_OK), -1);
	}
	remove_dir();
}
END_TEST

static Suite *profile_suite(void)
{
	Suite *s = suite_create("format");
	TCase *tc = tcase_create("profile");
	int n = (int)(sizeof(layouts) / sizeof(layouts[0]));

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, format_read_gnu_values, 0, n);
	tcase_add_loop_test(tc, format_roundtrip_gnu, 0, n);
	tcase_add_loop_test(tc, format_read_other_byte_order, 0, n);
	tcase_add_test(tc, format_read_address_size);
	tcase_add_loop_test(tc, format_read_bsd_old, 0, n);
	tcase_add_loop_test(tc, format_read_bsd44, 0, n);
	tcase_add_loop_test(tc, format_roundtrip_bsd, 0, n);
	tcase_add_test(tc, format_read_gnu_under_bsd_option);
	tcase_add_test(tc, format_write_bsd_refuses);
	tcase_add_test(tc, format_sum_arcs_and_histograms);
	tcase_add_test(tc, format_sum_wide_counts);
	tcase_add_test(tc, format_sum_wide_counts_32bit);
	tcase_add_test(tc, format_write_bins_saturate);
	tcase_add_test(tc, format_write_split_is_bounded);
	tcase_add_test(tc, format_read_empty);
	tcase_add_test(tc, format_read_truncated_header);
	tcase_add_test(tc, format_read_bad_magic);
	tcase_add_test(tc, format_read_unsupported_version);
	tcase_add_test(tc, format_read_unknown_tag);
	tcase_add_test(tc, format_read_truncated_record);
	tcase_add_test(tc, format_read_histogram_beyond_file);
	tcase_add_test(tc, format_read_histogram_geometry);
	tcase_add_test(tc, format_read_incompatible_histograms);
	tcase_add_test(tc, format_read_nested_histograms);
	tcase_add_test(tc, format_read_incompatible_bsd);
	tcase_add_test(tc, format_read_limits);
	tcase_add_test(tc, format_read_many_histograms);
	tcase_add_test(tc, format_read_another_program);
	tcase_add_test(tc, format_write_atomic);
	tcase_add_test(tc, format_sum_streamed_same_as_kept);
	tcase_add_test(tc, format_sum_streamed_then_pipe);
	tcase_add_test(tc, format_sum_streamed_file_changed);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite_tap(profile_suite());
}
