/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * interp.c: the shape of a bytecode interpreter (Lua, Python, a regex
 * engine), the hardest case for a call counter: one dispatch site calls
 * through a table of many tiny functions, every function is small (a
 * call is a large share of its cost), the interpreter recurses through
 * itself (run -> op_call -> run: one big cycle), small objects are
 * allocated and freed all the time, and a library function (qsort) calls
 * back into the interpreter through a comparator written in bytecode.
 *
 * usage: interp [SCALE]   (default 100: about 1 s without -pg) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum op {
	OP_PUSH,
	OP_LOAD,
	OP_STORE,
	OP_ADD,
	OP_SUB,
	OP_MUL,
	OP_LT,
	OP_JMP,
	OP_JZ,
	OP_CALL,
	OP_RET,
	OP_DUP,
	OP_POP,
	OP_NEWOBJ,
	OP_SETF,
	OP_GETF,
	OP_FREE,
	OP_FMT,
	OP_HASH,
	OP_COUNT
};

struct insn {
	enum op op;
	int arg;
};

struct object {
	long field[4];
	struct object *next;
};

struct frame {
	const struct insn *code;
	long local[8];
};

struct vm {
	long stack[256];
	int sp;
	int pc;
	struct frame *frame;
	const struct insn *functions[8];
	unsigned long hash;
	char text[64];
};

typedef int (*op_fn)(struct vm *, int arg);

static long run(struct vm *vm, const struct insn *code, const long *args, int nargs);

static void push(struct vm *vm, long v)
{
	vm->stack[vm->sp++] = v;
}
static long pop(struct vm *vm)
{
	return vm->stack[--vm->sp];
}

static int op_push(struct vm *vm, int arg)
{
	push(vm, arg);
	return 1;
}
static int op_load(struct vm *vm, int arg)
{
	push(vm, vm->frame->local[arg]);
	return 1;
}
static int op_store(struct vm *vm, int arg)
{
	vm->frame->local[arg] = pop(vm);
	return 1;
}
static int op_add(struct vm *vm, int arg)
{
	long b = pop(vm);
	push(vm, pop(vm) + b);
	return 1;
}
static int op_sub(struct vm *vm, int arg)
{
	long b = pop(vm);
	push(vm, pop(vm) - b);
	return 1;
}
static int op_mul(struct vm *vm, int arg)
{
	long b = pop(vm);
	push(vm, pop(vm) * b);
	return 1;
}
static int op_lt(struct vm *vm, int arg)
{
	long b = pop(vm);
	push(vm, pop(vm) < b);
	return 1;
}
static int op_jmp(struct vm *vm, int arg)
{
	vm->pc = arg;
	return 0;
}
static int op_jz(struct vm *vm, int arg)
{
	if (pop(vm) == 0) {
		vm->pc = arg;
		return 0;
	}
	return 1;
}
static int op_dup(struct vm *vm, int arg)
{
	long v = pop(vm);
	push(vm, v);
	push(vm, v);
	return 1;
}
static int op_pop(struct vm *vm, int arg)
{
	vm->sp--;
	return 1;
}

static int op_call(struct vm *vm, int arg)
{
	long args[2];
	args[1] = pop(vm);
	args[0] = pop(vm);
	/* the interpreter recurses through itself, as Lua's does */
	push(vm, run(vm, vm->functions[arg], args, 2));
	return 1;
}

static int op_newobj(struct vm *vm, int arg)
{
	struct object *o = calloc(1, sizeof(*o));
	if (o == NULL)
		abort();
	o->field[0] = arg;
	push(vm, (long)o);
	return 1;
}

static int op_setf(struct vm *vm, int arg)
{
	long v = pop(vm);
	struct object *o = (struct object *)pop(vm);
	o->field[arg & 3] = v;
	push(vm, (long)o);
	return 1;
}

static int op_getf(struct vm *vm, int arg)
{
	struct object *o = (struct object *)pop(vm);
	push(vm, o->field[arg & 3]);
	return 1;
}

static int op_free(struct vm *vm, int arg)
{
	free((void *)pop(vm));
	return 1;
}

static int op_fmt(struct vm *vm, int arg)
{
	long v = pop(vm);
	int n = snprintf(vm->text, sizeof(vm->text), "item %ld of %d", v, arg);
	push(vm, n);
	return 1;
}

static int op_hash(struct vm *vm, int arg)
{
	for (const char *s = vm->text; *s; s++)
		vm->hash = (vm->hash ^ (unsigned char)*s) * 1099511628211ul;
	return 1;
}

