/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * floor.c: a profiling hook that only returns.  A -pg program linked with
 * it (and without gcrt1.o, so nothing starts a sampler) costs what the
 * compiler's instrumentation costs: the call in every prologue and the
 * frame pointer it needs.  No runtime can do with less; bench/runtime/cost
 * measures runtimes above this floor.  Assembly, so that the hook touches
 * no register: the profiled function's arguments are live when it runs. */
#if defined(__x86_64__)
__asm__(".text\n"
	".globl mcount\n.type mcount, @function\nmcount:\n\tret\n"
	".globl _mcount\n.type _mcount, @function\n_mcount:\n\tret\n"
	".globl __fentry__\n.type __fentry__, @function\n__fentry__:\n\tret\n");
#elif defined(__aarch64__)
__asm__(".text\n"
	".globl _mcount\n.type _mcount, %function\n_mcount:\n\tret\n");
#else
#error "floor.c: no empty hook for this CPU"
#endif
