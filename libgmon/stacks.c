/* SPDX-License-Identifier: BSD-2-Clause
 *
 * stacks.c: the call stack of every sample, walked from the interrupted
 * context along the frame pointers and aggregated into a table of
 * distinct stacks with their sample counts (doc/format.md, "Tag 5, call
 * stacks"; doc/runtime.md, "Call stacks").
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe: the walk and the table run in the clock's signal
 * handler, in any thread; no stdio, no malloc, no locks.  Memory that the
 * walk did not see the program write (the stack above the sampled stack
 * pointer, the bytes of code before a return address, a GOT slot) is
 * never dereferenced before the kernel said it is readable: one
 * process_vm_readv(2) of the process itself per page of stack touched
 * and per code read, which fails with EFAULT where a load would fault.
 * Set-up (start-up, fork) makes system calls only.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <ucontext.h>
#include <unistd.h>

#include "../include/gmon_out.h"
#include "arch.h"
#include "gmon_private.h"
#include "process.h"

/* How far above the sampled stack pointer a frame may be: the default
 * main-thread stack limit.  A frame pointer further away is not a frame
 * of this stack. */
#define MAX_STACK_SPAN (8ul << 20)
#define PAGE_SIZE_MIN 4096ul
#define MAX_PROBES 64
#define MAX_SLOTS (1u << 24)

int gmon_stacks_enabled;

/* The main thread's stack pointer at its entry point (glibc's dynamic
 * loader or libc.a; absent elsewhere).  The C library's start-up code
 * that calls main keeps no frame pointer, so main's saved frame pointer
 * is whatever that code held in %rbp: a walk that fails right above main
 * has reached the outermost frame (main's frame lies 272 bytes below it
 * with glibc 2.36), it was not cut short. */
extern void *__libc_stack_end __attribute__((weak));
#define START_CODE_FRAMES 1024

/*
 * The table of distinct stacks: open addressing with linear probing,
 * slots[mask + 1] of (key, count), mapped at start-up with MAP_NORESERVE.
 * A key is (32 bits of the stack's hash, 1 + the stack's word index in the
 * frame pool), never 0; 0 is an empty slot.  A stack's words in the pool
 * are (depth | flags << 16) then its frames, innermost first, written
 * before the key is published by one compare-and-swap (release), so that
 * whoever sees a key sees its frames, and never change after; a count
 * only grows.  Pool words are handed out by an atomic add: a stack that
 * loses the race for its slot to the same stack leaves its words unused
 * (rare; bounded by the pool's size).  No one waits for anyone.  When the
 * table reaches its limit of distinct stacks (at most 7/8 of the slots),
 * or the pool is exhausted, or MAX_PROBES slots were probed, the sample's
 * stack is counted as lost; the histogram still has the sample.
 */
struct stack_slot {
	uint64_t key;
	uint64_t count;
};

static struct {
	struct stack_slot *slots;
	uint64_t *pool;
	size_t slots_bytes, pool_bytes;
	uint32_t mask;
	uint32_t limit;      /* distinct stacks accepted */
	uint32_t depth;      /* frames recorded at most */
	uint32_t used;       /* atomic: stacks claimed */
	uint64_t pool_words; /* the pool's size */
	uint64_t pool_used;  /* atomic */
	uint64_t lost, at_limit, cut_short; /* atomic, in samples */
	int warned_full;                    /* atomic */
} stacks;

static int read_checked(pid_t self, uintptr_t addr, void *buf, size_t n);

