#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-cxxthreads.sh: threads the C library starts are known
# with either runtime.  std::thread calls pthread_create inside
# libstdc++.so, which binds to libc's: libgmon.a's wrapper never sees
# the thread, so it enters the thread table and learns its stack's
# bounds at its first sample (thread_table.c, unwind.c).  The program is
# tests/cli/data/exports.cc (its worker thread runs worker(long) ->
# Adder<double>::operator()); what is asserted holds wherever the
# samples land:
#   runtime.cxxthreads.static.*   cc -pg ... libgmon.a (the README's first way)
#   runtime.cxxthreads.shared.*   the same program built with glibc's -pg
#                                 runtime, LD_PRELOAD=libgmon.so
# .threads: no stack of an unknown thread, two threads (main and the
# worker); .worker-stacks: every stack through the worker's loop is
# whole, from start_thread through worker(long), in a thread that is not
# main's.
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.cxxthreads
runtime_scratch
cd "$SCRATCH" || exit 2
command -v g++ >/dev/null || { echo "ok runtime.cxxthreads # skipped: no g++"; exit 0; }

src=$TOP/tests/cli/data/exports.cc
if ! g++ -pg -O0 -g -o static "$src" "$LIBGMON_A" -pthread ||
	! g++ -pg -O0 -g -o shared "$src" -pthread; then
	fail runtime.cxxthreads.setup "cannot build $src"
	exit 0
fi

# check NAME PROGRAM: the assertions on PROGRAM's profile in the current directory
check() {
	local name=$1 prog=$2
	"$GPROF" --folded --threads "$prog" gmon.out >folded 2>err ||
		{ fail "runtime.cxxthreads.$name.setup" "gprof: $(cat err)"; return; }
	# thread frames: "NAME-TID" first; main is the thread of main's stacks
	main_thread=$(awk -F';' '$0 ~ /;main;/ { print $1; exit }' folded)
	threads=$(cut -d';' -f1 folded | sed 's/ [0-9]*$//' | sort -u | wc -l)
	expect_eq "runtime.cxxthreads.$name.threads" "0 2" \
		"$(grep -c '^\[unknown thread\]' folded) $threads"
	# the worker's loop: every stack through it whole, in the other thread
	bad=$(grep -F 'Adder<double>::operator()(long) const' folded |
		awk -F';' -v m="$main_thread" '$1 == m || $0 !~ /;start_thread \[libc\.so\.6\];/ ||
			$0 !~ /;worker\(long\);/ { n++ } END { print n + 0 }')
	expect_eq "runtime.cxxthreads.$name.worker-stacks" "0 1" \
		"$bad $(grep -c -F 'Adder<double>::operator()(long) const' folded | awk '{ print ($1 > 0) }')"
}

mkdir s d
(cd s && GMON_RATE=1000 ../static 1 >/dev/null)
(cd s && check static ../static)
(cd d && GMON_RATE=1000 GMON_START=1 LD_PRELOAD=$LIBGMON_SO ../shared 1 >/dev/null)
(cd d && check shared ../shared)
