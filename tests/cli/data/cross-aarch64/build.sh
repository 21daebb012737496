#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/data/cross-aarch64/build.sh: build prog.c for aarch64 with
# this project's runtime (make cross-aarch64), run it under qemu-aarch64
# and keep prog, gmon.out and its process file (.gmon.out.process) here,
# for tests/cli/t-compat.sh (an aarch64 profile read on this machine).
# Run by hand when prog.c changes, then commit the three files: the test
# must read the same files on every machine.
set -eu
cd "$(dirname "$0")"
top=$(cd ../../../.. && pwd)
lib=$top/build/aarch64/libgmon/libgmon.a
[ -f "$lib" ] || { echo "build.sh: $lib is not built (make cross-aarch64)" >&2; exit 1; }
# DWARF 5 (gcc 12's default, said anyway) names the sources relative to
# this directory, so a checkout anywhere finds them
aarch64-linux-gnu-gcc -g -gdwarf-5 -pg -O0 -fdebug-prefix-map="$PWD"=. -o prog prog.c "$lib"
rm -f gmon.out .gmon.out.process
GMON_STACK_DEPTH=0 qemu-aarch64 -L /usr/aarch64-linux-gnu ./prog
ls -l prog gmon.out .gmon.out.process
