/* SPDX-License-Identifier: BSD-2-Clause
 *
 * t-cfi.c: unit tests of the runtime's call-frame information
 * interpreter (libgmon/cfi.c) on hand-made .eh_frame_hdr and .eh_frame
 * bytes: the CFA, return address and frame pointer it computes for each
 * rule real code uses (x86-64 numbering: %rbp 6, %rsp 7, return address
 * 16), and tables that are cut short, point outside themselves or hold
 * an instruction it does not know, which must end the step with
 * GMON_CFI_FAILED or GMON_CFI_NO_FDE, never a read outside the bytes.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cfi.h"
#include "check_tap.h"

/* ---- a builder of tables ---- */

static unsigned char buf[4096] __attribute__((aligned(16)));
static size_t used;
#define CODE ((uintptr_t)buf + 0x10000) /* the functions' addresses */

static void byte(unsigned b)
{
	buf[used++] = (unsigned char)b;
}

static void u32(uint32_t v)
{
	memcpy(buf + used, &v, 4);
	used += 4;
}

static void bytes(const char *s, size_t n)
{
	memcpy(buf + used, s, n);
	used += n;
}

struct fde {
	uintptr_t start, size;
	const char *insns; /* the FDE's instructions */
	size_t n;
};

static size_t cie_at;
/* the FDEs' pointer encoding, as the CIE's 'R' augmentation says:
 * pc-relative sdata4 (0x1b) unless a test asks for another */
static unsigned fde_enc = 0x1b;

/* The usual x86-64 CIE: "zR", code alignment 1, data alignment -8,
 * return address column 16, FDE pointers pc-relative sdata4; CFA =
 * %rsp + 8, return address at CFA - 8. */
static void cie(void)
{
	size_t start = used;
	cie_at = used;
	u32(0);
	u32(0);
	byte(1);
	bytes("zR", 3);
	byte(1);
	byte(0x78);
	byte(16);
	byte(1);
	byte(fde_enc);
	bytes("\x0c\x07\x08\x90\x01", 5);
	while ((used - start) % 8)
		byte(0);
	uint32_t len = (uint32_t)(used - start - 4);
	memcpy(buf + start, &len, 4);
}

static size_t fde(const struct fde *f)
{
	size_t start = used;
	u32(0);
	u32((uint32_t)(used - cie_at));
	/* the start pc-relative, the size as a plain value, both 2 or 4
	 * bytes as fde_enc says (little-endian) */
	unsigned width = (fde_enc & 0x07) == 0x02 ? 2 : 4;
	uint32_t rel = (uint32_t)(f->start - ((uintptr_t)buf + used));
	memcpy(buf + used, &rel, width);
	used += width;
	uint32_t size = (uint32_t)f->size;
	memcpy(buf + used, &size, width);
	used += width;
	byte(0); /* no augmentation data */
	bytes(f->insns, f->n);
	while ((used - start) % 8)
		byte(0);
	uint32_t len = (uint32_t)(used - start - 4);
	memcpy(buf + start, &len, 4);
	return start;
}

/* A header, a CIE and the FDEs (sorted by start); t covers the bytes. */
static void build(struct gmon_cfi_table *t, const struct fde *f, unsigned n)
{
	memset(buf, 0, sizeof buf);
	used = 0;
	byte(1);
	byte(0x1b);
	byte(0x03);
	byte(0x3b);
	size_t eh_frame_field = used;
	u32(0);
	u32(n);
	size_t entries = used;
	used += 8 * (size_t)n;
	int32_t rel = (int32_t)(used - eh_frame_field - 0);
	memcpy(buf + eh_frame_field, &rel, 4);
	cie();
	for (unsigned i = 0; i < n; i++) {
		size_t at = fde(&f[i]);
		int32_t e[2] = { (int32_t)(f[i].start - (uintptr_t)buf), (int32_t)at };
		memcpy(buf + entries + 8 * i, e, 8);
	}
	t->low = (uintptr_t)buf;
	t->high = (uintptr_t)buf + used;
	t->delta = 0;
	t->hdr = (uintptr_t)buf;
	t->entries = (uintptr_t)buf + entries;
	t->count = n;
}

/* The table's bytes moved to end right before a page that cannot be
 * read (t->delta says where they are): a read past t->high faults. */
