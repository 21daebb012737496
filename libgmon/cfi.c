/* SPDX-License-Identifier: BSD-2-Clause
 *
 * cfi.c: the call-frame information interpreter (cfi.h): finds the FDE
 * of a pc through .eh_frame_hdr's sorted table, runs its CIE's and its
 * own instructions up to the pc, and computes the caller's stack
 * pointer (the CFA), frame pointer and return address from the row.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe: runs in the clock's signal handler, in any thread;
 * no stdio, no malloc, no locks, no system call, no global state.  It
 * cannot fault: table bytes are read only inside the table's bounds
 * (struct gmon_cfi_table), stack words only through the caller's reader.
 * Every loop is bounded by the bytes it reads.  Its frame is a few
 * hundred bytes (the rows below), the same for every pc.
 *
 * Only what a stack walk needs is tracked: the CFA, the frame pointer
 * and the return address column; rules for other registers are read and
 * dropped.  Where a rule needs a register the walk does not know (one a
 * caller's frame does not keep), the step fails and the walk decides.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <string.h>
#include <ucontext.h>

#include "arch.h"
#include "cfi.h"

/* DWARF's numbers of the registers the walk tracks (arch.h) */
#define REG_SP GMON_DWARF_SP
#define REG_FP GMON_DWARF_FP
#define REG_RA GMON_DWARF_RA /* the return-address column */
#define REG_BASE GMON_DWARF_BASE

/* A register's rule in the row (DWARF 5, 6.4.1). */
enum {
	SAME,
	UNDEFINED,
	OFFSET,
	VAL_OFFSET,
	REGISTER,
	EXPRESSION,
	VAL_EXPRESSION
};
/* The CFA's: a register plus an offset, or an expression. */
enum {
	CFA_UNSET,
	CFA_REG,
	CFA_EXPRESSION
};
/* The tracked registers: the frame pointer, the return-address column,
 * one more callee-saved register that some code bases its CFA on. */
enum {
	SLOT_FP,
	SLOT_RA,
	SLOT_BASE,
	SLOTS
};

/* One row of the table: for the CFA and each tracked register, a kind
 * and its operand (an offset, a register number, or where an
 * expression's length is, from the table's low end).  32 bits each: a
 * few rows live on a signal handler's stack. */
struct row {
	int32_t cfa_value;
	int32_t value[SLOTS];
	uint8_t cfa_reg, cfa_kind, kind[SLOTS];
};

/* DW_CFA_remember_state nests this deep at most (gcc and clang nest
 * none: an epilogue in the middle of a function saves one row). */
#define MAX_REMEMBERED 2
/* The expression stack (the PLT's expression needs 3). */
#define EXPRESSION_STACK 5

/* Bytes of the tables, [at, end), never past the table's bounds. */
struct cursor {
	const struct gmon_cfi_table *t;
	uintptr_t at, end;
};

static inline __attribute__((always_inline)) int
cursor_at(struct cursor *c, const struct gmon_cfi_table *t, uintptr_t at, uintptr_t end)
{
	c->t = t;
	c->at = at;
	c->end = end;
	return at >= t->low && end <= t->high && at <= end ? 0 : -1;
}

static inline __attribute__((always_inline)) int get(struct cursor *c, void *out, uintptr_t n)
{
	if (c->end - c->at < n)
		return -1;
	memcpy(out, (const void *)(c->at + (uintptr_t)c->t->delta), n);
	c->at += n;
	return 0;
}

static inline __attribute__((always_inline)) int get_u8(struct cursor *c, uint8_t *v)
{
	return get(c, v, 1);
}

static inline __attribute__((always_inline)) int skip(struct cursor *c, uint64_t n)
{
	if (c->end - c->at < n)
		return -1;
	c->at += n;
	return 0;
}

static inline __attribute__((always_inline)) int get_uleb(struct cursor *c, uint64_t *v)
{
	uint64_t value = 0;
	for (unsigned shift = 0; shift < 64; shift += 7) {
		uint8_t b;
		if (get_u8(c, &b) != 0)
			return -1;
		value |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80)) {
			*v = value;
			return 0;
		}
	}
	return -1;
}

