#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# t-build-tree.sh: the build writes nothing beside the sources.  After
# make (and make check, which runs this), the only files git does not
# track are the four programs at their fixed places (gprof/gprof,
# libgmon/libgmon.a, libgmon/libgmon.so, run/gprof-run), build/ (every
# object, dependency file, generated file, configure's output, unit
# test, fuzzer and variant: build/asan/, build/aarch64/, build/musl/,
# build/fuzz/) and tests/out/ (the suites' scratch), besides what make
# demo and bench/ write (examples/out/, bench/out/), and the browser
# tests' axe-core (tests/cli/html/node_modules/, from build-aux/deps.sh check).
#
#  build.tree.programs     the four programs are where the README says
#  build.tree.up-to-date   and make has nothing left to do for them
#                          (make -q in gprof/, libgmon/, run/): a second
#                          make rebuilds nothing
#  build.tree.ignored      git status --ignored lists nothing else ignored
#  build.tree.no-products  and nothing untracked that a build makes
#                          (objects, archives, generated C, configure's
#                          output); outside a git checkout (make
#                          check-sanitize's copy of the tree), no such
#                          file outside build/ and tests/out/
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 2

missing=
for f in gprof/gprof libgmon/libgmon.a libgmon/libgmon.so run/gprof-run; do
	[ -f "$f" ] || missing="$missing $f"
done
expect_eq build.tree.programs "" "$missing"

stale=
for d in gprof libgmon run; do
	make -q -C "$d" >/dev/null 2>&1 || stale="$stale $d"
done
expect_eq build.tree.up-to-date "" "$stale"

# what a build makes, by its name: objects, dependency files, archives and
# shared objects, generated C, configure and what it writes
product='(\.(o|d|a|so)|\.pb-c\.[ch]|/report-assets\.h|^configure|^config\.(mk|log|status)|^autom4te\.cache/?|^\.deps-build\.stamp)$'

if [ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$(pwd -P)" ]; then
	allowed='^!! (build/|gprof/gprof|libgmon/libgmon\.a|libgmon/libgmon\.so|run/gprof-run|tests/out/|examples/out/|bench/out/|tests/cli/html/node_modules/)$'
	others=$(git status --ignored --short | grep '^!! ' | grep -Ev "$allowed" | tr '\n' ' ')
	expect_eq build.tree.ignored "" "$others"
	stray=$(git status --short --untracked-files=all | sed -n 's/^?? //p' | grep -E "$product" |
		tr '\n' ' ')
	expect_eq build.tree.no-products "" "$stray"
else
	# a copy of the tree (make check-sanitize's build/asan/): by the names
	# alone; the tracked shared object of a fixture is the one exception
	stray=$(find . \( -path ./build -o -path ./tests/out -o -path ./.git \) -prune -o \
		-type f -print | sed 's|^\./||' | grep -E "$product" |
		grep -Ev '^(libgmon/libgmon\.(a|so)|tests/corpus/fixtures/shared_lib/libmath2\.so)$' |
		tr '\n' ' ')
	expect_eq build.tree.no-products "" "$stray"
fi