static void guard(struct gmon_cfi_table *t)
{
	static unsigned char *pages;
	long page = sysconf(_SC_PAGESIZE);
	if (!pages) {
		pages = mmap(NULL, 3 * (size_t)page, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		ck_assert(pages != MAP_FAILED);
		ck_assert_int_eq(mprotect(pages + 2 * page, (size_t)page, PROT_NONE), 0);
	}
	size_t n = t->high - t->low;
	unsigned char *copy = pages + 2 * page - n;
	memcpy(copy, (const void *)t->low, n);
	t->delta = (intptr_t)((uintptr_t)copy - t->low);
}

/* The offset of the first FDE from the header. */
static size_t first_fde(void)
{
	int32_t at;
	memcpy(&at, buf + 16, 4);
	return (size_t)at;
}

/* ---- a stack the step may read ---- */

static uintptr_t stack[64];
static unsigned reads_outside;

static int read_stack(const void *ctx, uintptr_t addr, uintptr_t *value)
{
	(void)ctx;
	if (addr % 8 || addr < (uintptr_t)stack || addr >= (uintptr_t)(stack + 64)) {
		reads_outside++;
		return -1;
	}
	*value = *(const uintptr_t *)addr;
	return 0;
}

#define SP ((uintptr_t)&stack[8])

static int step(const struct gmon_cfi_table *t, uintptr_t pc, uintptr_t fp, int caller,
		struct gmon_cfi_regs *r)
{
	memset(r, 0, sizeof *r);
	r->pc = pc;
	r->sp = SP;
	r->fp = fp;
	r->caller = caller;
	return gmon_cfi_step(t, r, read_stack, NULL);
}

/* A function with a frame pointer: push %rbp (1 byte), mov %rsp,%rbp
 * (3 bytes), body, pop %rbp at 0x30, ret at 0x31. */
static const char framed[] =
	"\x41\x0e\x10\x86\x02" /* +1: CFA rsp+16, rbp at CFA-16 */
	"\x43\x0d\x06"         /* +4: CFA rbp+16 */
	"\x6c\x0c\x07\x08";    /* +0x30: CFA rsp+8 */

START_TEST(framed_function)
{
	struct gmon_cfi_table t;
	struct fde f = { CODE, 0x40, framed, sizeof framed - 1 };
	build(&t, &f, 1);
	struct gmon_cfi_regs r;
	for (int i = 0; i < 64; i++)
		stack[i] = 0x1000 + (uintptr_t)i;

	/* at entry: the return address at %rsp, %rbp untouched */
	ck_assert_int_eq(step(&t, CODE, 0xf00, 0, &r), GMON_CFI_STEPPED);
	ck_assert_uint_eq(r.sp, SP + 8);
	ck_assert_uint_eq(r.pc, 0x1008);
	ck_assert_uint_eq(r.fp, 0xf00);
	ck_assert_int_eq(r.caller, 1);
	/* after push %rbp */
	ck_assert_int_eq(step(&t, CODE + 1, 0xf00, 0, &r), GMON_CFI_STEPPED);
	ck_assert_uint_eq(r.sp, SP + 16);
	ck_assert_uint_eq(r.pc, 0x1009);
	ck_assert_uint_eq(r.fp, 0x1008);
	/* in the body: from %rbp, wherever %rsp is */
	uintptr_t fp = (uintptr_t)&stack[20];
	ck_assert_int_eq(step(&t, CODE + 0x10, fp, 0, &r), GMON_CFI_STEPPED);
	ck_assert_uint_eq(r.sp, fp + 16);
	ck_assert_uint_eq(r.pc, 0x1015);
	ck_assert_uint_eq(r.fp, 0x1014);
	/* a return address just past the function's last byte is its
	 * call's: looked up at pc - 1 */
	ck_assert_int_eq(step(&t, CODE + 0x11, fp, 1, &r), GMON_CFI_STEPPED);
	ck_assert_uint_eq(r.sp, fp + 16);
	/* at ret: %rbp was popped, its slot below %rsp is dead */
	ck_assert_int_eq(step(&t, CODE + 0x31, 0xbee, 0, &r), GMON_CFI_STEPPED);
	ck_assert_uint_eq(r.sp, SP + 8);
	ck_assert_uint_eq(r.pc, 0x1008);
	ck_assert_uint_eq(r.fp, 0xbee);
	ck_assert_uint_eq(reads_outside, 0);
}
END_TEST

/* remember_state / restore_state around an early return, restore of a
 * register to the CIE's rule, offset_extended_sf, advance_loc1/2. */
static const char early_return[] =
	"\x41\x0e\x10\x86\x02" /* +1: push %rbp */
	"\x41\x0e\x18\x83\x03" /* +2: push %rbx, rbx at CFA-24 */
	"\x02\x10"             /* advance_loc1 16: 0x12 */
	"\x0a"                 /* remember_state */
	"\x0e\x08\xc6"         /* CFA rsp+8, restore rbp */
	"\x03\x02\x00"         /* advance_loc2 2: 0x14 */
	"\x0b"                 /* restore_state */
	"\x41\x11\x06\x7e";    /* +1: rbp at CFA+16 (sf) */

START_TEST(remember_and_restore)
{
	struct gmon_cfi_table t;
	struct fde f = { CODE, 0x40, early_return, sizeof early_return - 1 };
	build(&t, &f, 1);
	struct gmon_cfi_regs r;
	for (int i = 0; i < 64; i++)
		stack[i] = 0x2000 + (uintptr_t)i;
	ck_assert_int_eq(step(&t, CODE + 0x11, 0xf00, 0, &r), GMON_CFI_STEPPED);
	ck_assert_uint_eq(r.sp, SP + 24);
	ck_assert_uint_eq(r.pc, 0x2008 + 2);
	ck_assert_uint_eq(r.fp, 0x2008 + 1);
	/* the epilogue's rows */
	ck_assert_int_eq(step(&t, CODE + 0x12, 0xf00, 0, &r), GMON_CFI_STEPPED);
	ck_assert_uint_eq(r.sp, SP + 8);
	ck_assert_uint_eq(r.pc, 0x2008);
	ck_assert_uint_eq(r.fp, 0xf00);
	ck_assert_int_eq(step(&t, CODE + 0x13, 0xf00, 0, &r), GMON_CFI_STEPPED);
	ck_assert_uint_eq(r.sp, SP + 8);
	/* after restore_state: the body's row again */
	ck_assert_int_eq(step(&t, CODE + 0x14, 0xf00, 0, &r), GMON_CFI_STEPPED);
	ck_assert_uint_eq(r.sp, SP + 24);
	ck_assert_uint_eq(r.fp, 0x2008 + 1);
	/* offset_extended_sf: rbp at CFA + 16 */
	ck_assert_int_eq(step(&t, CODE + 0x15, 0xf00, 0, &r), GMON_CFI_STEPPED);
	ck_assert_uint_eq(r.fp, 0x2008 + 5);
	ck_assert_uint_eq(reads_outside, 0);
}
END_TEST

/* The PLT's rule (GNU ld): CFA = %rsp + 8 + ((%rip & 15) >= 11) * 8,
 * after a first row of CFA %rsp + 16. */
static const char plt[] =
	"\x0e\x10\x46\x0e\x18\x4a"
	"\x0f\x0b\x77\x08\x80\x00\x3f\x1a\x3b\x2a\x33\x24\x22";

START_TEST(plt_expression)
{
	struct gmon_cfi_table t;
	struct fde f = { CODE, 0x40, plt, sizeof plt - 1 };
	build(&t, &f, 1);
	struct gmon_cfi_regs r;
	for (int i = 0; i < 64; i++)
		stack[i] = 0x3000 + (uintptr_t)i;
	ck_assert_int_eq(step(&t, CODE + 0x2, 0, 0, &r), GMON_CFI_STEPPED);
	ck_assert_uint_eq(r.sp, SP + 16);
	ck_assert_uint_eq(r.pc, 0x3009);
	ck_assert_int_eq(step(&t, CODE + 0x12, 0, 0, &r), GMON_CFI_STEPPED);
	ck_assert_uint_eq(r.sp, SP + 8);
	ck_assert_uint_eq(r.pc, 0x3008);
	ck_assert_int_eq(step(&t, CODE + 0x1b, 0, 0, &r), GMON_CFI_STEPPED);
	ck_assert_uint_eq(r.sp, SP + 16);
	ck_assert_uint_eq(r.pc, 0x3009);
}
END_TEST

/* Several functions: the table's search, the gaps between them, and
 * the start code's undefined return address. */
static const char leaf[] = "";
static const char outermost[] = "\x07\x10"; /* undefined rip */

START_TEST(search_and_outermost)
{
	struct gmon_cfi_table t;
	struct fde f[3] = { { CODE, 0x20, leaf, 0 },
			    { CODE + 0x40, 0x20, outermost, sizeof outermost - 1 },
			    { CODE + 0x80, 0x40, framed, sizeof framed - 1 } };
	build(&t, f, 3);
	struct gmon_cfi_regs r;
	for (int i = 0; i < 64; i++)
		stack[i] = 0x5000 + (uintptr_t)i;
	ck_assert_int_eq(step(&t, CODE - 1, 0, 0, &r), GMON_CFI_NO_FDE);
	ck_assert_int_eq(step(&t, CODE + 0x1f, 0, 0, &r), GMON_CFI_STEPPED);
	ck_assert_int_eq(step(&t, CODE + 0x20, 0, 0, &r), GMON_CFI_NO_FDE);
	ck_assert_int_eq(step(&t, CODE + 0x40, 0, 1, &r), GMON_CFI_NO_FDE); /* pc - 1 */
	ck_assert_int_eq(step(&t, CODE + 0x41, 0, 1, &r), GMON_CFI_OUTERMOST);
	ck_assert_int_eq(step(&t, CODE + 0x81, 0xf00, 0, &r), GMON_CFI_STEPPED);
	ck_assert_uint_eq(r.sp, SP + 16);
	ck_assert_int_eq(step(&t, CODE + 0xc0, 0, 0, &r), GMON_CFI_NO_FDE);
	struct gmon_cfi_table none = { 0 };
	ck_assert_int_eq(step(&none, CODE, 0, 0, &r), GMON_CFI_NO_FDE);
	ck_assert_int_eq(step(NULL, CODE, 0, 0, &r), GMON_CFI_NO_FDE);
}
END_TEST

/* A rule on a register a caller's frame does not keep (%r10: a
 * realigned stack's CFA) holds in the interrupted frame (its context)
 * only. */
static const char realigned[] = "\x0c\x0a\x00"; /* CFA = %r10 */

START_TEST(unknown_register)
{
	struct gmon_cfi_table t;
	struct fde f = { CODE, 0x40, realigned, sizeof realigned - 1 };
	build(&t, &f, 1);
	struct gmon_cfi_regs r;
	ck_assert_int_eq(step(&t, CODE + 4, 0, 1, &r), GMON_CFI_FAILED);
}
END_TEST

/* The FDE pointer encodings the CIE may choose: pc-relative udata2,
 * sdata2 (a function before the table: a negative offset), udata4 and
 * sdata4; each finds the same frame. */
START_TEST(pointer_encodings)
{
	static const struct {
		unsigned enc;
		uintptr_t start;
	} cases[] = {
		{ 0x12, CODE }, { 0x1a, (uintptr_t)buf - 0x100 }, { 0x13, CODE }, { 0x1b, CODE }
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct gmon_cfi_table t;
		struct gmon_cfi_regs r;
		struct fde f = { cases[i].start, 0x40, framed, sizeof framed - 1 };
		fde_enc = cases[i].enc;
		build(&t, &f, 1);
		uintptr_t fp = (uintptr_t)&stack[20];
		for (int k = 0; k < 64; k++)
			stack[k] = 0x2000 + (uintptr_t)k;
		ck_assert_int_eq(step(&t, cases[i].start + 0x10, fp, 0, &r), GMON_CFI_STEPPED);
		ck_assert_uint_eq(r.sp, fp + 16);
		ck_assert_uint_eq(r.pc, 0x2015);
		/* past the FDE's 0x40 bytes: its size was read in the same width */
		ck_assert_int_eq(step(&t, cases[i].start + 0x40, fp, 0, &r), GMON_CFI_NO_FDE);
	}
	fde_enc = 0x1b;
}
END_TEST

/* Bad tables: the step fails (or finds nothing) without reading a byte
 * outside them, whatever they say. */
START_TEST(malformed_tables)
{
	struct gmon_cfi_table t;
	struct gmon_cfi_regs r;
	struct fde f = { CODE, 0x40, framed, sizeof framed - 1 };
	for (int i = 0; i < 64; i++)
		stack[i] = 0x4000 + (uintptr_t)i;

	/* an instruction it does not know (DW_CFA_hi_user) */
	struct fde bad = { CODE, 0x40, "\x41\x3f", 2 };
	build(&t, &bad, 1);
	ck_assert_int_eq(step(&t, CODE + 2, 0, 0, &r), GMON_CFI_FAILED);
	/* restore_state with nothing remembered; remember 4 deep */
	struct fde unbalanced = { CODE, 0x40, "\x0b", 1 };
	build(&t, &unbalanced, 1);
	ck_assert_int_eq(step(&t, CODE + 2, 0, 0, &r), GMON_CFI_FAILED);
	struct fde deep = { CODE, 0x40, "\x0a\x0a\x0a\x0a", 4 };
	build(&t, &deep, 1);
	ck_assert_int_eq(step(&t, CODE + 2, 0, 0, &r), GMON_CFI_FAILED);
	/* an offset whose ULEB runs to the FDE's end (17 bytes before the
	 * instructions: no padding after 15) */
	struct fde cut = { CODE, 0x40,
			   "\x86\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80", 15 };
	build(&t, &cut, 1);
	ck_assert_int_eq(step(&t, CODE + 2, 0, 0, &r), GMON_CFI_FAILED);
	/* an expression longer than the FDE */
	struct fde long_expression = { CODE, 0x40, "\x0f\x7f\x77", 3 };
	build(&t, &long_expression, 1);
	ck_assert_int_eq(step(&t, CODE + 2, 0, 0, &r), GMON_CFI_FAILED);
	/* a load from outside the stack: the reader refuses it */
	struct fde far = { CODE, 0x40, "\x0f\x05\x77\xf8\xff\x03\x06", 7 };
	build(&t, &far, 1);
	ck_assert_int_eq(step(&t, CODE + 2, 0, 0, &r), GMON_CFI_FAILED);
	ck_assert_uint_eq(reads_outside, 1);

	/* the FDE's length past the table's end */
	build(&t, &f, 1);
	uint32_t huge = 0x7ffffff0;
	memcpy(buf + first_fde(), &huge, 4);
	guard(&t);
	ck_assert_int_eq(step(&t, CODE + 0x10, 0, 0, &r), GMON_CFI_FAILED);
	/* the table truncated in the middle of the FDE */
	build(&t, &f, 1);
	t.high -= 6;
	guard(&t);
	ck_assert_int_eq(step(&t, CODE + 0x10, 0, 0, &r), GMON_CFI_FAILED);
	/* the CIE pointer outside the table */
	build(&t, &f, 1);
	uint32_t away = 0x100000;
	memcpy(buf + first_fde() + 4, &away, 4);
	ck_assert_int_eq(step(&t, CODE + 0x10, 0, 0, &r), GMON_CFI_FAILED);
	/* a table entry pointing outside the bytes */
	build(&t, &f, 1);
	int32_t out = -0x10000;
	memcpy((void *)(t.entries + 4), &out, 4);
	ck_assert_int_eq(step(&t, CODE + 0x10, 0, 0, &r), GMON_CFI_FAILED);
	/* more entries than the bytes hold */
	build(&t, &f, 1);
	t.count = 0x10000000;
	guard(&t);
	int rc = step(&t, CODE + 0x10, 0, 0, &r);
	ck_assert(rc == GMON_CFI_NO_FDE || rc == GMON_CFI_FAILED);
	/* a CFA below the stack pointer (a garbage frame) */
	build(&t, &f, 1);
	ck_assert_int_eq(step(&t, CODE + 0x10, (uintptr_t)&stack[1], 0, &r), GMON_CFI_FAILED);
	/* every prefix of a good table, every byte of it changed: never a
	 * read past its end (the guard page would fault) */
	build(&t, &f, 1);
	uintptr_t high = t.high;
	for (uintptr_t end = t.low; end < high; end++) {
		build(&t, &f, 1);
		t.high = end;
		guard(&t);
		step(&t, CODE + 0x10, (uintptr_t)&stack[20], 0, &r);
	}
	for (size_t at = 0; at < (size_t)(high - t.low); at++) {
		for (unsigned v = 0; v < 256; v++) {
			build(&t, &f, 1);
			buf[at] = (unsigned char)v;
			guard(&t);
			step(&t, CODE + 0x10, (uintptr_t)&stack[20], 0, &r);
		}
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("runtime.cfi");
	TCase *tc = tcase_create("runtime.cfi");
	tcase_add_test(tc, framed_function);
	tcase_add_test(tc, remember_and_restore);
	tcase_add_test(tc, plt_expression);
	tcase_add_test(tc, search_and_outermost);
	tcase_add_test(tc, unknown_register);
	tcase_add_test(tc, pointer_encodings);
	tcase_add_test(tc, malformed_tables);
	suite_add_tcase(s, tc);
	return run_suite_tap(s);
}
