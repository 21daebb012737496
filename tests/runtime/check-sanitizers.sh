#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/check-sanitizers.sh: run the runtime's test programs under
# ThreadSanitizer (library and programs built with -fsanitize=thread) and
# valgrind memcheck.  Slow, so not a suite of make check (its name does not
# start with t-); run by hand after changing libgmon.  Prints one line per
# check, "ok NAME" or "not ok NAME: why", like a suite.
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.sanitizers
runtime_scratch
cd "$SCRATCH" || exit 2

# run_common TOOL RUNNER: threads (and its exact call count), calls and
# fork under RUNNER (tsan_run or vg_run), in the current directory
run_common() {
	local tool=$1 runner=$2
	$runner threads ./threads
	expect_eq "runtime.sanitizers.$tool.threads.exact-counts" "leaf 8000000" \
		"$(flat_calls threads gmon.out | grep '^leaf ')"
	$runner calls ./calls
	$runner fork ./fork
}

# process_libraries: progs/process's -pg library and plugin, built here
process_libraries() {
	gcc -pg -O1 -fPIC -shared -o libwork.so "$PROGS/process/work.c"
	gcc -pg -O1 -fPIC -shared -o plugin.so "$PROGS/process/plugin.c"
}

# ---- ThreadSanitizer: build a copy of the library with it
mkdir tsan && cd tsan || exit 2
ok=1
for f in message arcs sampler start write exec objects foreign process dlopen stacks; do
	extra=
	case $f in arcs | message | foreign) extra=-mgeneral-regs-only ;; esac
	# shellcheck disable=SC2086
	gcc -O1 -g -fsanitize=thread $extra -I"$TOP/libgmon" -I"$TOP/libgmon/arch/x86_64" \
		-I"$TOP/include" -c -o "$f.o" "$TOP/libgmon/$f.c" || ok=0
done
gcc -I"$TOP/libgmon" -c -o mcount.o "$TOP/libgmon/arch/x86_64/mcount.S" || ok=0
gcc -I"$TOP/libgmon" -c -o dlopen_entry.o "$TOP/libgmon/arch/x86_64/dlopen_entry.S" || ok=0
ar rcs libgmon-tsan.a ./*.o
[ $ok = 1 ] || fail runtime.sanitizers.tsan.build "the library does not build with TSan"

# tsan_run NAME ENV... -- PROGRAM ARGS...: no TSan report, exit status 0
tsan_run() {
	local name=$1 rc
	shift
	env "$@" >/dev/null 2>"$name.err"
	rc=$?
	if grep -q 'WARNING: ThreadSanitizer' "$name.err"; then
		fail "runtime.sanitizers.tsan.$name" "$(grep -m1 SUMMARY "$name.err")"
	elif [ $rc -ne 0 ]; then
		fail "runtime.sanitizers.tsan.$name" "exit status $rc"
	else
		pass "runtime.sanitizers.tsan.$name"
	fi
}
for p in threads calls fork spin; do
	gcc -pg -O1 -g -fsanitize=thread -o "$p" "$PROGS/$p.c" libgmon-tsan.a
done
run_common tsan tsan_run
tsan_run spin-100hz ./spin 4 200
tsan_run spin-1000hz GMON_RATE=1000 ./spin 4 100
# call stacks: 4 threads inserting distinct stacks at once.  At 100 Hz:
# at GMON_RATE=1000 (2026-11-23) TSan hung in its own race reporter, for
# a sample taken by a thread it was still starting (not yet understood)
gcc -pg -O1 -g -fno-inline -fsanitize=thread -o stacks "$PROGS/stacks/stacks.c" libgmon-tsan.a
tsan_run stacks-many ./stacks many
tsan_run stacks-threads ./stacks threads
# the whole-process tables: 4 threads sampled in libm, a -pg library, a
# plugin dlopened and dlclosed, qsort calling back
process_libraries
gcc -pg -O1 -g -fsanitize=thread -o process "$PROGS/process/main.c" -L. -lwork libgmon-tsan.a \
	-Wl,--export-dynamic -lm
tsan_run process-threads LD_LIBRARY_PATH=. GMON_RATE=1000 ./process threads 100
tsan_run process-all LD_LIBRARY_PATH=. ./process all 50
cd .. || exit 2

# ---- valgrind memcheck, on the ordinary library
if command -v valgrind >/dev/null; then
	mkdir vg && cd vg || exit 2
	for p in threads calls fork spin; do
		build_ours "$p" "$PROGS/$p.c"
	done
	vg_run() { # vg_run NAME PROGRAM ARGS...
		local name=$1
		shift
		if valgrind -q --error-exitcode=97 "$@" >/dev/null 2>"$name.err"; then
			pass "runtime.sanitizers.valgrind.$name"
		else
			fail "runtime.sanitizers.valgrind.$name" "$(grep -m1 '==' "$name.err")"
		fi
	}
	run_common valgrind vg_run
	vg_run spin-100hz ./spin 2 100
	process_libraries
	gcc -pg -O1 -o process "$PROGS/process/main.c" -L. -lwork "$LIBGMON_A" -Wl,--export-dynamic -lm -pthread
	LD_LIBRARY_PATH=. vg_run process-all ./process all 50
	LD_LIBRARY_PATH=. vg_run process-fork ./process fork 50
	cd .. || exit 2
else
	fail runtime.sanitizers.valgrind "valgrind is not installed"
fi