static void *map_zeroed(void *where, size_t bytes)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
	if (where)
		flags |= MAP_FIXED;
	void *p = mmap(where, bytes, PROT_READ | PROT_WRITE, flags, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

int gmon_stacks_init(size_t keys, unsigned depth)
{
	if (keys == 0 || depth == 0)
		return 0;
	size_t want = keys + keys / 7 + 1;
	uint32_t slots = 16;
	while (slots < want && slots < MAX_SLOTS)
		slots <<= 1;
	stacks.slots_bytes = (size_t)slots * sizeof(struct stack_slot);
	/* room for an average of 32 frames a stack; pages never touched
	 * cost nothing */
	stacks.pool_words = (uint64_t)keys * 33 + 2 * (depth + 1);
	stacks.pool_bytes = stacks.pool_words * sizeof(uint64_t);
	stacks.slots = map_zeroed(NULL, stacks.slots_bytes);
	stacks.pool = map_zeroed(NULL, stacks.pool_bytes);
	if (!stacks.slots || !stacks.pool)
		return -1;
	stacks.mask = slots - 1;
	stacks.limit = keys < slots - slots / 8 ? (uint32_t)keys : slots - slots / 8;
	stacks.depth = depth;
	/* a seccomp filter may forbid the reads the walk depends on */
	uintptr_t known = 0x676d6f6e, got = 0;
	if (read_checked(getpid(), (uintptr_t)&known, &got, sizeof got) != 0 || got != known) {
		gmon_message("call stacks need process_vm_readv(2), which is not permitted here: "
		             "recording none",
		             NULL, NULL);
		return 0;
	}
	__atomic_store_n(&gmon_stacks_enabled, 1, __ATOMIC_RELEASE);
	return 0;
}

void gmon_stacks_reset(void)
{
	if (!stacks.slots)
		return;
	map_zeroed(stacks.slots, stacks.slots_bytes);
	map_zeroed(stacks.pool, stacks.pool_bytes);
	stacks.used = 0;
	stacks.pool_used = 0;
	stacks.lost = stacks.at_limit = stacks.cut_short = 0;
	stacks.warned_full = 0;
}

/* ---- reading memory that may not be there ---- */

/* n bytes at addr into buf, or -1 where a load would have faulted.  The
 * process id is asked each time (a bare system call): a child made by
 * clone(2) without fork handlers must not read its parent. */
static int read_checked(pid_t self, uintptr_t addr, void *buf, size_t n)
{
	struct iovec local = { buf, n };
	struct iovec remote = { (void *)addr, n };
	int saved = errno;
	long got = syscall(SYS_process_vm_readv, self, &local, 1UL, &remote, 1UL, 0UL);
#ifdef GMON_TEST_UNCHECKED_READS
	/* Tests only (make check-aarch64): qemu-user has no
	 * process_vm_readv; a build for it loads without checking, so
	 * that the walk itself can be tested there.  Never in a library
	 * anyone links: a bad frame pointer then faults. */
	if (got < 0 && errno == ENOSYS) {
		memcpy(buf, (const void *)addr, n);
		got = (long)n;
	}
#endif
	errno = saved;
	return got == (long)n ? 0 : -1;
}

/* One walk's state: the process, and the stack pages known readable,
 * [low, high). */
struct readable {
	pid_t self;
	uintptr_t low, high;
};

static int stack_word(struct readable *r, uintptr_t addr, uintptr_t *value)
{
	if (addr < r->low || addr + sizeof *value > r->high) {
		uintptr_t page = addr & ~(PAGE_SIZE_MIN - 1);
		unsigned char probe;
		if (read_checked(r->self, page, &probe, 1) != 0 ||
		    read_checked(r->self, addr + sizeof *value - 1, &probe, 1) != 0)
			return -1;
		r->low = page;
		r->high = ((addr + sizeof *value - 1) & ~(PAGE_SIZE_MIN - 1)) + PAGE_SIZE_MIN;
	}
	*value = *(const uintptr_t *)addr;
	return 0;
}

/* Code addresses: inside an executable segment of an object still loaded. */
static int is_code(uintptr_t pc)
{
	long i = gmon_object_find(pc);
	if (i < 0)
		return 0;
	struct gmon_object_view o;
	gmon_object_view((uint32_t)i, &o);
	return !(o.flags & GMON_OBJECT_UNLOADED);
}

#ifdef __x86_64__
/* Where a call instruction that ends just before ret went, when the
 * instruction says: a direct call (e8 rel32), a call through a GOT slot
 * (ff 15 rel32), and through a PLT stub (jmp *slot(%rip), with or
 * without endbr64 and bnd) to what its GOT slot holds.  0 if it is
 * another kind of call (through a register: the target is unknowable);
 * 1 if no call ends there. */
static uintptr_t call_target(pid_t self, uintptr_t ret)
{
	unsigned char c[6];
	if (read_checked(self, ret - 6, c, 6) != 0)
		return 1;
	uintptr_t target = 1;
	if (c[1] == 0xe8) {
		int32_t rel;
		memcpy(&rel, c + 2, 4);
		target = ret + (uintptr_t)(intptr_t)rel;
	} else if (c[0] == 0xff && c[1] == 0x15) {
		int32_t rel;
		memcpy(&rel, c + 2, 4);
		uintptr_t slot;
		return read_checked(self, ret + (uintptr_t)(intptr_t)rel, &slot, sizeof slot) == 0
		               ? slot
		               : 1;
	} else {
		/* ff /2 through a register or memory: 2 to 7 bytes */
		for (int len = 2; len <= 6; len++) {
			unsigned char op = c[6 - len], modrm = c[6 - len + 1];
			if (op == 0xff && ((modrm >> 3) & 7) == 2) {
				unsigned mod = modrm >> 6, rm = modrm & 7;
				int want = mod == 3 ? 2 : mod == 1 ? 3 : mod == 2 ? 6 : 2;
				if (mod != 3 && rm == 4)
					want++; /* a SIB byte */
				if (mod == 0 && rm == 5)
					want = 6; /* rip-relative: handled above */
				if (want == len)
					return 0;
			}
		}
		return 1;
	}
	/* A direct call into a PLT stub: follow it to the function. */
	unsigned char p[10];
	if (read_checked(self, target, p, sizeof p) == 0) {
		unsigned at = 0;
		if (p[0] == 0xf3 && p[1] == 0x0f && p[2] == 0x1e && p[3] == 0xfa)
			at = 4; /* endbr64 */
		if (p[at] == 0xf2)
			at++; /* bnd */
		if (at + 6 <= sizeof p && p[at] == 0xff && p[at + 1] == 0x25) {
			int32_t rel;
			memcpy(&rel, p + at + 2, 4);
			uintptr_t slot;
			if (read_checked(self, target + at + 6 + (uintptr_t)(intptr_t)rel, &slot,
			                 sizeof slot) == 0)
				target = slot;
		}
	}
	return target;
}

/* How far into a function a sampled pc may be past the address a call
 * names: functions longer than this lose their leaf's caller. */
#define MAX_FUNCTION_SPAN (256u << 10)

/* A frameless function (a leaf such as memcpy; any function in its first
 * instruction or at its ret) has not pushed a frame: the frame pointer is
 * still its caller's, and the walk would skip that caller.  Its return
 * address is then at the stack pointer; take the word there when it
 * returns into code right after a call of the function the pc is in (or
 * a call through a register, which cannot be checked). */
static uintptr_t frameless_caller(struct readable *r, uintptr_t pc, uintptr_t sp,
                                  uintptr_t fp, uintptr_t lr)
{
	(void)lr;
	uintptr_t ret;
	if (sp == 0 || (sp & 7) || (fp && sp >= fp) || stack_word(r, sp, &ret) != 0)
		return 0;
	if (ret < 16 || !is_code(ret))
		return 0;
	uintptr_t target = call_target(r->self, ret);
	if (target == 1)
		return 0;
	if (target != 0 && !(target <= pc && pc - target < MAX_FUNCTION_SPAN))
		return 0;
	return ret;
}

#elif defined(__aarch64__)
/* How far into a function a sampled pc may be past the address a call
 * names: functions longer than this lose their leaf's caller. */
#define MAX_FUNCTION_SPAN (256u << 10)

/* A function that has not built its frame record (a leaf, or any
 * function in its prologue or epilogue) still has its return address in
 * the link register, and x29 is its caller's frame: the walk would skip
 * that caller.  Take the link register when the instruction before it
 * is a bl to the function the pc is in, or a blr (through a register:
 * cannot be checked).  A function that has built its frame but made no
 * call yet gives the same address again from its frame record: walk()
 * drops the repeat. */
static uintptr_t frameless_caller(struct readable *r, uintptr_t pc, uintptr_t sp,
                                  uintptr_t fp, uintptr_t lr)
{
	(void)sp;
	(void)fp;
	uint32_t insn;
	if (lr < 16 || (lr & 3) || !is_code(lr) || read_checked(r->self, lr - 4, &insn, 4) != 0)
		return 0;
	if ((insn & 0xfc000000u) == 0x94000000u) { /* bl imm26 */
		int32_t imm = (int32_t)(insn << 6) >> 6;
		uintptr_t target = lr - 4 + (uintptr_t)((intptr_t)imm * 4);
		return target <= pc && pc - target < MAX_FUNCTION_SPAN ? lr : 0;
	}
	if ((insn & 0xfffffc1fu) == 0xd63f0000u) /* blr xN */
		return lr;
	return 0;
}
#else
#error "stacks.c: no stack walk for this processor"
#endif

/* The stack of the interrupted context into frames[0 .. limit): the
 * number of frames, and GMON_STACK_* flags in *flags. */
static unsigned walk(const ucontext_t *uc, uintptr_t *frames, unsigned limit, uint32_t *flags)
{
#ifdef __x86_64__
	uintptr_t pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
	uintptr_t sp = (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
	uintptr_t fp = (uintptr_t)uc->uc_mcontext.gregs[REG_RBP];
	uintptr_t lr = 0;
#else
	uintptr_t pc, sp, fp, lr;
	gmon_arch_signal_regs(uc, &pc, &sp, &fp, &lr);
#endif
	struct readable r = { (pid_t)syscall(SYS_getpid), 0, 0 };
	unsigned n = 0;
	*flags = 0;
	frames[n++] = pc;
	uintptr_t leaf_caller = frameless_caller(&r, pc, sp, fp, lr);
	if (leaf_caller) {
		if (n == limit) {
			*flags |= GMON_STACK_AT_LIMIT;
			return n;
		}
		frames[n++] = leaf_caller;
	}
	uintptr_t low = sp, last = 0; /* last: the frame fp was read from */
	uintptr_t start = &__libc_stack_end ? (uintptr_t)__libc_stack_end : 0;
	for (;;) {
		if (fp == 0)
			return n; /* the outermost frame (the start code clears it) */
		uintptr_t ret, next;
		if (fp < low || (fp & 7) || fp - sp > MAX_STACK_SPAN ||
		    stack_word(&r, fp + 8, &ret) != 0 || stack_word(&r, fp, &next) != 0) {
			if (!(last && start > last && start - last <= START_CODE_FRAMES))
				*flags |= GMON_STACK_CUT_SHORT;
			return n;
		}
		if (ret == 0)
			return n;
#ifdef __aarch64__
		/* a return address signed by -mbranch-protection: user
		 * addresses have 48 bits, the signature is above */
		ret &= 0x0000ffffffffffffu;
		/* the link register taken above, and again from the frame
		 * record of a function that has made no call yet */
		if (leaf_caller && last == 0 && ret == leaf_caller) {
			low = fp + 16;
			last = fp;
			fp = next;
			continue;
		}
#endif
		if (!is_code(ret)) {
			*flags |= GMON_STACK_CUT_SHORT;
			return n;
		}
		if (n == limit) {
			*flags |= GMON_STACK_AT_LIMIT;
			return n;
		}
		frames[n++] = ret;
		low = fp + 16; /* frames only go up the stack: no loops */
		last = fp;
		fp = next;
	}
}

static uint64_t hash_frames(const uintptr_t *frames, unsigned n, uint32_t flags)
{
	uint64_t h = 0xcbf29ce484222325u ^ n ^ ((uint64_t)flags << 32);
	for (unsigned i = 0; i < n; i++) {
		h ^= frames[i];
		h *= 0x9e3779b97f4a7c15u;
		h ^= h >> 29;
	}
	return h;
}

static int same_stack(uint64_t at, const uintptr_t *frames, unsigned n, uint32_t flags)
{
	const uint64_t *p = &stacks.pool[at];
	if (p[0] != (n | (uint64_t)flags << 16))
		return 0;
	for (unsigned i = 0; i < n; i++)
		if (p[1 + i] != frames[i])
			return 0;
	return 1;
}

static void count_lost(unsigned samples)
{
	__atomic_fetch_add(&stacks.lost, samples, __ATOMIC_RELAXED);
	if (!__atomic_exchange_n(&stacks.warned_full, 1, __ATOMIC_RELAXED))
		gmon_message("stack table full: later samples' stacks are lost, the samples "
		             "still count (set GMON_STACKS)",
		             NULL, NULL);
}

static void insert(const uintptr_t *frames, unsigned n, uint32_t flags, unsigned samples)
{
	uint64_t h = hash_frames(frames, n, flags);
	uint32_t i = (uint32_t)h & stacks.mask;
	uint64_t tag = h & 0xffffffff00000000u;
	uint64_t mine = 0; /* our words in the pool, once written: 1 + index */
	for (int probe = 0; probe < MAX_PROBES; probe++, i = (i + 1) & stacks.mask) {
		struct stack_slot *s = &stacks.slots[i];
		uint64_t key = __atomic_load_n(&s->key, __ATOMIC_ACQUIRE);
		if (key == 0) {
			if (__atomic_load_n(&stacks.used, __ATOMIC_RELAXED) >= stacks.limit)
				break;
			if (!mine) {
				uint64_t at = __atomic_fetch_add(&stacks.pool_used, n + 1,
				                                 __ATOMIC_RELAXED);
				if (at + n + 1 > stacks.pool_words || at + 1 > UINT32_MAX)
					break;
				stacks.pool[at] = n | (uint64_t)flags << 16;
				memcpy(&stacks.pool[at + 1], frames, n * sizeof *frames);
				mine = at + 1;
			}
			if (__atomic_compare_exchange_n(&s->key, &key, tag | mine, 0,
			                                __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
				__atomic_fetch_add(&stacks.used, 1, __ATOMIC_RELAXED);
				key = tag | mine;
			}
		}
		if ((key & 0xffffffff00000000u) == tag &&
		    same_stack((key & 0xffffffffu) - 1, frames, n, flags)) {
			__atomic_fetch_add(&s->count, samples, __ATOMIC_RELAXED);
			return;
		}
	}
	count_lost(samples);
}

void gmon_stack_sample(const void *context, unsigned samples)
{
	if (!__atomic_load_n(&gmon_stacks_enabled, __ATOMIC_ACQUIRE))
		return;
	uintptr_t frames[stacks.depth];
	uint32_t flags;
	unsigned n = walk(context, frames, stacks.depth, &flags);
	if (flags & GMON_STACK_AT_LIMIT)
		__atomic_fetch_add(&stacks.at_limit, samples, __ATOMIC_RELAXED);
	if (flags & GMON_STACK_CUT_SHORT)
		__atomic_fetch_add(&stacks.cut_short, samples, __ATOMIC_RELAXED);
	insert(frames, n, flags, samples);
}

void gmon_stacks_totals(struct gmon_stacks_totals *t)
{
	t->depth = stacks.depth;
	t->lost = __atomic_load_n(&stacks.lost, __ATOMIC_RELAXED);
	t->at_limit = __atomic_load_n(&stacks.at_limit, __ATOMIC_RELAXED);
	t->cut_short = __atomic_load_n(&stacks.cut_short, __ATOMIC_RELAXED);
}

int gmon_stacks_each(gmon_stack_visitor visit, void *ctx)
{
	if (!stacks.slots)
		return 0;
	for (uint32_t i = 0; i <= stacks.mask; i++) {
		struct stack_slot *s = &stacks.slots[i];
		uint64_t key = __atomic_load_n(&s->key, __ATOMIC_ACQUIRE);
		uint64_t count = __atomic_load_n(&s->count, __ATOMIC_RELAXED);
		if (key == 0 || count == 0)
			continue;
		const uint64_t *p = &stacks.pool[(key & 0xffffffffu) - 1];
		int rc = visit(ctx, count, (uint32_t)(p[0] & 0xffff), (uint32_t)(p[0] >> 16),
		               (const uintptr_t *)(p + 1));
		if (rc)
			return rc;
	}
	return 0;
}