static inline __attribute__((always_inline)) int get_sleb(struct cursor *c, int64_t *v)
{
	uint64_t value = 0;
	for (unsigned shift = 0; shift < 64; shift += 7) {
		uint8_t b;
		if (get_u8(c, &b) != 0)
			return -1;
		value |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80)) {
			if (shift + 7 < 64 && (b & 0x40))
				value |= ~(uint64_t)0 << (shift + 7);
			*v = (int64_t)value;
			return 0;
		}
	}
	return -1;
}

/* A 2- or 4-byte datum of encoding enc (DW_EH_PE_udata2/4, sdata2/4):
 * the signed ones (bit 3) extended to 64 bits. */
static int get_fixed(struct cursor *c, uint8_t enc, uint64_t *v)
{
	unsigned size = (enc & 0x07) == 0x02 ? 2 : 4;
	union {
		uint16_t u16;
		int16_t s16;
		uint32_t u32;
		int32_t s32;
	} d;
	if (get(c, &d, size) != 0)
		return -1;
	if (size == 2)
		*v = enc & 0x08 ? (uint64_t)(int64_t)d.s16 : d.u16;
	else
		*v = enc & 0x08 ? (uint64_t)(int64_t)d.s32 : d.u32;
	return 0;
}

/* A pointer in encoding enc (DW_EH_PE_*): absolute, pc-relative or
 * relative to .eh_frame_hdr; with application 0 only the value (a
 * length, or a field to skip). */
static int get_encoded(struct cursor *c, uint8_t enc, int application, uintptr_t *out)
{
	uintptr_t field = c->at;
	uint64_t v;
	switch (enc & 0x0f) {
	case 0x00: /* absptr */
	case 0x04: /* udata8 */
	case 0x0c: /* sdata8 */
		if (get(c, &v, 8) != 0)
			return -1;
		break;
	case 0x01:
		if (get_uleb(c, &v) != 0)
			return -1;
		break;
	case 0x09: {
		int64_t s;
		if (get_sleb(c, &s) != 0)
			return -1;
		v = (uint64_t)s;
		break;
	}
	case 0x02: /* udata2 */
	case 0x0a: /* sdata2 */
	case 0x03: /* udata4 */
	case 0x0b: /* sdata4 */
		if (get_fixed(c, enc, &v) != 0)
			return -1;
		break;
	default:
		return -1;
	}
	if (application) {
		if (enc & 0x80)
			return -1; /* indirect: a load from anywhere */
		switch (enc & 0x70) {
		case 0x00:
			break;
		case 0x10:
			v += field;
			break;
		case 0x30:
			v += c->t->hdr;
			break;
		default:
			return -1;
		}
	}
	*out = (uintptr_t)v;
	return 0;
}

int gmon_cfi_pointer(const struct gmon_cfi_table *t, uintptr_t *at, uintptr_t end, uint8_t enc,
		     uintptr_t *out)
{
	struct cursor c;
	if (cursor_at(&c, t, *at, end) != 0 || get_encoded(&c, enc, 1, out) != 0)
		return -1;
	*at = c.at;
	return 0;
}

static int fits(int64_t v)
{
	return v >= INT32_MIN && v <= INT32_MAX;
}

/* A CIE, as much of it as the walk uses. */
struct cie {
	uintptr_t insns, end;
	uint32_t code_align;
	int32_t data_align;
	uint32_t ra;
	uint8_t fde_enc;
	uint8_t augmented, signal;
};

/* The step's helpers are kept out of line, so that their frames are
 * not all on the stack at once. */
#define OUT_OF_LINE __attribute__((noinline))

