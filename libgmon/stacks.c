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
 * handler, in any thread; no stdio, no malloc, no locks, no system call.
 * The walk cannot fault: it loads stack words only between the sampled
 * stack pointer and the top of the stack that pointer is on (the
 * thread's own, its bounds kept per thread; or the alternate signal
 * stack, its bounds in the signal's context), and code bytes and GOT
 * slots only in objects that are never unmapped.  Nothing it reads can
 * be unmapped by another thread while it reads.  Its frame is small and
 * fixed (the frames go straight into the table's pool): it may run on a
 * program's small alternate signal stack.  Set-up (start-up, a new
 * thread, fork) may make system calls and use stdio.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "../include/gmon_out.h"
#include "arch.h"
#include "gmon_private.h"
#include "process.h"

/* How far below the main thread's stack top a stack pointer is taken to
 * be on that stack (where it grows down): the kernel places no mapping
 * within 128 MiB below it but one asked for at a fixed address. */
#define MAIN_STACK_WINDOW (64ul << 20)
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

static void *map_zeroed(void *where, size_t bytes)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
	if (where)
		flags |= MAP_FIXED;
	void *p = mmap(where, bytes, PROT_READ | PROT_WRITE, flags, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

/*
 * Each thread's stack, as far as the walk may read it: [low, top) is
 * mapped for as long as the thread runs on it.  Kept in the thread's own
 * storage (initial-exec: a load relative to the thread pointer, safe in
 * a signal handler), written by the thread itself outside any handler:
 * at start-up for the main thread, first thing for a thread started
 * through pthread_create (threads.c).  A thread's storage starts zeroed:
 * top 0 means unknown, and such a thread's samples record their address
 * only.  The main thread's stack grows down on demand: a stack pointer
 * up to MAIN_STACK_WINDOW below its top is on it, and low follows the
 * lowest stack pointer sampled there (the stack never shrinks back).
 */
struct thread_stack {
	uintptr_t low, top;
	int grows; /* the main thread's */
};
static __thread struct thread_stack thread_stack __attribute__((tls_model("initial-exec")));

void gmon_stack_bounds_here(void)
{
	pthread_attr_t attr;
	void *addr;
	size_t size;
	if (pthread_getattr_np(pthread_self(), &attr) != 0)
		return;
	if (pthread_attr_getstack(&attr, &addr, &size) == 0 && size > 0) {
		thread_stack.low = (uintptr_t)addr;
		thread_stack.grows = 0;
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		thread_stack.top = (uintptr_t)addr + size;
	}
	pthread_attr_destroy(&attr);
}

/* The main thread's stack at start-up: the mapping that holds this
 * function's frame, from /proc/self/maps; without /proc, from here to
 * the program's name, which the kernel put near the stack's top. */
static void main_stack_bounds(void)
{
	uintptr_t here = (uintptr_t)__builtin_frame_address(0), low = 0, top = 0;
	FILE *maps = fopen("/proc/self/maps", "re");
	if (maps) {
		char line[512];
		while (fgets(line, sizeof line, maps)) {
			char *end;
			unsigned long from = strtoul(line, &end, 16);
			unsigned long to = *end == '-' ? strtoul(end + 1, NULL, 16) : 0;
			if (from <= here && here < to) {
				low = from;
				top = to;
				break;
			}
		}
		fclose(maps);
	}
	if (!top) {
		uintptr_t name = (uintptr_t)getauxval(AT_EXECFN);
		if (name <= here)
			return;
		low = here & ~(uintptr_t)4095;
		top = name;
	}
	thread_stack.low = low;
	thread_stack.grows = 1;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	thread_stack.top = top;
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
	main_stack_bounds();
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

/* ---- the walk ---- */

/*
 * One walk over the interrupted context.  It may read words of two
 * ranges: the stack the sampled stack pointer is on, from that pointer
 * to the stack's top; and, when that was the alternate signal stack (a
 * handler of the program's was interrupted), the thread's own stack,
 * where the frames below the handler are.  A walk is a generator
 * (walk_start, then walk_next for each frame) so that the frames need
 * no buffer: the table walks a stack again to compare it with one it
 * holds, and to copy it into the pool; the interrupted thread does not
 * run meanwhile, so each walk gives the same frames.
 */
struct walk {
	uintptr_t pc, sp, fp, lr;
	uintptr_t low1, high1, low2, high2; /* readable: [low, high) */
	uintptr_t leaf_caller;
	uintptr_t low, last; /* frames only go up; last: the frame fp was read from */
	unsigned n, limit;
	uint32_t flags;
	int step; /* 0: the pc; 1: the leaf's caller; 2: the frame chain; 3: done */
};

static int readable(const struct walk *w, uintptr_t addr, size_t n)
{
	return (addr >= w->low1 && addr + n <= w->high1 && addr + n > addr) ||
	       (addr >= w->low2 && addr + n <= w->high2 && addr + n > addr);
}

static int stack_word(const struct walk *w, uintptr_t addr, uintptr_t *value)
{
	if ((addr & (sizeof *value - 1)) || !readable(w, addr, sizeof *value))
		return -1;
	*value = *(const uintptr_t *)addr;
	return 0;
}

/* Code addresses: inside an executable segment of an object still loaded. */
static int is_code(uintptr_t pc)
{
	long i = gmon_object_find(pc);
	return i >= 0 && !(gmon_object_flags((uint32_t)i) & GMON_OBJECT_UNLOADED);
}

#ifdef __x86_64__
/* Where a call instruction that ends just before ret went, when the
 * instruction says: a direct call (e8 rel32), a call through a GOT slot
 * (ff 15 rel32), and through a PLT stub (jmp *slot(%rip), with or
 * without endbr64 and bnd) to what its GOT slot holds.  0 if it is
 * another kind of call (through a register: the target is unknowable);
 * 1 if no call ends there, or its bytes are in an object that may be
 * unmapped while they are read. */
static uintptr_t call_target(uintptr_t ret)
{
	if (!gmon_object_readable(ret - 6, 6))
		return 1;
	const unsigned char *c = (const unsigned char *)(ret - 6);
	uintptr_t target = 1;
	if (c[1] == 0xe8) {
		int32_t rel;
		memcpy(&rel, c + 2, 4);
		target = ret + (uintptr_t)(intptr_t)rel;
	} else if (c[0] == 0xff && c[1] == 0x15) {
		int32_t rel;
		memcpy(&rel, c + 2, 4);
		uintptr_t slot = ret + (uintptr_t)(intptr_t)rel;
		if (!gmon_object_readable(slot, sizeof(uintptr_t)))
			return 1;
		uintptr_t value;
		memcpy(&value, (const void *)slot, sizeof value);
		return value;
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
	if (gmon_object_readable(target, 10)) {
		const unsigned char *p = (const unsigned char *)target;
		unsigned at = 0;
		if (p[0] == 0xf3 && p[1] == 0x0f && p[2] == 0x1e && p[3] == 0xfa)
			at = 4; /* endbr64 */
		if (p[at] == 0xf2)
			at++; /* bnd */
		if (p[at] == 0xff && p[at + 1] == 0x25) {
			int32_t rel;
			memcpy(&rel, p + at + 2, 4);
			uintptr_t slot = target + at + 6 + (uintptr_t)(intptr_t)rel;
			if (gmon_object_readable(slot, sizeof(uintptr_t)))
				memcpy(&target, (const void *)slot, sizeof target);
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
static uintptr_t frameless_caller(const struct walk *w)
{
	uintptr_t ret;
	if (w->sp == 0 || (w->fp && w->sp >= w->fp) || stack_word(w, w->sp, &ret) != 0)
		return 0;
	if (ret < 16 || !is_code(ret))
		return 0;
	uintptr_t target = call_target(ret);
	if (target == 1)
		return 0;
	if (target != 0 && !(target <= w->pc && w->pc - target < MAX_FUNCTION_SPAN))
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
 * call yet gives the same address again from its frame record: the walk
 * drops the repeat. */
static uintptr_t frameless_caller(const struct walk *w)
{
	uintptr_t lr = w->lr;
	if (lr < 16 || (lr & 3) || !is_code(lr) || !gmon_object_readable(lr - 4, 4))
		return 0;
	uint32_t insn = *(const uint32_t *)(lr - 4);
	if ((insn & 0xfc000000u) == 0x94000000u) { /* bl imm26 */
		int32_t imm = (int32_t)(insn << 6) >> 6;
		uintptr_t target = lr - 4 + (uintptr_t)((intptr_t)imm * 4);
		return target <= w->pc && w->pc - target < MAX_FUNCTION_SPAN ? lr : 0;
	}
	if ((insn & 0xfffffc1fu) == 0xd63f0000u) /* blr xN */
		return lr;
	return 0;
}
#else
#error "stacks.c: no stack walk for this processor"
#endif

/* What the walk may read (see struct walk), from the context's stack
 * pointer, the alternate signal stack the kernel saved in the context,
 * and this thread's stack bounds. */
static void walk_ranges(struct walk *w, const ucontext_t *uc)
{
	struct thread_stack *t = &thread_stack;
	uintptr_t top = t->top;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	uintptr_t sp = w->sp;
	w->low1 = w->high1 = w->low2 = w->high2 = 0;
	if (uc->uc_stack.ss_flags & SS_ONSTACK) {
		uintptr_t alt = (uintptr_t)uc->uc_stack.ss_sp;
		uintptr_t alt_top = alt + uc->uc_stack.ss_size;
		if (sp >= alt && sp < alt_top) {
			w->low1 = sp;
			w->high1 = alt_top;
			if (top) {
				w->low2 = t->low;
				w->high2 = top;
			}
		}
		return;
	}
	if (!top || sp >= top)
		return;
	if (t->grows ? top - sp <= MAIN_STACK_WINDOW : sp >= t->low) {
		w->low1 = sp;
		w->high1 = top;
		if (t->grows && sp < t->low)
			t->low = sp; /* mapped now, and for good */
	}
}

/* Starts a walk of the interrupted context, limit frames at most. */
static void walk_start(struct walk *w, const ucontext_t *uc, unsigned limit)
{
#ifdef __x86_64__
	w->pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
	w->sp = (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
	w->fp = (uintptr_t)uc->uc_mcontext.gregs[REG_RBP];
	w->lr = 0;
#else
	gmon_arch_signal_regs(uc, &w->pc, &w->sp, &w->fp, &w->lr);
#endif
	walk_ranges(w, uc);
	w->leaf_caller = frameless_caller(w);
	w->low = w->sp;
	w->last = 0;
	w->n = 0;
	w->limit = limit;
	w->flags = 0;
	w->step = 0;
}

/* The main thread's stack pointer at its entry (see START_CODE_FRAMES). */
static int near_start_code(uintptr_t frame)
{
	uintptr_t start = &__libc_stack_end ? (uintptr_t)__libc_stack_end : 0;
	return frame && start > frame && start - frame <= START_CODE_FRAMES;
}

static int at_limit(struct walk *w)
{
	w->flags |= GMON_STACK_AT_LIMIT;
	w->step = 3;
	return 0;
}

/* The next frame into *frame: 1, or 0 at the end of the stack (then
 * w->flags holds GMON_STACK_* flags). */
static int walk_next(struct walk *w, uintptr_t *frame)
{
	if (w->step == 3)
		return 0;
	if (w->step == 0) {
		w->step = w->leaf_caller ? 1 : 2;
		*frame = w->pc;
		w->n++;
		return 1;
	}
	if (w->step == 1) {
		if (w->n == w->limit)
			return at_limit(w);
		w->step = 2;
		*frame = w->leaf_caller;
		w->n++;
		return 1;
	}
	for (;;) {
		uintptr_t fp = w->fp, ret, next;
		if (fp == 0) {
			w->step = 3; /* the outermost frame (the start code clears it) */
			return 0;
		}
		if (fp < w->low || stack_word(w, fp + 8, &ret) != 0 || stack_word(w, fp, &next) != 0) {
			/* not readable here, or not above the last frame (no loops) */
			if (!near_start_code(w->last))
				w->flags |= GMON_STACK_CUT_SHORT;
			w->step = 3;
			return 0;
		}
		if (ret == 0) {
			w->step = 3;
			return 0;
		}
		int first = w->last == 0;
		w->low = fp + 16; /* frames only go up the stack */
		w->last = fp;
		w->fp = next;
#ifdef __aarch64__
		/* a return address signed by -mbranch-protection: user
		 * addresses have 48 bits, the signature is above */
		ret &= 0x0000ffffffffffffu;
		/* the link register taken above, and again from the frame
		 * record of a function that has made no call yet */
		if (w->leaf_caller && first && ret == w->leaf_caller)
			continue;
#else
		(void)first;
#endif
		if (!is_code(ret)) {
			w->flags |= GMON_STACK_CUT_SHORT;
			w->step = 3;
			return 0;
		}
		if (w->n == w->limit)
			return at_limit(w);
		*frame = ret;
		w->n++;
		return 1;
	}
}

/* A stack's hash: its frames mixed in one by one as the walk gives
 * them, then its depth and flags. */
#define HASH_START 0xcbf29ce484222325u

static uint64_t hash_frame(uint64_t h, uintptr_t frame)
{
	h ^= frame;
	h *= 0x9e3779b97f4a7c15u;
	return h ^ (h >> 29);
}

static uint64_t hash_end(uint64_t h, unsigned n, uint32_t flags)
{
	return hash_frame(h, n | (uint64_t)flags << 32);
}

/* Is the stack at pool word `at` the one the context gives?  (w: room
 * for the walk, the caller's, so that the handler's frame holds one.) */
static int same_stack(struct walk *w, uint64_t at, const ucontext_t *uc, unsigned n,
                      uint32_t flags)
{
	const uint64_t *p = &stacks.pool[at];
	if (p[0] != (n | (uint64_t)flags << 16))
		return 0;
	walk_start(w, uc, n);
	uintptr_t frame;
	for (unsigned i = 0; i < n; i++)
		if (!walk_next(w, &frame) || p[1 + i] != frame)
			return 0;
	return 1;
}

/* Walks the context again into the pool at `at`: 0 if it gave the stack
 * whose hash is h, -1 if not (the object table changed in between). */
static int copy_stack(struct walk *w, uint64_t at, const ucontext_t *uc, unsigned n,
                      uint32_t flags, uint64_t h)
{
	walk_start(w, uc, n);
	uint64_t check = HASH_START;
	uintptr_t frame;
	unsigned i = 0;
	while (i < n && walk_next(w, &frame)) {
		stacks.pool[at + 1 + i++] = frame;
		check = hash_frame(check, frame);
	}
	stacks.pool[at] = n | (uint64_t)flags << 16;
	return i == n && hash_end(check, n, flags) == h ? 0 : -1;
}

static void count_lost(unsigned samples)
{
	__atomic_fetch_add(&stacks.lost, samples, __ATOMIC_RELAXED);
	if (!__atomic_exchange_n(&stacks.warned_full, 1, __ATOMIC_RELAXED))
		gmon_message("stack table full: later samples' stacks are lost, the samples "
		             "still count (set GMON_STACKS)",
		             NULL, NULL);
}

void gmon_stack_sample(const void *context, unsigned samples)
{
	if (!__atomic_load_n(&gmon_stacks_enabled, __ATOMIC_ACQUIRE))
		return;
	const ucontext_t *uc = context;
	struct walk w;
	walk_start(&w, uc, stacks.depth);
	uint64_t h = HASH_START;
	uintptr_t frame;
	while (walk_next(&w, &frame))
		h = hash_frame(h, frame);
	unsigned n = w.n;
	uint32_t flags = w.flags;
	h = hash_end(h, n, flags);
	if (flags & GMON_STACK_AT_LIMIT)
		__atomic_fetch_add(&stacks.at_limit, samples, __ATOMIC_RELAXED);
	if (flags & GMON_STACK_CUT_SHORT)
		__atomic_fetch_add(&stacks.cut_short, samples, __ATOMIC_RELAXED);

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
				if (at + n + 1 > stacks.pool_words || at + 1 > UINT32_MAX ||
				    copy_stack(&w, at, uc, n, flags, h) != 0)
					break;
				mine = at + 1;
			}
			if (__atomic_compare_exchange_n(&s->key, &key, tag | mine, 0,
			                                __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
				__atomic_fetch_add(&stacks.used, 1, __ATOMIC_RELAXED);
				key = tag | mine;
			}
		}
		if ((key & 0xffffffff00000000u) == tag &&
		    ((key & 0xffffffffu) == mine ||
		     same_stack(&w, (key & 0xffffffffu) - 1, uc, n, flags))) {
			__atomic_fetch_add(&s->count, samples, __ATOMIC_RELAXED);
			return;
		}
	}
	count_lost(samples);
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
