#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-hooks.sh: every compiler hook and every way of linking
# gives the same call graph; the file's geometry and call sites are exact.
#   runtime.hooks.*     -pg -mfentry, -finstrument-functions, clang -pg
#   runtime.link.*      static precedence over glibc, a link without -pg
#   runtime.preload.*   LD_PRELOAD on an existing -pg binary
#   runtime.hist.*      power-of-two bins
#   runtime.callsite.*  every arc's call site is a real return address
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.hooks
runtime_scratch
build_tools
cd "$SCRATCH" || exit 2

# run_in DIR EXE: run EXE (a path) in a fresh DIR, leaving DIR/gmon.out
run_in() {
	mkdir -p "$1" && (cd "$1" && "$2" >/dev/null)
}

# the reference: gcc -pg with our runtime
build_ours pg "$PROGS/calls.c"
run_in pg.d "$SCRATCH/pg"
call_arcs pg pg.d/gmon.out >arcs.pg
[ -s arcs.pg ] || fail runtime.hooks.reference "gcc -pg gave no arcs"

# same_graph NAME EXE: EXE's call graph equals the reference's
same_graph() {
	run_in "$2.d" "$SCRATCH/$2"
	call_arcs "$2" "$2.d/gmon.out" >"arcs.$2"
	expect_same "$1" arcs.pg "arcs.$2"
}

$RT_CC -pg -mfentry -O1 -fno-inline -o fentry "$PROGS/calls.c" "$LIBGMON_A"
if nm fentry | grep -q ' U mcount'; then fail runtime.hooks.mfentry.uses-fentry "still calls mcount"; fi
same_graph runtime.hooks.mfentry.same-graph fentry

$RT_CC -finstrument-functions -O1 -fno-inline -o cyg "$PROGS/calls.c" "$LIBGMON_A"
same_graph runtime.hooks.instrument-functions.same-graph cyg

if command -v clang >/dev/null; then
	clang -pg -O1 -fno-inline -o clang-ours "$PROGS/calls.c" "$LIBGMON_A"
	same_graph runtime.hooks.clang-pg.same-graph clang-ours
	clang -pg -O1 -o clang-threads "$PROGS/threads.c" "$LIBGMON_A" -pthread
	run_in clang-threads.d "$SCRATCH/clang-threads"
	expect_eq runtime.hooks.clang-pg.exact-thread-counts "leaf 8000000" \
		"$(flat_calls clang-threads clang-threads.d/gmon.out | grep '^leaf ')"
else
	fail runtime.hooks.clang-pg.same-graph "clang is not installed"
fi

# The library itself built by clang (it once miscompiled the hook's
# tail call to the slow path): a copy of the sources, built in scratch;
# libgmon.a alone, the one the programs below link (ARCH given, as the
# Makefile would run uname for each use of it)
if command -v clang >/dev/null; then
	mkdir -p clang-build
	cp -r "$TOP/libgmon" clang-build/libgmon
	ln -s "$TOP/include" clang-build/include
	mkdir -p clang-build/build
	ln -s "$TOP/build/config.mk" clang-build/build/config.mk
	if make -s -C clang-build/libgmon clean libgmon.a CC=clang ARCH="$(uname -m)" >clang-build.log 2>&1; then
		$RT_CC -pg -O1 -o threads-clanglib "$PROGS/threads.c" clang-build/libgmon/libgmon.a -pthread
		run_in threads-clanglib.d "$SCRATCH/threads-clanglib"
		expect_eq runtime.build.clang-library.exact-thread-counts "leaf 8000000" \
			"$(flat_calls threads-clanglib threads-clanglib.d/gmon.out | grep '^leaf ')"
		clang -pg -O1 -fno-inline -o calls-clanglib "$PROGS/calls.c" clang-build/libgmon/libgmon.a
		same_graph runtime.build.clang-library.same-graph calls-clanglib
	else
		fail runtime.build.clang-library "make CC=clang failed: $(grep -m1 error clang-build.log)"
	fi
fi

# Floating-point arguments (in vector registers) survive the hook on
# every path: common, first call of an arc, full table.
for variant in pg fentry cyg; do
	case $variant in
	pg) flags=-pg ;; fentry) flags="-pg -mfentry" ;; cyg) flags=-finstrument-functions ;;
	esac
	# shellcheck disable=SC2086
	$RT_CC $flags -O1 -o "floats-$variant" "$PROGS/floats.c" "$LIBGMON_A"
	mkdir -p "floats-$variant.d"
	expect_eq "runtime.hooks.$variant.vector-registers-kept" ok \
		"$(cd "floats-$variant.d" && "../floats-$variant" 2>/dev/null)"
	expect_eq "runtime.hooks.$variant.vector-registers-kept.full-table" ok \
		"$(cd "floats-$variant.d" && GMON_ARCS=1 "../floats-$variant" 2>/dev/null)"
done

# Linked statically, our definitions are the ones the program uses.
defined=$(nm pg | awk '$2 == "T" && ($3 == "mcount" || $3 == "__monstartup" || $3 == "_mcleanup") { print $3 }' | sort | xargs)
expect_eq runtime.link.static-precedence "__monstartup _mcleanup mcount" "$defined"