OUT_OF_LINE static int parse_cie(const struct gmon_cfi_table *t, uintptr_t at, struct cie *cie)
{
	struct cursor c;
	uint32_t length, id;
	uint8_t version;
	if (cursor_at(&c, t, at, t->high) != 0 || get(&c, &length, 4) != 0 || length == 0 ||
	    length == 0xffffffffu || cursor_at(&c, t, at + 4, at + 4 + length) != 0 ||
	    get(&c, &id, 4) != 0 || id != 0 || get_u8(&c, &version) != 0 ||
	    (version != 1 && version != 3))
		return -1;
	char aug[8];
	unsigned n = 0;
	for (;; n++) {
		if (n == sizeof aug || get_u8(&c, (uint8_t *)&aug[n]) != 0)
			return -1;
		if (aug[n] == '\0')
			break;
	}
	if (n > 0 && aug[0] != 'z')
		return -1; /* "eh" and other old forms: unknown layout */
	cie->fde_enc = 0;  /* absptr */
	cie->augmented = n > 0;
	cie->signal = 0;
	uint64_t code_align, ra;
	int64_t data_align;
	if (get_uleb(&c, &code_align) != 0 || get_sleb(&c, &data_align) != 0 ||
	    code_align > UINT32_MAX || !fits(data_align))
		return -1;
	cie->code_align = (uint32_t)code_align;
	cie->data_align = (int32_t)data_align;
	if (version == 1) {
		uint8_t ra1;
		if (get_u8(&c, &ra1) != 0)
			return -1;
		ra = ra1;
	} else if (get_uleb(&c, &ra) != 0 || ra > 255) {
		return -1;
	}
	cie->ra = (uint32_t)ra;
	if (cie->augmented) {
		uint64_t size;
		if (get_uleb(&c, &size) != 0)
			return -1;
		struct cursor data = c;
		if (skip(&c, size) != 0)
			return -1;
		data.end = c.at;
		for (unsigned i = 1; i < n; i++) {
			uint8_t enc;
			uintptr_t ignored;
			if (aug[i] == 'R') {
				if (get_u8(&data, &cie->fde_enc) != 0)
					return -1;
			} else if (aug[i] == 'P') {
				if (get_u8(&data, &enc) != 0 ||
				    get_encoded(&data, enc, 0, &ignored) != 0)
					return -1;
			} else if (aug[i] == 'L') {
				if (get_u8(&data, &enc) != 0)
					return -1;
			} else if (aug[i] == 'S') {
				cie->signal = 1;
			} else if (aug[i] != 'B' && aug[i] != 'G') {
				break; /* the rest of the data is skipped by its size */
			}
		}
	}
	cie->insns = c.at;
	cie->end = c.end;
	return 0;
}

static int slot_of(const struct cie *cie, uint64_t reg)
{
	if (reg == REG_FP)
		return SLOT_FP;
	if (reg == cie->ra)
		return SLOT_RA;
	if (reg == REG_BASE)
		return SLOT_BASE;
	return -1;
}

static int set_rule(struct row *row, const struct cie *cie, uint64_t reg, uint8_t kind,
		    int64_t value)
{
	int s = slot_of(cie, reg);
	if (s >= 0) {
		if (!fits(value))
			return -1;
		row->kind[s] = kind;
		row->value[s] = (int32_t)value;
	}
	return 0;
}

/* The CFA's rule: 0, or -1 if it does not fit a row. */
static int set_cfa(struct row *row, uint8_t kind, uint64_t reg, int64_t value)
{
	if (reg > 255 || !fits(value))
		return -1;
	row->cfa_kind = kind;
	row->cfa_reg = (uint8_t)reg;
	row->cfa_value = (int32_t)value;
	return 0;
}

/*
 * Runs the instructions at c up to the row that holds at target, from
 * location loc: 0, or -1 for an instruction it does not know or bytes
 * that end inside one.  initial is the row after the CIE's instructions
 * (DW_CFA_restore), NULL while running them.
 */
