# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/lib.sh: helpers every benchmark may use (sourced, not run).

# median: the median of the numbers on stdin, one a line (of an even
# count, the mean of the two in the middle)
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# build_lua TOP LIB: Lua 5.4.7 (bench/third_party/lua/src) built with
# -O2 -g -pg and linked with LIB (a libgmon.a) as ./lua in the current
# directory, its objects in ./obj; rebuilt only when a source or LIB is
# newer
build_lua() {
	mkdir -p obj
	for c in "$1"/bench/third_party/lua/src/*.c; do
		o=obj/$(basename "$c" .c).o
		[ "$o" -nt "$c" ] || nice gcc -O2 -g -pg -std=c99 -DLUA_USE_LINUX -c "$c" -o "$o"
	done
	[ lua -nt "$2" ] && [ -z "$(find obj -newer lua)" ] ||
		nice gcc -pg -o lua obj/*.o "$2" -lm -ldl
}