# Fully static (-static): libc.a's gmon objects stay out of the link.
if $RT_CC -static -pg -O1 -o static-threads "$PROGS/threads.c" "$LIBGMON_A" -pthread 2>static.err; then
	run_in static-threads.d "$SCRATCH/static-threads"
	expect_eq runtime.link.fully-static.exact-thread-counts "leaf 8000000" \
		"$(flat_calls static-threads static-threads.d/gmon.out | grep '^leaf ')"
else
	fail runtime.link.fully-static.exact-thread-counts "does not link: $(head -1 static.err)"
fi

# Compiled with -pg but linked without (no gcrt1.o: nobody calls
# __monstartup): the library starts itself.
$RT_CC -pg -O1 -fno-inline -c -o nogcrt.o "$PROGS/calls.c"
$RT_CC -o nogcrt nogcrt.o "$LIBGMON_A"
same_graph runtime.link.without-pg-link.self-start nogcrt

# LD_PRELOAD into a -pg binary built against glibc
build_glibc glibc-pg "$PROGS/calls.c"
mkdir -p preload.d
(cd preload.d && LD_PRELOAD=$LIBGMON_SO ../glibc-pg >/dev/null)
call_arcs glibc-pg preload.d/gmon.out >arcs.preload
expect_same runtime.preload.existing-binary.same-graph arcs.pg arcs.preload
# ... and the file is ours: glibc's bins are not a power of two wide
case $(bin_width preload.d/gmon.out) in
2 | 4 | 8 | 16) pass runtime.preload.existing-binary.written-by-us ;;
*) fail runtime.preload.existing-binary.written-by-us "bin width $(bin_width preload.d/gmon.out)" ;;
esac
# ... and into a -finstrument-functions binary (glibc's hooks do nothing)
$RT_CC -finstrument-functions -O1 -fno-inline -o cyg-glibc "$PROGS/calls.c"
mkdir -p preload-cyg.d
(cd preload-cyg.d && LD_PRELOAD=$LIBGMON_SO ../cyg-glibc >/dev/null)
if [ -f preload-cyg.d/gmon.out ]; then
	call_arcs cyg-glibc preload-cyg.d/gmon.out >arcs.preload-cyg
	expect_same runtime.preload.instrument-functions.same-graph arcs.pg arcs.preload-cyg
else
	fail runtime.preload.instrument-functions.same-graph "no gmon.out written"
fi
# A program without hooks (here a shell) started under the same
# LD_PRELOAD with GMON_START=0 (programs with hooks only) writes nothing.
# (LD_PRELOAD alone profiles it: t-stopped.sh)
mkdir -p quiet.d
(cd quiet.d && GMON_START=0 LD_PRELOAD=$LIBGMON_SO /bin/sh -c 'exit 0')
if [ -e quiet.d/gmon.out ]; then
	fail runtime.preload.uninstrumented-untouched "/bin/sh wrote gmon.out"
else
	pass runtime.preload.uninstrumented-untouched
fi

# Histogram geometry: 2 bytes per bin for a small program, aligned.
expect_eq runtime.hist.power-of-two-bins 2 "$(bin_width pg.d/gmon.out)"

# Call sites: each arc's from_pc is the address just after a call
# instruction of the program (glibc rounds them to 16-byte buckets).
objdump -d --no-show-raw-insn pg | awk '
	/^ *[0-9a-f]+:/ { addr = $1; sub(/:$/, "", addr)
		if (after_call) print "0x" addr
		after_call = ($2 ~ /^call/) }' | sort -u >return-addresses
gmon_dump pg.d/gmon.out | awk '/^arc/ { print $2 }' | sort -u >call-sites
bad=$(comm -13 return-addresses call-sites | head -3 | xargs)
if [ ! -s call-sites ]; then
	fail runtime.callsite.exact "no arcs"
elif [ -n "$bad" ]; then
	fail runtime.callsite.exact "not return addresses: $bad"
else
	pass runtime.callsite.exact
fi

# ... and the line of the call instruction (return address - 1) is a line
# that calls the callee: by name, or through apply's pointer fn.
$RT_CC -pg -g -O0 -o calls-g "$PROGS/calls.c" "$LIBGMON_A"
run_in calls-g.d "$SCRATCH/calls-g"
bad=
while read -r _ from self _; do
	line=$(printf '0x%x\n' $((from - 1)) | addr2line -e calls-g | sed 's/.*://; s/ .*//')
	callee=$(addr2line -f -e calls-g "$self" | head -1)
	text=$(sed -n "${line}p" "$PROGS/calls.c")
	case $text in
	*"$callee("* | *"fn("*) ;;
	*) bad="$bad $callee@$line" ;;
	esac
done < <(gmon_dump calls-g.d/gmon.out | grep '^arc')
if [ -z "$bad" ]; then pass runtime.callsite.line-of-call
else fail runtime.callsite.line-of-call "call lines that do not call the callee:$bad"; fi