OUT_OF_LINE static int run(struct cursor *c, const struct cie *cie, uintptr_t loc, uintptr_t target,
			   struct row *row, const struct row *initial)
{
	struct row remembered[MAX_REMEMBERED];
	unsigned depth = 0;
	while (c->at < c->end) {
		uint8_t op;
		uint64_t reg, u, delta;
		int64_t s;
		uintptr_t a;
		if (get_u8(c, &op) != 0)
			return -1;
		switch (op >> 6) {
		case 1: /* advance_loc */
			loc += (op & 0x3f) * cie->code_align;
			if (loc > target)
				return 0;
			continue;
		case 2: /* offset */
			if (get_uleb(c, &u) != 0)
				return -1;
			if (u > INT32_MAX || set_rule(row, cie, op & 0x3f, OFFSET,
						      (int64_t)u * cie->data_align) != 0)
				return -1;
			continue;
		case 3: /* restore */
			if (!initial)
				return -1;
			reg = op & 0x3f;
			goto restore;
		}
		switch (op) {
		case 0x00: /* nop */
			continue;
		case 0x01: /* set_loc */
			if (get_encoded(c, cie->fde_enc, 1, &a) != 0)
				return -1;
			loc = a;
			if (loc > target)
				return 0;
			continue;
		case 0x02:   /* advance_loc1 */
		case 0x03:   /* advance_loc2 */
		case 0x04: { /* advance_loc4 */
			uint8_t d1 = 0;
			uint16_t d2 = 0;
			uint32_t d4 = 0;
			if (op == 0x02   ? get_u8(c, &d1)
			    : op == 0x03 ? get(c, &d2, 2)
					 : get(c, &d4, 4))
				return -1;
			delta = op == 0x02 ? d1 : op == 0x03 ? d2 : d4;
			loc += delta * cie->code_align;
			if (loc > target)
				return 0;
			continue;
		}
		case 0x05: /* offset_extended */
			if (get_uleb(c, &reg) != 0 || get_uleb(c, &u) != 0)
				return -1;
			if (u > INT32_MAX ||
			    set_rule(row, cie, reg, OFFSET, (int64_t)u * cie->data_align) != 0)
				return -1;
			continue;
		case 0x06: /* restore_extended */
			if (!initial || get_uleb(c, &reg) != 0)
				return -1;
restore : {
	int slot = slot_of(cie, reg);
	if (slot >= 0) {
		row->kind[slot] = initial->kind[slot];
		row->value[slot] = initial->value[slot];
	}
	continue;
}
		case 0x07: /* undefined */
		case 0x08: /* same_value */
			if (get_uleb(c, &reg) != 0)
				return -1;
			set_rule(row, cie, reg, op == 0x07 ? UNDEFINED : SAME, 0);
			continue;
		case 0x09: /* register */
			if (get_uleb(c, &reg) != 0 || get_uleb(c, &u) != 0)
				return -1;
			if (set_rule(row, cie, reg, REGISTER, (int64_t)u) != 0)
				return -1;
			continue;
		case 0x0a: /* remember_state */
			if (depth == MAX_REMEMBERED)
				return -1;
			remembered[depth++] = *row;
			continue;
		case 0x0b: /* restore_state */
			if (depth == 0)
				return -1;
			*row = remembered[--depth];
			continue;
		case 0x0c: /* def_cfa */
			if (get_uleb(c, &reg) != 0 || get_uleb(c, &u) != 0)
				return -1;
			if (u > INT32_MAX || set_cfa(row, CFA_REG, reg, (int64_t)u) != 0)
				return -1;
			continue;
		case 0x0d: /* def_cfa_register */
			if (get_uleb(c, &reg) != 0 || row->cfa_kind != CFA_REG ||
			    set_cfa(row, CFA_REG, reg, row->cfa_value) != 0)
				return -1;
			continue;
		case 0x0e: /* def_cfa_offset */
			if (get_uleb(c, &u) != 0 || row->cfa_kind != CFA_REG || u > INT32_MAX ||
			    set_cfa(row, CFA_REG, row->cfa_reg, (int64_t)u) != 0)
				return -1;
			continue;
		case 0x0f: /* def_cfa_expression */
			a = c->at;
			if (get_uleb(c, &u) != 0 || skip(c, u) != 0 ||
			    set_cfa(row, CFA_EXPRESSION, 0, (int64_t)(a - c->t->low)) != 0)
				return -1;
			continue;
		case 0x10: /* expression */
		case 0x16: /* val_expression */
			if (get_uleb(c, &reg) != 0)
				return -1;
			a = c->at;
			if (get_uleb(c, &u) != 0 || skip(c, u) != 0)
				return -1;
			if (set_rule(row, cie, reg, op == 0x10 ? EXPRESSION : VAL_EXPRESSION,
				     (int64_t)(a - c->t->low)) != 0)
				return -1;
			continue;
		case 0x11: /* offset_extended_sf */
		case 0x15: /* val_offset_sf */
			if (get_uleb(c, &reg) != 0 || get_sleb(c, &s) != 0)
				return -1;
			if (!fits(s) || set_rule(row, cie, reg, op == 0x11 ? OFFSET : VAL_OFFSET,
						 s * cie->data_align) != 0)
				return -1;
			continue;
		case 0x12: /* def_cfa_sf */
			if (get_uleb(c, &reg) != 0 || get_sleb(c, &s) != 0)
				return -1;
			if (!fits(s) || set_cfa(row, CFA_REG, reg, s * cie->data_align) != 0)
				return -1;
			continue;
		case 0x13: /* def_cfa_offset_sf */
			if (get_sleb(c, &s) != 0 || row->cfa_kind != CFA_REG || !fits(s) ||
			    set_cfa(row, CFA_REG, row->cfa_reg, s * cie->data_align) != 0)
				return -1;
			continue;
		case 0x14: /* val_offset */
			if (get_uleb(c, &reg) != 0 || get_uleb(c, &u) != 0)
				return -1;
			if (u > INT32_MAX ||
			    set_rule(row, cie, reg, VAL_OFFSET, (int64_t)u * cie->data_align) != 0)
				return -1;
			continue;
		case 0x2e: /* GNU_args_size: the caller's concern */
			if (get_uleb(c, &u) != 0)
				return -1;
			continue;
		case 0x2f: /* GNU_negative_offset_extended */
			if (get_uleb(c, &reg) != 0 || get_uleb(c, &u) != 0)
				return -1;
			if (u > INT32_MAX ||
			    set_rule(row, cie, reg, OFFSET, -(int64_t)u * cie->data_align) != 0)
				return -1;
			continue;
		case 0x2d: /* AARCH64_negate_ra_state, aarch64's alone */
			if (!GMON_ARCH_CFA_NEGATE_RA_STATE)
				return -1;
			continue;
		default:
			return -1;
		}
	}
	return 0;
}

