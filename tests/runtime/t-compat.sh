#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-compat.sh: our runtime and glibc's agree on every call
# count and arc of deterministic programs (read by GNU gprof), and GNU
# gprof reads every file we write.
#   runtime.compat.calls.{arcs,flat}       tests/runtime/progs/calls.c
#   runtime.compat.corpus.NAME              tests/corpus/src/NAME
#   runtime.format.gnu-reads.*             gprof -b exits 0, silent
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.compat
runtime_scratch
build_tools

# compare NAME DIR: DIR holds prog.ours and prog.glibc; run both, at the
# same time (the corpus programs run for a while, to gather samples)
compare() {
	local name=$1 dir=$2 g o
	mkdir -p "$dir/glibc.d" "$dir/ours.d"
	(cd "$dir/glibc.d" && ../prog.glibc >/dev/null 2>&1) &
	g=$!
	(cd "$dir/ours.d" && ../prog.ours >/dev/null 2>"$dir/stderr") &
	o=$!
	if ! wait $g || ! wait $o || [ ! -f "$dir/glibc.d/gmon.out" ] || [ ! -f "$dir/ours.d/gmon.out" ]; then
		fail "$name" "a program failed to run or to write gmon.out"
		return
	fi
	mv "$dir/glibc.d/gmon.out" "$dir/gmon.glibc"
	mv "$dir/ours.d/gmon.out" "$dir/gmon.ours"
	if [ -s "$dir/stderr" ]; then
		fail "$name" "runtime printed: $(head -1 "$dir/stderr")"
		return
	fi
	call_arcs "$dir/prog.glibc" "$dir/gmon.glibc" >"$dir/arcs.glibc"
	call_arcs "$dir/prog.ours" "$dir/gmon.ours" >"$dir/arcs.ours"
	expect_same "$name" "$dir/arcs.glibc" "$dir/arcs.ours"
}

d=$SCRATCH/calls
mkdir -p "$d"
build_ours "$d/prog.ours" "$PROGS/calls.c"
build_glibc "$d/prog.glibc" "$PROGS/calls.c"
compare runtime.compat.calls.arcs "$d"
flat_calls "$d/prog.glibc" "$d/gmon.glibc" >"$d/flat.glibc"
flat_calls "$d/prog.ours" "$d/gmon.ours" >"$d/flat.ours"
expect_same runtime.compat.calls.flat "$d/flat.glibc" "$d/flat.ours"
gprof_reads runtime.format.gnu-reads.calls "$d/prog.ours" "$d/gmon.ours"
# the arc list is what we think it is (a check on the check)
expect_eq runtime.compat.calls.known-arc "main fib 1" "$(grep '^main fib ' "$d/arcs.ours")"

# The corpus: every deterministic program.  threads is not (and glibc
# loses its counts: t-threads.sh checks ours against the exact number);
# nor is signal_handler on a loaded machine: when its SIGALRM handler
# takes longer than the 20 ms alarm period, main does not run between
# alarms and the tick count overshoots 12 (14 to 238 seen here).
# Each program is built, run and compared by corpus_one, several at a
# time; their result lines are printed in order at the end.
corpus_one() {
	local src=$1 name d cc f
	local CC='' CFLAGS="-pg -O0" LDLIBS='' NOPG_SRCS='' SHLIB=''
	name=$(basename "$src")
	# shellcheck disable=SC1091
	[ -f "$src/build" ] && . "$src/build"
	cc=${CC:-gcc}
	local srcs=() objs=() libs=()
	for f in "$src"*.c "$src"*.cc; do
		[ -f "$f" ] || continue
		[ -n "$SHLIB" ] && [ "$(basename "$f")" = "lib$SHLIB.c" ] && continue
		case " $NOPG_SRCS " in *" $(basename "$f") "*) continue ;; esac
		case $f in *.cc) cc=${CC:-g++} ;; esac
		srcs+=("$f")
	done
	[ ${#srcs[@]} -gt 0 ] || return
	d=$SCRATCH/corpus-$name
	mkdir -p "$d"
	for f in $NOPG_SRCS; do
		# shellcheck disable=SC2086
		$cc ${CFLAGS//-pg/} -c -o "$d/${f%.*}.o" "$src$f" && objs+=("$d/${f%.*}.o")
	done
	if [ -n "$SHLIB" ]; then
		# shellcheck disable=SC2086
		$cc $CFLAGS -fPIC -shared -o "$d/lib$SHLIB.so" "${src}lib$SHLIB.c"
		# shellcheck disable=SC2016 # $ORIGIN is for the dynamic linker
		libs=(-L"$d" -l"$SHLIB" '-Wl,-rpath,$ORIGIN')
	fi
	# the same objects in both programs, compiled once: only the runtime
	# linked differs
	local pgobjs=() o
	for f in "${srcs[@]}"; do
		o=${f##*/}
		o=$d/${o%.*}.pg.o
		# shellcheck disable=SC2086
		$cc $CFLAGS -c -o "$o" "$f" && pgobjs+=("$o")
	done
	# shellcheck disable=SC2086
	if [ ${#pgobjs[@]} -ne ${#srcs[@]} ] ||
		! $cc $CFLAGS -o "$d/prog.glibc" "${pgobjs[@]}" "${objs[@]+"${objs[@]}"}" "${libs[@]+"${libs[@]}"}" $LDLIBS ||
		! $cc $CFLAGS -o "$d/prog.ours" "${pgobjs[@]}" "${objs[@]+"${objs[@]}"}" "$LIBGMON_A" "${libs[@]+"${libs[@]}"}" $LDLIBS -pthread; then
		fail "runtime.compat.corpus.$name" "does not build"
		return
	fi
	compare "runtime.compat.corpus.$name" "$d"
	[ -f "$d/gmon.ours" ] && gprof_reads "runtime.format.gnu-reads.corpus.$name" "$d/prog.ours" "$d/gmon.ours"
}

corpus=$TOP/tests/corpus/src
names=()
for src in "$corpus"/*/; do
	name=$(basename "$src")
	case $name in threads | signal_handler) continue ;; esac
	names+=("$name")
	corpus_one "$src" >"$SCRATCH/result-$name" 2>&1 &
	while [ "$(jobs -rp | wc -l)" -ge 3 ]; do wait -n; done
done
wait
for name in "${names[@]}"; do
	cat "$SCRATCH/result-$name"
done