static const op_fn ops[OP_COUNT] = {
	[OP_PUSH] = op_push,     [OP_LOAD] = op_load, [OP_STORE] = op_store, [OP_ADD] = op_add,
	[OP_SUB] = op_sub,       [OP_MUL] = op_mul,   [OP_LT] = op_lt,       [OP_JMP] = op_jmp,
	[OP_JZ] = op_jz,         [OP_CALL] = op_call, [OP_DUP] = op_dup,     [OP_POP] = op_pop,
	[OP_NEWOBJ] = op_newobj, [OP_SETF] = op_setf, [OP_GETF] = op_getf,   [OP_FREE] = op_free,
	[OP_FMT] = op_fmt,       [OP_HASH] = op_hash,
};

/* the dispatch loop: one indirect call site, many callees */
static long run(struct vm *vm, const struct insn *code, const long *args, int nargs)
{
	struct frame frame = { .code = code };
	struct frame *caller = vm->frame;
	int saved_pc = vm->pc;
	long result;

	for (int i = 0; i < nargs; i++)
		frame.local[i] = args[i];
	vm->frame = &frame;
	vm->pc = 0;
	while (code[vm->pc].op != OP_RET) {
		const struct insn *in = &code[vm->pc];
		vm->pc += ops[in->op](vm, in->arg);
	}
	result = pop(vm);
	vm->frame = caller;
	vm->pc = saved_pc;
	return result;
}

/* fib(n, unused): the recursion */
static const struct insn fib_code[] = {
	{ OP_LOAD, 0 }, { OP_PUSH, 2 }, { OP_LT, 0 },   { OP_JZ, 6 },  { OP_LOAD, 0 },
	{ OP_RET, 0 },  { OP_LOAD, 0 }, { OP_PUSH, 1 }, { OP_SUB, 0 }, { OP_PUSH, 0 },
	{ OP_CALL, 0 }, { OP_LOAD, 0 }, { OP_PUSH, 2 }, { OP_SUB, 0 }, { OP_PUSH, 0 },
	{ OP_CALL, 0 }, { OP_ADD, 0 },  { OP_RET, 0 },
};

/* objects(n, unused): allocate, fill, read, format, hash and free n
 * small objects */
static const struct insn objects_code[] = {
	/* 0: while (local0 != 0) */
	{ OP_LOAD, 0 },
	{ OP_JZ, 21 },
	{ OP_NEWOBJ, 7 },
	{ OP_LOAD, 0 },
	{ OP_SETF, 1 },
	{ OP_DUP, 0 },
	{ OP_GETF, 1 },
	{ OP_PUSH, 3 },
	{ OP_MUL, 0 },
	{ OP_FMT, 100 },
	{ OP_POP, 0 },
	{ OP_HASH, 0 },
	{ OP_FREE, 0 },
	{ OP_LOAD, 0 },
	{ OP_PUSH, 1 },
	{ OP_SUB, 0 },
	{ OP_STORE, 0 },
	{ OP_JMP, 0 },
	{ OP_JMP, 0 },
	{ OP_JMP, 0 },
	{ OP_JMP, 0 },
	/* 21: */
	{ OP_PUSH, 0 },
	{ OP_RET, 0 },
};

/* less(a, b): the comparator qsort calls back, in bytecode */
static const struct insn less_code[] = {
	{ OP_LOAD, 0 },
	{ OP_LOAD, 1 },
	{ OP_SUB, 0 },
	{ OP_RET, 0 },
};

static struct vm the_vm;

static int compare(const void *a, const void *b)
{
	long args[2] = { *(const long *)a, *(const long *)b };
	long d = run(&the_vm, the_vm.functions[2], args, 2);
	return (d > 0) - (d < 0);
}

int main(int argc, char **argv)
{
	int scale = argc > 1 ? atoi(argv[1]) : 100;
	struct vm *vm = &the_vm;
	struct frame top = { 0 };
	long total = 0;
	enum {
		ITEMS = 20000
	};
	static long items[ITEMS];
	unsigned long seed = 1;

	vm->functions[0] = fib_code;
	vm->functions[1] = objects_code;
	vm->functions[2] = less_code;
	vm->frame = &top;
	for (int round = 0; round < scale; round++) {
		long args[2] = { 20, 0 };

		total += run(vm, fib_code, args, 2);
		args[0] = 20000;
		total += run(vm, objects_code, args, 2);
		for (int i = 0; i < ITEMS; i++) {
			seed = seed * 6364136223846793005ul + 1442695040888963407ul;
			items[i] = (long)(seed >> 33);
		}
		qsort(items, ITEMS, sizeof(items[0]), compare);
		total += items[ITEMS / 2] & 0xff;
	}
	printf("%ld %lx\n", total, vm->hash);
	return 0;
}