/* A register of the frame: 0, or -1 if the walk does not know it. */
static int reg_value(const struct gmon_cfi_regs *r, uint64_t reg, uintptr_t *v)
{
	if (reg == REG_SP) {
		*v = r->sp;
		return 0;
	}
	if (reg == REG_FP) {
		*v = r->fp;
		return 0;
	}
	if (reg == REG_BASE && (r->known & GMON_CFI_BASE_KNOWN)) {
		*v = r->base;
		return 0;
	}
	if (reg == REG_RA) { /* the link register, else the pc itself */
		*v = GMON_ARCH_LINK_REGISTER ? r->lr : r->pc;
		return 0;
	}
	if (r->context && gmon_arch_dwarf_register(r->context, reg, v) == 0)
		return 0;
	return -1;
}

/* What evaluating a row needs, in one place (fewer arguments to pass
 * on a signal handler's stack). */
struct step {
	const struct gmon_cfi_table *t;
	const struct gmon_cfi_regs *r;
	gmon_cfi_reader read;
	const void *ctx;
};

/*
 * Evaluates the DWARF expression whose length is at address expr, with
 * initial pushed first (for a register's rule: the CFA) when push is
 * set: the arithmetic, comparisons, constants, registers and loads
 * compilers and linkers write in CFI (the PLT's rule, a realigned
 * frame's CFA); no branches.  0 and the value, or -1.
 */
