#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/corpus/build-fixtures.sh: compile each corpus program with -pg, run
# it, and store the executable and its gmon.out under fixtures/NAME/.
#
# usage: tests/corpus/build-fixtures.sh [NAME...]   (default: every program)
#
# Run by hand when a program changes, then commit the fixtures (git add -f
# for the .so files).  make check never runs this: the comparison suite must
# see the same files on every machine.
#
# Each src/NAME/ holds the sources; an optional src/NAME/build (a shell
# fragment, sourced) may set:
#   CC          compiler (default gcc, or g++ when there are .cc sources)
#   CFLAGS      default "-pg -O0"
#   LDLIBS      extra libraries, e.g. -pthread
#   SHLIB=X     libX.c is built as libX.so (with CFLAGS -fPIC) beside prog,
#               and prog is linked to it with rpath $ORIGIN
#   NOPG_SRCS   sources compiled with CFLAGS minus -pg (no mcount calls)
set -eu
cd "$(dirname "$0")"
corpus=$PWD

build_one() {
	local name=$1 src=$corpus/src/$1 fix=$corpus/fixtures/$1
	local CC='' CFLAGS="-pg -O0" LDLIBS='' SHLIB='' NOPG_SRCS=''
	local srcs=() objs=() f tmp
	# shellcheck disable=SC1091
	[ -f "$src/build" ] && . "$src/build"
	cd "$src"
	for f in *.c *.cc; do
		[ -f "$f" ] || continue
		[ -n "$SHLIB" ] && [ "$f" = "lib$SHLIB.c" ] && continue
		case " $NOPG_SRCS " in *" $f "*) continue ;; esac
		srcs+=("$f")
	done
	if [ -z "$CC" ]; then
		CC=gcc
		for f in "${srcs[@]}"; do
			case $f in *.cc) CC=g++ ;; esac
		done
	fi
	mkdir -p "$fix"
	rm -f "$fix/prog" "$fix/gmon.out" "$fix"/*.so
	tmp=$(mktemp -d)
	# debug info (for -pg -g) names the sources relative to the fixture
	# directory, so a checkout anywhere finds them
	local map="-fdebug-prefix-map=$src=../../src/$name"
	for f in $NOPG_SRCS; do
		# shellcheck disable=SC2086
		$CC ${CFLAGS//-pg/} $map -c -o "$tmp/${f%.*}.o" "$f"
		objs+=("$tmp/${f%.*}.o")
	done
	local link=()
	if [ -n "$SHLIB" ]; then
		# shellcheck disable=SC2086
		$CC $CFLAGS $map -fPIC -shared -o "$fix/lib$SHLIB.so" "lib$SHLIB.c"
		# shellcheck disable=SC2016 # $ORIGIN is for the dynamic linker
		link=(-L"$fix" -l"$SHLIB" '-Wl,-rpath,$ORIGIN')
	fi
	# shellcheck disable=SC2086
	$CC $CFLAGS $map -o "$fix/prog" "${srcs[@]}" "${objs[@]+"${objs[@]}"}" \
		"${link[@]+"${link[@]}"}" $LDLIBS
	rm -rf "$tmp"
	cd "$fix"
	local t0 t1
	t0=$(date +%s%N)
	./prog >/dev/null
	t1=$(date +%s%N)
	[ -f gmon.out ] || { echo "$name: no gmon.out written" >&2; exit 1; }
	printf '%-16s %5d ms\n' "$name" $(((t1 - t0) / 1000000))
}

if [ $# -eq 0 ]; then
	set -- src/*/
	set -- "${@#src/}"
	set -- "${@%/}"
fi
for name in "$@"; do
	[ -d "src/$name" ] || { echo "no such program: src/$name" >&2; exit 1; }
	(build_one "$name")
done
