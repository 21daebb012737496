/* SPDX-License-Identifier: BSD-2-Clause
 *
 * golang.h: is the main program a Go program (golang.c)?
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 */
#ifndef GMON_GOLANG_H
#define GMON_GOLANG_H

#include <link.h>
#include <stddef.h>
#include <stdint.h>

#include "base.h"

/* 1 when the object loaded at bias with these program headers carries a
 * note of owner "Go" (Go's linker writes its build id so), else 0. */
int gmon_go_program(uintptr_t bias, const ElfW(Phdr) * phdr, size_t phnum) GMON_HIDDEN;

#endif /* GMON_GOLANG_H */