OUT_OF_LINE static int evaluate(const struct step *e, uintptr_t expr, int push, uintptr_t initial,
				uintptr_t *out)
{
	const struct gmon_cfi_table *t = e->t;
	struct cursor c;
	uint64_t length;
	if (cursor_at(&c, t, expr, t->high) != 0 || get_uleb(&c, &length) != 0 ||
	    length > c.end - c.at)
		return -1;
	c.end = c.at + length;
	uintptr_t stack[EXPRESSION_STACK];
	unsigned n = 0;
	if (push)
		stack[n++] = initial;
	while (c.at < c.end) {
		uint8_t op;
		uint64_t u;
		int64_t s;
		uintptr_t v, a, b;
		if (get_u8(&c, &op) != 0)
			return -1;
		if (op >= 0x30 && op <= 0x4f) { /* lit0..lit31 */
			v = op - 0x30;
			goto push_v;
		}
		if ((op >= 0x70 && op <= 0x8f) || op == 0x92) { /* breg0..31, bregx */
			if (op == 0x92 ? get_uleb(&c, &u) != 0 : (u = op - 0x70, 0))
				return -1;
			if (get_sleb(&c, &s) != 0 || reg_value(e->r, u, &v) != 0)
				return -1;
			v += (uintptr_t)s;
			goto push_v;
		}
		switch (op) {
		case 0x08:
		case 0x09: { /* const1u, const1s */
			uint8_t x;
			if (get_u8(&c, &x) != 0)
				return -1;
			v = op == 0x08 ? x : (uintptr_t)(int64_t)(int8_t)x;
			goto push_v;
		}
		case 0x0a:
		case 0x0b: { /* const2u, const2s */
			uint16_t x;
			if (get(&c, &x, 2) != 0)
				return -1;
			v = op == 0x0a ? x : (uintptr_t)(int64_t)(int16_t)x;
			goto push_v;
		}
		case 0x0c:
		case 0x0d: { /* const4u, const4s */
			uint32_t x;
			if (get(&c, &x, 4) != 0)
				return -1;
			v = op == 0x0c ? x : (uintptr_t)(int64_t)(int32_t)x;
			goto push_v;
		}
		case 0x0e:
		case 0x0f: /* const8u, const8s */
			if (get(&c, &u, 8) != 0)
				return -1;
			v = (uintptr_t)u;
			goto push_v;
		case 0x10: /* constu */
			if (get_uleb(&c, &u) != 0)
				return -1;
			v = (uintptr_t)u;
			goto push_v;
		case 0x11: /* consts */
			if (get_sleb(&c, &s) != 0)
				return -1;
			v = (uintptr_t)s;
			goto push_v;
		case 0x12: /* dup */
			if (n == 0)
				return -1;
			v = stack[n - 1];
			goto push_v;
		case 0x13: /* drop */
			if (n == 0)
				return -1;
			n--;
			continue;
		case 0x14: /* over */
			if (n < 2)
				return -1;
			v = stack[n - 2];
			goto push_v;
		case 0x16: /* swap */
			if (n < 2)
				return -1;
			v = stack[n - 1];
			stack[n - 1] = stack[n - 2];
			stack[n - 2] = v;
			continue;
		case 0x06: /* deref */
			if (n == 0 || e->read(e->ctx, stack[n - 1], &stack[n - 1]) != 0)
				return -1;
			continue;
		case 0x1f: /* neg */
		case 0x20: /* not */
			if (n == 0)
				return -1;
			stack[n - 1] = op == 0x1f ? -stack[n - 1] : ~stack[n - 1];
			continue;
		case 0x23: /* plus_uconst */
			if (n == 0 || get_uleb(&c, &u) != 0)
				return -1;
			stack[n - 1] += (uintptr_t)u;
			continue;
		case 0x96: /* nop */
			continue;
		case 0x1a:
		case 0x1c:
		case 0x1e:
		case 0x21:
		case 0x22:
		case 0x24:
		case 0x25:
		case 0x26:
		case 0x27:
		case 0x29:
		case 0x2a:
		case 0x2b:
		case 0x2c:
		case 0x2d:
		case 0x2e:
			if (n < 2)
				return -1;
			b = stack[--n];
			a = stack[n - 1];
			switch (op) {
			case 0x1a:
				v = a & b;
				break;
			case 0x1c:
				v = a - b;
				break;
			case 0x1e:
				v = a * b;
				break;
			case 0x21:
				v = a | b;
				break;
			case 0x22:
				v = a + b;
				break;
			case 0x24:
				v = b < 64 ? a << b : 0;
				break;
			case 0x25:
				v = b < 64 ? a >> b : 0;
				break;
			case 0x26:
				v = b < 64 ? (uintptr_t)((intptr_t)a >> b)
					   : (uintptr_t)((intptr_t)a >> 63);
				break;
			case 0x27:
				v = a ^ b;
				break;
			case 0x29:
				v = a == b;
				break;
			case 0x2a:
				v = (intptr_t)a >= (intptr_t)b;
				break;
			case 0x2b:
				v = (intptr_t)a > (intptr_t)b;
				break;
			case 0x2c:
				v = (intptr_t)a <= (intptr_t)b;
				break;
			case 0x2d:
				v = (intptr_t)a < (intptr_t)b;
				break;
			default:
				v = a != b;
				break;
			}
			stack[n - 1] = v;
			continue;
		default:
			return -1;
		}
push_v:
		if (n == EXPRESSION_STACK)
			return -1;
		stack[n++] = v;
	}
	if (n == 0)
		return -1;
	*out = stack[n - 1];
	return 0;
}

/* The FDE whose table entry is the last to start at or below target,
 * or 0. */
OUT_OF_LINE static uintptr_t find_fde(const struct gmon_cfi_table *t, uintptr_t target)
{
	uint32_t lo = 0, hi = t->count;
	struct cursor c;
	int32_t start, fde;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		uintptr_t at = t->entries + (uintptr_t)mid * 8;
		if (cursor_at(&c, t, at, at + 8) != 0 || get(&c, &start, 4) != 0)
			return 0;
		if (t->hdr + (uintptr_t)(intptr_t)start <= target)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return 0;
	uintptr_t at = t->entries + (uintptr_t)(lo - 1) * 8 + 4;
	if (cursor_at(&c, t, at, at + 4) != 0 || get(&c, &fde, 4) != 0)
		return 0;
	return t->hdr + (uintptr_t)(intptr_t)fde;
}

/* A tracked register's value in the caller: 0, or -1. */
OUT_OF_LINE static int recover(const struct step *e, const struct row *row, int slot, uintptr_t cfa,
			       uintptr_t same, uintptr_t *out)
{
	const struct gmon_cfi_regs *r = e->r;
	uintptr_t low = e->t->low;
	uintptr_t v;
	switch (row->kind[slot]) {
	case SAME:
		*out = same;
		return 0;
	case OFFSET:
		v = cfa + (uintptr_t)row->value[slot];
		if (slot != SLOT_RA && v < r->sp) {
			/* an epilogue that popped the register without saying
			 * so (gcc at a ret): the slot is dead, and a signal
			 * frame may have overwritten it; the register holds it */
			*out = same;
			return 0;
		}
		return e->read(e->ctx, v, out);
	case VAL_OFFSET:
		*out = cfa + (uintptr_t)row->value[slot];
		return 0;
	case REGISTER:
		return reg_value(r, (uint64_t)row->value[slot], out);
	case EXPRESSION:
		if (evaluate(e, low + (uint32_t)row->value[slot], 1, cfa, &v) != 0)
			return -1;
		return e->read(e->ctx, v, out);
	case VAL_EXPRESSION:
		return evaluate(e, low + (uint32_t)row->value[slot], 1, cfa, out);
	default:
		return -1;
	}
}

/* The row of the FDE covering target into *row, and whether its CIE
 * marks a signal frame: GMON_CFI_STEPPED, or GMON_CFI_NO_FDE or
 * GMON_CFI_FAILED.  (Its frame, with the CIE and the first row, is gone
 * before the row's rules are evaluated.) */
OUT_OF_LINE static int find_row(const struct gmon_cfi_table *t, uintptr_t target, struct row *row,
				int *signal)
{
	uintptr_t fde = find_fde(t, target);
	if (!fde)
		return GMON_CFI_NO_FDE;
	struct cursor c;
	uint32_t length, cie_offset;
	if (cursor_at(&c, t, fde, t->high) != 0 || get(&c, &length, 4) != 0 || length == 0 ||
	    length == 0xffffffffu || cursor_at(&c, t, fde + 4, fde + 4 + length) != 0 ||
	    get(&c, &cie_offset, 4) != 0 || cie_offset == 0 || cie_offset > fde + 4)
		return GMON_CFI_FAILED;
	struct cie cie;
	uintptr_t begin, range;
	if (parse_cie(t, fde + 4 - cie_offset, &cie) != 0 ||
	    get_encoded(&c, cie.fde_enc, 1, &begin) != 0 ||
	    get_encoded(&c, cie.fde_enc & 0x0f, 0, &range) != 0)
		return GMON_CFI_FAILED;
	if (target < begin || target - begin >= range)
		return GMON_CFI_NO_FDE; /* a gap between functions */
	if (cie.augmented) {
		uint64_t size;
		if (get_uleb(&c, &size) != 0 || skip(&c, size) != 0)
			return GMON_CFI_FAILED;
	}
	if (cie.ra != REG_RA)
		return GMON_CFI_FAILED;
	struct row initial;
	uintptr_t insns = c.at, end = c.end;
	memset(row, 0, sizeof *row); /* CFA unset, registers the same */
	if (cursor_at(&c, t, cie.insns, cie.end) != 0 ||
	    run(&c, &cie, begin, UINTPTR_MAX, row, NULL) != 0)
		return GMON_CFI_FAILED;
	initial = *row;
	c.at = insns;
	c.end = end;
	if (run(&c, &cie, begin, target, row, &initial) != 0)
		return GMON_CFI_FAILED;
	*signal = cie.signal;
	return GMON_CFI_STEPPED;
}

int gmon_cfi_step(const struct gmon_cfi_table *t, struct gmon_cfi_regs *r, gmon_cfi_reader read,
		  const void *ctx)
{
	if (!t || t->count == 0 || t->high - t->low > UINT32_MAX)
		return GMON_CFI_NO_FDE;
	struct row row;
	int signal = 0;
	int rc = find_row(t, r->caller ? r->pc - 1 : r->pc, &row, &signal);
	if (rc != GMON_CFI_STEPPED)
		return rc;
	const struct step e = { t, r, read, ctx };

	uintptr_t cfa, fp, pc;
	if (row.cfa_kind == CFA_REG) {
		if (reg_value(r, row.cfa_reg, &cfa) != 0)
			return GMON_CFI_FAILED;
		cfa += (uintptr_t)row.cfa_value;
	} else if (row.cfa_kind != CFA_EXPRESSION ||
		   evaluate(&e, t->low + (uint32_t)row.cfa_value, 0, 0, &cfa) != 0) {
		return GMON_CFI_FAILED;
	}
	if (row.kind[SLOT_RA] == UNDEFINED)
		return GMON_CFI_OUTERMOST;
	/* the return address "the same": the link register's, or the pc
	 * itself, which names no caller */
	if (row.kind[SLOT_RA] == SAME && !GMON_ARCH_LINK_REGISTER)
		return GMON_CFI_FAILED;
	uintptr_t ra_same = GMON_ARCH_LINK_REGISTER ? r->lr : 0;
	if (recover(&e, &row, SLOT_RA, cfa, ra_same, &pc) != 0 ||
	    recover(&e, &row, SLOT_FP, cfa, r->fp, &fp) != 0)
		return GMON_CFI_FAILED;
	uintptr_t now = 0, base = 0;
	int base_known = reg_value(r, REG_BASE, &now) == 0;
	if (row.kind[SLOT_BASE] != SAME)
		base_known = recover(&e, &row, SLOT_BASE, cfa, now, &base) == 0;
	else
		base = now;
	pc = gmon_arch_return_address(pc); /* a signed one's signature stripped */
	/* stacks grow down: a caller's frame is above, but for the frame
	 * a signal interrupted, which may be on another stack */
	if (!signal && (cfa < r->sp || (cfa == r->sp && pc == r->pc)))
		return GMON_CFI_FAILED;
	if (pc == 0)
		return GMON_CFI_OUTERMOST;
	r->sp = cfa;
	r->fp = fp;
	r->base = base;
	r->known = base_known ? GMON_CFI_BASE_KNOWN : 0;
	r->pc = pc;
	r->lr = pc;
	r->context = NULL;
	r->caller = !signal;
	return GMON_CFI_STEPPED;
}
